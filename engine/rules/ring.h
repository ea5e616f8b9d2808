#pragma once
// What the two store-less ring games (Mangala II, Bedouin) share: a 12-hole ring, South 0..5 and
// North 6..11, each row from its owner's left; captures kept per player; the quiet-move limit.
#include <array>
#include <cstring>

#include "move.h"
#include "position.h"

namespace mancala::ring {

inline constexpr int kHoles = 12;
inline constexpr int kPits = 6;
inline constexpr int kQuietLimit = 100;  // RULES.md: the game ends after 100 moves without a capture

constexpr int first_pit(Side s) { return s == Side::South ? 0 : kPits; }

inline int row_sum(const Position& p, Side s) {
  int sum = 0;
  for (int i = first_pit(s); i < first_pit(s) + kPits; ++i) sum += p.cell[i];
  return sum;
}

// Calls f for every own non-empty pit, in pit order, from a bit set of the row's bytes.
template <class F>
void for_each_sowing(const Position& p, F&& f) {
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL, kRow = 0x0000FFFFFFFFFFFFULL;
  std::uint64_t x;
  std::memcpy(&x, p.cell.data() + first_pit(p.side), 8);
  x &= kRow;
  std::uint64_t nonzero = (((x & kLow7) + kLow7) | x) & ~kLow7;  // the high bit of each non-empty byte
  while (nonzero) {
    f(Move::sow(__builtin_ctzll(nonzero) >> 3));
    nonzero &= nonzero - 1;
  }
}

inline void generate_sowings(const Position& p, MoveList& list) {
  for_each_sowing(p, [&](Move mv) { list.push(mv); });
}

inline bool is_legal_sowing(const Position& p, Move mv) {
  return mv.is_sow() && mv.pit() < kPits && p.cell[first_pit(p.side) + mv.pit()] != 0;
}

// The ring as two words in registers (byte h is hole h: holes 0..7, then 8..11), for word-wise
// sowing: a sowing of up to a lap adds one precomputed word pair. Selects, not w[h >> 3]:
// indexing by a variable would send the words through memory.
struct Board {
  std::uint64_t w[2];

  Board() = default;  // uninitialised: for arrays filled later
  explicit Board(const Position& p) { std::memcpy(w, p.cell.data(), sizeof w); }
  void store(Position& p) const { std::memcpy(p.cell.data(), w, sizeof w); }
  bool operator==(const Board&) const = default;

  int get(int h) const { return static_cast<int>(((h >> 3 ? w[1] : w[0]) >> ((h & 7) * 8)) & 0xFF); }
  void add(int h, int n) {
    const std::uint64_t v = static_cast<std::uint64_t>(static_cast<std::int64_t>(n)) << ((h & 7) * 8);
    w[0] += h >> 3 ? 0 : v;
    w[1] += h >> 3 ? v : 0;
  }
  bool row_empty(Side s) const {
    return s == Side::South ? (w[0] & 0x0000FFFFFFFFFFFFULL) == 0 : (w[0] >> 48 | w[1]) == 0;
  }

  // Sows every counter of `from` in direction `step` (+1 or -1), starting with the next hole; the
  // origin is not skipped on a long sowing. Returns the last hole.
  int sow(int from, int step);
};

namespace detail {
struct Sowing {
  std::uint64_t add[2];  // one counter in each hole passed (the origin not emptied)
  int last;
};
// kSowings[direction][from][n], n <= one lap, found by sowing counter by counter.
inline constexpr auto kSowings = [] {
  std::array<std::array<std::array<Sowing, kHoles + 1>, kHoles>, 2> t{};
  for (int dir = 0; dir < 2; ++dir)
    for (int from = 0; from < kHoles; ++from)
      for (int n = 0; n <= kHoles; ++n) {
        std::uint64_t add[2] = {0, 0};
        int hole = from;
        for (int i = 0; i < n; ++i) {
          hole = dir == 0 ? (hole + 1 == kHoles ? 0 : hole + 1) : (hole == 0 ? kHoles - 1 : hole - 1);
          add[hole >> 3] += std::uint64_t{1} << ((hole & 7) * 8);
        }
        t[dir][from][n] = Sowing{{add[0], add[1]}, hole};
      }
  return t;
}();
}  // namespace detail

inline int Board::sow(int from, int step) {
  int seeds = get(from);
  add(from, -seeds);
  if (seeds > kHoles) {  // whole laps at once: every hole, the origin included, gets one
    const std::uint64_t laps = static_cast<std::uint64_t>((seeds - 1) / kHoles);
    w[0] += laps * 0x0101010101010101ULL;
    w[1] += laps * 0x01010101ULL;
    seeds -= static_cast<int>(laps) * kHoles;
  }
  const detail::Sowing& s = detail::kSowings[step > 0 ? 0 : 1][from][seeds];
  std::uint64_t lo = s.add[0], hi = s.add[1];
  // Keeps the two additions in integer registers: g++ otherwise pairs them into one vector add
  // and reads the halves back through memory, a store-forwarding stall on every sowing.
  asm("" : "+r"(lo), "+r"(hi));
  w[0] += lo;
  w[1] += hi;
  return s.last;
}

// The search's table key for Bedouin, and the part of Mangala II's that leaves its captures out:
// everything but the captures (the search stores values relative to the capture difference, so
// positions that differ only in captured counters share an entry); the
// quiet-move counter is in, because it decides when the game ends. From the board words, so that
// a child can be hashed before (and without) being read back from memory.
inline std::uint64_t key_of(const Board& b, Side side, Phase phase, bool over, int quiet) {
  const std::uint64_t rest = std::uint64_t(side) << 16 | std::uint64_t(phase) << 24 | std::uint64_t(over) << 32;
  return hash_words(b.w[0], b.w[1], 0, rest) ^ mix64(static_cast<std::uint64_t>(quiet) + 0x3c6ef372fe94f82bULL);
}
inline std::uint64_t hash_without_captures(const Position& p) { return key_of(Board(p), p.side, p.phase, p.over, p.quiet); }

}  // namespace mancala::ring
