#pragma once
// What a search may spend: depth, nodes, time, the clocks. A plain value with no code behind it,
// so that the protocol's parsers (which the bots reuse) can fill it without the search library.
#include <chrono>
#include <cstdint>

namespace mancala::search {

struct Limits {
  int depth = 0;                    // 0: no depth limit
  std::uint64_t nodes = 0;          // 0: no node limit
  std::int64_t movetime_ms = 0;     // 0: none
  // No time limit: search until stop or a proof (the protocol layer holds `go infinite`'s answer
  // until `stop`, so the search returns as soon as it has nothing left to do).
  bool infinite = false;
  std::int64_t clock_ms[2] = {-1, -1};  // remaining time of South, North; -1: not given
  std::int64_t increment_ms[2] = {0, 0};
  int moves_to_go = 0;              // 0: sudden death / not given
  // When the clock began to run: the protocol sets the time its `go` (or `ponderhit`) arrived,
  // so that starting the search thread counts against the clock too. Default: the search's start.
  std::chrono::steady_clock::time_point start{};
  bool has_clock() const { return clock_ms[0] >= 0 || clock_ms[1] >= 0; }
  // start if it was given, else now (a search that begins without one starts its clock itself).
  std::chrono::steady_clock::time_point clock_start() const {
    return start == std::chrono::steady_clock::time_point{} ? std::chrono::steady_clock::now() : start;
  }
};

}  // namespace mancala::search
