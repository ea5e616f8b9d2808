#pragma once
// perft(d): the number of distinct legal move sequences of exactly d moves (automatic passes are
// not moves; a game that ends early contributes nothing). Every move is made, also at the last
// ply, so the count is also the number of sowings performed: `keep` stops the compiler from
// deleting the leaf sowings, whose results are otherwise unused (it did, for Turkish Mangala).
#include <atomic>
#include <cstdint>
#include <cstring>
#include <optional>

#include "rules.h"

namespace mancala {

// An optimisation barrier: the child must be computed, but nothing is emitted to use it.
inline void keep(const Position& p) {
  std::uint64_t w0, w1, w2;
  std::memcpy(&w0, p.cell.data(), 8);
  std::memcpy(&w1, p.cell.data() + 8, 8);
  std::memcpy(&w2, p.cell.data() + 16, 8);
  asm volatile("" : : "r"(w0), "r"(w1), "r"(w2), "r"(p.side), "r"(p.over));
  asm volatile("" : : "r"(p.captured[0]), "r"(p.captured[1]), "r"(p.phase), "r"(p.quiet));
}

template <class R>
std::uint64_t perft(const R& rules, const Position& pos, int depth) {
  if (depth == 0) return 1;
  std::uint64_t nodes = 0;
  if (depth == 1) {  // a loop of its own: no recursive call forces the parent back to memory
    rules.for_each_move(pos, [&](Move mv) {
      keep(rules.play(pos, mv));
      ++nodes;
    });
    return nodes;
  }
  // (for_each_move, not a MoveList: a Bedouin distribution has tens of thousands of moves)
  rules.for_each_move(pos, [&](Move mv) { nodes += perft(rules, rules.play(pos, mv), depth - 1); });
  return nodes;
}

inline std::uint64_t perft(const Variant& v, const Position& pos, int depth) {
  return visit_rules(v, [&](const auto& rules) { return perft(rules, pos, depth); });
}

// perft that gives up (nullopt) once `stop` is set, for a command a user may call off. The flag
// is read only above the last kUnchecked plies, so the counting below runs at full speed; such a
// subtree takes milliseconds.
template <class R>
std::optional<std::uint64_t> perft_until(const R& rules, const Position& pos, int depth, const std::atomic<bool>& stop) {
  constexpr int kUnchecked = 5;
  if (stop.load(std::memory_order_relaxed)) return std::nullopt;
  if (depth <= kUnchecked) return perft(rules, pos, depth);
  std::uint64_t nodes = 0;
  bool stopped = false;
  rules.for_each_move(pos, [&](Move mv) {
    if (stopped) return;
    const auto sub = perft_until(rules, rules.play(pos, mv), depth - 1, stop);
    if (sub) nodes += *sub;
    else stopped = true;
  });
  return stopped ? std::nullopt : std::optional<std::uint64_t>(nodes);
}

inline std::optional<std::uint64_t> perft_until(const Variant& v, const Position& pos, int depth, const std::atomic<bool>& stop) {
  return visit_rules(v, [&](const auto& rules) { return perft_until(rules, pos, depth, stop); });
}

}  // namespace mancala
