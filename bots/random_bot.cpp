// random-bot: plays a uniformly random legal move. The choice is a function of the position
// and the "Seed" option only, so games are reproducible whatever process plays them.
#include <iostream>

#include "common/command_line.h"
#include "common/umi_loop.h"
#include "rules/position.h"
#include "text/program_name.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (const auto code = bots::check_arguments({argv + 1, argv + argc}, mancala::text::program_name(argv[0], "random-bot"),
                                              "Plays a random legal move, chosen from the position and the Seed option.",
                                              std::cout))
    return *code;
  const bots::Policy policy = [](const mancala::Game& game, std::uint64_t seed) {
    const auto moves = game.legal_moves();
    std::uint64_t h = mancala::hash_position(game.position()) ^ (seed * 0x9e3779b97f4a7c15ULL);
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    return bots::Choice{moves[h % moves.size()], std::nullopt};
  };
  return bots::run_umi({"random-bot"}, policy, std::cin, std::cout);
}
