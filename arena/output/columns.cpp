#include "output/columns.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <iterator>

namespace arena::output {

namespace {

struct Range {
  char32_t first, last;
};

#include "output/display_widths.inc"

// Whether c lies in one of the sorted, disjoint ranges.
template <std::size_t N>
bool in(const Range (&ranges)[N], char32_t c) {
  const auto* after = std::upper_bound(std::begin(ranges), std::end(ranges), c, [](char32_t x, const Range& r) { return x < r.first; });
  return after != std::begin(ranges) && c <= (after - 1)->last;
}

// The character starting at s[i] and its length in bytes; a byte that does not start a valid
// UTF-8 character is a character of its own (U+FFFD, one column, as a terminal shows it).
std::pair<char32_t, std::size_t> decode(const std::string& s, std::size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  const std::size_t length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                           : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
  if (length == 1) return {lead, 1};
  if (length == 0 || i + length > s.size()) return {0xFFFD, 1};
  char32_t c = lead & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(s[i + k]);
    if ((next & 0xC0) != 0x80) return {0xFFFD, 1};
    c = (c << 6) | (next & 0x3F);
  }
  constexpr std::array<char32_t, 5> kSmallest = {0, 0, 0x80, 0x800, 0x10000};  // below it: an overlong form
  if (c < kSmallest[length] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return {0xFFFD, 1};
  return {c, length};
}

}  // namespace

std::size_t display_width(const std::string& s) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto [c, length] = decode(s, i);
    i += length;
    width += in(kZeroWidth, c) ? 0 : in(kWide, c) ? 2 : 1;
  }
  return width;
}

}  // namespace arena::output
