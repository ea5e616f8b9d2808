#pragma once
// Bedouin Mangala: a 12-hole ring, clockwise sowing (index -1). South distributes K counters over
// the four centre holes, North keeps or flips the board, each side makes one forced sowing from
// its pit 4, then main play with relay sowing. Only captured counters score.
#include <cassert>
#include <cstring>
#include <vector>

#include "mangala2_rules.h"  // ring constants, kQuietLimit
#include "move.h"
#include "position.h"
#include "variant.h"

namespace mancala {

class BedouinRules {
 public:
  // Centre holes in ring indices: South pit 3, South pit 4, North pit 3, North pit 4.
  static constexpr int kCentre[4] = {2, 3, 8, 9};
  static constexpr int kFourthPit = 3;  // 0-based pit index of "pit 4"

  explicit BedouinRules(const Variant& v) : variant_(v), total_(v.counters) { assert(v.family == Family::Bedouin); }

  const Variant& variant() const { return variant_; }
  int pits() const { return kRingPits; }
  static int first_pit(Side s) { return ring::first_pit(s); }
  static int opposite(int hole) { return kRingHoles - 1 - hole; }

  Position start() const {
    Position p;
    p.phase = Phase::Distribute;
    return p;
  }

  static int row_sum(const Position& p, Side s) { return ring::row_sum(p, s); }

  // Sowing and set-up choices, not distributions (there are tens of thousands of those: use
  // for_each_move or distribution_count).
  void generate(const Position& p, MoveList& list) const {
    list.clear();
    if (p.over) return;
    switch (p.phase) {
      case Phase::Distribute: assert(false && "distributions are not listed in a MoveList"); return;
      case Phase::Choose: list.push(Move::keep()); list.push(Move::flip()); return;
      case Phase::Opening: list.push(Move::sow(kFourthPit)); return;
      case Phase::Play: ring::generate_sowings(p, list); return;
    }
  }

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    if (p.over) return;
    if (p.phase == Phase::Play) {
      ring::for_each_sowing(p, f);
      return;
    }
    if (p.phase != Phase::Distribute) {
      MoveList list;
      generate(p, list);
      for (Move mv : list) f(mv);
      return;
    }
    for (int a = 0; a <= total_; ++a)
      for (int b = 0; a + b <= total_; ++b)
        for (int c = 0; a + b + c <= total_; ++c) f(Move::distribute(a, b, c));
  }

  long distribution_count() const { return at_most(3, total_); }

  // The distribution at `index` (0 <= index < distribution_count()) in for_each_move's order, found
  // without listing the others (there are 2,362,041 for 240 counters): the first part is the
  // largest whose predecessors, all with smaller first parts, number at most `index`; then the
  // second likewise.
  Move distribution_at(long index) const {
    assert(0 <= index && index < distribution_count());
    int part[2];
    long left = total_;
    for (int free = 3, i = 0; i < 2; --free, ++i) {
      // Tuples with first part below x: at_most(free, left) - at_most(free, left - x).
      long low = 0, high = left;
      while (low < high) {
        const long mid = (low + high + 1) / 2;
        if (at_most(free, left) - at_most(free, left - mid) <= index) low = mid;
        else high = mid - 1;
      }
      index -= at_most(free, left) - at_most(free, left - low);
      part[i] = static_cast<int>(low);
      left -= low;
    }
    return Move::distribute(part[0], part[1], static_cast<int>(index));
  }

  bool is_legal(const Position& p, Move mv) const {
    if (p.over) return false;
    switch (p.phase) {
      case Phase::Distribute:
        return mv.is_distribution() && mv.part(0) + mv.part(1) + mv.part(2) <= total_;
      case Phase::Choose: return mv.is_keep() || mv.is_flip();
      case Phase::Opening: return mv.is_sow() && mv.pit() == kFourthPit;
      case Phase::Play: return ring::is_legal_sowing(p, mv);
    }
    return false;
  }

  int score(const Position& p, Side s) const { return p.captured[index(s)]; }

  // The search's table key: all but the captures (ring.h).
  std::uint64_t search_key(const Position& p) const { return ring::hash_without_captures(p); }

  void make(Position& p, Move mv) const { p = play(p, mv); }

  Position play(const Position& from, Move mv) const {
    assert(is_legal(from, mv));
    if (from.phase == Phase::Play) {
      Position p = child_of(from);
      play_main(from, mv, p, nullptr);
      return p;
    }
    Position p = from;
    const Side me = p.side;
    p.quiet = static_cast<std::uint8_t>(p.quiet + 1);  // reset below by a capture
    switch (p.phase) {
      case Phase::Distribute: {
        const int d = total_ - mv.part(0) - mv.part(1) - mv.part(2);
        const int counts[4] = {mv.part(0), mv.part(1), mv.part(2), d};
        for (int i = 0; i < 4; ++i) p.cell[kCentre[i]] = static_cast<std::uint8_t>(counts[i]);
        p.phase = Phase::Choose;
        p.side = Side::North;
        break;
      }
      case Phase::Choose:
        if (mv.is_flip()) {
          std::swap(p.cell[kCentre[0]], p.cell[kCentre[2]]);
          std::swap(p.cell[kCentre[1]], p.cell[kCentre[3]]);
        }
        p.phase = Phase::Opening;
        p.side = Side::North;  // North sows first whether or not it flipped
        break;
      case Phase::Opening: {
        sow(p, first_pit(me) + kFourthPit);
        // Ended here, by an empty row or the move limit, the game stays in the opening phase.
        if (row_empty(p) || p.quiet >= kQuietLimit) {
          end_game(p);
          return p;
        }
        if (me == Side::North) {
          p.side = Side::South;
        } else {
          p.phase = Phase::Play;
          p.side = Side::North;
        }
        break;
      }
      case Phase::Play: break;  // (handled above, by play_main)
    }
    if (p.quiet >= kQuietLimit) {
      end_game(p);
      return p;
    }
    settle(p);
    return p;
  }

