#pragma once
// `bench`: a fixed set of positions from every variant searched to a fixed depth with a fresh
// 16 MB table. The total node count is a signature of the search: tests pin it, and any change
// to search behaviour changes it. The figures only: the protocol layer writes them as text.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace mancala::search {

inline constexpr int kDefaultBenchDepth = 12;

struct BenchPosition {
  std::string notation;  // the position searched (rules notation)
  std::string best;  // the move chosen, in the variant's move notation
  int depth = 0;
  std::uint64_t nodes = 0;
};

struct BenchResult {
  std::vector<BenchPosition> positions;
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool stopped = false;  // `stop` was set: the figures cover only part of the set
  std::uint64_t nodes_per_second() const {
    return seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(nodes) / seconds) : 0;
  }
};

BenchResult run_bench(int depth, const std::atomic<bool>& stop);
// The same, run to completion (`mancala-engine bench`, the pinned signature).
BenchResult run_bench(int depth);

}  // namespace mancala::search
