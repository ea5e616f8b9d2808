#pragma once
// perft(d): the number of distinct legal move sequences of exactly d moves (automatic passes are
// not moves; a game that ends early contributes nothing). Every move is made, also at the last
// ply, so the count is also the number of sowings performed.
#include <cstdint>

#include "rules.h"

namespace mancala {

template <class R>
std::uint64_t perft(const R& rules, const Position& pos, int depth) {
  if (depth == 0) return 1;
  std::uint64_t nodes = 0;
  if (pos.phase == Phase::Distribute) {
    rules.for_each_move(pos, [&](Move mv) { nodes += perft(rules, rules.play(pos, mv), depth - 1); });
    return nodes;
  }
  MoveList list;
  rules.generate(pos, list);
  for (Move mv : list) {
    const Position child = rules.play(pos, mv);
    nodes += depth == 1 ? 1 : perft(rules, child, depth - 1);
  }
  return nodes;
}

inline std::uint64_t perft(const Variant& v, const Position& pos, int depth) {
  return visit_rules(v, [&](const auto& rules) { return perft(rules, pos, depth); });
}

}  // namespace mancala
