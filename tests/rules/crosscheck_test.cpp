// The fast rules library against the naive oracle in tests/naive (written separately from
// RULES.md): perft tables from the start and from mid-game positions, and random games compared
// state by state.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "naive_rules.h"
#include "rules/game.h"
#include "rules/perft.h"

namespace {

using mancala::Game;
using mancala::Variant;

naive::Variant to_naive(const Variant& v) {
  naive::Variant n;
  n.family = static_cast<naive::Family>(static_cast<int>(v.family));
  n.pits = v.pits;
  n.seeds = v.seeds;
  n.empty_capture = v.empty_capture;
  n.counters = v.counters;
  return n;
}

std::vector<std::string> fast_moves(const Game& g) {
  std::vector<std::string> out;
  for (auto mv : g.legal_moves()) out.push_back(g.move_text(mv));
  std::sort(out.begin(), out.end());
  return out;
}

void expect_same_state(const Game& g, const naive::Game& n, const std::string& where) {
  ASSERT_EQ(g.over(), n.over) << where;
  const auto scores = naive::final_scores(n);
  ASSERT_EQ(g.score(mancala::Side::South), scores[0]) << where;
  ASSERT_EQ(g.score(mancala::Side::North), scores[1]) << where;
  const int north_first = g.variant().has_stores() ? g.variant().pits + 1 : g.variant().pits;
  for (int i = 0; i < g.variant().pits; ++i) {
    ASSERT_EQ(g.position().cell[i], n.south[i]) << where << " South pit " << i + 1;
    ASSERT_EQ(g.position().cell[north_first + i], n.north[i]) << where << " North pit " << i + 1;
  }
  if (!g.over()) {
    ASSERT_EQ(mancala::index(g.side_to_move()), n.side) << where;
    ASSERT_EQ(mancala::phase_name(g.position().phase), n.phase) << where;
  }
  if (!g.variant().has_stores()) {
    ASSERT_EQ(g.position().quiet, n.quiet) << where;
  }
  ASSERT_EQ(fast_moves(g), naive::legal_moves(n)) << where;
  if (g.over()) {
    const int expected = g.outcome() == mancala::Outcome::SouthWins ? 0 : g.outcome() == mancala::Outcome::NorthWins ? 1 : -1;
    ASSERT_EQ(naive::winner(n), expected) << where;
  }
}

// Plays the same random games in both implementations and compares after every move; returns
// a few mid-game move sequences for the perft comparison.
std::vector<std::vector<std::string>> compare_random_games(const Variant& v, int games, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::vector<std::string>> midgames;
  for (int k = 0; k < games; ++k) {
    Game g(v);
    naive::Game n = naive::start(to_naive(v));
    std::vector<std::string> line;
    while (!g.over()) {
      const auto moves = naive::legal_moves(n);
      if (moves.empty()) break;
      const std::string mv = moves[rng() % moves.size()];
      line.push_back(mv);
      auto error = g.play(mv);
      EXPECT_FALSE(error) << v.spec() << " " << mv << ": " << *error;
      if (error) return midgames;
      n = naive::play(n, mv);
      std::string where = v.spec();
      for (auto& m : line) where += " " + m;
      expect_same_state(g, n, where);
      if (testing::Test::HasFatalFailure()) return midgames;
      if (line.size() == 8 && k < 3) midgames.push_back(line);
    }
    EXPECT_TRUE(g.over() && n.over) << v.spec();
  }
  return midgames;
}

void compare_perft(const Variant& v, const std::vector<std::string>& line, int depth) {
  Game g(v);
  naive::Game n = naive::start(to_naive(v));
  for (const auto& mv : line) {
    ASSERT_FALSE(g.play(mv));
    n = naive::play(n, mv);
  }
  for (int d = 1; d <= depth; ++d)
    ASSERT_EQ(mancala::perft(v, g.position(), d), naive::perft(n, d)) << g.notation() << " depth " << d;
}

struct Case {
  Variant variant;
  int start_depth;
  int mid_depth;
  int games;
};

class CrossCheck : public testing::TestWithParam<Case> {};

TEST_P(CrossCheck, RandomGamesAndPerftAgree) {
  const Case& c = GetParam();
  compare_perft(c.variant, {}, c.start_depth);
  auto midgames = compare_random_games(c.variant, c.games, 12345);
  ASSERT_FALSE(HasFatalFailure());
  for (const auto& line : midgames) compare_perft(c.variant, line, c.mid_depth);
}

INSTANTIATE_TEST_SUITE_P(
    AllVariants, CrossCheck,
    testing::Values(Case{Variant::kalah(6, 4), 6, 5, 100}, Case{Variant::kalah(6, 4, true), 6, 5, 100},
                    Case{Variant::kalah(3, 3), 8, 6, 100}, Case{Variant::kalah(8, 12, true), 4, 4, 30},
                    Case{Variant::kalah(1, 2), 6, 4, 20}, Case{Variant::mangala(), 6, 5, 150},
                    Case{Variant::mangala2(), 6, 5, 150}, Case{Variant::bedouin(17), 4, 4, 150},
                    Case{Variant::bedouin(70), 2, 4, 20}, Case{Variant::bedouin(4), 6, 5, 100}),
    [](const testing::TestParamInfo<Case>& info) {
      std::string name = info.param.variant.spec();
      std::replace_if(name.begin(), name.end(), [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); }, '_');
      return name;
    });

}  // namespace
