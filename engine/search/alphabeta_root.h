#pragma once
// The root of the search: iterative deepening with proof attempts once the iterations are deep
// enough, the reports after each, and the principal variation read back from the table. Part of
// AlphaBeta (alphabeta.h includes this file at its end).
#include <algorithm>
#include <vector>

#include "alphabeta.h"

namespace mancala::search {

template <class R>
std::vector<Move> AlphaBeta<R>::principal_variation(Position p, Move first, int max_len, int searched) const {
  std::vector<Move> pv;
  Move mv = first;
  while (static_cast<int>(pv.size()) < max_len && !mv.is_none() && rules_.is_legal(p, mv)) {
    pv.push_back(mv);
    rules_.make(p, mv);
    if (p.over) return pv;
    const TTEntry* e = tt_.probe(key(p));
    mv = e && e->move != kNoMove ? Move::from_raw(e->move) : Move::none();
  }
  const int len = static_cast<int>(pv.size());
  if (mv.is_none() && len > 0 && len < std::min(searched, max_len)) pv.push_back(best_by_evaluation(p));
  return pv;
}

template <class R>
Move AlphaBeta<R>::best_by_evaluation(const Position& p) const {
  Move best = Move::none();
  int best_value = -kInfinity;
  rules_.for_each_move(p, [&](Move mv) {
    Position child = p;
    rules_.make(child, mv);
    const int south = result_margin(rules_, child);  // a finished game
    int value = kScoreUnit * (p.side == Side::South ? south : -south);
    if (!child.over) {
      const int v = evaluate(rules_, child, settings_.plain_eval);
      value = child.side == p.side ? v : -v;
    }
    if (value > best_value) best_value = value, best = mv;
  });
  return best;
}

template <class R>
Result AlphaBeta<R>::run(const Position& root, const std::function<void(const Info&)>& on_info) {
  Result result;
  if (root.over) return result;
  if (on_info) on_info_ = &on_info;
  if (root.phase == Phase::Distribute) return choose_distribution(root, on_info);

  Child unordered[MoveList::kCapacity], kids[MoveList::kCapacity];
  std::uint8_t order[MoveList::kCapacity];
  const int n = expand(root, unordered, true);
  sort_children(unordered, n, -1, order);
  for (int i = 0; i < n; ++i) kids[i] = unordered[order[i]];
  result.best = kids[0].move;
  if (n == 1 && limits_.depth == 0 && limits_.nodes == 0 && !limits_.infinite && (limits_.has_clock() || limits_.movetime_ms)) {
    result.depth = 0;  // a forced move: no need to think
    return result;
  }
  if (settings_.multipv > 1 && n > 1) result = run_lines(root, kids, n, on_info);
  else result = run_line(root, kids, n, on_info);
  auto pv = principal_variation(root, result.best, 2, result.depth);
  if (pv.size() == 2) result.ponder = pv[1];
  result.nodes = nodes_;
  return result;
}

template <class R>
Result AlphaBeta<R>::run_line(const Position& root, Child* kids, int n, const std::function<void(const Info&)>& on_info) {
  Result result;
  result.best = kids[0].move;

  // The root value's bounds that proof passes have proven so far: later estimates stay inside.
  int proven_lower = -kInfinity, proven_upper = kInfinity;
  Move proven_lower_move = Move::none();  // the root move that achieves proven_lower
  bool bound_reported_last = false;       // the last info line was a bound (see the end)
  for (int depth = 1; depth <= max_depth(); ++depth) {
    const std::uint64_t heuristic_before = heuristic_leaves_;
    seldepth_ = 0;
    int best = -kInfinity, a = -kInfinity, best_index = 0;
    for (int i = 0; i < n; ++i) {
      const int v = child_value(kids[i], depth, a, kInfinity, 0, i == 0);
      if (aborted_) break;
      if (v > best) {
        best = v;
        best_index = i;
        a = std::max(a, v);
      }
    }
    if (aborted_ && depth > 1) break;  // keep the last completed iteration
    // Best move first in the next iteration; the rest keep their order.
    std::rotate(kids, kids + best_index, kids + best_index + 1);
    result.best = kids[0].move;
    if (aborted_) break;
    result.score = std::clamp(best, proven_lower, proven_upper);
    result.depth = depth;
    result.proven = heuristic_leaves_ == heuristic_before;

    if (on_info) on_info(make_info(depth, result.score, result.proven, principal_variation(root, result.best, depth + 8, depth)));
    bound_reported_last = false;
    if (!result.proven && depth >= kProofMinDepth && proof_worth_trying(root) && !time_.soft_limit_reached()) {
      // A full-depth null-window (MTD(f)) proof attempt, allowed a multiple of the nodes the
      // search has used so far, so failed attempts cost a bounded share of the time. Tuned on
      // the Kalah(6,4) proof (BENCHMARKS.md): starting at depth 12 with 8x took the fewest nodes.
      int value = 0, proven_index = 0;
      // (A bound beyond the other proven one could only come from an unsound proof, a table
      // collision say; it is ignored so that the two never cross.)
      const BoundReport on_bound = [&](int bound_value, Bound bound, int index) {
        if (bound == Bound::Lower && bound_value > proven_lower && bound_value <= proven_upper) {
          proven_lower = bound_value;
          proven_lower_move = kids[index].move;
        } else if (bound == Bound::Upper && bound_value < proven_upper && bound_value >= proven_lower) {
          proven_upper = bound_value;
        } else {
          return;  // a later attempt proving again what an earlier one did
        }
        if (on_info) on_info(make_info(depth, bound_value, true, principal_variation(root, kids[index].move, kProvenPvPlies), bound));
        bound_reported_last = true;
      };
      const bool proven = try_to_prove(kids, n, best, nodes_ * kProofBudgetFactor, value, proven_index, on_bound);
      if (proven || proven_lower == proven_upper) {
        // Proven by this attempt, or by the bounds of two attempts meeting.
        const Move move = proven ? kids[proven_index].move : proven_lower_move;
        const auto at = std::find_if(kids, kids + n, [&](const Child& c) { return c.move == move; });
        std::rotate(kids, at, at + 1);
        result.best = kids[0].move;
        result.score = proven ? value : proven_lower;
        result.proven = true;
        if (on_info) on_info(make_info(depth, result.score, true, principal_variation(root, result.best, kProvenPvPlies)));
      }
      if (aborted_) break;
    }
    if (result.proven || time_.soft_limit_reached()) break;
  }
  // A search that ends in a failed proof attempt (time, or the iteration limit) would leave a
  // one-sided bound as the last word, which GUIs and the arena take as the move's score: the
  // estimate, within what is proven, is said again last.
  if (!result.proven) result.score = std::clamp(result.score, proven_lower, proven_upper);
  if (bound_reported_last && !result.proven && on_info)
    on_info(make_info(result.depth, result.score, false, principal_variation(root, result.best, result.depth + 8, result.depth)));
  return result;
}

}  // namespace mancala::search
