#pragma once
// Static evaluation in 1/100 seeds from the side to move's point of view. The base is the
// store (capture) difference; each family adds a few cheap terms whose weights were fitted by
// least squares on self-play positions (target: the game's final margin and a deeper search's
// value, both minus the current difference) and then checked by matches against the plain
// evaluation at equal nodes (BENCHMARKS-eval.md). `plain` is exactly the store difference.
#include <algorithm>

#include "rules/rules.h"
#include "search.h"

namespace mancala::search {

template <class R>
int score_difference(const R& rules, const Position& p) {
  const int d = rules.score(p, Side::South) - rules.score(p, Side::North);
  return p.side == Side::South ? d : -d;
}

namespace detail {

// Store games, seen from one player: `row` is that player's pits 1..m (index 0 = farthest from
// the store), `other` the opponent's pits 1..m; opposite of own pit i is other[m - 1 - i].
struct StoreTerms {
  int extra = 0;  // pits whose last seed ends in the own store (an extra turn in hand)
  int gain = 0;   // the best immediate store gain of one sowing (passing the store + capture)
  int empty = 0;  // empty own pits
};

// One sowing of fewer than a full lap and a half, without playing it: the holes it passes get one
// seed each (the ring seen from the sower: own pits 0..m-1, own store m, opponent pits m+1..2m).
template <bool Turkish>
inline StoreTerms store_terms(const std::uint8_t* row, const std::uint8_t* other, int m, bool empty_capture = false) {
  StoreTerms t;
  const int cycle = 2 * m + 1;
  for (int i = 0; i < m; ++i) {
    const int s = row[i];
    if (!s) {
      ++t.empty;
      continue;
    }
    // Turkish: with 2+ stones the first goes back into the origin, so the sowing reaches s - 1 on.
    const int reach = Turkish && s >= 2 ? s - 1 : s;
    if (reach == m - i) {
      ++t.extra;
      t.gain = std::max(t.gain, 1);
      continue;
    }
    if (s > cycle) continue;  // long sowings: laps; left to the search
    const int last = (i + reach) % cycle;  // relative hole of the last seed
    const int first = Turkish && s >= 2 ? i : i + 1;  // relative hole of the first seed
    auto got = [&](int h) {  // seeds the sowing drops into relative hole h (0 or 1)
      const int d = (h - first + cycle) % cycle;
      return d < s ? 1 : 0;
    };
    const int passes = got(m);  // the sowing crossed the own store
    int capture = 0;
    if (last < m) {
      const int before = last == i ? 0 : row[last];
      if (before == 0 && !(Turkish && last == i)) {
        const int there = other[m - 1 - last] + got(2 * m - last);
        if (there || empty_capture) capture = there + 1;
      }
    } else if (Turkish && last > m) {
      const int here = other[last - m - 1] + 1;
      if ((here & 1) == 0) capture = here;
    }
    t.gain = std::max(t.gain, passes + capture);
  }
  return t;
}

// Mangala II: the best immediate capture of one single-lap sowing from `first` (the sower's pits),
// without playing it: counter-clockwise, the last hole and the chain before it at 2, 4 or 6.
inline int mangala2_gain(const std::uint8_t* cell, int first) {
  int best = 0;
  for (int o = first; o < first + 6; ++o) {
    const int s = cell[o];
    if (!s || s >= 12) continue;
    const int last = (o + s) % 12;
    int taken = 0;
    for (int h = last, k = 0; h != o && k < s; h = h == 0 ? 11 : h - 1, ++k) {
      const int c = cell[h] + 1;
      if (c != 2 && c != 4 && c != 6) break;
      taken += c;
    }
    best = std::max(best, taken);
  }
  return best;
}

// Weights in 1/100 seeds.
// Kalah: own and opponent pit counts by pit (index 0 = farthest from the store).
inline constexpr int kKalahOwnPit[6] = {23, 0, -18, -23, -16, 0};
inline constexpr int kKalahOtherPit[6] = {0, 7, 13, 20, 20, 3};
// Turkish Mangala.
inline constexpr int kMangalaOwnPit[6] = {-30, -14, 2, 12, 18, 27};
inline constexpr int kMangalaOtherPit[6] = {39, 15, 0, -11, -21, -24};

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
    const std::uint8_t* mine = p.cell.data() + my_first;
    const std::uint8_t* theirs = p.cell.data() + their_first;
    const bool turkish = v.family == Family::Mangala;
    const int* own_w = turkish ? detail::kMangalaOwnPit : detail::kKalahOwnPit;
    const int* other_w = turkish ? detail::kMangalaOtherPit : detail::kKalahOtherPit;
    int pits = 0, row_diff = 0, board = 0;
    for (int i = 0; i < m; ++i) {
      const int w = std::max(0, 6 - m + i);  // weights by distance from the store
      pits += own_w[w] * mine[i] + other_w[w] * theirs[i];
      row_diff += mine[i] - theirs[i];
      board += mine[i] + theirs[i];
    }
    const int total = v.total_seeds();
    const int progress = total ? (total - board) * 100 / total : 0;  // 0 at the start, 100 at the end
    if (turkish) {
      const auto a = detail::store_terms<true>(mine, theirs, m), b = detail::store_terms<true>(theirs, mine, m);
      return base - 37 + pits + 200 * a.extra - 165 * b.extra + 67 * a.gain - 16 * b.gain + 100 * a.empty -
             96 * b.empty + 43 * row_diff * progress / 100;
    }
    const bool ec = v.empty_capture;
    const auto a = detail::store_terms<false>(mine, theirs, m, ec), b = detail::store_terms<false>(theirs, mine, m, ec);
    return base + 30 + pits + 138 * a.extra - 44 * b.extra + 64 * a.gain - 41 * b.gain - 153 * a.empty +
           123 * b.empty + 55 * row_diff * progress / 100;
  }
  // Ring games.
  const int my_first = me == Side::South ? 0 : 6, their_first = me == Side::South ? 6 : 0;
  int mine = 0, theirs = 0, nm = 0, nt = 0, om = 0, ot = 0, em = 0, et = 0;
  const bool m2 = v.family == Family::Mangala2;
  for (int i = 0; i < 6; ++i) {
    const int a = p.cell[my_first + i], b = p.cell[their_first + i];
    mine += a;
    theirs += b;
    nm += a != 0;
    nt += b != 0;
    if (m2) {
      om += a == 1 || a == 3 || a == 5;
      ot += b == 1 || b == 3 || b == 5;
    } else {
      om += a & 1;
      ot += b & 1;
    }
    em += a && !(a & 1);
    et += b && !(b & 1);
  }
  if (m2) {
    const int gm = detail::mangala2_gain(p.cell.data(), my_first), gt = detail::mangala2_gain(p.cell.data(), their_first);
    return base - 67 + 15 * mine - 14 * theirs + 120 * nm - 115 * nt + 23 * om - 27 * ot + 38 * em - 49 * et +
           61 * gm - 34 * gt;
  }
  // Bedouin: the best capture of one move for each side, played out (relays decide too much to
  // guess; costs about 15% of the speed, worth it at equal time).
  auto exact = [&](Side who) {
    Position q = p;
    q.side = who;
    const int first = who == Side::South ? 0 : 6, before = q.captured[index(who)];
    int best = 0;
    for (int i = 0; i < 6; ++i)
      if (q.cell[first + i]) best = std::max(best, rules.play(q, Move::sow(i)).captured[index(who)] - before);
    return best;
  };
  const bool play = p.phase == Phase::Play;  // set-up phases: one forced sowing, no capture
  const int gm = play ? exact(me) : 0, gt = play ? exact(~me) : 0;
  return base + 37 + 5 * mine - 5 * theirs + 54 * nm - 65 * nt + 15 * om - 34 * ot + 40 * em - 31 * et + 66 * gm -
         17 * gt;
}

}  // namespace mancala::search
