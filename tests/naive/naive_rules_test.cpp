// Tests of the naive rules oracle itself, for the Mangala games (Kalah's are
// in naive_kalah_test.cpp): the hand-worked examples of
// shared/reference/rules-research.md (§3.4, §4.4, §5.5, only where they agree
// with RULES.md), illegal moves, and random playouts of every variant.

#include "naive_rules.h"
#include "naive_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace naive;
using namespace naive_test;

// =========================================================== Turkish Mangala

TEST(NaiveMangala, T1FirstStoneBack) {
  EXPECT_GAME(play(start(mangala()), "1"), position(mangala(), {1, 5, 5, 5, 4, 4}, 0, {4, 4, 4, 4, 4, 4}, 0, 1));
}

TEST(NaiveMangala, T2TreasureExtraTurn) {
  EXPECT_GAME(play(start(mangala()), "4"), position(mangala(), {4, 4, 4, 1, 5, 5}, 1, {4, 4, 4, 4, 4, 4}, 0, 0));
}

TEST(NaiveMangala, T3North) {
  Game g = start(mangala());
  g.side = 1;
  EXPECT_GAME(play(g, "2"), position(mangala(), {4, 4, 4, 4, 4, 4}, 0, {4, 1, 5, 5, 5, 4}, 0, 0));
}

TEST(NaiveMangala, T4SingletonEmptyPitCapture) {
  Game g = position(mangala(), {3, 1, 0, 2, 0, 5}, 10, {4, 0, 2, 3, 1, 6}, 11, 0);
  EXPECT_GAME(play(g, "2"), position(mangala(), {3, 0, 0, 2, 0, 5}, 14, {4, 0, 2, 0, 1, 6}, 11, 1));
}

TEST(NaiveMangala, T5EvenCapture) {
  Game g = position(mangala(), {2, 0, 1, 0, 5, 3}, 10, {3, 1, 4, 0, 2, 1}, 16, 0);
  EXPECT_GAME(play(g, "5"), position(mangala(), {2, 0, 1, 0, 1, 4}, 13, {4, 0, 4, 0, 2, 1}, 16, 1));
}

TEST(NaiveMangala, T6EmptyOwnPitOppositeEmptyOrNot) {
  Game g = position(mangala(), {3, 0, 0, 0, 2, 0}, 18, {1, 2, 5, 0, 5, 0}, 12, 0);
  EXPECT_GAME(play(g, "1"), position(mangala(), {1, 1, 1, 0, 2, 0}, 18, {1, 2, 5, 0, 5, 0}, 12, 1));
  Game h = position(mangala(), {3, 0, 0, 0, 2, 0}, 18, {1, 2, 0, 5, 5, 0}, 12, 0);
  EXPECT_GAME(play(h, "1"), position(mangala(), {1, 1, 0, 0, 2, 0}, 24, {1, 2, 0, 0, 5, 0}, 12, 1));
}

TEST(NaiveMangala, T7MoverEmptiesOwnRowAndTakesTheRest) {
  Game g = position(mangala(), {0, 0, 0, 0, 0, 1}, 20, {2, 0, 3, 1, 0, 1}, 20, 0);
  Game after = play(g, "6");
  EXPECT_GAME(after, position(mangala(), {0, 0, 0, 0, 0, 0}, 28, {0, 0, 0, 0, 0, 0}, 20, 0, 0, "play", true));
  EXPECT_EQ(winner(after), 0);
}

TEST(NaiveMangala, T8CaptureEmptiesOpponentRowOpponentGetsTheRest) {
  Game g = position(mangala(), {1, 0, 0, 0, 0, 4}, 20, {0, 0, 0, 0, 3, 0}, 20, 0);
  Game after = play(g, "1");
  EXPECT_GAME(after, position(mangala(), {0, 0, 0, 0, 0, 0}, 24, {0, 0, 0, 0, 0, 0}, 24, 0, 0, "play", true));
  EXPECT_EQ(winner(after), -1);
}

