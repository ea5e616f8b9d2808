// solve: searches a position until its value is proven (or the time given runs out) and prints
// every iteration. Used for the Kalah solving benchmarks in BENCHMARKS.md.
//   solve <variant|position> [hash_mb] [seconds] [plain]
#include <atomic>
#include <chrono>
#include <cstdio>
#include <new>
#include <optional>
#include <string>
#include <thread>

#include "rules/game.h"
#include "search/search.h"
#include "text/program_name.h"
#include "tool_args.h"

int main(int argc, char** argv) {
  const std::string usage = "usage: " + mancala::text::program_name(argv[0], "solve") +
                            " <variant spec or position notation> [hash_mb] [seconds] [plain]\n"
                            "  hash_mb 1..65536 (default 1024); seconds 0..1000000000, 0 or none: until proven;\n"
                            "  plain: the store difference as the evaluation\n";
  if (argc >= 2 && mancala::tools::asks_for_help(argv[1])) {
    std::fputs(usage.c_str(), stdout);
    return 0;
  }
  if (argc < 2 || argc > 5 || (argc == 5 && std::string(argv[4]) != "plain")) {
    std::fputs(usage.c_str(), stderr);
    return 2;
  }
  const std::string what = argv[1];
  auto game = what.find(' ') == std::string::npos ? mancala::Game::from_spec(what) : mancala::Game::from_notation(what);
  if (!game) {
    std::fprintf(stderr, "solve: %s\n", game.error().c_str());
    return 2;
  }
  const auto hash_mb = argc > 2 ? mancala::tools::count_arg("solve", "hash_mb", argv[2], 1, 65536) : 1024;
  const auto seconds = argc > 3 ? mancala::tools::count_arg("solve", "seconds", argv[3], 0, 1'000'000'000) : 0;
  if (!hash_mb || !seconds) return 2;
  mancala::search::Settings settings;
  settings.hash_mb = static_cast<int>(*hash_mb);
  settings.plain_eval = argc > 4;
  std::optional<mancala::search::Searcher> searcher;
  try {
    searcher.emplace(settings);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "solve: cannot allocate a %ld MB table (give a smaller hash_mb)\n", *hash_mb);
    return 1;
  }
  // No time limit in the search itself (under a clock the engine only tries proofs in the
  // endgame); a watchdog thread stops it after the given seconds instead, if any.
  mancala::search::Limits limits;
  std::atomic<bool> stop{false}, done{false};
  std::thread watchdog([&, seconds = *seconds] {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (!done && (seconds == 0 || std::chrono::steady_clock::now() < until))
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    stop = true;
  });
  const auto start = std::chrono::steady_clock::now();
  auto result = searcher->search(game->variant(), game->position(), limits, stop, [&](const mancala::search::Info& info) {
    if (info.progress) return;  // the lines below are what a proof run is compared by
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
