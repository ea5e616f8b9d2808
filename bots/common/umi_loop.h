#pragma once
// A complete, minimal UMI engine loop for the bundled bots: handshake, options, stateless
// positions, "go" answered at once with the move a policy picks, isready, gameover, quit.
// A bot is a name plus a policy; see random_bot.cpp and greedy_bot.cpp.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

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

// The whitespace-separated words of a line.
std::vector<std::string> split_words(const std::string& line);

// Reads commands from `in` until "quit" or EOF; returns the process exit code.
int run_umi(const BotInfo& info, const Policy& policy, std::istream& in, std::ostream& out);

}  // namespace bots
