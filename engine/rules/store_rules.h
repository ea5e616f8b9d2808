#pragma once
// Kalah(m,n) and the Turkish Mangala: pits plus two stores, counter-clockwise sowing that skips
// the opponent's store, an extra turn for ending in the own store. The hooks where they differ:
// Turkish drops the first stone back into the origin, also captures on an even count in an
// opponent pit, needs a non-empty opposite pit for the empty-pit capture, and gives the
// remaining stones to the player whose row ran empty (Kalah: each player keeps their own).
#include <cassert>

#include "move.h"
#include "position.h"
#include "variant.h"

namespace mancala {

template <bool Turkish>
class StoreRules {
 public:
  explicit StoreRules(const Variant& v) : variant_(v), m_(v.pits), empty_capture_(v.empty_capture) {
    assert(v.has_stores());
  }

  const Variant& variant() const { return variant_; }
  int pits() const { return m_; }
  int store(Side s) const { return s == Side::South ? m_ : 2 * m_ + 1; }
  int first_pit(Side s) const { return s == Side::South ? 0 : m_ + 1; }

  Position start() const {
    Position p;
    for (int i = 0; i < 2 * m_ + 2; ++i)
      if (i != m_ && i != 2 * m_ + 1) p.cell[i] = static_cast<std::uint8_t>(variant_.seeds);
    return p;
  }

  void generate(const Position& p, MoveList& list) const {
    list.clear();
    if (p.over) return;
    const int base = first_pit(p.side);
    for (int i = 0; i < m_; ++i)
      if (p.cell[base + i]) list.push(Move::sow(i));
  }

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    MoveList list;
    generate(p, list);
    for (Move mv : list) f(mv);
  }

  bool is_legal(const Position& p, Move mv) const {
    return !p.over && mv.is_sow() && mv.pit() < m_ && p.cell[first_pit(p.side) + mv.pit()] != 0;
  }

  int row_sum(const Position& p, Side s) const {
    int sum = 0;
    for (int i = first_pit(s), e = i + m_; i < e; ++i) sum += p.cell[i];
    return sum;
  }

  // Store contents; at game end they already include the sweep.
  int score(const Position& p, Side s) const { return p.cell[store(s)]; }

  void make(Position& p, Move mv) const {
    assert(is_legal(p, mv));
    const Side me = p.side;
    const int own_store = store(me), opp_store = store(~me);
    const int origin = first_pit(me) + mv.pit();
    const int cycle = 2 * m_ + 1;  // holes a sowing visits: all but the opponent's store
    const int cells = 2 * m_ + 2;

    int seeds = p.cell[origin];
    p.cell[origin] = 0;
    if (Turkish && seeds >= 2) {  // the first stone goes back into the origin
      p.cell[origin] = 1;
      --seeds;
    }
    int hole = origin;
    if (seeds > cycle) {  // whole laps at once: every hole but the opponent's store gets one
      const int laps = (seeds - 1) / cycle;
      for (int i = 0; i < cells; ++i) p.cell[i] = static_cast<std::uint8_t>(p.cell[i] + laps);
      p.cell[opp_store] = static_cast<std::uint8_t>(p.cell[opp_store] - laps);
      seeds -= laps * cycle;
    }
    while (seeds--) {
      if (++hole == cells) hole = 0;
      if (hole == opp_store && ++hole == cells) hole = 0;
      ++p.cell[hole];
    }

    bool again = hole == own_store;
    if (!again) {
      const bool own_pit = hole >= first_pit(me) && hole < first_pit(me) + m_;
      if (own_pit && p.cell[hole] == 1) {
        const int opposite = 2 * m_ - hole;
        if (p.cell[opposite] || (!Turkish && empty_capture_)) {
          p.cell[own_store] = static_cast<std::uint8_t>(p.cell[own_store] + p.cell[opposite] + 1);
          p.cell[opposite] = p.cell[hole] = 0;
        }
      } else if (Turkish && !own_pit && (p.cell[hole] & 1) == 0) {
        p.cell[own_store] = static_cast<std::uint8_t>(p.cell[own_store] + p.cell[hole]);
        p.cell[hole] = 0;
      }
    }

    const int south_left = row_sum(p, Side::South), north_left = row_sum(p, Side::North);
    if (south_left == 0 || north_left == 0) {
      finish(p, south_left, north_left);
      return;
    }
    if (!again) p.side = ~me;
  }

 private:
  void finish(Position& p, int south_left, int north_left) const {
    for (int i = 0; i < m_; ++i) p.cell[i] = p.cell[m_ + 1 + i] = 0;
    auto add = [&](Side s, int seeds) { p.cell[store(s)] = static_cast<std::uint8_t>(p.cell[store(s)] + seeds); };
    if (Turkish) {  // the player whose row is empty takes what is left in the other row
      add(south_left == 0 ? Side::South : Side::North, south_left + north_left);
    } else {
      add(Side::South, south_left);
      add(Side::North, north_left);
    }
    end_game(p);
  }

  Variant variant_;
  int m_;
  bool empty_capture_;
};

using KalahRules = StoreRules<false>;
using MangalaRules = StoreRules<true>;

}  // namespace mancala
