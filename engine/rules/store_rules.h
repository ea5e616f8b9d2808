#pragma once
// Kalah(m,n) and the Turkish Mangala: pits plus two stores, counter-clockwise sowing that skips
// the opponent's store, an extra turn for ending in the own store. The hooks where they differ:
// Turkish drops the first stone back into the origin, also captures on an even count in an
// opponent pit, needs a non-empty opposite pit for the empty-pit capture, and gives the
// remaining stones to the player whose row ran empty (Kalah: each player keeps their own).
//
// Speed: the board is a few 64-bit words (byte i = hole i). A pit of n seeds (up to a lap of the
// largest board) is sown by adding one precomputed word delta; longer sowings add whole laps
// first. Counts never exceed 255, so no byte carries into its neighbour.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstring>

#include "move.h"
#include "store_tables.h"
#include "position.h"
#include "variant.h"

namespace mancala {

// Pits > 0 fixes the number of pits per side at compile time (the common 6-pit boards), which
// turns the board geometry into constants in the hot path; 0 reads it from the variant.
template <bool Turkish, int Pits = 0>
class StoreRules {
 public:
  static constexpr int kMaxMoves = Pits > 0 ? Pits : MoveList::kCapacity;
  explicit StoreRules(const Variant& v)
      : variant_(v), pits_(v.pits), empty_capture_(v.empty_capture) {
    assert(v.has_stores() && (Pits == 0 || Pits == v.pits));
    row_mask_ = m() == 8 ? ~0ULL : (1ULL << (8 * m())) - 1;
    if constexpr (Pits == 0) tables_ = &store_tables::kBySize<Turkish>[static_cast<std::size_t>(m())];
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
    for_each_move(p, [&](Move mv) { list.push(mv); });
  }

  // Calls f for every legal move, in pit order, straight from a bit set of the non-empty pits.
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    if (p.over) return;
    constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
    const std::uint64_t x = row_bits(p, p.side);
    std::uint64_t nonzero = (((x & kLow7) + kLow7) | x) & ~kLow7;  // the high bit of each non-empty byte
    while (nonzero) {
      f(Move::sow(__builtin_ctzll(nonzero) >> 3));
      nonzero &= nonzero - 1;
    }
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

  // The row's bytes summed by one multiply: the top byte collects them all, and no partial sum
  // carries, since a row never holds 256 seeds.
  int row_sum(const Position& p, Side s) const {
    static_assert(2 * kMaxPits * kMaxKalahSeeds < 256);
    return static_cast<int>((row_bits(p, s) * 0x0101010101010101ULL) >> 56);
  }

  // A hash of the mover's row, then the other row, leaving the stores out: positions that differ
  // only in banked seeds play out alike (the search stores values relative to the store
  // difference), and so do a position and its mirror image with the other side to move (the
  // rules are the same for both sides, and the table holds values and moves from the mover's
  // view). Sharing mirror images saves 12-18% of the nodes of the Kalah(6,4) proofs.
  std::uint64_t search_key(const Position& p) const { return hash_of(Board(p), p.side, p.over); }

  // Seeds still in the pits.
  int seeds_in_pits(const Position& p) const {
    return variant_.total_seeds() - p.cell[store(Side::South)] - p.cell[store(Side::North)];
  }

  // The most seeds `s` could capture from the other row with one move here, were it `s`'s turn:
  // a hint for the search's move ordering, not a rule. Each sowing as sow() makes it.
  int capture_threat(const Position& p, Side s) const {
    const Board board(p);
    int most = 0;
    for (int origin = first_pit(s); origin < first_pit(s) + m(); ++origin) {
      Board b = board;
      const Landing at = land(p, origin, b);
      int taken = at.sow->ends == Ends::OwnPit && at.here == 1 ? at.there : 0;
      if (Turkish && at.sow->ends == Ends::OpponentPit && (at.here & 1) == 0) taken = at.here;
      most = std::max(most, taken);
    }
    return most;
  }

  // Store contents; at game end they already include the sweep.
  int score(const Position& p, Side s) const { return p.cell[store(s)]; }

  void make(Position& p, Move mv) const { p = play(p, mv); }

  // The position after `mv`, built from the parent's board words (child_of).
  Position play(const Position& from, Move mv) const {
    Position p = child_of(from);
    sow(from, mv, p, nullptr);
    return p;
  }

  // play() written straight into `out`, and (if `key` is given) search_key(out) taken
  // from the board words still in registers: a search that hashes every child would otherwise
  // read the child back from memory right after writing it, which stalls store forwarding.
  void play_into(const Position& from, Move mv, Position& out, std::uint64_t* key = nullptr) const {
    start_child(from, out, kWords);
    sow(from, mv, out, key);
  }

 private:
  // The move itself, on p = child_of(from).
  [[gnu::always_inline]] inline void sow(const Position& from, Move mv, Position& p, std::uint64_t* key) const {
    assert(is_legal(from, mv));
    const Side me = from.side;
    const int origin = first_pit(me) + mv.pit();

    // All arithmetic on the board words in registers, stored once at the end: mixing byte
    // stores with word loads of the same bytes stalls store-to-load forwarding.
    Board b(from);
    const Landing at = land(from, origin, b);
    const Sowing* sow = at.sow;
    const int here = at.here, there = at.there;

    const Words* take = tables().take[index(me)];
    if (sow->ends == Ends::OwnPit) {
      if (here == 1 && (there || (!Turkish && empty_capture_))) {
        b.add(take[sow->last]);
        b.add(take[sow->opposite], static_cast<std::uint64_t>(there));
      }
    } else if (Turkish && sow->ends == Ends::OpponentPit) {
      b.add(take[sow->last], static_cast<std::uint64_t>((here & 1) == 0 ? here : 0));
    }
    b.store(p);

    if (b.empty(row_mask(Side::South)) || b.empty(row_mask(Side::North))) [[unlikely]] {
      finish(p);
      if (key) *key = search_key(p);
      return;
    }
    if (sow->ends != Ends::OwnStore) p.side = ~me;
    if (key) *key = hash_of(b, p.side, false);
  }

