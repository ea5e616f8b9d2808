// solve: searches a position until its value is proven (or the time given runs out) and prints
// every iteration. Used for the Kalah solving benchmarks in BENCHMARKS.md.
//   solve <variant|position> [hash_mb] [seconds] [plain]
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "rules/game.h"
#include "search/search.h"

int main(int argc, char** argv) {
  const char* usage = "usage: solve <variant spec or position notation> [hash_mb] [seconds] [plain]\n";
  if (argc >= 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::fputs(usage, stdout);
    return 0;
  }
  if (argc < 2) {
    std::fputs(usage, stderr);
    return 2;
  }
  const std::string what = argv[1];
  auto game = what.find(' ') == std::string::npos ? mancala::Game::from_spec(what) : mancala::Game::from_notation(what);
  if (!game) {
    std::fprintf(stderr, "solve: %s\n", game.error().c_str());
    return 2;
  }
  mancala::search::Settings settings;
  settings.hash_mb = argc > 2 ? std::atoi(argv[2]) : 1024;
  settings.plain_eval = argc > 4 && std::string(argv[4]) == "plain";
  mancala::search::Searcher searcher(settings);
  // No time limit in the search itself (under a clock the engine only tries proofs in the
  // endgame); a watchdog thread stops it after the given seconds instead.
  mancala::search::Limits limits;
  std::atomic<bool> stop{false}, done{false};
  const long seconds = argc > 3 ? std::atol(argv[3]) : 0;
  std::thread watchdog([&] {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (seconds > 0 && !done && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    stop = true;
  });
  const auto start = std::chrono::steady_clock::now();
  auto result = searcher.search(game->variant(), game->position(), limits, stop, [&](const mancala::search::Info& info) {
    std::string pv;
    for (auto mv : info.pv) pv += " " + game->move_text(mv);
    const char* bound = info.bound == mancala::search::Bound::Lower   ? " (at least)"
                        : info.bound == mancala::search::Bound::Upper ? " (at most) "
                                                                      : "";
    std::printf("depth %3d seldepth %3d score %s %7.2f%s nodes %12llu time %7lld ms hashfull %4d pv%s\n", info.depth,
                info.seldepth, info.proven ? "proven" : "seeds ", info.score / 100.0, bound,
                static_cast<unsigned long long>(info.nodes), static_cast<long long>(info.time_ms), info.hashfull,
                pv.c_str());
    std::fflush(stdout);
  });
  done = true;
  watchdog.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: best %s, score %.2f%s, %llu nodes, %.2f s, %.1f Mnodes/s\n", game->notation().c_str(),
              game->move_text(result.best).c_str(), result.score / 100.0, result.proven ? " (proven)" : "",
              static_cast<unsigned long long>(result.nodes), secs, result.nodes / secs / 1e6);
  return 0;
}
