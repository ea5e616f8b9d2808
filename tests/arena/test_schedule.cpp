#include <gtest/gtest.h>

#include <map>
#include <set>

#include "openings/openings.h"
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

// Random openings: when none can be made, the message names the real cause.
TEST(RandomOpenings, NoneMadeSaysWhy) {
  using arena::openings::generate_random;
  auto message = [](const arena::openings::RandomSpec& spec, const arena::openings::BalanceProbe& probe) {
    try {
      generate_random(spec, probe);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // kalah(1,1): South's one move ends the game, so two plies never exist.
  EXPECT_EQ(message({"kalah(1,1)", 2, 4, 1, 2}, nullptr),
            "no random opening: every sequence of 2 random moves in kalah(1,1) ends the game; ask for fewer plies");
  const arena::openings::BalanceProbe refuse_all = [](const arena::openings::Opening&) { return std::optional<int>(); };
  EXPECT_EQ(message({"kalah(6,4)", 2, 4, 1, 2}, refuse_all),
            "no random opening passes the filter; allow a larger filter_max_score or fewer plies");
  EXPECT_EQ(generate_random({"kalah(6,4)", 2, 4, 1, 2}, nullptr).size(), 4u);
}
