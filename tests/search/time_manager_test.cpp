// The time manager's limits from the clocks: a move never plans on more than the clock holds.
#include "search/time_manager.h"

#include <gtest/gtest.h>

namespace mancala::search {
namespace {

Limits clock_limits(std::int64_t left, std::int64_t inc, int moves_to_go) {
  Limits limits;
  limits.clock_ms[0] = limits.clock_ms[1] = left;
  limits.increment_ms[0] = limits.increment_ms[1] = inc;
  limits.moves_to_go = moves_to_go;
  return limits;
}

// The increment is credited after the move (the arena's clock and PROTOCOL.md section 3), so a
// hard limit beyond the clock loses on time, however large the increment.
TEST(TimeManager, HardLimitStaysWithinTheClock) {
  for (std::int64_t left : {1, 5, 50, 200, 1000, 5000, 60000, 3600000})
    for (std::int64_t inc : {0, 10, 100, 1000, 5000, 100000})
      for (int moves_to_go : {0, 1, 2, 10, 40, 100}) {
        const TimeManager tm(clock_limits(left, inc, moves_to_go), Side::South);
        SCOPED_TRACE(testing::Message() << "left " << left << " inc " << inc << " movestogo " << moves_to_go);
        EXPECT_GE(tm.hard_limit_ms(), 1);
        if (left >= 4) {
          EXPECT_LE(tm.hard_limit_ms(), left * 3 / 4);
        }
        EXPECT_GE(tm.soft_limit_ms(), 1);
        EXPECT_LE(tm.soft_limit_ms(), tm.hard_limit_ms());
      }
}

TEST(TimeManager, LargeIncrementIsUsedButNotBorrowed) {
  // 1 s left, 5 s increment: the old limit was 2833 ms, nearly three times the clock.
  const TimeManager tm(clock_limits(1000, 5000, 0), Side::South);
  EXPECT_EQ(tm.hard_limit_ms(), 750);
  // 60 s left, 1 s increment: ordinary play keeps its old budget.
  const TimeManager ordinary(clock_limits(60000, 1000, 0), Side::South);
  EXPECT_EQ(ordinary.hard_limit_ms(), std::min<std::int64_t>(60000 / 3 + 500, (2000 + 750) * 4));
  EXPECT_EQ(ordinary.soft_limit_ms(), (60000 / 30 + 750) / 2);
}

// movestogo 1: the clock is refilled after this decision, so it may take most of what is left
// (it took a third, as if the game went on on this clock).
TEST(TimeManager, TheLastMoveBeforeTheControlUsesMostOfTheClock) {
  const TimeManager last(clock_limits(60000, 0, 1), Side::South);
  EXPECT_EQ(last.hard_limit_ms(), 45000);
  EXPECT_EQ(last.soft_limit_ms(), 42000);
  // The increment, credited after the move, does not raise it.
  const TimeManager with_increment(clock_limits(60000, 5000, 1), Side::South);
  EXPECT_EQ(with_increment.hard_limit_ms(), 45000);
  // Two to go: the old plan, a third at most.
  const TimeManager two(clock_limits(60000, 0, 2), Side::South);
  EXPECT_EQ(two.hard_limit_ms(), 20000);
  EXPECT_EQ(two.soft_limit_ms(), 10000);
}

// The plan's terms, each pinned where it is the smallest (an outside mutation review found them
// unpinned): a third of the clock plus half the increment; the mover's own increment, not South's;
// and movetime equal to the clock's hard limit replaces the plan, soft limit included.
TEST(TimeManager, EachTermOfThePlan) {
  const TimeManager two_to_go(clock_limits(60000, 6000, 2), Side::South);
  EXPECT_EQ(two_to_go.hard_limit_ms(), 60000 / 3 + 6000 / 2);
  EXPECT_EQ(two_to_go.soft_limit_ms(), 23000 / 2);
  Limits own_increment = clock_limits(60000, 0, 0);
  own_increment.increment_ms[index(Side::North)] = 6000;
  const TimeManager north(own_increment, Side::North);
  EXPECT_EQ(north.hard_limit_ms(), 23000);
  EXPECT_EQ(north.soft_limit_ms(), (60000 / 30 + 6000 * 3 / 4) / 2);
  Limits movetime = clock_limits(60000, 0, 0);  // the clock's plan: hard 8000, soft 1000
  movetime.movetime_ms = 8000;
  const TimeManager both(movetime, Side::South);
  EXPECT_EQ(both.hard_limit_ms(), 8000);
  EXPECT_EQ(both.soft_limit_ms(), 8000);
}

TEST(TimeManager, MovetimeInfiniteAndNoClock) {
  Limits movetime;
  movetime.movetime_ms = 300;
  const TimeManager fixed(movetime, Side::North);
  EXPECT_EQ(fixed.hard_limit_ms(), 300);
  EXPECT_EQ(fixed.soft_limit_ms(), 300);
  Limits infinite = clock_limits(1000, 0, 0);
  infinite.infinite = true;
  EXPECT_EQ(TimeManager(infinite, Side::South).hard_limit_ms(), -1);
  EXPECT_EQ(TimeManager(Limits{}, Side::South).hard_limit_ms(), -1);
  // Only the mover's clock counts.
  Limits north_only;
  north_only.clock_ms[1] = 1000;
  EXPECT_EQ(TimeManager(north_only, Side::South).hard_limit_ms(), -1);
  EXPECT_GT(TimeManager(north_only, Side::North).hard_limit_ms(), 0);
}

// "Several limits may be combined; the search ends at the first one reached": a long movetime
// does not let the mover overrun a short clock (it did: movetime was read alone).
TEST(TimeManager, MovetimeAndClockTogetherEndAtTheFirst) {
  Limits both = clock_limits(300, 0, 0);
  both.movetime_ms = 3000;
  const TimeManager short_clock(both, Side::South);
  const TimeManager clock_alone(clock_limits(300, 0, 0), Side::South);
  EXPECT_EQ(short_clock.hard_limit_ms(), clock_alone.hard_limit_ms());  // the clock's own plan
  EXPECT_EQ(short_clock.soft_limit_ms(), clock_alone.soft_limit_ms());
  EXPECT_LE(short_clock.hard_limit_ms(), 300 * 3 / 4);
  // A clock that can afford the movetime: movetime it is, not the clock's shorter plan.
  both = clock_limits(60000, 0, 0);
  both.movetime_ms = 3000;
  const TimeManager ample_clock(both, Side::South);
  EXPECT_EQ(ample_clock.hard_limit_ms(), 3000);
  EXPECT_EQ(ample_clock.soft_limit_ms(), 3000);
  // A clock whose per-move maximum (8 s here) is below the movetime: every move would take all
  // of it, so the clock's plan (about 1 s) decides.
  both.movetime_ms = 10000;
  const TimeManager tight(both, Side::South);
  const TimeManager plan(clock_limits(60000, 0, 0), Side::South);
  EXPECT_EQ(tight.hard_limit_ms(), plan.hard_limit_ms());
  EXPECT_EQ(tight.soft_limit_ms(), plan.soft_limit_ms());
}

// A long control (movestogo 100) is planned as 40 moves: few games last that long, and spreading
// the clock over 100 would leave most of it unused. 100 s: soft (100000/40)/2, hard a tenth.
TEST(TimeManager, MovesToGoIsPlannedAsAtMostForty) {
  const TimeManager hundred(clock_limits(100000, 0, 100), Side::South);
  EXPECT_EQ(hundred.soft_limit_ms(), 1250);
  EXPECT_EQ(hundred.hard_limit_ms(), 10000);
  const TimeManager forty(clock_limits(100000, 0, 40), Side::South);
  EXPECT_EQ(hundred.soft_limit_ms(), forty.soft_limit_ms());
  EXPECT_EQ(hundred.hard_limit_ms(), forty.hard_limit_ms());
}

// The clock runs from when the protocol read `go`, so time spent before the search started
// (starting its thread on a busy machine, say) counts against it.
TEST(TimeManager, TheClockRunsFromTheGivenStart) {
  Limits limits;
  limits.movetime_ms = 300;
  limits.start = TimeManager::Clock::now() - std::chrono::milliseconds(500);
  const TimeManager late(limits, Side::South);
  EXPECT_GE(late.elapsed_ms(), 500);
  EXPECT_TRUE(late.hard_limit_reached());
  EXPECT_TRUE(late.soft_limit_reached());
  limits.movetime_ms = 600000;
  limits.start = {};  // none given: the search's own start
  const TimeManager fresh(limits, Side::South);
  EXPECT_FALSE(fresh.hard_limit_reached());
  EXPECT_LT(fresh.elapsed_ms(), 500);
}

// Increments and clocks up to the largest count the protocol reads: no overflow turns a huge
// increment into a tiny (or negative) budget.
TEST(TimeManager, HugeClocksAndIncrementsDoNotOverflow) {
  const std::int64_t huge[] = {std::int64_t{1} << 40, std::int64_t{4000000000000000000}, INT64_MAX};
  for (std::int64_t inc : huge) {
    const TimeManager tm(clock_limits(1000, inc, 0), Side::South);
    EXPECT_EQ(tm.hard_limit_ms(), 750) << inc;  // three quarters of the clock, as for any large increment
    EXPECT_GE(tm.soft_limit_ms(), 1) << inc;
  }
  for (std::int64_t left : huge) {
    const TimeManager tm(clock_limits(left, left, 0), Side::South);
    EXPECT_GT(tm.hard_limit_ms(), 1000000) << left;
    EXPECT_LE(tm.soft_limit_ms(), tm.hard_limit_ms()) << left;
  }
}

}  // namespace
}  // namespace mancala::search
