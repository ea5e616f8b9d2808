#pragma once
// The commands for people and tests (not needed by a GUI) that need no search: `d` and `perft`.
// Each returns the lines to print. (`eval` is in search_report.h.)
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "rules/game.h"

namespace mancala::protocol {

// The board drawing, then `notation <position>`, `tomove <south|north|none>`,
// `legal <moves...>` (Bedouin distribution: `legal distributions <count>`) and, once the game is
// over, `result <south|north|draw> <south-score> <north-score>`.
std::vector<std::string> describe_position(const Game& game);

// `perft depth <d> nodes <n> time <ms> nps <n>`, or nothing once `stop` is set.
std::optional<std::string> perft_report(const Game& game, int depth, const std::atomic<bool>& stop);
// The same, run to completion (the command line, the bots).
std::string perft_report(const Game& game, int depth);

}  // namespace mancala::protocol
