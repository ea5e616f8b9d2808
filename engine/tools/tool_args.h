#pragma once
// Command-line numbers of the benchmark tools: a whole number in its range, or one clear error
// line (atoi read "abc" as 0 and "16MB" as 16 without a word).
#include <cstdio>
#include <optional>
#include <string_view>

#include "text/tokens.h"

namespace mancala::tools {

// `text` as a whole number from `min` to `max`; otherwise prints
// "<tool>: <what> '<text>' is not a whole number from <min> to <max>" and returns nothing.
inline std::optional<long> count_arg(const char* tool, const char* what, std::string_view text, long min, long max) {
  const auto value = mancala::text::parse_count(text);
  if (value && *value >= min && *value <= max) return static_cast<long>(*value);
  std::fprintf(stderr, "%s: %s %s is not a whole number from %ld to %ld\n", tool, what, mancala::text::quote(text).c_str(),
               min, max);
  return std::nullopt;
}

// True for "--help" and "-h": the tools print their usage to stdout and exit 0.
inline bool asks_for_help(std::string_view arg) { return arg == "--help" || arg == "-h"; }

}  // namespace mancala::tools
