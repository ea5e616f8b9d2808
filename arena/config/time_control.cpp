#include "config/time_control.h"

#include <charconv>
#include <cmath>

namespace arena::config {

namespace {

std::optional<double> parse_seconds(std::string_view s) {
  if (s.empty()) return std::nullopt;
  double v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v) || v < 0 || v * 1000 > kMaxTimeMs) return std::nullopt;
  return v;
}

std::string seconds_text(std::int64_t ms) {
  std::string s = std::to_string(ms / 1000);
  if (ms % 1000) {
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03d", static_cast<int>(ms % 1000));
    std::string f = frac;
    while (f.back() == '0') f.pop_back();
    s += f;
  }
  return s;
}

}  // namespace

std::optional<TimeControl> parse_clock(std::string_view text, std::string& error) {
  TimeControl tc;
  if (text == "inf") return tc;
  std::string_view rest = text;
  if (auto slash = rest.find('/'); slash != std::string_view::npos) {
    int moves = 0;
    auto m = rest.substr(0, slash);
    auto [ptr, ec] = std::from_chars(m.data(), m.data() + m.size(), moves);
    if (ec != std::errc() || ptr != m.data() + m.size() || moves <= 0 || moves > 10000) {
      error = "'" + std::string(text) + "': the moves per period before '/' must be a positive integer";
      return std::nullopt;
    }
    tc.moves_per_period = moves;
    rest.remove_prefix(slash + 1);
  }
  std::string_view base = rest;
  std::optional<std::string_view> inc;  // "1+" is a typo, not 1+0
  if (auto plus = rest.find('+'); plus != std::string_view::npos) {
    base = rest.substr(0, plus);
    inc = rest.substr(plus + 1);
  }
  const auto b = parse_seconds(base);
  const auto i = inc ? parse_seconds(*inc) : std::optional<double>(0.0);
  const std::string forms = "expected seconds (at most a week) as in \"10+0.1\", \"40/60+0\" or \"inf\"";
  if (!b || !i) {
    error = "'" + std::string(text) + "' is not a time control; " + forms;
    return std::nullopt;
  }
  if (*b == 0) {  // a clock that starts empty loses on the first move; "inf" is the way to say no clock
    error = "'" + std::string(text) + "': the base time must be more than 0 (at least 0.001 s); " + forms;
    return std::nullopt;
  }
  tc.base_ms = std::llround(*b * 1000.0);
  tc.increment_ms = std::llround(*i * 1000.0);
  if (tc.base_ms == 0 || (*i > 0 && tc.increment_ms == 0)) {  // clocks run in whole milliseconds
    error = "'" + std::string(text) + "': times below a millisecond (0.001) cannot be kept";
    return std::nullopt;
  }
  return tc;
}

std::string out_of_range(const TimeControl& tc) {
  if (tc.base_ms > kMaxTimeMs || tc.increment_ms > kMaxTimeMs || (tc.movetime_ms && *tc.movetime_ms > kMaxTimeMs))
    return "times are limited to a week (604800 s)";
  if (tc.depth && *tc.depth > kMaxDepth) return "depth is limited to " + std::to_string(kMaxDepth);
  if (tc.nodes && *tc.nodes > kMaxNodes) return "nodes are limited to " + std::to_string(kMaxNodes);
  return "";
}

std::string TimeControl::describe() const {
  std::string out;
  auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
  if (has_clock())
    add((moves_per_period ? std::to_string(moves_per_period) + "/" : std::string()) + seconds_text(base_ms) + "+" +
        seconds_text(increment_ms));
  if (movetime_ms) add("movetime " + std::to_string(*movetime_ms) + "ms");
  if (depth) add("depth " + std::to_string(*depth));
  if (nodes) add("nodes " + std::to_string(*nodes));
  return out.empty() ? "unlimited" : out;
}

}  // namespace arena::config
