#pragma once
// `bench`: a fixed set of positions from every variant searched to a fixed depth with a fresh
// 16 MB table. The total node count is a signature of the search: tests pin it, and any change
// to search behaviour changes it.
#include <atomic>
#include <cstdint>
#include <ostream>

namespace mancala::search {

inline constexpr int kDefaultBenchDepth = 12;

struct BenchResult {
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool stopped = false;  // `stop` was set: the figures and lines cover only part of the set
};

BenchResult run_bench(int depth, std::ostream& out, const std::atomic<bool>& stop);
// The same, run to completion (`mancala-engine bench`, the pinned signature).
BenchResult run_bench(int depth, std::ostream& out);

}  // namespace mancala::search