  // play() written straight into `out`, and (if `key` is given) search_key(out), in
  // main play from the values still in registers (reading the child back right after writing it
  // would stall store-to-load forwarding). The set-up and the opening take the plain path.
  [[gnu::always_inline]] inline void play_into(const Position& from, Move mv, Position& out,
                                               std::uint64_t* key = nullptr) const {
    if (from.phase != Phase::Play) [[unlikely]] {
      out = play(from, mv);
      if (key) *key = ring::hash_without_captures(out);
      return;
    }
    start_child(from, out, 2);
    play_main(from, mv, out, key);
  }

 private:
  // How many tuples of `free` (2 or 3) counts sum to at most m.
  static long at_most(int free, long m) {
    return free == 3 ? (m + 1) * (m + 2) * (m + 3) / 6 : (m + 1) * (m + 2) / 2;
  }
  // A main-play move on p (the parent's header already in it: child_of or start_child). Once a
  // sowing leaves a row empty the game is over; otherwise both rows hold counters, so the
  // opponent always has a move (no pass in main play after a move).
  [[gnu::always_inline]] inline void play_main(const Position& from, Move mv, Position& p, std::uint64_t* key) const {
    assert(is_legal(from, mv));
    const Side me = from.side;
    Board b(from);  // from the parent's words, not from p (store forwarding)
    int captured = from.captured[index(me)];
    int quiet = from.quiet + 1;  // reset by a capture
    const bool emptied = play_sowing(b, first_pit(me) + mv.pit(), captured, quiet);
    b.store(p);
    p.captured[index(me)] = static_cast<std::uint8_t>(captured);
    p.quiet = static_cast<std::uint8_t>(quiet);
    if (emptied || quiet >= kQuietLimit) {
      end_game(p);
      if (key) *key = ring::key_of(b, Side::South, Phase::Play, true, quiet);
      return;
    }
    p.side = ~me;
    if (key) *key = ring::key_of(b, ~me, Phase::Play, false, quiet);
  }

  static bool row_empty(const Position& p) { return row_sum(p, Side::South) == 0 || row_sum(p, Side::North) == 0; }

  // Applies automatic passes: an empty pit 4 in the opening, an empty row in main play.
  static void settle(Position& p) {
    if (p.phase == Phase::Opening && p.side == Side::North && p.cell[first_pit(Side::North) + kFourthPit] == 0)
      p.side = Side::South;
    if (p.phase == Phase::Opening && p.side == Side::South && p.cell[first_pit(Side::South) + kFourthPit] == 0) {
      p.phase = Phase::Play;
      p.side = Side::North;
    }
    if (p.phase == Phase::Play && row_sum(p, p.side) == 0) p.side = ~p.side;
  }

  // One sowing of all of `from`, clockwise; returns the last hole.
  static int sow(Position& p, int from) {
    ring::Board b(p);
    const int last = b.sow(from, -1);
    b.store(p);
    return last;
  }
  using Board = ring::Board;

  // Main-play sowing with relays on `b`, which comes in as the board before the move (read from
  // the parent) and leaves as the board after it; adds captures to `captured` and resets `quiet`
  // on a capture. Returns whether a row is empty (the game is over).
  bool play_sowing(Board& b, int origin, int& captured, int& quiet) const {
    // Boards seen in this move, to stop a relay cycle (RULES.md: the move ends, no capture).
    // No board that cycles is known: a search of every board with up to 11 counters and of
    // 1.8 M random ones with 17 to 140 found none (relay chains end within 30 laps), so no test
    // reaches this branch; it stays because the rule does.
    constexpr int kInline = 64;
    Board seen[kInline];
    int seen_count = 0;
    std::vector<Board> overflow;  // only for pathologically long relay chains
    auto remember = [&](const Board& b) {
      if (seen_count < kInline) seen[seen_count++] = b;
      else overflow.push_back(b);
    };
    auto was_seen = [&](const Board& b) {
      for (int i = 0; i < seen_count; ++i)
        if (seen[i] == b) return true;
      for (const Board& o : overflow)
        if (o == b) return true;
      return false;
    };

    remember(b);
    int from = origin;
    for (bool relay = false;; relay = true) {
      const int last = b.sow(from, -1);
      if (relay && was_seen(b)) break;
      remember(b);
      const int here = b.get(last), there = b.get(opposite(last));
      bool again = false;
      if (here > 10) {
        again = true;
      } else if (here % 2 == 0 && there % 2 == 0) {
        captured += here + there;
        b.add(last, -here);
        b.add(opposite(last), -there);
        quiet = 0;
      } else if (here % 2 == 0) {
        again = true;
      }
      if (b.row_empty(Side::South) || b.row_empty(Side::North)) return true;
      if (!again) break;
      from = last;
    }
    return b.row_empty(Side::South) || b.row_empty(Side::North);
  }

  Variant variant_;
  int total_;
};

}  // namespace mancala
