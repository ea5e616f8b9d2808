#pragma once
// How long one search may think: a soft limit (do not start another iteration) and a hard limit
// (abort), both from the clock of the side to move, capped by movetime.
#include <algorithm>
#include <chrono>
#include <cstdint>

#include "rules/position.h"
#include "search.h"

namespace mancala::search {

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  TimeManager(const Limits& limits, Side side)
      : start_(limits.clock_start()) {
    if (limits.infinite) return;
    from_clock(limits, side);
    // movetime and a clock together (PROTOCOL.md, go: the search ends at the first limit
    // reached): movetime when the clock affords it, else the clock's own plan.
    if (limits.movetime_ms > 0) {
      if (hard_ms_ < 0 || limits.movetime_ms <= hard_ms_) soft_ms_ = hard_ms_ = limits.movetime_ms;
    }
  }

  std::int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }
  bool soft_limit_reached() const { return soft_ms_ >= 0 && elapsed_ms() >= soft_ms_; }
  bool hard_limit_reached() const { return hard_ms_ >= 0 && elapsed_ms() >= hard_ms_; }
  std::int64_t soft_limit_ms() const { return soft_ms_; }  // -1: none
  std::int64_t hard_limit_ms() const { return hard_ms_; }

 private:
  void from_clock(const Limits& limits, Side side) {
    // Clamped so that no sum or product below can overflow: 2^40 ms is 35 years.
    constexpr std::int64_t kLongest = std::int64_t{1} << 40;
    const std::int64_t left = std::min(limits.clock_ms[index(side)], kLongest);
    if (left < 0) return;
    const std::int64_t inc = std::clamp<std::int64_t>(limits.increment_ms[index(side)], 0, kLongest);
    const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : 30;
    // Never plan to use more than what is left after keeping a reserve for the next moves. The
    // increment is credited after the move, so even an increment larger than the clock cannot
    // pay for this one: at most three quarters of what is left.
    const std::int64_t budget = left / moves + inc * 3 / 4;
    hard_ms_ = std::max<std::int64_t>(1, std::min({left / 3 + inc / 2, budget * 4, left * 3 / 4}));
    soft_ms_ = std::max<std::int64_t>(1, std::min(budget, hard_ms_) / 2);
    // The last decision before the clock is refilled has no later move to save for: all of the
    // clock but the reserve every move keeps (a quarter, for the arena's and the pipes' delays).
    if (limits.moves_to_go == 1) {
      hard_ms_ = std::max<std::int64_t>(1, left * 3 / 4);
      soft_ms_ = std::max<std::int64_t>(1, left * 7 / 10);
    }
  }

  Clock::time_point start_;
  std::int64_t soft_ms_ = -1, hard_ms_ = -1;  // -1: no limit
};

}  // namespace mancala::search
