#pragma once
// Kalah(m,n) and the Turkish Mangala: pits plus two stores, counter-clockwise sowing that skips
// the opponent's store, an extra turn for ending in the own store. The hooks where they differ:
// Turkish drops the first stone back into the origin, also captures on an even count in an
// opponent pit, needs a non-empty opposite pit for the empty-pit capture, and gives the
// remaining stones to the player whose row ran empty (Kalah: each player keeps their own).
//
// Speed: a sowing of r seeds (r <= one lap) adds a precomputed byte mask to the board, three
// 64-bit additions; whole laps add a multiple of the lap mask. Counts never exceed 255, so no
// byte carries into its neighbour.
#include <cassert>
#include <cstring>

#include "move.h"
#include "position.h"
#include "variant.h"

namespace mancala {

// Pits > 0 fixes the number of pits per side at compile time (the common 6-pit boards), which
// turns the board geometry into constants in the hot path; 0 reads it from the variant.
template <bool Turkish, int Pits = 0>
class StoreRules {
 public:
  explicit StoreRules(const Variant& v)
      : variant_(v), pits_(v.pits), empty_capture_(v.empty_capture) {
    assert(v.has_stores() && (Pits == 0 || Pits == v.pits));
    row_mask_ = m() == 8 ? ~0ULL : (1ULL << (8 * m())) - 1;
    build_tables();
  }

  const Variant& variant() const { return variant_; }
  int m() const { return Pits ? Pits : pits_; }
  int cycle() const { return 2 * m() + 1; }  // holes one lap visits: all but the opponent's store
  int pits() const { return m(); }
  int store(Side s) const { return s == Side::South ? m() : 2 * m() + 1; }
  int first_pit(Side s) const { return s == Side::South ? 0 : m() + 1; }

  Position start() const {
    Position p;
    for (int i = 0; i < 2 * m() + 2; ++i)
      if (i != m() && i != 2 * m() + 1) p.cell[i] = static_cast<std::uint8_t>(variant_.seeds);
    return p;
  }

  void generate(const Position& p, MoveList& list) const {
    list.clear();
    if (p.over) return;
    // One bit per non-empty pit (the high bit of each byte), then walk the set bits.
    constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
    const std::uint64_t x = row_bits(p, p.side);
    std::uint64_t nonzero = (((x & kLow7) + kLow7) | x) & ~kLow7;
    while (nonzero) {
      list.push(Move::sow(__builtin_ctzll(nonzero) >> 3));
      nonzero &= nonzero - 1;
    }
  }

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    MoveList list;
    generate(p, list);
    for (Move mv : list) f(mv);
  }

  bool is_legal(const Position& p, Move mv) const {
    return !p.over && mv.is_sow() && mv.pit() < m() && p.cell[first_pit(p.side) + mv.pit()] != 0;
  }

  // The pits of one side as packed bytes (zero iff the row is empty).
  std::uint64_t row_bits(const Position& p, Side s) const {
    std::uint64_t w;
    std::memcpy(&w, p.cell.data() + first_pit(s), 8);
    return w & row_mask_;
  }

  int row_sum(const Position& p, Side s) const {
    int sum = 0;
    for (int i = first_pit(s), e = i + m(); i < e; ++i) sum += p.cell[i];
    return sum;
  }

  // Store contents; at game end they already include the sweep.
  int score(const Position& p, Side s) const { return p.cell[store(s)]; }

  void make(Position& p, Move mv) const { p = play(p, mv); }

  // The position after `mv`. Reads the parent's board words directly: copying the position first
  // and then loading words of the copy would stall on store-to-load forwarding.
  Position play(const Position& from, Move mv) const {
    assert(is_legal(from, mv));
    Position p;
    p.captured = from.captured;
    p.side = from.side;
    p.phase = from.phase;
    p.quiet = from.quiet;
    p.over = from.over;
    const Side me = p.side;
    const int own_store = store(me);
    const int origin = first_pit(me) + mv.pit();

    // All arithmetic on the three board words in registers, stored once at the end: mixing byte
    // stores with word loads of the same bytes stalls store-to-load forwarding.
    Board b(from);
    int seeds = b.get(origin);
    b.add(origin, -seeds);
    if (Turkish && seeds >= 2) {  // the first stone goes back into the origin
      b.add(origin, 1);
      --seeds;
    }
    if (seeds > cycle()) {  // whole laps: every hole but the opponent's store gets one per lap
      const std::uint64_t laps = static_cast<std::uint64_t>((seeds - 1) / cycle());
      b.add(lap_[index(me)], laps);
      seeds -= static_cast<int>(laps) * cycle();
    }
    const Sowing& sow = sowing_[origin][seeds];
    b.add(sow.add);
    const int hole = sow.last;

    const bool again = hole == own_store;
    if (!again) {
      const bool own_pit = hole >= first_pit(me) && hole < first_pit(me) + m();
      const int here = b.get(hole);
      if (own_pit && here == 1) {
        const int opposite = 2 * m() - hole;
        const int there = b.get(opposite);
        if (there || (!Turkish && empty_capture_)) {
          b.add(own_store, there + 1);
          b.add(opposite, -there);
          b.add(hole, -1);
        }
      } else if (Turkish && !own_pit && (here & 1) == 0) {
        b.add(own_store, here);
        b.add(hole, -here);
      }
    }
    b.store(p);

    if (b.empty(row_[0]) || b.empty(row_[1])) {
      finish(p);
      return p;
    }
    if (!again) p.side = ~me;
    return p;
  }

