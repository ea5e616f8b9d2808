#pragma once
// Precomputed sowing tables of the store games (Kalah, Turkish Mangala), built at compile time:
// they depend only on the pits per side and the Turkish keep-back, not on seeds or capture
// rules, so no rules object has to build them (a Game builds a rules object for every call).
#include <array>
#include <cstdint>

#include "position.h"

namespace mancala::store_tables {

// Words of the packed board (byte i = hole i) that hold holes: two for six pits.
constexpr int words_for(int pits) { return pits ? (2 * pits + 2 + 7) / 8 : kCellBytes / 8; }

template <int W>
using Words = std::array<std::uint64_t, W>;

// Where the last seed of a sowing lands, from the mover's point of view.
enum class Ends : std::uint8_t { OwnStore, OwnPit, OpponentPit };

template <int W>
struct alignas(32) Sowing {  // a power of two: cheap indexing
  Words<W> add{};             // byte-wise change of the board
  std::uint8_t last = 0;      // the hole the last seed lands in
  std::uint8_t opposite = 0;  // the pit opposite it (for a capture)
  std::int8_t last_gain = 0;  // what the sowing changed in those two holes
  std::int8_t opposite_gain = 0;
  Ends ends = Ends::OpponentPit;
};

// Pits holding up to this many seeds (a lap of the largest board, plus the seed Turkish keeps
// back) are sown by one table entry.
template <bool Turkish>
inline constexpr int kDirectSeeds = 2 * kMaxPits + 1 + (Turkish ? 1 : 0);

template <int W>
constexpr Words<W> row_words(int first, int count) {
  Words<W> w{};
  for (int i = first; i < first + count; ++i) w[i / 8] |= std::uint64_t{0xFF} << (i % 8 * 8);
  return w;
}

template <bool Turkish, int W>
struct Tables {
  static_assert(kDirectSeeds<Turkish> < 32);
  Words<W> lap[2]{};             // one seed in every hole a lap visits
  Words<W> row[2]{};             // byte masks of each side's pits
  Words<W> take[2][kMaxCells]{};  // [mover][hole]: one seed from the hole into the mover's store
  Sowing<W> direct[kMaxCells][32]{};  // [origin][seeds]
};

// direct[origin][n]: the complete effect of sowing a pit holding n seeds, found by sowing seed by
// seed on an otherwise empty board.
template <bool Turkish, int W>
constexpr Tables<Turkish, W> build(int m) {
  Tables<Turkish, W> t{};
  const int holes = 2 * m + 2;
  auto store = [m](int s) { return s == 0 ? m : 2 * m + 1; };
  auto first_pit = [m](int s) { return s == 0 ? 0 : m + 1; };
  for (int s = 0; s < 2; ++s) {
    const int opp_store = store(1 - s);
    for (int i = 0; i < holes; ++i)
      if (i != opp_store) t.lap[s][i / 8] |= std::uint64_t{1} << (i % 8 * 8);
    t.row[s] = row_words<W>(first_pit(s), m);
    for (int hole = 0; hole < holes; ++hole) {
      t.take[s][hole][hole / 8] -= std::uint64_t{1} << (hole % 8 * 8);
      t.take[s][hole][store(s) / 8] += std::uint64_t{1} << (store(s) % 8 * 8);
    }
    for (int origin = first_pit(s); origin < first_pit(s) + m; ++origin) {
      for (int n = 0; n <= kDirectSeeds<Turkish>; ++n) {
        int delta[kMaxCells] = {};
        int left = n, hole = origin;
        delta[origin] -= n;
        if (Turkish && n >= 2) {
          ++delta[origin];
          --left;
        }
        for (; left > 0; --left) {
          hole = (hole + 1) % holes;
          if (hole == opp_store) hole = (hole + 1) % holes;
          ++delta[hole];
        }
        Sowing<W>& sw = t.direct[origin][n];
        for (int i = 0; i < holes; ++i)
          sw.add[i / 8] += static_cast<std::uint64_t>(static_cast<std::int64_t>(delta[i])) << (i % 8 * 8);
        sw.last = static_cast<std::uint8_t>(hole);
        sw.opposite = static_cast<std::uint8_t>(hole < 2 * m + 1 ? 2 * m - hole : hole);
        sw.last_gain = static_cast<std::int8_t>(delta[sw.last]);
        sw.opposite_gain = static_cast<std::int8_t>(delta[sw.opposite]);
        sw.ends = n == 0                                              ? Ends::OpponentPit  // never played
                  : hole == store(s)                                  ? Ends::OwnStore
                  : hole >= first_pit(s) && hole < first_pit(s) + m ? Ends::OwnPit
                                                                      : Ends::OpponentPit;
      }
    }
  }
  return t;
}

// The tables of a board size fixed at compile time.
template <bool Turkish, int Pits>
inline constexpr Tables<Turkish, words_for(Pits)> kFixed = build<Turkish, words_for(Pits)>(Pits);

// The tables of every board size, for rules that read the size from the variant (index = pits).
template <bool Turkish>
inline constexpr auto kBySize = [] {
  std::array<Tables<Turkish, words_for(0)>, kMaxPits + 1> all{};
  for (int m = 1; m <= kMaxPits; ++m) all[m] = build<Turkish, words_for(0)>(m);
  return all;
}();

}  // namespace mancala::store_tables
