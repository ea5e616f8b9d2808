// Position notation with impossible contents is rejected, and the message says why (PROTOCOL.md
// 9.3, "Validation"). Complements tests/rules/notation_test.cpp, which covers the common cases
// (one of each rule); here every rule is broken in each family it applies to.
#include <gtest/gtest.h>

#include <string>

#include "rules/game.h"

namespace {

struct Bad {
  const char* text;
  const char* why;  // a piece of the message
};

void expect_rejected(const std::vector<Bad>& cases) {
  for (const auto& c : cases) {
    auto g = mancala::Game::from_notation(c.text);
    ASSERT_FALSE(g) << "accepted: " << c.text;
    EXPECT_EQ(g.error().rfind("position: ", 0), 0u) << g.error();
    EXPECT_NE(g.error().find(c.why), std::string::npos) << c.text << "\n  -> " << g.error() << "\n  expected it to mention: " << c.why;
  }
}

TEST(NotationReject, NegativeAndMalformedCounts) {
  expect_rejected({
      {"kalah(6,4) 4,4,4,4,4,4:-1 4,4,4,4,4,5:0 s", "the store/captures '-1' is not a count"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,-4,4,4,4:0 s", "North field"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,-4,4,4,4:0 s", "pit 3 '-4' is not a count"},
      {"kalah(6,4) +4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "pit 1 '+4' is not a count"},
      {"kalah(6,4) 4,4,,4,4,4:4 4,4,4,4,4,4:0 s", "pit 3 '' is not a count"},
      {"kalah(6,4) 4,4,4,4,4,4: 4,4,4,4,4,4:0 s", "the store/captures '' is not a count"},
      {"kalah(6,4) 00004,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "pit 1 '00004' is not a count"},
      {"kalah(6,4) 4.0,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "is not a count"},
      {"kalah(6,4) 4,4,4,4,4,4:0x0 4,4,4,4,4,4:0 s", "is not a count"},
      {"mangala2 6,6,6,6,6,6:-0 6,6,6,6,6,6:0 s 0", "is not a count"},  // was accepted (from_chars reads "-0")
      {"kalah(6,4) -0,4,4,4,4,4:4 4,4,4,4,4,4:0 s", "pit 1 '-0' is not a count"},
      {"bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s distribute -1", "quiet-move field '-1'"},
      {"mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s x", "quiet-move field 'x'"},
  });
}

TEST(NotationReject, WrongSeedTotals) {
  expect_rejected({
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,3:0 s", "the seeds add up to 47, the game has 48"},
      {"kalah(4,3) 3,3,3,3:0 3,3,3,3:1 s", "the seeds add up to 25, the game has 24"},
      {"kalah(8,12,empty) 12,12,12,12,12,12,12,12:0 12,12,12,12,12,12,12,12:1 n", "add up to 193, the game has 192"},
      {"mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:1 s", "add up to 49, the game has 48"},
      {"mangala2 6,6,6,6,6,6:0 6,6,6,6,6,5:0 s 0", "add up to 71, the game has 72"},
      {"bedouin(70) 0,0,10,20,0,0:0 0,0,30,9,0,0:0 n choose 1", "add up to 69, the game has 70"},
      {"bedouin(10) 1,1,1,1,1,1:0 1,1,1,1,1,1:0 n play 5", "add up to 12, the game has 10"},
      {"kalah(6,4) 49,0,0,0,0,0:0 0,0,0,0,0,0:0 s", "holds more than the game's 48 seeds"},
      {"kalah(6,4) 4,4,4,4,4,4:49 4,4,4,4,4,4:0 s", "the store holds more than the game's 48 seeds"},
      {"bedouin(240) 241,0,0,0,0,0:0 0,0,0,0,0,0:0 s play 0", "more than the game's 240 seeds"},
      {"kalah(6,4) 9999,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "more than the game's 48 seeds"},
  });
}

TEST(NotationReject, WrongNumberOfPitsOrFields) {
  expect_rejected({
      {"kalah(6,4) 4,4,4,4,4,4,0:0 4,4,4,4,4,4:0 s", "expected 6 pit counts, found 7"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4:4 s", "North field"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4:4 s", "expected 6 pit counts, found 5"},
      {"kalah(4,3) 3,3,3,3,0,0:0 3,3,3,3:0 s", "expected 4 pit counts, found 6"},
      {"kalah(1,1) :1 1:0 n", "pit 1 '' is not a count"},
      {"mangala2 6,6,6,6,6,6,6:0 6,6,6,6,6:0 s 0", "expected 6 pit counts, found 7"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s 0", "kalah(6,4) takes 4 space-separated fields, found 5"},
      {"mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s", "mangala2 takes 5 space-separated fields, found 4"},
      {"bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s 0", "bedouin(70) takes 6 space-separated fields, found 5"},
      {"kalah(6,4)  4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "takes 4 space-separated fields, found 5"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s ", "found 5"},
      {"kalah(6,4) 4,4,4,4,4,4:0:0 4,4,4,4,4,4:0 s", "is not a count"},
      {"kalah(6,4) 4,4,4,4,4,4 4,4,4,4,4,4:0 s", "expected <pits>:<store>"},
  });
}

TEST(NotationReject, SidesAndPhasesThatDoNotExist) {
  expect_rejected({
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 S", "side field 'S': expected s, n or -"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 south", "side field 'south'"},
      {"mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 x 0", "side field 'x'"},
      {"bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s setup 0", "phase field 'setup': expected distribute, choose, opening or play"},
      {"bedouin(70) 5,5,5,5,5,5:0 5,5,5,5,5,5:10 n PLAY 0", "phase field 'PLAY'"},
      {"bedouin(70) 5,5,5,5,5,5:0 5,5,5,5,5,5:10 n end 0", "phase field 'end'"},
      {"bedouin(70) 5,5,5,5,5,5:0 5,5,5,5,5,5:10 n 0 play", "phase field '0'"},
  });
}

TEST(NotationReject, ImpossibleGameStates) {
  expect_rejected({
      // Kalah and Mangala: over means empty rows, running means no empty row.
      {"kalah(6,4) 0,0,0,0,0,0:24 4,4,4,4,4,4:0 s", "South's row is empty, so the game is over"},
      {"mangala 4,4,4,4,4,4:24 0,0,0,0,0,0:0 s", "North's row is empty"},
      {"mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:0 -", "a finished game has every seed in the stores"},
      // Mangala II: quiet count bounds, over only when empty or at 100, the mover has counters.
      {"mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 100", "this game is over: side must be '-'"},
      {"mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 - 5", "marked over but the board is not empty"},
      {"mangala2 0,0,0,0,0,0:36 6,6,6,6,6,6:0 s 3", "the side to move has an empty row"},
      {"mangala2 0,0,0,0,0,0:36 0,0,0,0,0,0:36 n 0", "this game is over: side must be '-'"},
      // Bedouin: distribution, choose and opening phases.
      {"bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 n distribute 0", "South distributes: side must be 's'"},
      {"bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s distribute 3", "the quiet-move count must be 0"},
      {"bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 - distribute 0", "side must be 's'"},
      {"bedouin(70) 0,0,10,20,0,0:0 0,0,30,10,0,0:0 s choose 1", "in the choose phase North is to move"},
      {"bedouin(70) 0,0,10,20,0,0:0 0,0,30,5,0,0:5 n choose 1", "nothing can be captured before main play"},
      {"bedouin(70) 0,0,10,20,0,0:5 0,0,30,5,0,0:0 s opening 2", "nothing can be captured before main play"},
      {"bedouin(70) 1,2,32,0,2,2:0 2,2,12,1,1,13:0 s opening 3", "empty pit 4 and would pass its opening sowing"},
      {"bedouin(70) 0,0,0,0,0,0:30 5,5,5,5,5,5:10 s play 4", "the side to move has an empty row"},
      {"bedouin(70) 5,5,5,5,5,5:0 5,5,5,5,5,5:10 n play 101", "quiet-move field '101'"},
      {"bedouin(70) 5,5,5,5,5,5:0 5,5,5,5,5,5:10 n play 100", "this game is over: side must be '-'"},
      {"bedouin(70) 5,5,5,5,5,5:0 5,5,5,5,5,5:10 - play 7", "marked over but neither row is empty"},
  });
}

TEST(NotationReject, TextThatIsNotAPositionAtAll) {
  std::string long_text = "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s";
  long_text += std::string(400, ' ');
  expect_rejected({
      {"", "empty text"},
      {" kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "empty text"},
      {"kalah(9,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "pits per side"},
      {"bedouin(0) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s distribute 0", "bedouin(K)"},
      {"chess rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown game"},
      {long_text.c_str(), "too long (440 characters, at most 400)"},
  });
  // A NUL byte inside a count is not a digit.
  const std::string nul("kalah(6,4) 4,4,4,4,4,4:0 4,4,4\0,4,4,4:0 s", 41);
  auto g = mancala::Game::from_notation(nul);
  ASSERT_FALSE(g);
  EXPECT_NE(g.error().find("is not a count"), std::string::npos) << g.error();
}

TEST(NotationReject, SignedMoveTokensAreNotMoves) {
  // "-0,70,0,0" was a legal distribution and "-0" a count: the rules now take digits only.
  mancala::Game bedouin(mancala::Variant::bedouin(70));
  EXPECT_FALSE(bedouin.parse_move("-0,70,0,0"));
  EXPECT_FALSE(bedouin.parse_move("+0,70,0,0"));
  EXPECT_TRUE(bedouin.parse_move("0,70,0,0"));
  mancala::Game kalah(mancala::Variant::kalah());
  EXPECT_FALSE(kalah.parse_move("+3"));
  EXPECT_FALSE(kalah.parse_move("-3"));
}

TEST(NotationReject, TheBoundaryCasesThatAreFineAreAccepted) {
  for (const char* ok : {"kalah(6,4) 0,0,0,0,0,0:20 0,0,0,0,0,0:28 -", "kalah(1,1) 1:0 1:0 s",
                         "mangala2 0,0,0,0,0,0:36 0,0,0,0,0,0:36 - 7", "mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 - 100",
                         "bedouin(70) 5,5,5,5,5,5:0 5,5,5,5,5,5:10 - play 100", "bedouin(240) 0,0,0,240,0,0:0 0,0,0,0,0,0:0 s opening 2"}) {
    auto g = mancala::Game::from_notation(ok);
    EXPECT_TRUE(g) << ok << ": " << (g ? "" : g.error());
  }
}

}  // namespace
