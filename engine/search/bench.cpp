#include "bench.h"

#include <atomic>
#include <chrono>
#include <stdexcept>

#include "rules/game.h"
#include "search.h"

namespace mancala::search {

namespace {

constexpr const char* kBenchPositions[] = {
    "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s",
    "kalah(6,4,empty) 4,4,0,5,5,0:2 0,1,7,7,6,6:1 s",
    "kalah(6,4) 1,0,2,0,3,0:10 2,3,0,5,4,1:17 s",
    "kalah(6,6) 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s",
    "kalah(4,3,empty) 3,3,3,3:0 3,3,3,3:0 s",
    "mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s",
    "mangala 2,0,1,0,5,3:10 3,1,4,0,2,1:16 s",
    "mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 0",
    "mangala2 5,2,7,4,5,1:14 3,1,6,2,8,0:14 s 0",
    "bedouin(70) 3,3,23,1,2,2:0 2,2,27,1,1,3:0 n play 4",
    "bedouin(70) 2,0,3,1,0,4:24 1,3,0,3,5,0:24 s play 0",
    "bedouin(17) 0,0,5,4,0,0:0 0,0,6,2,0,0:0 n choose 1",
};

}  // namespace

BenchResult run_bench(int depth, const std::atomic<bool>& stop) {
  BenchResult total;
  for (const char* text : kBenchPositions) {
    auto game = Game::from_notation(text);
    if (!game) throw std::logic_error(std::string("bench: a bad position in the fixed set: ") + text + ": " + game.error());
    Searcher searcher(Settings{16, Settings::kMaxLevel, false});
    Limits limits;
    limits.depth = depth;
    const auto start = std::chrono::steady_clock::now();
    const Result r = searcher.search(game->variant(), game->position(), limits, stop);
    if (stop.load()) {
      total.stopped = true;
      return total;
    }
    total.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    total.nodes += r.nodes;
    total.positions.push_back({text, game->move_text(r.best), r.depth, r.nodes});
  }
  return total;
}

BenchResult run_bench(int depth) {
  const std::atomic<bool> never_stop{false};
  return run_bench(depth, never_stop);
}

}  // namespace mancala::search
