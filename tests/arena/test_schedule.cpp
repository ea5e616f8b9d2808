#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "tournament/schedule.h"

using arena::config::Kind;
using arena::tournament::Schedule;

TEST(Schedule, SameSeedSameGamesOtherSeedOtherOrder) {
  Schedule a(Kind::RoundRobin, 5, 1, 6, 4, 42), b(Kind::RoundRobin, 5, 1, 6, 4, 42), c(Kind::RoundRobin, 5, 1, 6, 4, 43);
  ASSERT_EQ(a.size(), 10 * 6 * 2);
  bool differs = false;
  for (std::int64_t id = 0; id < a.size(); ++id) {
    EXPECT_EQ(a.at(id), b.at(id));
    differs |= !(a.at(id) == c.at(id));
  }
  EXPECT_TRUE(differs);
}

TEST(Schedule, PairsAreColourSwappedFromOneOpening) {
  Schedule s(Kind::RoundRobin, 4, 1, 5, 3, 7);
  std::map<std::pair<int, int>, int> south_count;
  for (std::int64_t id = 0; id < s.size(); id += 2) {
    const auto g0 = s.at(id), g1 = s.at(id + 1);
    EXPECT_EQ(g0.south, g1.north);
    EXPECT_EQ(g0.north, g1.south);
    EXPECT_EQ(g0.opening_index, g1.opening_index);
    EXPECT_EQ(g0.round, g1.round);
    EXPECT_EQ(g0.opening_index, g0.round % 3);
    ++south_count[{g0.south, g0.north}];
  }
  // Every pairing plays once per round.
  std::map<std::pair<int, int>, int> per_pair;
  for (const auto& [k, n] : south_count) per_pair[{std::min(k.first, k.second), std::max(k.first, k.second)}] += n;
  EXPECT_EQ(per_pair.size(), 6u);
  for (const auto& [k, n] : per_pair) EXPECT_EQ(n, 5);
}

TEST(Schedule, GauntletPlaysOnlyAgainstTheChallengers) {
  Schedule s(Kind::Gauntlet, 5, 2, 1, 1, 1);
  EXPECT_EQ(s.size(), 2 * 3 * 2);
  for (std::int64_t id = 0; id < s.size(); ++id) {
    const auto g = s.at(id);
    EXPECT_TRUE((g.south < 2) != (g.north < 2));
  }
  EXPECT_THROW(s.at(s.size()), std::out_of_range);
}

// Who is South in a pair's first game alternates from round to round, so that neither engine
// always opens a pair (with an odd number of rounds the first engine opens one pair more).
TEST(Schedule, TheFirstSouthOfAPairAlternatesBetweenRounds) {
  Schedule s(Kind::RoundRobin, 3, 1, 4, 2, 5);
  std::map<int, std::vector<int>> first_south;  // pairing -> South of its first game, round by round
  for (std::int64_t id = 0; id < s.size(); id += 2) first_south[s.at(id).pairing].push_back(s.at(id).south);
  ASSERT_EQ(first_south.size(), 3u);
  for (const auto& [pairing, souths] : first_south) {
    ASSERT_EQ(souths.size(), 4u);
    for (std::size_t r = 1; r < souths.size(); ++r) EXPECT_NE(souths[r], souths[r - 1]) << "pairing " << pairing << ", round " << r;
  }
}

// The pairings are visited in an order that changes each round (a stopped run has spread its
// games over all pairings), not in one seeded order repeated every round.
TEST(Schedule, ThePairingOrderChangesFromRoundToRound) {
  Schedule s(Kind::RoundRobin, 5, 1, 4, 1, 42);
  constexpr int kGamesPerRound = 20;  // 5 engines: 10 pairings, one opening played each way
  auto order = [&](int round) {
    std::vector<int> pairings;
    for (std::int64_t id = round * kGamesPerRound; id < (round + 1) * kGamesPerRound; id += 2)
      pairings.push_back(s.at(id).pairing);
    return pairings;
  };
  const auto first = order(0);
  EXPECT_EQ(std::set<int>(first.begin(), first.end()).size(), 10u);
  bool changed = false;
  for (int round = 1; round < 4; ++round) changed |= order(round) != first;
  EXPECT_TRUE(changed);
}
