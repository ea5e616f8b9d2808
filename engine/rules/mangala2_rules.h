#pragma once
// Mangala II (Ottoman): a 12-hole ring without stores, counter-clockwise single-lap sowing; a
// last hole holding 2, 4 or 6 is captured, and so is each hole before it on the track while the
// chain holds, never the origin. Ends when the board is empty or after kQuietLimit quiet moves.
#include <algorithm>
#include <cassert>
#include <cstring>

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
    if (!p.over) ring::for_each_sowing(p, f);
  }

  bool is_legal(const Position& p, Move mv) const {
    return !p.over && ring::is_legal_sowing(p, mv);
  }

  int score(const Position& p, Side s) const { return p.captured[index(s)]; }

  // Rule 6: a win needs a majority, 37 of the 72 counters. A game the quiet-move limit ends with
  // neither player there is a draw, whatever the difference (result_margin in rules.h).
  bool decisive(const Position& p) const {
    return 2 * std::max(p.captured[0], p.captured[1]) > variant_.total_seeds();
  }

  void make(Position& p, Move mv) const { p = play(p, mv); }

  // The position after `mv`, built from the parent's board words (child_of).
  Position play(const Position& from, Move mv) const {
    Position p = child_of(from);
    sow(from, mv, p, nullptr);
    return p;
  }

  // play() written straight into `out`, and (if `key` is given) search_key(out) taken
  // from the values still in registers: reading the child back right after writing it with
  // stores of other widths would stall store-to-load forwarding.
  [[gnu::always_inline]] inline void play_into(const Position& from, Move mv, Position& out, std::uint64_t* key = nullptr) const {
    start_child(from, out, 2);
    sow(from, mv, out, key);
  }

  // The search's table key. Unlike Bedouin's it keeps the captures (South's: with the board
  // they give North's): the search stores values relative to the capture difference, but
  // whether a game cut off by the quiet-move limit is won or drawn depends on the counts
  // themselves, so positions that differ only in captures do not share a relative value.
  std::uint64_t search_key(const Position& p) const {
    return key_of(ring::Board(p), p.side, p.phase, p.over, p.quiet, p.captured[index(Side::South)]);
  }

 private:
  // Word-wise (ring::Board): the sowing is one table entry, the capture chain reads bytes out of
  // the words; `p` already holds the parent's header (child_of or start_child).
  [[gnu::always_inline]] inline void sow(const Position& from, Move mv, Position& p, std::uint64_t* key) const {
    assert(is_legal(from, mv));
    const Side me = from.side;
    const int origin = first_pit(me) + mv.pit();
    ring::Board b(from);
    const int last = b.sow(origin, +1);
    int taken = 0;
    for (int h = last; h != origin; h = h == 0 ? kRingHoles - 1 : h - 1) {
      const int c = b.get(h);
      if (c != 2 && c != 4 && c != 6) break;
      taken += c;
      b.add(h, -c);
    }
    b.store(p);
    p.captured[index(me)] = static_cast<std::uint8_t>(from.captured[index(me)] + taken);
    const int south_captured = from.captured[index(Side::South)] + (me == Side::South ? taken : 0);
    const int quiet = taken ? 0 : from.quiet + 1;
    p.quiet = static_cast<std::uint8_t>(quiet);

    const bool south_empty = b.row_empty(Side::South), north_empty = b.row_empty(Side::North);
    if ((south_empty && north_empty) || quiet >= kQuietLimit) {
      end_game(p);
      if (key) *key = key_of(b, Side::South, from.phase, true, quiet, south_captured);
      return;
    }
    // The opponent moves next unless their row is empty: then they pass automatically.
    const Side next = (me == Side::South ? north_empty : south_empty) ? me : ~me;
    p.side = next;
    if (key) *key = key_of(b, next, from.phase, false, quiet, south_captured);
  }

  // search_key from the board words and values in registers (see play_into).
  static std::uint64_t key_of(const ring::Board& b, Side side, Phase phase, bool over, int quiet,
                              int south_captured) {
    const std::uint64_t captures = mix64(static_cast<std::uint64_t>(south_captured) + 0x5be0cd19137e2179ULL);
    return ring::key_of(b, side, phase, over, quiet) ^ captures;
  }

  Variant variant_;
};

}  // namespace mancala
