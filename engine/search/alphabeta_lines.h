#pragma once
// MultiPV: the root searched for its best `Settings::multipv` moves, each with an exact value and
// its own pv, as analysis GUIs show them. Each iteration searches every root move with the window
// floored at the k-th best exact value so far (k = 1 is the one-line search's alpha), so a move
// that cannot enter the top k fails low cheaply. The set is proven when every line's value is and
// every move left out is proven to be worth no more than the last line. Part of AlphaBeta
// (alphabeta.h includes this file at its end).
#include <algorithm>
#include <functional>
#include <iterator>

#include "alphabeta.h"

namespace mancala::search {

// The root's moves and what is known of each: the first `lines` are the lines shown, in order.
template <class R>
struct AlphaBeta<R>::RootLines {
  struct Line {
    int value = -kInfinity;
    bool exact = false;   // searched inside its window: the value, not an upper bound on it
    bool solved = false;  // reached no heuristic leaf: the value, or the upper bound, is proven
    bool proven() const { return exact && solved; }
  };
  RootLines(const Position& root_position, Child* root_kids, int moves, int shown)
      : root(root_position), kids(root_kids), n(moves), lines(shown) {}
  const Position& root;
  Child* const kids;
  const int n;      // root moves
  const int lines;  // shown: min(multipv, n)
  Line line[MoveList::kCapacity];
  bool bounds_unreported = false;  // a left-out move's bound proven since the last report

  // Exact values first, then the higher value; ties keep their order (a stable sort).
  void sort() {
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
  }
  // Every move from index `from` on is proven to be worth no more than `value`: a value or a
  // fail-low under a heuristic leaf may still be better.
  bool at_most_from(int from, int value) const {
    return std::all_of(line + from, line + n, [&](const Line& l) { return l.solved && l.value <= value; });
  }
  // A line's `proven` is its move's exact value; line 1's score is the position's, so it is
  // proven only once no other move can beat it, on a line below it or left out.
  bool shown_as_proven(int j) const { return line[j].proven() && (j > 0 || at_most_from(1, line[0].value)); }
  bool set_proven() const {
    return std::all_of(line, line + lines, [](const Line& l) { return l.proven(); }) && at_most_from(lines, line[lines - 1].value);
  }
};

template <class R>
void AlphaBeta<R>::report_lines(const RootLines& root_lines, int depth, const std::function<void(const Info&)>& on_info) {
  if (!on_info) return;
  for (int j = 0; j < root_lines.lines; ++j) {
    const bool proven = root_lines.shown_as_proven(j);
    const int len = proven ? kProvenPvPlies : depth + 8, searched = proven ? 0 : depth;
    Info info = make_info(depth, root_lines.line[j].value, proven, principal_variation(root_lines.root, root_lines.kids[j].move, len, searched));
    info.multipv = j + 1;
    on_info(info);
  }
}

// Proof attempts, sharing the one-line search's budget: first each line's value (MTD(f) from its
// estimate), then each left-out move's bound at the last line's value. A left-out move proven
// better gets its value proven and joins the lines, pushing the last one out. Every line proven
// is reported, and the lines again once bounds are (line 1 may be proven by them).
template <class R>
void AlphaBeta<R>::prove_lines(RootLines& root_lines, int depth, const std::function<void(const Info&)>& on_info) {
  const std::uint64_t budget_end = nodes_ + nodes_ * kProofBudgetFactor;
  const BoundReport unreported = [](int, Bound, int) {};  // a line's bounds are not the root's
  auto* const line = root_lines.line;
  while (!aborted_ && nodes_ < budget_end && !root_lines.set_proven()) {
    int j = static_cast<int>(std::find_if(line, line + root_lines.lines, [](const auto& l) { return !l.proven(); }) - line);
    int guess = line[j].value;
    if (j == root_lines.lines) {
      const int last = line[root_lines.lines - 1].value;
      j = static_cast<int>(std::find_if(line + root_lines.lines, line + root_lines.n, [&](const auto& l) { return !l.solved || l.value > last; }) - line);
      int bound = 0;
      if (!prove_side(root_lines.kids[j], last + 1, budget_end - nodes_, bound)) break;
      if (bound <= last) {
        line[j] = {bound, false, true};
        root_lines.bounds_unreported = true;
        continue;
      }
      guess = bound;
    }
    int value = 0, unused = 0;
    if (!try_to_prove(root_lines.kids + j, 1, guess, budget_end - nodes_, value, unused, unreported)) break;
    line[j] = {value, true, true};
    root_lines.sort();
    report_lines(root_lines, depth, on_info);
    root_lines.bounds_unreported = false;
  }
  if (root_lines.bounds_unreported) report_lines(root_lines, depth, on_info);
  root_lines.bounds_unreported = false;
}

template <class R>
Result AlphaBeta<R>::run_lines(const Position& root, Child* kids, int n, const std::function<void(const Info&)>& on_info) {
  RootLines root_lines(root, kids, n, std::min(settings_.multipv, n));
  Result result;
  for (int depth = 1; depth <= max_depth(); ++depth) {
    seldepth_ = 0;
    typename RootLines::Line now[MoveList::kCapacity];
    int exact_values[MoveList::kCapacity], exact_count = 0;
    for (int i = 0; i < n; ++i) {
      // The window's floor: the lines-th best exact value so far (none until there are that many).
      // It only rises, so a move failing low stays below the last line's value of this iteration.
      int floor = -kInfinity;
      if (exact_count >= root_lines.lines) {
        std::nth_element(exact_values, exact_values + root_lines.lines - 1, exact_values + exact_count, std::greater<>());
        floor = exact_values[root_lines.lines - 1];
      }
      const std::uint64_t heuristic_before = heuristic_leaves_;
      const int v = child_value(kids[i], depth, floor, kInfinity, 0, exact_count < root_lines.lines);
      if (aborted_) break;
      now[i] = {v, v > floor, heuristic_leaves_ == heuristic_before};
      if (now[i].exact) exact_values[exact_count++] = v;
    }
    if (aborted_) {
      // Keep the last completed iteration; stopped in the first, the best move searched so far.
      if (depth == 1) std::copy(std::begin(now), std::end(now), root_lines.line), root_lines.sort();
      break;
    }
    std::copy(std::begin(now), std::end(now), root_lines.line);
    root_lines.sort();
    report_lines(root_lines, depth, on_info);
    result.depth = depth;

    if (!root_lines.set_proven() && depth >= kProofMinDepth && proof_worth_trying(root) && !time_.soft_limit_reached()) {
      prove_lines(root_lines, depth, on_info);
      if (aborted_) break;
    }
    if (root_lines.set_proven() || time_.soft_limit_reached()) break;
  }
  result.best = kids[0].move;
  result.score = result.depth > 0 ? root_lines.line[0].value : 0;
  result.proven = result.depth > 0 && root_lines.set_proven();
  return result;
}

}  // namespace mancala::search
