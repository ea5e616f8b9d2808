#pragma once
// What the two store-less ring games (Mangala II, Bedouin) share: a 12-hole ring, South 0..5 and
// North 6..11, each row from its owner's left; captures kept per player; the quiet-move limit.
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

inline void generate_sowings(const Position& p, MoveList& list) {
  for (int i = 0; i < kPits; ++i)
    if (p.cell[first_pit(p.side) + i]) list.push(Move::sow(i));
}

inline bool is_legal_sowing(const Position& p, Move mv) {
  return mv.is_sow() && mv.pit() < kPits && p.cell[first_pit(p.side) + mv.pit()] != 0;
}

// Sows every counter of `from` one hole at a time in direction `step` (+1 or -1), starting with
// the next hole; the origin is not skipped on a long sowing. Returns the last hole.
inline int sow(Position& p, int from, int step) {
  int seeds = p.cell[from];
  p.cell[from] = 0;
  if (seeds > kHoles) {  // whole laps at once: every hole, the origin included, gets one
    const int laps = (seeds - 1) / kHoles;
    for (int i = 0; i < kHoles; ++i) p.cell[i] = static_cast<std::uint8_t>(p.cell[i] + laps);
    seeds -= laps * kHoles;
  }
  int hole = from;
  while (seeds--) {
    hole += step;
    if (hole == kHoles) hole = 0;
    else if (hole < 0) hole = kHoles - 1;
    ++p.cell[hole];
  }
  return hole;
}

}  // namespace mancala::ring
