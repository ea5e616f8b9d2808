#include "output/columns.h"

#include <array>
#include <cstdint>

namespace arena::output {

namespace {

struct Range {
  char32_t first, last;
};

// Combining marks and zero-width characters: drawn over the character before, or not at all.
constexpr std::array kZeroWidth = {
    Range{0x0300, 0x036F},   // combining diacritical marks
    Range{0x0483, 0x0489},   // Cyrillic combining marks
    Range{0x0591, 0x05BD},   // Hebrew points
    Range{0x0610, 0x061A},   // Arabic marks
    Range{0x064B, 0x065F},   // Arabic vowel marks
    Range{0x0E31, 0x0E31},   // Thai vowel sign
    Range{0x0E34, 0x0E3A},   // Thai vowel signs
    Range{0x0E47, 0x0E4E},   // Thai tone marks
    Range{0x1AB0, 0x1AFF},   // combining diacritical marks extended
    Range{0x1DC0, 0x1DFF},   // combining diacritical marks supplement
    Range{0x200B, 0x200F},   // zero-width space and joiners, direction marks
    Range{0x2060, 0x2064},   // word joiner, invisible operators
    Range{0x20D0, 0x20FF},   // combining marks for symbols
    Range{0x302A, 0x302D},   // ideographic tone marks
    Range{0x3099, 0x309A},   // kana voiced sound marks
    Range{0xFE00, 0xFE0F},   // variation selectors
    Range{0xFE20, 0xFE2F},   // combining half marks
    Range{0xFEFF, 0xFEFF},   // zero-width no-break space
    Range{0xE0100, 0xE01EF}, // variation selectors supplement
};

// East Asian wide and fullwidth characters, and the emoji drawn two columns wide.
constexpr std::array kWide = {
    Range{0x1100, 0x115F},   // Hangul Jamo initial consonants
    Range{0x231A, 0x231B},   // watch, hourglass
    Range{0x2329, 0x232A},   // angle brackets
    Range{0x23E9, 0x23EC},   // media symbols
    Range{0x23F0, 0x23F0},
    Range{0x23F3, 0x23F3},
    Range{0x25FD, 0x25FE},
    Range{0x2614, 0x2615},
    Range{0x2648, 0x2653},   // zodiac
    Range{0x26A1, 0x26A1},
    Range{0x26AA, 0x26AB},
    Range{0x26BD, 0x26BE},
    Range{0x26C4, 0x26C5},
    Range{0x26D4, 0x26D4},
    Range{0x26EA, 0x26EA},
    Range{0x26F2, 0x26F5},
    Range{0x26FA, 0x26FA},
    Range{0x26FD, 0x26FD},
    Range{0x2705, 0x2705},
    Range{0x270A, 0x270B},
    Range{0x2728, 0x2728},
    Range{0x274C, 0x274C},
    Range{0x274E, 0x274E},
    Range{0x2753, 0x2757},
    Range{0x2795, 0x2797},
    Range{0x27B0, 0x27B0},
    Range{0x27BF, 0x27BF},
    Range{0x2B1B, 0x2B1C},
    Range{0x2B50, 0x2B50},
    Range{0x2B55, 0x2B55},
    Range{0x2E80, 0x3029},   // CJK radicals, Kangxi radicals, CJK symbols and punctuation
    Range{0x302E, 0x303E},
    Range{0x3041, 0x3098},   // Hiragana
    Range{0x309B, 0x33FF},   // Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
    Range{0x3400, 0x4DBF},   // CJK extension A
    Range{0x4E00, 0x9FFF},   // CJK unified ideographs
    Range{0xA000, 0xA4CF},   // Yi
    Range{0xA960, 0xA97F},   // Hangul Jamo extended A
    Range{0xAC00, 0xD7A3},   // Hangul syllables
    Range{0xF900, 0xFAFF},   // CJK compatibility ideographs
    Range{0xFE10, 0xFE19},   // vertical forms
    Range{0xFE30, 0xFE6F},   // CJK compatibility forms, small form variants
    Range{0xFF00, 0xFF60},   // fullwidth forms
    Range{0xFFE0, 0xFFE6},   // fullwidth signs
    Range{0x16FE0, 0x16FE4}, // ideographic symbols
    Range{0x17000, 0x18CFF}, // Tangut
    Range{0x1B000, 0x1B2FF}, // kana supplement and extensions, Nushu
    Range{0x1F004, 0x1F004}, // mahjong tile
    Range{0x1F0CF, 0x1F0CF}, // playing card
    Range{0x1F18E, 0x1F18E},
    Range{0x1F191, 0x1F19A}, // squared words
    Range{0x1F200, 0x1F251}, // enclosed ideographic supplement
    Range{0x1F300, 0x1F64F}, // pictographs, emoticons
    Range{0x1F680, 0x1F6FF}, // transport and map symbols
    Range{0x1F7E0, 0x1F7EB}, // coloured circles and squares
    Range{0x1F900, 0x1F9FF}, // supplemental symbols and pictographs
    Range{0x1FA70, 0x1FAFF}, // symbols and pictographs extended A
    Range{0x20000, 0x2FFFD}, // CJK extensions B to F
    Range{0x30000, 0x3FFFD}, // CJK extension G and later
};

template <std::size_t N>
bool in(const std::array<Range, N>& ranges, char32_t c) {
  return std::any_of(ranges.begin(), ranges.end(), [c](const Range& r) { return c >= r.first && c <= r.last; });
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
