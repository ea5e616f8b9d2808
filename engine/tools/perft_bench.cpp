// perft-bench: times perft of the rules library and prints nodes and nodes per second.
//   perft-bench                       the standard set (every variant, Kalah(6,4) to ply 11)
//   perft-bench <variant|position> <depth>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/perft.h"

namespace {

struct Job {
  std::string what;
  int depth;
};

bool run(const Job& job) {
  auto game = job.what.find(' ') == std::string::npos ? mancala::Game::from_spec(job.what)
                                                      : mancala::Game::from_notation(job.what);
  if (!game) {
    std::fprintf(stderr, "perft-bench: %s\n", game.error().c_str());
    return false;
  }
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t nodes = mancala::perft(game->variant(), game->position(), job.depth);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%-40s depth %2d  nodes %12llu  time %8.3f s  %8.1f Mnodes/s\n", game->notation().substr(0, 40).c_str(),
              job.depth, static_cast<unsigned long long>(nodes), secs, secs > 0 ? nodes / secs / 1e6 : 0.0);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3) return run({argv[1], std::atoi(argv[2])}) ? 0 : 1;
  if (argc != 1) {
    std::fprintf(stderr, "usage: perft-bench [<variant spec or position notation> <depth>]\n");
    return 2;
  }
  const std::vector<Job> jobs = {{"kalah(6,4)", 11},      {"kalah(6,4,empty)", 11}, {"mangala", 10},
                                 {"mangala2", 9},         {"bedouin(17)", 6},       {"kalah(6,6)", 9}};
  for (const Job& job : jobs)
    if (!run(job)) return 1;
  return 0;
}