TEST(NaiveMangala, T9FourteenStoneLap) {
  Game g = position(mangala(), {1, 2, 14, 0, 3, 1}, 5, {2, 2, 3, 4, 1, 3}, 7, 0);
  EXPECT_GAME(play(g, "3"), position(mangala(), {2, 3, 2, 1, 4, 2}, 6, {3, 3, 4, 5, 2, 4}, 7, 1));
}

// ================================================================ Mangala II

TEST(NaiveMangala2, M1OpeningNoCapture) {
  EXPECT_GAME(play(start(mangala2()), "6"), position(mangala2(), {6, 6, 6, 6, 6, 0}, 0, {7, 7, 7, 7, 7, 7}, 0, 1, 1));
  EXPECT_GAME(play(start(mangala2()), "1"), position(mangala2(), {0, 7, 7, 7, 7, 7}, 0, {7, 6, 6, 6, 6, 6}, 0, 1, 1));
}

TEST(NaiveMangala2, M2ChainCrossesRowsStopsAtOrigin) {
  Game g = position(mangala2(), {5, 2, 7, 4, 5, 1}, 14, {3, 1, 6, 2, 8, 0}, 14, 0, 7);
  EXPECT_GAME(play(g, "4"), position(mangala2(), {5, 2, 7, 0, 0, 0}, 28, {0, 0, 6, 2, 8, 0}, 14, 1, 0));
}

TEST(NaiveMangala2, M3ChainStopsAtFirstNonQualifyingHole) {
  Game g = position(mangala2(), {3, 1, 2, 3, 0, 5}, 20, {4, 1, 3, 0, 2, 6}, 22, 0);
  EXPECT_GAME(play(g, "1"), position(mangala2(), {0, 2, 3, 0, 0, 5}, 24, {4, 1, 3, 0, 2, 6}, 22, 1, 0));
}

TEST(NaiveMangala2, M4NorthChainIntoOwnRowThenPasses) {
  Game g = position(mangala2(), {1, 3, 5, 0, 0, 0}, 30, {2, 0, 0, 0, 4, 1}, 26, 1, 3);
  // South has no counters after the capture: automatic pass, North again.
  g = play(g, "5");
  EXPECT_GAME(g, position(mangala2(), {0, 0, 0, 0, 0, 0}, 30, {2, 0, 0, 0, 0, 0}, 40, 1, 0));
  g = play(g, "1");
  EXPECT_GAME(g, position(mangala2(), {0, 0, 0, 0, 0, 0}, 30, {0, 1, 1, 0, 0, 0}, 40, 1, 1));
  g = play(g, "2");
  EXPECT_GAME(g, position(mangala2(), {0, 0, 0, 0, 0, 0}, 30, {0, 0, 0, 0, 0, 0}, 42, 1, 0, "play", true));
  EXPECT_EQ(final_scores(g), (std::array<int, 2>{30, 42}));
  EXPECT_EQ(winner(g), 1);
}

TEST(NaiveMangala2, M5OriginNotSkipped) {
  Game g = position(mangala2(), {12, 0, 3, 1, 0, 2}, 24, {1, 0, 2, 3, 0, 1}, 23, 0);
  EXPECT_GAME(play(g, "1"), position(mangala2(), {1, 1, 4, 2, 1, 3}, 24, {2, 1, 3, 4, 1, 2}, 23, 1, 1));
}

TEST(NaiveMangala2, ChainEndsAtTheOriginEvenWhenItHolds2) {
  // 25 counters: the origin gets 2, the last lands in pit 2 (4, taken); the chain ends at the origin.
  Game g = position(mangala2(), {25, 1, 0, 0, 0, 0}, 23, {0, 0, 0, 0, 0, 0}, 23, 0);
  EXPECT_GAME(play(g, "1"), position(mangala2(), {2, 0, 2, 2, 2, 2}, 27, {2, 2, 2, 2, 2, 2}, 23, 1, 0));
}

