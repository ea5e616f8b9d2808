// perft-bench: times perft of the rules library and prints nodes and nodes per second.
//   perft-bench [--runs N]                       the standard set (every variant, Kalah(6,4) to ply 11)
//   perft-bench [--runs N] <variant|position> <depth>
// Each job runs N times (default 3) and the fastest run is reported: on a shared machine the
// minimum is the figure least disturbed by other work.
#include <algorithm>
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

bool run(const Job& job, int runs) {
  auto game = job.what.find(' ') == std::string::npos ? mancala::Game::from_spec(job.what)
                                                      : mancala::Game::from_notation(job.what);
  if (!game) {
    std::fprintf(stderr, "perft-bench: %s\n", game.error().c_str());
    return false;
  }
  std::uint64_t nodes = 0;
  double secs = 0;
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    nodes = mancala::perft(game->variant(), game->position(), job.depth);
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    secs = r == 0 ? t : std::min(secs, t);
  }
  // Every node of the tree is one sowing: perft(depth) leaves plus the nodes of the plies above,
  // counted outside the timed run.
  std::uint64_t sowings = nodes;
  for (int d = 1; d < job.depth; ++d) sowings += mancala::perft(game->variant(), game->position(), d);
  std::printf("%-26s depth %2d  leaves %11llu  sowings %11llu  best of %d %7.3f s  %6.1f M sowings/s\n",
              game->notation().substr(0, 26).c_str(), job.depth, static_cast<unsigned long long>(nodes),
              static_cast<unsigned long long>(sowings), runs, secs, secs > 0 ? sowings / secs / 1e6 : 0.0);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  int runs = 3;
  if (args.size() >= 2 && args[0] == "--runs") {
    runs = std::atoi(args[1].c_str());
    args.erase(args.begin(), args.begin() + 2);
  }
  if (runs < 1 || (args.size() != 0 && args.size() != 2)) {
    std::fprintf(stderr, "usage: perft-bench [--runs N] [<variant spec or position notation> <depth>]\n");
    return 2;
  }
  if (args.size() == 2) return run({args[0], std::atoi(args[1].c_str())}, runs) ? 0 : 1;
  const std::vector<Job> jobs = {{"kalah(6,4)", 11},      {"kalah(6,4,empty)", 11}, {"mangala", 10},
                                 {"mangala2", 9},         {"bedouin", 6},           {"kalah(6,6)", 9}};
  for (const Job& job : jobs)
    if (!run(job, runs)) return 1;
  return 0;
}
