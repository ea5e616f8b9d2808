#pragma once
// A time control: a clock (base + increment, optionally in periods of N moves), a fixed time
// per move, and/or search limits (depth, nodes). Text form for flags, cutechess-style, seconds:
//   "60+0.6", "40/60+0", "0.5+0.01", "inf" (no clock).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arena::config {

// The largest limits a tournament accepts, from a config file or from flags alike.
constexpr std::int64_t kMaxTimeMs = 7LL * 24 * 3600 * 1000;  // a week: base, increment, movetime, margin
constexpr std::int64_t kMaxDepth = 1000;                     // PROTOCOL.md's range for `go depth`
constexpr std::int64_t kMaxNodes = INT64_MAX / 2;

struct TimeControl {
  std::int64_t base_ms = 0;       // 0: no clock
  std::int64_t increment_ms = 0;
  int moves_per_period = 0;       // 0: the base covers the whole game
  std::optional<std::int64_t> movetime_ms;
  std::optional<std::int64_t> depth;
  std::optional<std::int64_t> nodes;

  bool has_clock() const { return base_ms > 0; }
  bool limited() const { return has_clock() || movetime_ms || depth || nodes; }
  std::string describe() const;  // "1+0.01", "40/60+0", "movetime 100ms", "depth 4", ... joined by ", "
  bool operator==(const TimeControl&) const = default;
};

// Parses the clock part ("60+0.6", "40/60+0", "inf"); the error says what is wrong.
std::optional<TimeControl> parse_clock(std::string_view text, std::string& error);

// Empty if every limit of `tc` lies within the maxima above, else what is out of range.
std::string out_of_range(const TimeControl& tc);

}  // namespace arena::config