TEST(NaiveMangala2, LastCounterInOriginCapturesNothing) {
  // 24 counters from South pit 1: two laps, the origin gets 2 and is last.
  Game g = position(mangala2(), {24, 1, 1, 1, 1, 1}, 20, {1, 1, 1, 1, 1, 1}, 17, 0);
  EXPECT_GAME(play(g, "1"), position(mangala2(), {2, 3, 3, 3, 3, 3}, 20, {3, 3, 3, 3, 3, 3}, 17, 1, 1));
}

TEST(NaiveMangala2, HundredQuietMovesEndTheGame) {
  Game g = start(mangala2());
  g.quiet = 98;
  g = play(g, "6");
  EXPECT_FALSE(g.over);
  EXPECT_EQ(g.quiet, 99);
  g = play(g, "1");  // North n0 (7) -> n1..n5 = 7+1, s0 = 7: no capture
  EXPECT_TRUE(g.over);
  EXPECT_EQ(g.quiet, 100);
  EXPECT_TRUE(legal_moves(g).empty());
  EXPECT_EQ(winner(g), -1);
}

// ============================================================ Bedouin Mangala

TEST(NaiveBedouin, DistributionMoveCounts) {
  EXPECT_EQ(legal_moves(start(bedouin(70))).size(), 62196u);
  EXPECT_EQ(legal_moves(start(bedouin(17))).size(), 1140u);
  std::vector<std::string> m = legal_moves(start(bedouin(2)));
  EXPECT_EQ(m, (std::vector<std::string>{"0,0,0,2", "0,0,1,1", "0,0,2,0", "0,1,0,1", "0,1,1,0", "0,2,0,0",
                                         "1,0,0,1", "1,0,1,0", "1,1,0,0", "2,0,0,0"}));
}

TEST(NaiveBedouin, B1DistributionAndFlip) {
  Game g = play(start(bedouin()), "20,15,25,10");
  EXPECT_GAME(g, position(bedouin(), {0, 0, 20, 15, 0, 0}, 0, {0, 0, 25, 10, 0, 0}, 0, 1, 1, "choose"));
  EXPECT_EQ(legal_moves(g), (std::vector<std::string>{"flip", "keep"}));
  Game f = play(g, "flip");
  EXPECT_GAME(f, position(bedouin(), {0, 0, 25, 10, 0, 0}, 0, {0, 0, 20, 15, 0, 0}, 0, 1, 2, "opening"));
  EXPECT_EQ(legal_moves(f), (std::vector<std::string>{"4"}));
}

TEST(NaiveBedouin, B2RestrictedOpeningsNoFlip) {
  Game g = play(play(start(bedouin()), "20,15,25,10"), "keep");
  EXPECT_GAME(g, position(bedouin(), {0, 0, 20, 15, 0, 0}, 0, {0, 0, 25, 10, 0, 0}, 0, 1, 2, "opening"));
  g = play(g, "4");
  EXPECT_GAME(g, position(bedouin(), {1, 1, 21, 16, 1, 1}, 0, {1, 1, 26, 0, 0, 1}, 0, 0, 3, "opening"));
  EXPECT_EQ(legal_moves(g), (std::vector<std::string>{"4"}));
  g = play(g, "4");
  EXPECT_GAME(g, position(bedouin(), {3, 3, 23, 1, 2, 2}, 0, {2, 2, 27, 1, 1, 3}, 0, 1, 4, "play"));
  EXPECT_EQ(legal_moves(g), (std::vector<std::string>{"1", "2", "3", "4", "5", "6"}));
}

TEST(NaiveBedouin, B3OddStops) {
  Game g = position(bedouin(), {2, 0, 3, 2, 0, 4}, 24, {1, 3, 0, 2, 5, 0}, 24, 0, 5);
  EXPECT_GAME(play(g, "4"), position(bedouin(), {2, 1, 4, 0, 0, 4}, 24, {1, 3, 0, 2, 5, 0}, 24, 1, 6));
}

