#pragma once
// Mangala II (Ottoman): a 12-hole ring without stores, counter-clockwise single-lap sowing; a
// last hole holding 2, 4 or 6 is captured, and so is each hole before it on the track while the
// chain holds, never the origin. Ends when the board is empty or after kQuietLimit quiet moves.
#include <cassert>

#include "move.h"
#include "ring.h"
#include "position.h"
#include "variant.h"

namespace mancala {

inline constexpr int kRingHoles = ring::kHoles;
inline constexpr int kRingPits = ring::kPits;
inline constexpr int kQuietLimit = ring::kQuietLimit;

class Mangala2Rules {
 public:
  explicit Mangala2Rules(const Variant& v) : variant_(v) { assert(v.family == Family::Mangala2); }

  const Variant& variant() const { return variant_; }
  int pits() const { return kRingPits; }
  static int first_pit(Side s) { return ring::first_pit(s); }

  Position start() const {
    Position p;
    for (int i = 0; i < kRingHoles; ++i) p.cell[i] = 6;
    return p;
  }

  static int row_sum(const Position& p, Side s) { return ring::row_sum(p, s); }

  void generate(const Position& p, MoveList& list) const {
    list.clear();
    if (!p.over) ring::generate_sowings(p, list);
  }

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    MoveList list;
    generate(p, list);
    for (Move mv : list) f(mv);
  }

  bool is_legal(const Position& p, Move mv) const {
    return !p.over && ring::is_legal_sowing(p, mv);
  }

  int score(const Position& p, Side s) const { return p.captured[index(s)]; }

  Position play(Position p, Move mv) const {
    make(p, mv);
    return p;
  }

  void make(Position& p, Move mv) const {
    assert(is_legal(p, mv));
    const Side me = p.side;
    const int origin = first_pit(me) + mv.pit();
    const int hole = ring::sow(p, origin, +1);

    int taken = 0;
    for (int h = hole; h != origin; h = h == 0 ? kRingHoles - 1 : h - 1) {
      const int c = p.cell[h];
      if (c != 2 && c != 4 && c != 6) break;
      taken += c;
      p.cell[h] = 0;
    }
    p.captured[index(me)] = static_cast<std::uint8_t>(p.captured[index(me)] + taken);
    p.quiet = taken ? 0 : static_cast<std::uint8_t>(p.quiet + 1);

    const int south_left = row_sum(p, Side::South), north_left = row_sum(p, Side::North);
    if ((south_left == 0 && north_left == 0) || p.quiet >= kQuietLimit) {
      end_game(p);
      return;
    }
    // The opponent moves next unless their row is empty: then they pass automatically.
    if ((me == Side::South ? north_left : south_left) != 0) p.side = ~me;
  }

 private:
  Variant variant_;
};

}  // namespace mancala
