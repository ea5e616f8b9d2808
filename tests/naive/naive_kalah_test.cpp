// Tests of the naive rules oracle's Kalah: the hand-worked examples of
// shared/reference/rules-research.md (§2.5, only where they agree with
// RULES.md), published perfect-play lines and published perft counts.

#include "naive_rules.h"
#include "naive_test_support.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace naive;
using namespace naive_test;

namespace {

// Replays a line written with 0-based digits from the mover's left, "-"
// between turns, several digits = an extra-turn chain. Checks that every
// digit but the last of a turn keeps the turn, and that the last passes it
// (or ends the game, which must happen only at the very last move when
// `must_end` is set). Returns the states after each turn.
std::vector<Game> replay_line(const Variant& v, const std::string& line, bool must_end) {
  std::vector<std::string> turns(1);
  for (char c : line) {
    if (c == '-')
      turns.emplace_back();
    else
      turns.back() += c;
  }
  std::vector<Game> after_turn;
  Game g = start(v);
  for (size_t t = 0; t < turns.size(); ++t) {
    for (size_t i = 0; i < turns[t].size(); ++i) {
      const bool last_move_of_line = (t + 1 == turns.size() && i + 1 == turns[t].size());
      const int mover = g.side;
      EXPECT_FALSE(g.over) << "game over before turn " << t + 1;
      g = play(g, std::string(1, char(turns[t][i] + 1)));
      if (i + 1 < turns[t].size()) {
        EXPECT_EQ(g.side, mover) << "turn " << t + 1 << " digit " << i + 1 << " should end in the store";
      } else if (!(last_move_of_line && g.over)) {
        EXPECT_NE(g.side, mover) << "turn " << t + 1 << " last digit should pass the turn";
      }
      if (must_end) {
        EXPECT_EQ(g.over, last_move_of_line) << "turn " << t + 1 << " digit " << i + 1;
      }
    }
    after_turn.push_back(g);
  }
  return after_turn;
}

}  // namespace

// ===================================================================== Kalah

TEST(NaiveKalah, K1ExtraTurn) {
  Game g = play(start(kalah()), "3");
  EXPECT_GAME(g, position(kalah(), {4, 4, 0, 5, 5, 5}, 1, {4, 4, 4, 4, 4, 4}, 0, 0));
}

TEST(NaiveKalah, K2NorthTrack) {
  Game g = start(kalah());
  g.side = 1;
  g = play(g, "4");
  EXPECT_GAME(g, position(kalah(), {5, 4, 4, 4, 4, 4}, 0, {4, 4, 4, 0, 5, 5}, 1, 0));
}

TEST(NaiveKalah, K3StandardCapture) {
  Game g = position(kalah(), {1, 0, 2, 0, 3, 0}, 10, {2, 3, 0, 5, 4, 1}, 17, 0);
  EXPECT_GAME(play(g, "1"), position(kalah(), {0, 0, 2, 0, 3, 0}, 15, {2, 3, 0, 5, 0, 1}, 17, 1));
}

TEST(NaiveKalah, K4EmptyCaptureFlag) {
  Game std_rule = position(kalah(), {2, 0, 0, 0, 0, 3}, 20, {1, 4, 2, 0, 2, 1}, 13, 0);
  EXPECT_GAME(play(std_rule, "1"), position(kalah(), {0, 1, 1, 0, 0, 3}, 20, {1, 4, 2, 0, 2, 1}, 13, 1));
  const Variant ec = kalah(6, 4, true);
  Game empty_rule = position(ec, {2, 0, 0, 0, 0, 3}, 20, {1, 4, 2, 0, 2, 1}, 13, 0);
  EXPECT_GAME(play(empty_rule, "1"), position(ec, {0, 1, 0, 0, 0, 3}, 21, {1, 4, 2, 0, 2, 1}, 13, 1));
}

TEST(NaiveKalah, K5ThirteenSeedLap) {
  for (bool ec : {false, true}) {
    const Variant v = kalah(6, 4, ec);
    Game g = position(v, {13, 1, 0, 2, 0, 0}, 10, {2, 1, 3, 0, 4, 2}, 10, 0);
    EXPECT_GAME(play(g, "1"), position(v, {0, 2, 1, 3, 1, 1}, 15, {3, 2, 4, 1, 5, 0}, 10, 1));
  }
}

TEST(NaiveKalah, K6EndSweepEachKeepsOwn) {
  Game g = position(kalah(), {0, 0, 0, 0, 0, 2}, 20, {1, 0, 3, 0, 2, 0}, 20, 0);
  Game after = play(g, "6");
  EXPECT_GAME(after, position(kalah(), {0, 0, 0, 0, 0, 0}, 21, {0, 0, 0, 0, 0, 0}, 27, 0, 0, "play", true));
  EXPECT_TRUE(legal_moves(after).empty());
  EXPECT_EQ(final_scores(after), (std::array<int, 2>{21, 27}));
  EXPECT_EQ(winner(after), 1);
}

