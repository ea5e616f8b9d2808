#pragma once
// A complete UMI engine loop for the bundled bots (PROTOCOL.md): handshake, the Seed option,
// stateless positions, every go limit, stop, ponderhit, isready, gameover, d, perft, quit, and
// the error rules. A bot is a name plus a policy; see random_bot.cpp and greedy_bot.cpp.
//
// The bots "search" instantly: a go with limits is answered at once, while an infinite or ponder
// search holds its bestmove until stop (or ponderhit), as the protocol requires. Parsing and line
// handling come from the engine's protocol library, so the bots read exactly what it reads.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

#include "rules/game.h"

namespace bots {

struct BotInfo {
  std::string name;
  std::string author = "mancala project";
};

struct Choice {
  mancala::Move move;
  std::optional<int> score;  // reported as "info depth 1 score seeds <score>" if set
};
// Picks a move in a position that is not over. `seed` is the value of the "Seed" option.
using Policy = std::function<Choice(const mancala::Game& game, std::uint64_t seed)>;

// Reads commands from `in` until "quit" or EOF; returns the process exit code.
int run_umi(const BotInfo& info, const Policy& policy, std::istream& in, std::ostream& out);

}  // namespace bots
