#pragma once
// The two pieces of reading that variant specs and the position notation share.
#include <charconv>
#include <string_view>
#include <vector>

namespace mancala::detail {

// A count of at most four digits: digits only (from_chars alone would take "-0" for 0).
inline bool read_small_count(std::string_view s, int& out) {
  if (s.empty() || s.size() > 4 || s[0] < '0' || s[0] > '9') return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

// The parts of `s` between the separators, empty ones included ("1,,2": "1", "", "2").
inline std::vector<std::string_view> split_at(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

}  // namespace mancala::detail
