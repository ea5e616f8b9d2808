// The tables' text columns (output/columns.h): widths in terminal columns, whatever the script.
#include <gnu/libc-version.h>
#include <gtest/gtest.h>
#include <locale.h>
#include <wchar.h>

#include <cstdint>
#include <string>

#include "output/columns.h"

namespace {

using arena::output::display_width;

std::string utf8_of(char32_t c) {
  if (c < 0x80) return std::string(1, static_cast<char>(c));
  if (c < 0x800) return {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
  if (c < 0x10000)
    return {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
  return {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
          static_cast<char>(0x80 | (c & 0x3F))};
}
using arena::output::pad;
using arena::output::TextTable;

TEST(Columns, WidthIsTerminalColumns) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("greedy-bot"), 10u);
  EXPECT_EQ(display_width("J\xc3\xbcrgen"), 6u);                     // ü: two bytes, one column
  EXPECT_EQ(display_width("Ju\xcc\x88rgen"), 6u);                    // u + combining diaeresis
  EXPECT_EQ(display_width("\xe6\x9c\xa8\xe6\x9c\xac"), 4u);          // 木本: two wide ideographs
  EXPECT_EQ(display_width("\xed\x95\x9c\xea\xb8\x80"), 4u);          // 한글: Hangul syllables
  EXPECT_EQ(display_width("\xef\xbc\xa1" "b"), 3u);                  // fullwidth A, then b
  EXPECT_EQ(display_width("bot \xf0\x9f\xa4\x96"), 6u);              // robot face: an emoji, two columns
  EXPECT_EQ(display_width("a\xe2\x80\x8b" "b"), 2u);                 // zero-width space
  EXPECT_EQ(display_width("\xf0\xa0\x80\x80"), 2u);                  // U+20000, CJK extension B
  EXPECT_EQ(display_width("\xce\xb1\xce\xb2"), 2u);                  // αβ: narrow
  // Not whole blocks: in the emoji blocks some symbols are narrow, outside them some are wide.
  EXPECT_EQ(display_width("\xf0\x9f\x96\xa5"), 1u);                  // U+1F5A5 desktop computer
  EXPECT_EQ(display_width("\xe2\x99\xbf"), 2u);                      // U+267F wheelchair symbol
  EXPECT_EQ(display_width("\xe0\xa4\xb9\xe0\xa4\xbf\xe0\xa4\x82\xe0\xa4\xa6\xe0\xa5\x80"), 4u);  // Hindi: a nasal mark takes none
}

// The generated table against the C library it was generated from (scripts/gen-display-widths.py),
// for every code point. Another C library may follow another Unicode version: then it is skipped.
TEST(Columns, TheTableIsTheCLibrarysWidths) {
  const char* version = gnu_get_libc_version();
  if (std::string(version) != "2.36") GTEST_SKIP() << "the table was generated from glibc 2.36's wcwidth, this is " << version;
  const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  ASSERT_NE(utf8, static_cast<locale_t>(nullptr)) << "no C.UTF-8 locale";
  const locale_t before = uselocale(utf8);  // this thread only
  std::size_t differences = 0;
  for (char32_t c = 0xA0; c <= 0x10FFFF; ++c) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const int w = wcwidth(static_cast<wchar_t>(c));
    const int expected = w < 0 ? 1 : w;  // not printable (unassigned, private use): one column, as a terminal's box
    if (display_width(utf8_of(c)) != static_cast<std::size_t>(expected) && ++differences <= 5)
      ADD_FAILURE() << "U+" << std::hex << static_cast<std::uint32_t>(c) << ": " << display_width(utf8_of(c)) << " columns, wcwidth " << expected;
  }
  uselocale(before);
  freelocale(utf8);
  EXPECT_EQ(differences, 0u);
}

TEST(Columns, BytesThatAreNotUtf8TakeAColumnEach) {
  EXPECT_EQ(display_width("J\xfcrgen"), 6u);          // Latin-1 ü
  EXPECT_EQ(display_width("\x80\x80"), 2u);            // lone continuation bytes
  EXPECT_EQ(display_width("ab\xe6\x9c"), 4u);          // a character cut short: its two bytes
  EXPECT_EQ(display_width("\xc0\xaf"), 2u);            // an overlong '/'
  EXPECT_EQ(display_width("\xed\xa0\x80"), 3u);        // a UTF-16 surrogate
  EXPECT_EQ(display_width("\xf4\x90\x80\x80"), 4u);    // above U+10FFFF
}

TEST(Columns, PadAndTablesAlignWideNames) {
  EXPECT_EQ(pad("\xe6\x9c\xa8", 4, false), "\xe6\x9c\xa8  ");
  EXPECT_EQ(pad("7", 3), "  7");
  TextTable table({{"Name", false}, {"Points"}});
  table.fit({"\xe6\x9c\xa8\xe6\x9c\xac\xe6\x9c\xa8", "1.5"});  // three wide ideographs: six columns
  table.fit({"ab", "10.0"});
  EXPECT_EQ(table.heading_line(), "Name    Points");
  EXPECT_EQ(table.line({"\xe6\x9c\xa8\xe6\x9c\xac\xe6\x9c\xa8", "1.5"}), "\xe6\x9c\xa8\xe6\x9c\xac\xe6\x9c\xa8     1.5");
  EXPECT_EQ(table.line({"ab", "10.0"}), "ab        10.0");
}

}  // namespace
