#include "match/game_clock.h"

#include <algorithm>

namespace arena::match {

GameClock::GameClock(const config::TimeControl& tc) : tc_(tc), remaining_(std::chrono::milliseconds(tc.base_ms)) {}

std::optional<std::int64_t> GameClock::remaining_ms() const {
  if (!tc_.has_clock()) return std::nullopt;
  return std::chrono::duration_cast<std::chrono::milliseconds>(remaining_).count();
}

std::optional<std::int64_t> GameClock::increment_ms() const {
  if (!tc_.has_clock()) return std::nullopt;
  return tc_.increment_ms;
}

std::optional<std::int64_t> GameClock::moves_to_go() const {
  if (!tc_.has_clock() || tc_.moves_per_period == 0) return std::nullopt;
  return tc_.moves_per_period - moves_in_period_;
}

std::optional<GameClock::us> GameClock::budget() const {
  std::optional<us> b;
  if (tc_.has_clock()) b = remaining_;
  if (tc_.movetime_ms) {
    const us mt = std::chrono::milliseconds(*tc_.movetime_ms);
    b = b ? std::min(*b, mt) : mt;
  }
  return b;
}

bool GameClock::charge(us elapsed, us margin) {
  const auto allowed = budget();
  if (allowed && elapsed > *allowed + margin) return false;
  if (tc_.has_clock()) {
    remaining_ = std::max(us(0), remaining_ - elapsed) + std::chrono::milliseconds(tc_.increment_ms);
    if (tc_.moves_per_period && ++moves_in_period_ == tc_.moves_per_period) {
      moves_in_period_ = 0;
      remaining_ += std::chrono::milliseconds(tc_.base_ms);
    }
  }
  return true;
}

}  // namespace arena::match
