#include <gtest/gtest.h>

#include "match/game_clock.h"

using arena::config::TimeControl;
using arena::match::GameClock;
using namespace std::chrono;

TEST(GameClock, IncrementAndForfeit) {
  TimeControl tc;
  tc.base_ms = 1000;
  tc.increment_ms = 10;
  GameClock c(tc);
  EXPECT_EQ(c.remaining_ms(), 1000);
  EXPECT_TRUE(c.charge(milliseconds(300), milliseconds(20)));
  EXPECT_EQ(c.remaining_ms(), 710);
  EXPECT_TRUE(c.charge(milliseconds(725), milliseconds(20)));  // over, but within the margin
  EXPECT_EQ(c.remaining_ms(), 10);
  EXPECT_FALSE(c.charge(milliseconds(31), milliseconds(20)));  // 10 + 20 allowed
}

TEST(GameClock, PeriodsAndMoveTime) {
  TimeControl tc;
  tc.base_ms = 100;
  tc.moves_per_period = 2;
  GameClock c(tc);
  EXPECT_EQ(c.moves_to_go(), 2);
  EXPECT_TRUE(c.charge(milliseconds(40), milliseconds(0)));
  EXPECT_EQ(c.moves_to_go(), 1);
  EXPECT_TRUE(c.charge(milliseconds(40), milliseconds(0)));
  EXPECT_EQ(c.moves_to_go(), 2);
  EXPECT_EQ(c.remaining_ms(), 120);

  TimeControl mt;
  mt.movetime_ms = 50;
  GameClock m(mt);
  EXPECT_FALSE(m.remaining_ms());
  EXPECT_EQ(m.budget(), microseconds(50000));
  EXPECT_TRUE(m.charge(milliseconds(60), milliseconds(10)));
  EXPECT_FALSE(m.charge(milliseconds(61), milliseconds(10)));

  TimeControl depth;
  depth.depth = 3;
  EXPECT_FALSE(GameClock(depth).budget());
}

// A move time on top of a clock: the move may use the smaller of the two, whichever it is.
TEST(GameClock, TheSmallerOfMoveTimeAndClockIsTheBudget) {
  TimeControl tc;
  tc.base_ms = 1000;
  tc.movetime_ms = 50;
  GameClock c(tc);
  EXPECT_EQ(c.budget(), microseconds(50000));
  EXPECT_FALSE(c.charge(milliseconds(61), milliseconds(10)));  // well inside the clock, over the move time

  tc.base_ms = 30;
  GameClock low(tc);
  EXPECT_EQ(low.budget(), microseconds(30000));
  EXPECT_FALSE(low.charge(milliseconds(41), milliseconds(10)));  // inside the move time, over the clock
}