TEST(NaiveBedouin, B4EvenEvenCapturesBoth) {
  Game g = position(bedouin(), {2, 0, 3, 1, 0, 4}, 24, {1, 3, 0, 2, 5, 0}, 25, 0, 5);
  EXPECT_GAME(play(g, "4"), position(bedouin(), {2, 0, 0, 0, 0, 4}, 30, {1, 3, 0, 0, 5, 0}, 25, 1, 0));
}

TEST(NaiveBedouin, B5EmptyOppositeCountsAsEven) {
  Game g = position(bedouin(), {2, 0, 3, 0, 1, 1}, 28, {0, 0, 3, 2, 5, 0}, 25, 0, 5);
  EXPECT_GAME(play(g, "6"), position(bedouin(), {2, 0, 3, 0, 0, 0}, 30, {0, 0, 3, 2, 5, 0}, 25, 1, 0));
}

TEST(NaiveBedouin, B6RelayOnEvenOddThenStop) {
  Game g = position(bedouin(), {2, 0, 3, 1, 0, 4}, 24, {1, 3, 0, 3, 5, 0}, 24, 0, 5);
  EXPECT_GAME(play(g, "4"), position(bedouin(), {3, 1, 0, 0, 1, 5}, 24, {2, 4, 1, 4, 0, 1}, 24, 1, 6));
}

TEST(NaiveBedouin, B7MoreThanTenRelaysRegardlessOfParity) {
  Game g = position(bedouin(), {2, 0, 10, 1, 2, 0}, 20, {1, 3, 0, 3, 5, 0}, 23, 0, 5);
  EXPECT_GAME(play(g, "5"), position(bedouin(), {3, 1, 0, 3, 1, 1}, 20, {2, 4, 1, 4, 6, 1}, 23, 1, 6));
}

TEST(NaiveBedouin, B8NorthEndsInSouthRowGeometricOpposite) {
  Game g = position(bedouin(), {1, 0, 3, 0, 2, 1}, 26, {1, 2, 0, 3, 5, 0}, 26, 1, 5);
  EXPECT_GAME(play(g, "2"), position(bedouin(), {1, 0, 3, 0, 2, 0}, 26, {0, 0, 0, 3, 5, 0}, 30, 0, 0));
}

TEST(NaiveBedouin, B9SouthEndsInNorthRowGeometricOpposite) {
  Game g = position(bedouin(), {2, 2, 0, 3, 0, 1}, 25, {4, 0, 1, 3, 0, 1}, 28, 0, 5);
  EXPECT_GAME(play(g, "2"), position(bedouin(), {3, 0, 0, 3, 0, 1}, 29, {4, 0, 1, 0, 1, 0}, 28, 1, 0));
}

TEST(NaiveBedouin, EndTestAfterLapTakesPrecedenceOverRelay) {
  // South sows its only 2 counters into n5, n4; n4 = 11 > 10 so a relay is
  // due, but South's row is empty: the game ends and the relay is not sown.
  Game g = position(bedouin(), {2, 0, 0, 0, 0, 0}, 30, {1, 0, 0, 0, 10, 3}, 24, 0, 5);
  Game a = play(g, "1");
  EXPECT_GAME(a, position(bedouin(), {0, 0, 0, 0, 0, 0}, 30, {1, 0, 0, 0, 11, 4}, 24, 0, 6, "play", true));
  EXPECT_EQ(winner(a), 0);
}

