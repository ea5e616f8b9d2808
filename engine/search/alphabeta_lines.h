#pragma once
// MultiPV: the root searched for its best `Settings::multipv` moves, each with an exact value and
// its own pv, as analysis GUIs show them. Each iteration searches every root move with the window
// floored at the k-th best exact value so far (k = 1 is the one-line search's alpha), so a move
// that cannot enter the top k fails low cheaply. Proof attempts prove each line on its own.
// Part of AlphaBeta (alphabeta.h includes this file at its end).
#include <algorithm>
#include <functional>
#include <iterator>

#include "alphabeta.h"

namespace mancala::search {

template <class R>
Result AlphaBeta<R>::run_lines(const Position& root, Child* kids, int n, const std::function<void(const Info&)>& on_info) {
  struct Line {
    int value = -kInfinity;
    bool exact = false;   // searched inside its window: the value, not a bound on it
    bool proven = false;  // exact and reached no heuristic leaf
  };
  const int lines = std::min(settings_.multipv, n);
  Line line[MoveList::kCapacity];
  Result result;
  result.best = kids[0].move;

  // Exact values first, then the higher value; ties keep their order (a stable sort).
  const auto sort_lines = [&] {
    int index[MoveList::kCapacity];
    for (int i = 0; i < n; ++i) index[i] = i;
    std::stable_sort(index, index + n, [&](int x, int y) {
      if (line[x].exact != line[y].exact) return line[x].exact;
      return line[x].value > line[y].value;
    });
    Child sorted_kids[MoveList::kCapacity];
    Line sorted_line[MoveList::kCapacity];
    for (int i = 0; i < n; ++i) sorted_kids[i] = kids[index[i]], sorted_line[i] = line[index[i]];
    std::copy(sorted_kids, sorted_kids + n, kids);
    std::copy(sorted_line, sorted_line + n, line);
  };
  const auto report = [&](int depth) {
    if (!on_info) return;
    for (int j = 0; j < lines; ++j) {
      const int len = line[j].proven ? 64 : depth + 8, searched = line[j].proven ? 0 : depth;
      Info info = make_info(depth, line[j].value, line[j].proven, principal_variation(root, kids[j].move, len, searched));
      info.multipv = j + 1;
      on_info(info);
    }
  };
  const auto all_proven = [&] { return std::all_of(line, line + lines, [](const Line& l) { return l.proven; }); };

  for (int depth = 1; depth <= max_depth(); ++depth) {
    seldepth_ = 0;
    Line now[MoveList::kCapacity];
    int exact_values[MoveList::kCapacity], exact_count = 0;
    for (int i = 0; i < n; ++i) {
      // The window's floor: the lines-th best exact value so far (none until there are that many).
      int floor = -kInfinity;
      if (exact_count >= lines) {
        std::nth_element(exact_values, exact_values + lines - 1, exact_values + exact_count, std::greater<>());
        floor = exact_values[lines - 1];
      }
      const std::uint64_t heuristic_before = heuristic_leaves_;
      const int v = child_value(kids[i], depth, floor, kInfinity, 0, exact_count < lines);
      if (aborted_) break;
      now[i] = {v, v > floor, v > floor && heuristic_leaves_ == heuristic_before};
      if (now[i].exact) exact_values[exact_count++] = v;
    }
    if (aborted_) break;  // keep the last completed iteration (none: the move ordering's first move)
    std::copy(std::begin(now), std::end(now), line);
    sort_lines();
    report(depth);
    result.depth = depth;

    if (!all_proven() && depth >= kProofMinDepth && proof_worth_trying(root) && !time_.soft_limit_reached()) {
      // Each line's own MTD(f) proof attempt, from its estimate, within the one-line search's budget.
      const std::uint64_t budget = nodes_ * kProofBudgetFactor;
      const BoundReport unreported = [](int, Bound, int) {};  // the lines report once all are tried
      bool any = false;
      for (int j = 0; j < lines && !aborted_; ++j) {
        int value = 0, unused = 0;
        if (!line[j].proven && try_to_prove(kids + j, 1, line[j].value, budget, value, unused, unreported)) {
          line[j] = {value, true, true};
          any = true;
        }
      }
      if (any) {
        sort_lines();
        report(depth);
      }
      if (aborted_) break;
    }
    if (all_proven() || time_.soft_limit_reached()) break;
  }
  result.best = kids[0].move;
  result.score = line[0].value == -kInfinity ? 0 : line[0].value;
  result.proven = result.depth > 0 && all_proven();
  return result;
}

}  // namespace mancala::search
