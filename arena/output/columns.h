#pragma once
// Text columns for the tables people read. Widths count characters, not bytes, so that names
// with accents (UTF-8) line up too.
#include <algorithm>
#include <string>

namespace arena::output {

inline std::size_t display_width(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// `s` padded with spaces to `w` characters: on the left (right-aligned) or on the right.
inline std::string pad(const std::string& s, std::size_t w, bool right = true) {
  const std::size_t n = display_width(s);
  if (n >= w) return s;
  return right ? std::string(w - n, ' ') + s : s + std::string(w - n, ' ');
}

}  // namespace arena::output