  struct Board;
  std::uint64_t hash_of(const Board& b, Side side, bool over) const {
    const std::uint64_t south = row_of(b, first_pit(Side::South)), north = row_of(b, first_pit(Side::North));
    const bool mover_south = side == Side::South;
    return hash_words(mover_south ? south : north, mover_south ? north : south, std::uint64_t(over));
  }
  // The m() bytes of the row that starts at hole `first`, taken from the board words. (Where
  // the row lies in one word, `hi` may be any word: its bytes land beyond the row's mask.)
  std::uint64_t row_of(const Board& b, int first) const {
    const int off = (first & 7) * 8;
    const std::uint64_t lo = b.word(first), hi = b.word(first + 8);
    return ((lo >> off) | ((hi << 1) << (63 - off))) & row_mask_;
  }

  // Board words: byte i is hole i. With the pit count fixed at compile time only the words that
  // hold holes are touched (two for six pits).
  static constexpr int kWords = store_tables::words_for(Pits);
  using Words = store_tables::Words<kWords>;
  using Sowing = store_tables::Sowing<kWords>;
  using Ends = store_tables::Ends;
  using Tables = store_tables::Tables<Turkish, kWords>;
  static constexpr int kDirectSeeds = store_tables::kDirectSeeds<Turkish>;

  // The board as little-endian words kept in registers: every index is resolved by selects, not
  // by indexing an array, which would send the words through memory.
  struct Board {
    Words w;
    explicit Board(const Position& p) { std::memcpy(w.data(), p.cell.data(), sizeof w); }
    void store(Position& p) const { std::memcpy(p.cell.data(), w.data(), sizeof w); }
    std::uint64_t word(int i) const {
      std::uint64_t x = w[0];
      for (int k = 1; k < kWords; ++k) x = (i >> 3) == k ? w[k] : x;
      return x;
    }
    int get(int i) const { return static_cast<int>((word(i) >> ((i & 7) * 8)) & 0xFF); }
    // Word arithmetic is exact as long as every byte of the result is in 0..255: a negative n
    // borrows through the upper bytes and the carry brings them back.
    void add(int i, int n) {
      const std::uint64_t v = static_cast<std::uint64_t>(static_cast<std::int64_t>(n)) << ((i & 7) * 8);
      for (int k = 0; k < kWords; ++k) w[k] += (i >> 3) == k ? v : 0;
    }
    void add(const Words& d, std::uint64_t times = 1) {
      for (int k = 0; k < kWords; ++k) w[k] += times * d[k];
    }
    bool empty(const Words& mask) const {
      std::uint64_t any = 0;
      for (int k = 0; k < kWords; ++k) any |= w[k] & mask[k];
      return any == 0;
    }
  };

  // The sowing tables: compile-time constants (store_tables.h).
  const Tables& tables() const {
    if constexpr (Pits > 0) return store_tables::kFixed<Turkish, Pits>;
    else return *tables_;
  }
  // Byte masks of each side's pits.
  const Words& row_mask(Side s) const { return tables().row[index(s)]; }

  // Where a sowing from `origin` of `from` ends: its table entry, the seeds then in the hole the
  // last seed fell into and in the pit opposite it. `b` (the board of `from`) is sown.
  struct Landing {
    const Sowing* sow;
    int here;
    int there;
  };
  [[gnu::always_inline]] inline Landing land(const Position& from, int origin, Board& b) const {
    const int seeds = from.cell[origin];
    if (seeds <= kDirectSeeds) [[likely]] {  // emptying the origin and sowing: one table entry
      const Sowing* sow = &tables().direct[origin][seeds];
      b.add(sow->add);
      return {sow, from.cell[sow->last] + sow->last_gain, from.cell[sow->opposite] + sow->opposite_gain};
    }
    const Sowing* sow = &lap_sowing(b, origin, seeds);
    return {sow, b.get(sow->last), b.get(sow->opposite)};
  }

  // The rare sowing of more than a lap: empty the origin, whole laps, then the rest.
  const Sowing& lap_sowing(Board& b, int origin, int seeds) const {
    const Side me = origin < m() ? Side::South : Side::North;
    b.add(origin, -seeds);
    if (Turkish) {  // the first stone goes back into the origin
      b.add(origin, 1);
      --seeds;
    }
    const std::uint64_t laps = static_cast<std::uint64_t>((seeds - 1) / cycle());
    b.add(tables().lap[index(me)], laps);
    seeds -= static_cast<int>(laps) * cycle();
    // The entry that sows `seeds` more (Turkish: of seeds + 1, one kept back) also empties the
    // origin, which is already done: put those back.
    const Sowing& rest = tables().direct[origin][seeds + (Turkish ? 1 : 0)];
    b.add(origin, seeds);
    b.add(rest.add);
    return rest;
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
  const Tables* tables_ = nullptr;  // board sizes read from the variant
};

using KalahRules = StoreRules<false>;
using MangalaRules = StoreRules<true, 6>;
using Kalah6Rules = StoreRules<false, 6>;

}  // namespace mancala
