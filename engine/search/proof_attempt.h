#pragma once
// A proof attempt: MTD(f) null-window searches at full depth from the root's children until
// the root value's lower and upper bounds meet, within a node budget. Only a pass that reached
// no heuristic leaf (no ply cap) counts. Part of AlphaBeta (alphabeta.h includes this file at
// its end). A pass that ends without closing the gap reports the side it proved, so a GUI sees
// "a win by 8 or more" long before the last pass ends. `prove_side` is one such pass on one root
// child, for MultiPV's moves left out of the lines.
#include "alphabeta.h"

namespace mancala::search {

template <class R>
bool AlphaBeta<R>::try_to_prove(Child* kids, int n, int guess, std::uint64_t budget, int& value, int& best_index,
                                const BoundReport& on_bound) {
  begin_proof(budget);
  int lower = -kInfinity, upper = kInfinity;
  int g = guess / kScoreUnit * kScoreUnit;  // exact values are whole seeds
  best_index = 0;
  while (lower < upper) {
    const int beta = g == lower ? g + 1 : g;
    // Root null-window search: is the value >= beta?
    int best = -kInfinity, index = 0;
    for (int i = 0; i < n && best < beta; ++i) {
      const std::uint64_t heuristic_before = heuristic_leaves_;
      const int v = child_value(kids[i], kProofDepth, beta - 1, beta, 0, true);
      if (aborted_ || out_of_budget_) break;
      if (heuristic_leaves_ != heuristic_before) {  // hit the ply cap: not a proof
        out_of_budget_ = true;
        break;
      }
      if (v > best) {
        best = v;
        index = i;
      }
    }
    if (aborted_ || out_of_budget_) break;
    if (best < beta) {
      upper = best;
      if (lower < upper) on_bound(upper, Bound::Upper, best_index);
    } else {
      lower = best;
      best_index = index;
      if (lower < upper) on_bound(lower, Bound::Lower, best_index);
    }
    g = best;
  }
  const bool proven = !aborted_ && !out_of_budget_ && lower == upper;
  end_proof();
  value = lower;
  return proven;
}

template <class R>
bool AlphaBeta<R>::prove_side(const Child& kid, int beta, std::uint64_t budget, int& value) {
  begin_proof(budget);
  const std::uint64_t heuristic_before = heuristic_leaves_;
  value = child_value(kid, kProofDepth, beta - 1, beta, 0, true);
  const bool proven = !aborted_ && !out_of_budget_ && heuristic_leaves_ == heuristic_before;
  end_proof();
  return proven;
}

}  // namespace mancala::search