TEST(NaiveBedouin, CaptureThenEndTest) {
  // South s0 (1) -> n5 = 2, opposite s0 = 0 (even): capture 2; South's row is
  // now empty, the game ends; counters left on the board go to nobody.
  Game g = position(bedouin(), {1, 0, 0, 0, 0, 0}, 33, {0, 0, 0, 0, 3, 1}, 32, 0, 5);
  Game a = play(g, "1");
  EXPECT_GAME(a, position(bedouin(), {0, 0, 0, 0, 0, 0}, 35, {0, 0, 0, 0, 3, 0}, 32, 0, 0, "play", true));
  EXPECT_EQ(final_scores(a), (std::array<int, 2>{35, 32}));
  EXPECT_EQ(winner(a), 0);
}

TEST(NaiveBedouin, OpeningLapCanEndTheGame) {
  // K = 1 all in North pit 4: North's forced opening sows it into North pit 3,
  // South's row is empty, the game ends 0-0.
  Game g = play(play(start(bedouin(1)), "0,0,0,1"), "keep");
  EXPECT_EQ(legal_moves(g), (std::vector<std::string>{"4"}));
  g = play(g, "4");
  EXPECT_GAME(g, position(bedouin(1), {0, 0, 0, 0, 0, 0}, 0, {0, 0, 1, 0, 0, 0}, 0, 1, 3, "opening", true));
  EXPECT_EQ(winner(g), -1);
}

TEST(NaiveBedouin, EmptyFourthHolesPassAutomatically) {
  // "0,5,0,0" keep: North pit 4 is empty (pass), South sows its pit 4.
  Game g = play(play(start(bedouin(5)), "0,5,0,0"), "keep");
  EXPECT_GAME(g, position(bedouin(5), {0, 0, 0, 5, 0, 0}, 0, {0, 0, 0, 0, 0, 0}, 0, 0, 2, "opening"));
  g = play(g, "4");
  EXPECT_GAME(g, position(bedouin(5), {1, 1, 1, 0, 0, 0}, 0, {0, 0, 0, 0, 1, 1}, 0, 1, 3, "play"));
}

TEST(NaiveBedouin, AllCountersInOneSouthHole) {
  // Decision (see the report): passes are not laps, so no end test runs after
  // them; North's empty row in main play is an automatic pass and South sows.
  Game g = play(play(start(bedouin(70)), "70,0,0,0"), "keep");
  EXPECT_GAME(g, position(bedouin(70), {0, 0, 70, 0, 0, 0}, 0, {0, 0, 0, 0, 0, 0}, 0, 0, 2, "play"));
  EXPECT_EQ(legal_moves(g), (std::vector<std::string>{"3"}));
  // 70 from slot 2 clockwise: every hole +5, then slots 1,0,11,...,4 +1; last s4 = 6,
  // opposite n1 = 6: capture 12.
  g = play(g, "3");
  EXPECT_GAME(g, position(bedouin(70), {6, 6, 5, 5, 0, 6}, 12, {6, 0, 6, 6, 6, 6}, 0, 1, 0, "play"));
}

TEST(NaiveBedouin, HundredQuietMovesEndTheGame) {
  Game g = position(bedouin(), {2, 0, 3, 2, 0, 4}, 24, {1, 3, 0, 2, 5, 0}, 24, 0, 99);
  Game a = play(g, "4");  // B3: odd, no capture
  EXPECT_TRUE(a.over);
  EXPECT_EQ(a.quiet, 100);
  EXPECT_TRUE(legal_moves(a).empty());
  EXPECT_EQ(winner(a), -1);
  Game c = play(position(bedouin(), {2, 0, 3, 1, 0, 4}, 24, {1, 3, 0, 2, 5, 0}, 25, 0, 99), "4");  // B4 capture
  EXPECT_FALSE(c.over);
  EXPECT_EQ(c.quiet, 0);
}

// ============================================================ illegal moves

