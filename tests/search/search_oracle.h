#pragma once
// The search tests' oracles: an exhaustive minimax over the naive rules (written separately from
// the engine) for small boards, and for bigger ones the one-line search's proof of the position
// after a move.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "naive_rules.h"
#include "rules/game.h"
#include "search/search.h"

namespace search_oracle {

using mancala::Game;
using mancala::search::Limits;
using mancala::search::Searcher;

inline naive::Game to_naive(const Game& g) {
  naive::Game n;
  const auto& v = g.variant();
  n.variant.family = static_cast<naive::Family>(static_cast<int>(v.family));
  n.variant.pits = v.pits;
  n.variant.seeds = v.seeds;
  n.variant.empty_capture = v.empty_capture;
  n.variant.counters = v.counters;
  const auto& p = g.position();
  const int north_first = v.has_stores() ? v.pits + 1 : v.pits;
  for (int i = 0; i < v.pits; ++i) {
    n.south.push_back(p.cell[i]);
    n.north.push_back(p.cell[north_first + i]);
  }
  n.store[0] = g.score(mancala::Side::South);
  n.store[1] = g.score(mancala::Side::North);
  n.side = mancala::index(p.side);
  n.phase = mancala::phase_name(p.phase);
  n.quiet = p.quiet;
  n.over = p.over;
  return n;
}

// Exhaustive minimax of the final margin (side to move's view), memoised on the whole state.
class Minimax {
 public:
  int value(const naive::Game& g) {
    if (g.over) return margin(g, g.side);
    auto key = std::make_tuple(g.south, g.north, g.store[0], g.store[1], g.side, g.phase, g.quiet);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int best = -1000;
    for (const auto& mv : naive::legal_moves(g)) {
      const naive::Game child = naive::play(g, mv);
      const int v = child.over ? margin(child, g.side) : child.side == g.side ? value(child) : -value(child);
      best = std::max(best, v);
    }
    memo_[key] = best;
    return best;
  }
  // A finished game's final difference from `side`'s view, 0 for a draw (which in Mangala II
  // need not be an equal score).
  static int margin(const naive::Game& g, int side) {
    const auto s = naive::final_scores(g);
    if (naive::winner(g) == -1) return 0;
    return side == 0 ? s[0] - s[1] : s[1] - s[0];
  }

 private:
  std::map<std::tuple<std::vector<int>, std::vector<int>, int, int, int, std::string, int>, int> memo_;
};

inline mancala::search::Result solve(const Game& g, int hash_mb = 16) {
  Searcher searcher(mancala::search::Settings{hash_mb, mancala::search::Settings::kMaxLevel, false});
  const std::atomic<bool> stop{false};
  return searcher.search(g.variant(), g.position(), Limits{}, stop);
}

// The exhaustive minimax value of playing `move` in `g`, from the mover's view.
inline int minimax_after(Minimax& minimax, const Game& g, mancala::Move move) {
  Game after = g;
  after.play(move);
  if (after.over()) return Minimax::margin(to_naive(after), to_naive(g).side);  // the oracle's result rule
  const int v = minimax.value(to_naive(after));
  return after.side_to_move() == g.side_to_move() ? v : -v;
}

inline void expect_proven_equals_minimax(const std::string& text) {
  auto g = text.find(' ') == std::string::npos ? Game::from_spec(text) : Game::from_notation(text);
  ASSERT_TRUE(g) << g.error();
  const auto result = solve(*g);
  ASSERT_TRUE(result.proven) << text;
  Minimax minimax;
  const int exact = minimax.value(to_naive(*g));
  EXPECT_EQ(result.score, exact * mancala::search::kScoreUnit) << text;
  // The chosen move must achieve that value.
  EXPECT_EQ(minimax_after(minimax, *g, result.best), exact) << text << " best move " << g->move_text(result.best);
}

// The value of playing `move` in `g` from the mover's view, proven by the one-line search: the
// check for boards too big for the exhaustive minimax (the small ones test the one-line search).
inline int solved_after(const Game& g, mancala::Move move) {
  Game after = g;
  after.play(move);
  int v = 0;
  if (after.over()) {
    v = after.outcome() == mancala::Outcome::Draw ? 0 : after.score(mancala::Side::South) - after.score(mancala::Side::North);
    if (g.side_to_move() == mancala::Side::North) v = -v;
  } else {
    const auto result = solve(after);
    EXPECT_TRUE(result.proven);
    v = result.score / mancala::search::kScoreUnit;
    if (after.side_to_move() != g.side_to_move()) v = -v;
  }
  return v;
}

}  // namespace search_oracle
