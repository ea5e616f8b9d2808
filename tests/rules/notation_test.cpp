// Variant specs, move and position notation: round trips and clear errors for bad text.
#include <gtest/gtest.h>

#include <string>

#include "rules/game.h"

namespace {

using mancala::Game;

TEST(VariantSpec, ParsesAndPrintsCanonically) {
  const std::pair<const char*, const char*> cases[] = {
      {"kalah", "kalah(6,4)"},        {"kalah(6,5)", "kalah(6,5)"}, {"kalah(6,4,empty)", "kalah(6,4,empty)"},
      {"kalah(1,1)", "kalah(1,1)"},   {"kalah(8,12)", "kalah(8,12)"}, {"mangala", "mangala"},
      {"mangala2", "mangala2"},       {"bedouin", "bedouin(70)"},   {"bedouin(17)", "bedouin(17)"}};
  for (auto [in, out] : cases) {
    auto v = mancala::parse_variant(in);
    ASSERT_TRUE(v) << in << ": " << v.error();
    EXPECT_EQ(v->spec(), out);
  }
}

TEST(VariantSpec, RejectsBadSpecsWithReasons) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "empty"},          {"chess", "unknown game"},    {"kalah(9,4)", "pits per side"},
      {"kalah(6,13)", "seeds per pit"}, {"kalah(6)", "expected kalah(m,n)"}, {"kalah(6,4,full)", "'empty'"},
      {"kalah(6,4", "missing ')'"},     {"mangala(3)", "no parameters"}, {"bedouin(0)", "bedouin(K)"},
      {"bedouin(x)", "bedouin(K)"},     {"kalah(-1,4)", "pits per side"}, {"kalah(6, 4)", "no blanks"}};
  for (auto [in, why] : cases) {
    auto v = mancala::parse_variant(in);
    ASSERT_FALSE(v) << in;
    EXPECT_NE(v.error().find(why), std::string::npos) << in << " -> " << v.error();
  }
}

TEST(PositionNotation, StartPositionsRoundTrip) {
  const std::pair<const char*, const char*> cases[] = {
      {"kalah(6,4)", "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s"},
      {"kalah(3,3,empty)", "kalah(3,3,empty) 3,3,3:0 3,3,3:0 s"},
      {"mangala", "mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s"},
      {"mangala2", "mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 0"},
      {"bedouin", "bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s distribute 0"}};
  for (auto [spec, text] : cases) {
    auto g = Game::from_spec(spec);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->notation(), text);
    auto back = Game::from_notation(text);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(*back, *g);
  }
}

TEST(PositionNotation, RejectsImpossibleOrMalformedText) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "empty"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0", "takes 4"},
      {"kalah(6,4) 4,4,4,4,4:0 4,4,4,4,4,4:0 s", "expected 6 pit counts"},
      {"kalah(6,4) 4,4,4,4,4,4 4,4,4,4,4,4:0 s", "expected <pits>:<store>"},
      {"kalah(6,4) 4,4,-4,4,4,4:0 4,4,4,4,4,4:0 s", "not a count"},
      {"kalah(6,4) 4,4,x,4,4,4:0 4,4,4,4,4,4:0 s", "not a count"},
      {"kalah(6,4) 4,4,4,4,4,4:1 4,4,4,4,4,4:0 s", "add up to 49"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 x", "side field"},
      {"kalah(6,4) 0,0,0,0,0,0:24 4,4,4,4,4,4:0 n", "row is empty"},
      {"kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 -", "every seed in the stores"},
      {"kalah(6,4) 400,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "more than the game's"},
      {"mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 101", "quiet-move"},
      {"mangala2 0,0,0,0,0,0:0 6,6,6,6,6,6:36 s 0", "empty row"},
      {"bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s setup 0", "phase field"},
      {"bedouin(70) 0,0,5,0,0,0:0 0,0,0,0,0,0:0 s distribute 0", "must be empty"},
      {"bedouin(70) 1,0,20,15,0,0:0 0,0,24,10,0,0:0 n choose 1", "centre holes"},
      // The quiet-move limit ends the game in every phase (an outside session found choose 100 accepted).
      {"bedouin(70) 0,0,10,20,0,0:0 0,0,30,10,0,0:0 n choose 100", "this game is over"},
      {"bedouin(70) 1,1,11,21,1,1:0 1,1,31,0,0,1:0 s opening 100", "this game is over"},
      {"nonsense 1 2 3", "unknown game"}};
  for (auto [text, why] : cases) {
    auto g = Game::from_notation(text);
    ASSERT_FALSE(g) << text;
    EXPECT_NE(g.error().find(why), std::string::npos) << text << " -> " << g.error();
  }
}

TEST(MoveNotation, RejectsIllegalMovesWithReasons) {
  Game kalah(mancala::Variant::kalah());
  const std::pair<const char*, const char*> cases[] = {
      {"0", "no pit 0"}, {"7", "no pit 7"}, {"x", "expected a pit number"}, {"", "expected a pit number"},
      {"keep", "only legal as North's first move"}, {"1,2,3,4", "expected a pit number"}};
  for (auto [text, why] : cases) {
    auto mv = kalah.parse_move(text);
    ASSERT_FALSE(mv) << text;
    EXPECT_NE(mv.error().find(why), std::string::npos) << text << " -> " << mv.error();
  }
  Game after = kalah;
  ASSERT_FALSE(after.play("3"));  // extra turn; pit 3 is now empty
  auto empty = after.parse_move("3");
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().find("pit 3 is empty"), std::string::npos);
  EXPECT_TRUE(after.play("3").has_value());
  EXPECT_EQ(after.notation(), "kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s") << "a rejected move changes nothing";

  Game bedouin(mancala::Variant::bedouin(10));
  EXPECT_FALSE(bedouin.parse_move("1,2,3,3"));
  EXPECT_NE(bedouin.parse_move("1,2,3,3").error().find("add up to 10"), std::string::npos);
  EXPECT_FALSE(bedouin.parse_move("4"));
  ASSERT_FALSE(bedouin.play("1,2,3,4"));
  EXPECT_NE(bedouin.parse_move("4").error().find("keep or flip"), std::string::npos);
  ASSERT_FALSE(bedouin.play("flip"));
  EXPECT_NE(bedouin.parse_move("3").error().find("from pit 4"), std::string::npos);
  EXPECT_EQ(bedouin.move_text(*bedouin.parse_move("4")), "4");

  auto over = Game::from_notation("kalah(6,4) 0,0,0,0,0,0:20 0,0,0,0,0,0:28 -");
  ASSERT_TRUE(over);
  EXPECT_NE(over->parse_move("1").error().find("game is over"), std::string::npos);
  EXPECT_EQ(over->outcome(), mancala::Outcome::NorthWins);
}

}  // namespace