TEST(NaiveRules, IllegalMovesThrow) {
  Game k = start(kalah());
  for (const char* bad : {"0", "7", "", "01", " 1", "keep", "a"}) {
    EXPECT_THROW(play(k, bad), std::invalid_argument) << bad;
  }
  Game k3 = play(k, "3");  // South again; pit 3 is now empty
  EXPECT_THROW(play(k3, "3"), std::invalid_argument);
  Game b = start(bedouin(17));
  for (const char* bad : {"17,0,0", "17,0,0,0,0", "16,0,0,0", "18,0,0,0", "017,0,0,0", "17,0,0,-0", "4", "keep",
                          "17 ,0,0,0", "1,1,15,0,"})
    EXPECT_THROW(play(b, bad), std::invalid_argument) << bad;
  EXPECT_NO_THROW(play(b, "17,0,0,0"));
  Game c = play(b, "1,2,3,11");
  EXPECT_THROW(play(c, "4"), std::invalid_argument);
  EXPECT_THROW(play(c, "1,2,3,11"), std::invalid_argument);
  Game over = play(position(kalah(), {0, 0, 0, 0, 0, 1}, 22, {3, 0, 1, 0, 0, 0}, 21, 0), "6");
  EXPECT_THROW(play(over, "1"), std::invalid_argument);
}

// ======================================================== random playouts

namespace {

int expected_total(const Variant& v, const Game& g) {
  switch (v.family) {
    case Family::Kalah: return 2 * v.pits * v.seeds;
    case Family::Mangala: return 48;
    case Family::Mangala2: return 72;
    case Family::Bedouin: return g.phase == "distribute" ? 0 : v.counters;
  }
  return -1;
}

void random_playouts(const Variant& v, int games, unsigned seed) {
  std::mt19937 rng(seed);
  const Game initial = start(v);
  const std::vector<std::string> first_moves = legal_moves(initial);
  for (int game = 0; game < games; ++game) {
    Game g = initial;
    int moves = 0;
    while (!g.over) {
      const std::vector<std::string> m = g.phase == "distribute" ? first_moves : legal_moves(g);
      ASSERT_FALSE(m.empty()) << show(g);
      ASSERT_TRUE(std::is_sorted(m.begin(), m.end()));
      g = play(g, m[rng() % m.size()]);
      ++moves;
      ASSERT_EQ(total_seeds(g), expected_total(v, g)) << show(g);
      for (int x : g.south) ASSERT_GE(x, 0);
      for (int x : g.north) ASSERT_GE(x, 0);
      ASSERT_EQ(legal_moves(g).empty(), g.over) << show(g);
      if (v.family == Family::Kalah || v.family == Family::Mangala) {
        ASSERT_EQ(g.quiet, 0);
      } else {
        ASSERT_LE(g.quiet, 100);
      }
      ASSERT_LT(moves, 20000) << "game does not end";
    }
    if (v.family == Family::Kalah || v.family == Family::Mangala) {
      // the end sweep leaves the board empty
      for (int x : g.south) ASSERT_EQ(x, 0);
      for (int x : g.north) ASSERT_EQ(x, 0);
    }
    const int w = winner(g);
    ASSERT_TRUE(w == 0 || w == 1 || w == -1);
  }
}

}  // namespace

TEST(NaivePlayouts, Kalah) {
  random_playouts(kalah(6, 4, false), 300, 1);
  random_playouts(kalah(6, 4, true), 300, 2);
  random_playouts(kalah(6, 6, false), 100, 3);
  random_playouts(kalah(1, 1, true), 10, 4);
  random_playouts(kalah(1, 12, false), 50, 5);
  random_playouts(kalah(3, 7, true), 100, 6);
  random_playouts(kalah(8, 12, false), 50, 7);
  random_playouts(kalah(8, 1, true), 100, 8);
}

TEST(NaivePlayouts, Mangala) { random_playouts(mangala(), 500, 11); }

TEST(NaivePlayouts, Mangala2) { random_playouts(mangala2(), 300, 12); }

TEST(NaivePlayouts, Bedouin) {
  random_playouts(bedouin(70), 150, 13);
  random_playouts(bedouin(17), 300, 14);
  random_playouts(bedouin(1), 20, 15);
  random_playouts(bedouin(3), 100, 16);
}
