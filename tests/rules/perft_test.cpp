// Kalah(6,4) perft from the start against the published counts (one ply = one sowing).
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "rules/bedouin_rules.h"
#include "rules/game.h"
#include "rules/perft.h"

namespace {

using mancala::Game;
using mancala::Variant;

std::vector<std::uint64_t> perft_table(const Variant& v, int max_depth) {
  Game g(v);
  std::vector<std::uint64_t> out;
  for (int d = 1; d <= max_depth; ++d) out.push_back(mancala::perft(v, g.position(), d));
  return out;
}

TEST(Perft, KalahEmptyCaptureMatchesPublishedCounts) {
  const std::vector<std::uint64_t> published = {6, 35, 185, 942, 4685, 23169, 113959, 559885, 2743126};
  EXPECT_EQ(perft_table(Variant::kalah(6, 4, true), 9), published);
}

TEST(Perft, KalahStandardMatchesPublishedCounts) {
  const std::vector<std::uint64_t> published = {6, 35, 185, 942, 4690, 23233, 114430, 563055, 2763490};
  EXPECT_EQ(perft_table(Variant::kalah(6, 4, false), 9), published);
}

TEST(Perft, DepthZeroIsOneAndFinishedGameIsZero) {
  const Variant v = Variant::kalah();
  auto done = Game::from_notation("kalah(6,4) 0,0,0,0,0,0:20 0,0,0,0,0,0:28 -");
  ASSERT_TRUE(done) << done.error();
  EXPECT_EQ(mancala::perft(v, done->position(), 0), 1u);
  EXPECT_EQ(mancala::perft(v, done->position(), 3), 0u);
}

// perft_until (the protocol's stoppable perft) checks its flag above the last five plies and
// counts like perft below them: the same numbers at depths that use both parts.
TEST(Perft, StoppablePerftCountsTheSameAndStops) {
  const std::atomic<bool> never{false}, stopped{true};
  for (const Variant& v : {Variant::kalah(6, 4, false), Variant::mangala(), Variant::mangala2(), Variant::bedouin(17)}) {
    const Game g(v);
    for (int depth : {0, 5, 6, 7}) EXPECT_EQ(mancala::perft_until(v, g.position(), depth, never), mancala::perft(v, g.position(), depth)) << v.spec() << " " << depth;
    EXPECT_FALSE(mancala::perft_until(v, g.position(), 7, stopped)) << v.spec();
  }
}

TEST(Perft, BedouinDistributionCount) {
  Game g(Variant::bedouin(70));
  EXPECT_EQ(mancala::perft(g.variant(), g.position(), 1), 62196u);
  EXPECT_EQ(g.legal_moves().size(), 62196u);
}

// distribution_at(i) is the i-th distribution that for_each_move lists, for every i.
TEST(Perft, BedouinDistributionAtIndexIsTheListedOne) {
  for (int counters : {1, 2, 5, 17, 70}) {
    const mancala::BedouinRules rules(Variant::bedouin(counters));
    const Game g(Variant::bedouin(counters));
    long index = 0;
    rules.for_each_move(g.position(), [&](mancala::Move mv) {
      EXPECT_EQ(rules.distribution_at(index), mv) << counters << " counters, index " << index;
      ++index;
    });
    EXPECT_EQ(index, rules.distribution_count()) << counters;
  }
  const mancala::BedouinRules big(Variant::bedouin(240));
  EXPECT_EQ(big.distribution_count(), 2362041);
  EXPECT_EQ(big.distribution_at(0), mancala::Move::distribute(0, 0, 0));
  EXPECT_EQ(big.distribution_at(big.distribution_count() - 1), mancala::Move::distribute(240, 0, 0));
}

}  // namespace

namespace {

// Tables for the other variants, produced by the fast library and agreed by the naive oracle
// (tests/naive, and crosscheck_test.cpp compares the two at every node).
TEST(Perft, OtherVariantsFromTheStart) {
  EXPECT_EQ(perft_table(Variant::mangala(), 6), (std::vector<std::uint64_t>{6, 36, 213, 1233, 6956, 38116}));
  EXPECT_EQ(perft_table(Variant::mangala2(), 6), (std::vector<std::uint64_t>{6, 36, 206, 1166, 6599, 36654}));
  EXPECT_EQ(perft_table(Variant::bedouin(17), 4), (std::vector<std::uint64_t>{1140, 2280, 2280, 3324}));
  EXPECT_EQ(perft_table(Variant::bedouin(70), 3), (std::vector<std::uint64_t>{62196, 124392, 124392}));
}

}  // namespace

namespace {

TEST(Perft, MidGamePositions) {
  auto table = [](const char* notation, int depth) {
    auto g = Game::from_notation(notation);
    EXPECT_TRUE(g) << g.error();
    std::vector<std::uint64_t> out;
    for (int d = 1; d <= depth; ++d) out.push_back(mancala::perft(g->variant(), g->position(), d));
    return out;
  };
  EXPECT_EQ(table("mangala 1,0,5,5,5,4:3 4,4,4,0,6,6:1 s", 5), (std::vector<std::uint64_t>{5, 24, 115, 560, 2723}));
  EXPECT_EQ(table("mangala2 7,0,7,7,7,7:0 6,6,7,7,0,7:4 s 0", 5), (std::vector<std::uint64_t>{5, 28, 153, 852, 4621}));
  EXPECT_EQ(table("bedouin(17) 1,1,1,0,2,2:0 2,2,1,3,1,1:0 n play 4", 5),
            (std::vector<std::uint64_t>{6, 30, 118, 411, 1305}));
}

}  // namespace
