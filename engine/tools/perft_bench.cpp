// perft-bench: times perft of the rules library and prints nodes and nodes per second.
//   perft-bench [--runs N]                       the standard set (every variant, Kalah(6,4) to ply 11)
//   perft-bench [--runs N] <variant|position> <depth>
// Each job runs N times (default 3) and the fastest run is reported: on a shared machine the
// minimum is the figure least disturbed by other work.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/perft.h"
#include "tool_args.h"

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
  const char* usage = "usage: perft-bench [--runs N] [<variant spec or position notation> <depth>]\n"
                      "  N 1..1000 (default 3), depth 1..64\n";
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && mancala::tools::asks_for_help(args[0])) {
    std::fputs(usage, stdout);
    return 0;
  }
  long runs = 3;
  if (!args.empty() && args[0] == "--runs") {
    if (args.size() < 2) {
      std::fputs(usage, stderr);
      return 2;
    }
    const auto n = mancala::tools::count_arg("perft-bench", "--runs", args[1], 1, 1000);
    if (!n) return 2;
    runs = *n;
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.size() != 0 && args.size() != 2) {
    std::fputs(usage, stderr);
    return 2;
  }
  if (args.size() == 2) {
    const auto depth = mancala::tools::count_arg("perft-bench", "depth", args[1], 1, 64);
    if (!depth) return 2;
    return run({args[0], static_cast<int>(*depth)}, static_cast<int>(runs)) ? 0 : 1;
  }
  const std::vector<Job> jobs = {{"kalah(6,4)", 11},      {"kalah(6,4,empty)", 11}, {"mangala", 10},
                                 {"mangala2", 9},         {"bedouin", 6},           {"kalah(6,6)", 9}};
  for (const Job& job : jobs)
    if (!run(job, static_cast<int>(runs))) return 1;
  return 0;
}