TEST(NaiveKalah, K7ExtraTurnThatEndsTheGame) {
  Game g = position(kalah(), {0, 0, 0, 0, 0, 1}, 22, {3, 0, 1, 0, 0, 0}, 21, 0);
  Game after = play(g, "6");
  EXPECT_TRUE(after.over);
  EXPECT_EQ(final_scores(after), (std::array<int, 2>{23, 25}));
  EXPECT_EQ(winner(after), 1);
}

TEST(NaiveKalah, TinyBoardOnePitOneSeed) {
  // Kalah(1,1): South's only seed goes to the store (extra turn), South's row
  // is empty, North keeps its own seed: 1-1.
  Game g = start(kalah(1, 1));
  EXPECT_EQ(legal_moves(g), (std::vector<std::string>{"1"}));
  Game after = play(g, "1");
  EXPECT_TRUE(after.over);
  EXPECT_EQ(final_scores(after), (std::array<int, 2>{1, 1}));
  EXPECT_EQ(winner(after), -1);
  EXPECT_EQ(perft(g, 1), 1u);
  EXPECT_EQ(perft(g, 2), 0u);
}

TEST(NaiveKalah, PerfectPlay64EmptyCapture) {
  const std::string line = "25-10-3-3-5153-1-4-5-045-4-535452-53-4-1-3-2-0-54-1-3";
  std::vector<Game> turns = replay_line(kalah(6, 4, true), line, true);
  ASSERT_EQ(turns.size(), 20u);
  const Variant v = kalah(6, 4, true);
  EXPECT_GAME(turns[0], position(v, {4, 4, 0, 5, 5, 0}, 2, {5, 5, 5, 5, 4, 4}, 0, 1));
  EXPECT_GAME(turns[1], position(v, {4, 4, 0, 5, 5, 0}, 2, {0, 1, 7, 7, 6, 6}, 1, 0));
  // Turn 13 (South "4") is an empty capture: S store 21 -> 22.
  EXPECT_EQ(turns[11].store[0], 21);
  EXPECT_EQ(turns[12].store[0], 22);
  EXPECT_EQ(turns[12].south[4], 0);
  EXPECT_EQ(turns[12].south[5], turns[11].south[5]);
  EXPECT_EQ(turns[12].north, turns[11].north);
  const Game& end = turns.back();
  EXPECT_TRUE(end.over);
  EXPECT_EQ(final_scores(end), (std::array<int, 2>{29, 19}));
  EXPECT_EQ(winner(end), 0);
}

TEST(NaiveKalah, PerfectPlay64LineUnderStandardRuleStaysLegal) {
  const std::string line = "25-10-3-3-5153-1-4-5-045-4-535452-53-4-1-3-2-0-54-1-3";
  std::vector<Game> turns = replay_line(kalah(6, 4, false), line, false);
  const Game& end = turns.back();
  EXPECT_FALSE(end.over);
  EXPECT_EQ(end.store[0], 21);
  EXPECT_EQ(end.store[1], 17);
}

TEST(NaiveKalah, PerfectPlay65EmptyCapture) {
  const std::string line = "12-02-05-2-4-51-53-3-45-20-3-2-2-345-5-4-351-0-54-1-52-354-4-254-3-3";
  std::vector<Game> turns = replay_line(kalah(6, 5, true), line, true);
  const Game& end = turns.back();
  EXPECT_TRUE(end.over);
  EXPECT_EQ(final_scores(end), (std::array<int, 2>{36, 24}));
  EXPECT_EQ(winner(end), 0);
}

TEST(NaiveKalah, PerfectPlay65LineBreaksUnderStandardRule) {
  // rules-research §2.5: in turn 22 ("354") the "5" sowing no longer ends in
  // the store under the standard rule.
  const std::string line = "12-02-05-2-4-51-53-3-45-20-3-2-2-345-5-4-351-0-54-1-52";
  std::vector<Game> turns = replay_line(kalah(6, 5, false), line, false);
  Game g = turns.back();
  ASSERT_FALSE(g.over);
  const int mover = g.side;
  g = play(g, "4");  // digit 3
  EXPECT_EQ(g.side, mover);
  g = play(g, "6");  // digit 5
  EXPECT_NE(g.side, mover);
}

TEST(NaiveKalah, Perft64EmptyCapture) {
  const Game g = start(kalah(6, 4, true));
  const uint64_t expected[] = {6, 35, 185, 942, 4685, 23169, 113959};
  for (int d = 1; d <= 7; ++d) EXPECT_EQ(perft(g, d), expected[d - 1]) << "ply " << d;
}

TEST(NaiveKalah, Perft64Standard) {
  const Game g = start(kalah(6, 4, false));
  const uint64_t expected[] = {6, 35, 185, 942, 4690, 23233, 114430};
  for (int d = 1; d <= 7; ++d) EXPECT_EQ(perft(g, d), expected[d - 1]) << "ply " << d;
}

TEST(NaiveKalah, PerftZeroIsOne) {
  EXPECT_EQ(perft(start(kalah()), 0), 1u);
  Game over = play(position(kalah(), {0, 0, 0, 0, 0, 1}, 22, {3, 0, 1, 0, 0, 0}, 21, 0), "6");
  EXPECT_EQ(perft(over, 0), 1u);
  EXPECT_EQ(perft(over, 1), 0u);
}