 private:
  // The board as three little-endian words (byte i is hole i), kept in registers: no indexing
  // into an array, which would send them through memory.
  struct Board {
    std::uint64_t w0, w1, w2;
    explicit Board(const Position& p) {
      std::memcpy(&w0, p.cell.data(), 8);
      std::memcpy(&w1, p.cell.data() + 8, 8);
      std::memcpy(&w2, p.cell.data() + 16, 8);
    }
    void store(Position& p) const {
      std::memcpy(p.cell.data(), &w0, 8);
      std::memcpy(p.cell.data() + 8, &w1, 8);
      std::memcpy(p.cell.data() + 16, &w2, 8);
    }
    int get(int i) const {
      const int k = i >> 3;
      const std::uint64_t word = k == 0 ? w0 : k == 1 ? w1 : w2;
      return static_cast<int>((word >> ((i & 7) * 8)) & 0xFF);
    }
    void add(int i, int n) {
      const std::uint64_t v = static_cast<std::uint64_t>(static_cast<std::int64_t>(n)) << ((i & 7) * 8);
      const int k = i >> 3;
      w0 += k == 0 ? v : 0;
      w1 += k == 1 ? v : 0;
      w2 += k == 2 ? v : 0;
    }
    void add(const std::uint64_t (&d)[3], std::uint64_t times = 1) {
      w0 += times * d[0];
      w1 += times * d[1];
      w2 += times * d[2];
    }
    bool empty(const std::uint64_t (&mask)[3]) const { return ((w0 & mask[0]) | (w1 & mask[1]) | (w2 & mask[2])) == 0; }
  };

  struct Sowing {
    std::uint64_t add[3];  // one byte per hole: seeds it receives
    int last;              // the hole the last seed lands in
  };

  void build_tables() {
    for (Side s : {Side::South, Side::North}) {
      const int opp_store = store(~s);
      std::uint8_t lap[kCellBytes] = {};
      for (int i = 0; i < 2 * m() + 2; ++i) lap[i] = i == opp_store ? 0 : 1;
      std::memcpy(lap_[index(s)], lap, sizeof lap);
      std::uint8_t row[kCellBytes] = {};
      for (int i = 0; i < m(); ++i) row[first_pit(s) + i] = 0xFF;
      std::memcpy(row_[index(s)], row, sizeof row);
      for (int origin = first_pit(s); origin < first_pit(s) + m(); ++origin) {
        std::uint8_t add[kCellBytes] = {};
        int hole = origin;
        sowing_[origin][0] = Sowing{{0, 0, 0}, origin};
        for (int r = 1; r <= cycle(); ++r) {
          hole = (hole + 1) % (2 * m() + 2);
          if (hole == opp_store) hole = (hole + 1) % (2 * m() + 2);
          ++add[hole];
          Sowing& sw = sowing_[origin][r];
          std::memcpy(sw.add, add, sizeof add);
          sw.last = hole;
        }
      }
    }
  }

  void finish(Position& p) const {
    const int south_left = row_sum(p, Side::South), north_left = row_sum(p, Side::North);
    for (int i = 0; i < 2 * m() + 2; ++i)
      if (i != m() && i != 2 * m() + 1) p.cell[i] = 0;
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
  int pits_;
  bool empty_capture_;
  std::uint64_t row_mask_;
  std::uint64_t lap_[2][3];
  std::uint64_t row_[2][3];  // byte masks of each side's pits
  Sowing sowing_[kMaxCells][kMaxCells];  // [origin][seeds 0..cycle]
};

using KalahRules = StoreRules<false>;
using MangalaRules = StoreRules<true, 6>;
using Kalah6Rules = StoreRules<false, 6>;

}  // namespace mancala
