#pragma once
// One player's clock, run by the arena: remaining time, increment, periods of N moves, and a
// fixed time per move. The arena measures every move itself and charges it here.
#include <chrono>
#include <cstdint>
#include <optional>

#include "config/time_control.h"

namespace arena::match {

class GameClock {
 public:
  using us = std::chrono::microseconds;
  explicit GameClock(const config::TimeControl& tc);

  std::optional<std::int64_t> remaining_ms() const;  // for "go stime/ntime"; empty without a clock
  std::optional<std::int64_t> increment_ms() const;
  std::optional<std::int64_t> moves_to_go() const;   // moves left in the period; empty for sudden death
  // Time allowed for the next move before the margin: the clock and/or the fixed move time.
  // Empty when neither limits it (depth or nodes only).
  std::optional<us> budget() const;
  // Charges one move. False if it took longer than the budget plus `margin` (a time forfeit).
  bool charge(us elapsed, us margin);

 private:
  config::TimeControl tc_;
  us remaining_{0};
  int moves_in_period_ = 0;
};

}  // namespace arena::match
