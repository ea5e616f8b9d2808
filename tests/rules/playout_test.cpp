// Random playouts in every variant: seeds are conserved, every game ends, and the notation
// round-trips exactly at every step.
#include <gtest/gtest.h>

#include <random>

#include "rules/game.h"

namespace {

using mancala::Game;
using mancala::Variant;

int seeds_in_play(const Game& g) {
  const Variant& v = g.variant();
  int sum = 0;
  for (int i = 0; i < v.cells(); ++i) sum += g.position().cell[i];
  if (!v.has_stores()) sum += g.position().captured[0] + g.position().captured[1];
  return sum;
}

void random_games(const Variant& v, int games, unsigned seed) {
  std::mt19937 rng(seed);
  for (int n = 0; n < games; ++n) {
    Game g(v);
    int moves = 0;
    while (!g.over()) {
      auto legal = g.legal_moves();
      ASSERT_FALSE(legal.empty()) << "no legal move in a running game: " << g.notation();
      const mancala::Move mv = legal[rng() % legal.size()];
      const std::string text = g.move_text(mv);
      auto parsed = g.parse_move(text);
      ASSERT_TRUE(parsed) << text << ": " << parsed.error();
      ASSERT_EQ(*parsed, mv);
      g.play(mv);
      ++moves;
      ASSERT_LT(moves, 5000) << "game does not end: " << g.notation();
      if (!(v.family == mancala::Family::Bedouin && g.position().phase == mancala::Phase::Distribute)) {
        ASSERT_EQ(seeds_in_play(g), v.total_seeds()) << g.notation();
      }
      auto back = Game::from_notation(g.notation());
      ASSERT_TRUE(back) << g.notation() << ": " << back.error();
      ASSERT_EQ(*back, g) << g.notation();
    }
    ASSERT_TRUE(g.outcome().has_value());
    ASSERT_TRUE(g.legal_moves().empty());
  }
}

TEST(Playout, Kalah) {
  random_games(Variant::kalah(6, 4), 300, 1);
  random_games(Variant::kalah(6, 4, true), 300, 2);
  random_games(Variant::kalah(1, 1), 50, 3);
  random_games(Variant::kalah(8, 12), 100, 4);
  random_games(Variant::kalah(3, 3, true), 100, 5);
}
TEST(Playout, Mangala) { random_games(Variant::mangala(), 300, 6); }
TEST(Playout, Mangala2) { random_games(Variant::mangala2(), 300, 7); }
TEST(Playout, Bedouin) {
  random_games(Variant::bedouin(17), 300, 8);
  random_games(Variant::bedouin(70), 40, 9);
  random_games(Variant::bedouin(1), 20, 10);
}

}  // namespace
