// memory-latency: what one random transposition-table access costs on this machine, for the
// table sizes a proof uses. Prints, per size, the latency of a dependent chain of random
// 64-byte reads (one probe waiting on the previous one, as a depth-first search does) and the
// cost of a step that requests k independent lines at once and then reads them (a node
// prefetching its children's entries). Used for the analysis in BENCHMARKS.md.
//   memory-latency [MB ...]      (default 4 32 256 1024)
#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <vector>

#include "rules/position.h"
#include "tool_args.h"

namespace {

constexpr std::size_t kLine = 64 / sizeof(std::uint64_t);  // words per cache line

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// False if the table cannot be allocated.
bool measure(std::size_t megabytes) {
  const std::size_t bytes = megabytes << 20, lines = bytes / 64;
  constexpr std::size_t kHuge = 2u << 20;  // the table's own allocation: 2 MB aligned, huge pages
  auto* table = static_cast<std::uint64_t*>(std::aligned_alloc(kHuge, bytes));
  if (!table) {
    std::fprintf(stderr, "memory-latency: cannot allocate %zu MB\n", megabytes);
    return false;
  }
  madvise(table, bytes, MADV_HUGEPAGE);

  // A random cyclic permutation of the lines: each line holds the index of the next.
  std::vector<std::uint32_t> perm(lines);
  std::iota(perm.begin(), perm.end(), 0u);
  std::shuffle(perm.begin(), perm.end(), std::mt19937_64(1));
  for (std::size_t i = 0; i < lines; ++i) table[perm[i] * kLine] = perm[(i + 1) % lines];

  constexpr int kSteps = 2'000'000;
  std::uint64_t at = perm[0];
  auto start = std::chrono::steady_clock::now();
  for (int s = 0; s < kSteps; ++s) at = table[at * kLine];
  const double chase_ns = seconds_since(start) * 1e9 / kSteps;
  std::printf("%6zu MB  dependent read %6.1f ns |", megabytes, chase_ns);

  for (int k : {1, 2, 4, 6}) {
    std::uint64_t x = at, sum = 0;
    start = std::chrono::steady_clock::now();
    for (int s = 0; s < kSteps; ++s) {
      std::size_t index[6];
      for (int j = 0; j < k; ++j) {
        index[j] = mancala::mix64(x + j) % lines;
        __builtin_prefetch(table + index[j] * kLine);
      }
      for (int j = 0; j < k; ++j) sum += table[index[j] * kLine];
      x = x * 31 + (sum & 1) + 7;  // the next step depends on this one's reads
    }
    std::printf(" %d lines %6.1f ns", k, seconds_since(start) * 1e9 / kSteps);
    at ^= sum & 1;
  }
  std::printf("   (%llu)\n", static_cast<unsigned long long>(at & 1));  // keeps the reads alive
  std::free(table);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && mancala::tools::asks_for_help(argv[1])) {
    std::fputs("usage: memory-latency [MB ...]  (each 1..65536; default 4 32 256 1024)\n", stdout);
    return 0;
  }
  std::vector<std::size_t> sizes;
  for (int i = 1; i < argc; ++i) {
    const auto mb = mancala::tools::count_arg("memory-latency", "MB", argv[i], 1, 65536);
    if (!mb) return 2;
    sizes.push_back(static_cast<std::size_t>(*mb));
  }
  if (sizes.empty()) sizes = {4, 32, 256, 1024};
  for (std::size_t mb : sizes)
    if (!measure(mb)) return 1;
  return 0;
}
