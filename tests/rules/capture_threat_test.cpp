// capture_threat (the search's ordering hint in the store games) against captures found by
// sowing seed by seed, as RULES.md states them, in positions from random games.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "rules/game.h"
#include "rules/rules.h"

namespace {

using mancala::Family;
using mancala::Game;
using mancala::Position;
using mancala::Side;
using mancala::Variant;

// The most seeds `s` could take from the other row with one move (as if it were `s`'s turn).
int naive_threat(const Variant& v, const Position& p, Side s) {
  const bool turkish = v.family == Family::Mangala;
  const int m = v.pits, holes = 2 * m + 2;
  const int first = s == Side::South ? 0 : m + 1;
  const int own_store = s == Side::South ? m : 2 * m + 1, other_store = s == Side::South ? 2 * m + 1 : m;
  int most = 0;
  for (int origin = first; origin < first + m; ++origin) {
    std::vector<int> cell(p.cell.begin(), p.cell.begin() + holes);
    int seeds = cell[origin], hole = origin;
    if (seeds == 0) continue;
    cell[origin] = 0;
    if (turkish && seeds >= 2) {  // the first stone goes back into the origin
      cell[origin] = 1;
      --seeds;
    }
    while (seeds > 0) {
      hole = (hole + 1) % holes;
      if (hole == other_store) continue;
      ++cell[hole];
      --seeds;
    }
    const bool own_pit = hole >= first && hole < first + m;
    if (own_pit && cell[hole] == 1) most = std::max(most, cell[2 * m - hole]);  // the opposite pit
    if (turkish && !own_pit && hole != own_store && cell[hole] % 2 == 0) most = std::max(most, cell[hole]);
  }
  return most;
}

// Calls f with the store game's rules class (the one the search uses for `v`).
template <class F>
void with_store_rules(const Variant& v, F&& f) {
  mancala::visit_rules(v, [&](const auto& rules) {
    if constexpr (requires { rules.capture_threat(Position{}, Side::South); }) f(rules);
    else FAIL() << v.spec() << " has no capture_threat";
  });
}

void compare_in_random_games(const Variant& v, int games, unsigned seed) {
  with_store_rules(v, [&](const auto& rules) {
    std::mt19937 rng(seed);
    int positions = 0, threatened = 0;
    for (int n = 0; n < games; ++n) {
      Game g(v);
      while (!g.over()) {
        for (Side s : {Side::South, Side::North}) {
          const int expected = naive_threat(v, g.position(), s);
          ASSERT_EQ(rules.capture_threat(g.position(), s), expected) << g.notation() << (s == Side::South ? " south" : " north");
          ++positions;
          threatened += expected > 0;
        }
        const auto legal = g.legal_moves();
        g.play(legal[rng() % legal.size()]);
      }
    }
    // The comparison means something only if captures are often possible.
    EXPECT_GT(threatened, positions / 10) << v.spec();
  });
}

TEST(CaptureThreat, MatchesSowingSeedBySeedInRandomGames) {
  compare_in_random_games(Variant::kalah(6, 4), 200, 1);
  compare_in_random_games(Variant::kalah(6, 4, true), 200, 2);
  compare_in_random_games(Variant::kalah(4, 3), 200, 3);
  compare_in_random_games(Variant::kalah(3, 3, true), 200, 4);
  compare_in_random_games(Variant::kalah(8, 12), 50, 5);  // pits of more than a lap
  compare_in_random_games(Variant::mangala(), 200, 6);
}

// South's 2 seeds in pit 1 end in the empty pit 3, opposite North's 5: a threat of 5. In the
// Turkish game the first stone goes back into pit 1 and the last ends in pit 2, opposite 3 seeds.
TEST(CaptureThreat, Examples) {
  Position p;
  p.cell[1] = 2;
  p.cell[9] = 5;   // opposite pit 3 (holes 0-5 South, 6 its store, 7-12 North, 13 its store)
  p.cell[10] = 3;  // opposite pit 2
  with_store_rules(Variant::kalah(6, 4), [&](const auto& rules) {
    EXPECT_EQ(rules.capture_threat(p, Side::South), 5);
    EXPECT_EQ(rules.capture_threat(p, Side::North), 0);  // both North sowings end in South's row
  });
  with_store_rules(Variant::mangala(), [&](const auto& rules) {
    EXPECT_EQ(rules.capture_threat(p, Side::South), 3);
    // North's 3 from hole 10: one back, then 11 and the empty 12, opposite South's empty pit 0.
    EXPECT_EQ(rules.capture_threat(p, Side::North), 0);
  });
}

}  // namespace
