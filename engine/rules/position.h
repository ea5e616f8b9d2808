#pragma once
// The whole state of a game, as a small trivially copyable value (copy-make in search).
// The variant is not stored here: the rules object that interprets a Position knows it.
//
// Store games (Kalah, Mangala) with m pits per side:
//   South pits 0..m-1 (South's left to right), South store m, North pits m+1..2m (North's left
//   to right), North store 2m+1. Sowing is counter-clockwise, index +1.
// Ring games (Mangala II, Bedouin): South 0..5, North 6..11; captures are kept in `captured`.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "variant.h"

namespace mancala {

enum class Side : std::uint8_t { South = 0, North = 1 };
constexpr Side operator~(Side s) { return Side(static_cast<std::uint8_t>(s) ^ 1); }
constexpr int index(Side s) { return static_cast<int>(s); }

// Bedouin has a set-up before main play; every other game is always in Play.
enum class Phase : std::uint8_t { Distribute, Choose, Opening, Play };

inline constexpr int kMaxCells = 2 * kMaxPits + 2;
inline constexpr int kCellBytes = 24;  // kMaxCells rounded up to whole 64-bit words (word-wise sowing)

struct Position {
  std::array<std::uint8_t, kCellBytes> cell{};
  std::array<std::uint8_t, 2> captured{};  // ring games only
  Side side = Side::South;                 // the player who decides next (passes already applied)
  Phase phase = Phase::Play;
  std::uint8_t quiet = 0;                  // consecutive moves without a capture (ring games)
  bool over = false;

  bool operator==(const Position& o) const {
    return cell == o.cell && captured == o.captured && side == o.side && phase == o.phase &&
           quiet == o.quiet && over == o.over;
  }
};
// start_child copies the header with memcpy and offsetof, which need exactly this.
static_assert(std::is_trivially_copyable_v<Position> && std::is_standard_layout_v<Position>);

// Marks the game finished. The side field is reset so that equal finished positions compare equal.
inline void end_game(Position& p) {
  p.over = true;
  p.side = Side::South;
}

// A child position before its board is written: the parent's side, phase, counters and
// captures, and an empty board. Building a child from the parent's words into this, instead of
// copying the parent and then loading the copy, avoids a store-to-load forwarding stall.
inline Position child_of(const Position& from) {
  Position p;
  p.captured = from.captured;
  p.side = from.side;
  p.phase = from.phase;
  p.quiet = from.quiet;
  p.over = from.over;
  return p;
}

// child_of(from) written in place, all but the first `board_words` words of the board, which the
// caller writes itself. Every field is stored straight from the parent: building the child in a
// temporary and copying it made the compiler merge byte stores and reload them as one vector,
// a store-forwarding stall on every move a search made.
inline void start_child(const Position& from, Position& out, int board_words) {
  for (int w = board_words; w < kCellBytes / 8; ++w) std::memset(out.cell.data() + 8 * w, 0, 8);
  constexpr std::size_t kHeader = sizeof(Position) - kCellBytes;
  static_assert(offsetof(Position, captured) == kCellBytes, "the header follows the board");
  std::memcpy(reinterpret_cast<unsigned char*>(&out) + kCellBytes, reinterpret_cast<const unsigned char*>(&from) + kCellBytes,
              kHeader);
}

// A strong 64-bit mixer (a bijection: distinct inputs give distinct outputs).
inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 31;
  x *= 0x7fb5d329728ea185ULL;
  x ^= x >> 27;
  x *= 0x81dadef4bc2dd44dULL;
  x ^= x >> 33;
  return x;
}

// Hash of a few words: each word is mixed on its own, with its own offset, and the results are
// xored; the four mixes run in parallel. Every input bit goes through a mixer: xoring a flag
// straight into a board word (an earlier store-free key did) makes positions that differ in that
// flag and in one pit's count collide by construction, and a table full of such collisions
// proved a wrong Kalah value.
inline std::uint64_t hash_words(std::uint64_t a, std::uint64_t b, std::uint64_t c = 0, std::uint64_t d = 0) {
  return mix64(a + 0x9e3779b97f4a7c15ULL) ^ mix64(b + 0xc2b2ae3d27d4eb4fULL) ^ mix64(c + 0x165667b19e3779f9ULL) ^
         mix64(d + 0xd6e8feb86659fd93ULL);
}

// 64-bit hash of everything but the quiet-move counter; cheaper than Zobrist tables for a
// position this small and needs no incremental update.
inline std::uint64_t hash_position(const Position& p) {
  static_assert(kCellBytes == 24);
  std::uint64_t w[3];
  std::memcpy(w, p.cell.data(), 24);
  const std::uint64_t rest = std::uint64_t(p.captured[0]) | std::uint64_t(p.captured[1]) << 8 |
                             std::uint64_t(p.side) << 16 | std::uint64_t(p.phase) << 24 | std::uint64_t(p.over) << 32;
  return hash_words(w[0], w[1], w[2], rest);
}

}  // namespace mancala
