// The tables' text columns (output/columns.h): widths in terminal columns, whatever the script.
#include <gtest/gtest.h>

#include <string>

#include "output/columns.h"

namespace {

using arena::output::display_width;
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
