#pragma once
// Static evaluation in 1/100 seeds from the side to move's point of view. The base is the
// store (capture) difference; each family adds what its end rule makes the seeds on the board
// worth, and a bonus for moves that end in the own store (an extra turn in hand).
#include "rules/rules.h"
#include "search.h"

namespace mancala::search {

template <class R>
int score_difference(const R& rules, const Position& p) {
  const int d = rules.score(p, Side::South) - rules.score(p, Side::North);
  return p.side == Side::South ? d : -d;
}

namespace detail {

// Pits whose last seed would land exactly in the own store.
inline int extra_turn_pits(const std::uint8_t* row, int m, bool turkish) {
  int n = 0;
  for (int i = 0; i < m; ++i) {
    const int seeds = row[i], distance = m - i;
    if (turkish ? (seeds >= 2 ? seeds - 1 == distance : seeds == distance) : seeds == distance) ++n;
  }
  return n;
}

}  // namespace detail

template <class R>
int evaluate(const R& rules, const Position& p, bool plain) {
  const int base = kScoreUnit * score_difference(rules, p);
  if (plain || p.over) return base;
  const Variant& v = rules.variant();
  const Side me = p.side;
  if (v.has_stores()) {
    const int m = v.pits;
    const int my_first = me == Side::South ? 0 : m + 1, their_first = me == Side::South ? m + 1 : 0;
    int mine = 0, theirs = 0;
    for (int i = 0; i < m; ++i) {
      mine += p.cell[my_first + i];
      theirs += p.cell[their_first + i];
    }
    const bool turkish = v.family == Family::Mangala;
    const int extra = detail::extra_turn_pits(p.cell.data() + my_first, m, turkish);
    // Kalah: each side keeps its own row at the end, so seeds on my side are partly mine.
    const int row_weight = turkish ? 0 : 25;
    return base + row_weight * (mine - theirs) + 40 * extra;
  }
  // Ring games: counters on my side are what I sow with; a small mobility term.
  int mine = 0, theirs = 0;
  const int my_first = me == Side::South ? 0 : 6, their_first = me == Side::South ? 6 : 0;
  for (int i = 0; i < 6; ++i) {
    mine += p.cell[my_first + i] != 0;
    theirs += p.cell[their_first + i] != 0;
  }
  return base + 10 * (mine - theirs);
}

}  // namespace mancala::search
