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
  // Counters on each side; non-empty holes; holes whose count is odd (Mangala II: 1, 3 or 5, which
  // one more counter makes capturable); non-empty holes with an even count.
  int mine = 0, theirs = 0, my_holes = 0, their_holes = 0, my_odd = 0, their_odd = 0, my_even = 0, their_even = 0;
  const bool m2 = v.family == Family::Mangala2;
  for (int i = 0; i < 6; ++i) {
    const int a = p.cell[my_first + i], b = p.cell[their_first + i];
    mine += a;
    theirs += b;
    my_holes += a != 0;
    their_holes += b != 0;
    if (m2) {
      my_odd += a == 1 || a == 3 || a == 5;
      their_odd += b == 1 || b == 3 || b == 5;
    } else {
      my_odd += a & 1;
      their_odd += b & 1;
    }
    my_even += a && !(a & 1);
    their_even += b && !(b & 1);
  }
  if (m2) {
    const int my_gain = detail::mangala2_gain(p.cell.data(), my_first);
    const int their_gain = detail::mangala2_gain(p.cell.data(), their_first);
    return base - 67 + 15 * mine - 14 * theirs + 120 * my_holes - 115 * their_holes + 23 * my_odd - 27 * their_odd +
           38 * my_even - 49 * their_even + 61 * my_gain - 34 * their_gain;
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
  const int my_gain = play ? exact(me) : 0, their_gain = play ? exact(~me) : 0;
  return base + 37 + 5 * mine - 5 * theirs + 54 * my_holes - 65 * their_holes + 15 * my_odd - 34 * their_odd +
         40 * my_even - 31 * their_even + 66 * my_gain - 17 * their_gain;
}

}  // namespace mancala::search
