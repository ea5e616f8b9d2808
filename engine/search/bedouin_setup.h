#pragma once
// Bedouin set-up: South's first move places all counters in the four centre holes, tens of
// thousands of choices (62,196 for 70 counters). Ranked by one ply of play after keep or flip
// and the openings, then the best few searched deeper.
// Part of AlphaBeta (alphabeta.h includes this file at its end).
#include <algorithm>
#include <cassert>
#include <numeric>
#include <vector>

#include "alphabeta.h"

namespace mancala::search {

template <class R>
struct AlphaBeta<R>::SetupCandidate {
  Move move;
  Position after;     // North to choose keep or flip
  int value;          // for South
  std::size_t order;  // when it was ranked: the earlier of two equal values is kept
};

// Every distribution, made from its index when the rules can (listing the 2.4 M of 240 counters
// first took 70 ms before the first limit check, and keeping them 150 MB), visited in a stride
// that spreads any prefix over the whole set: a ranking cut short by the clock or `stop` still
// chooses among all kinds of distributions, not only those that start alike.
template <class R>
struct AlphaBeta<R>::Distributions {
  static constexpr bool kIndexed = requires(const R& r) { r.distribution_at(0L); };
  const R& rules;
  std::vector<Move> listed;  // rules without an index of their set-up moves
  std::size_t count = 0, stride = 1;

  Distributions(const R& r, const Position& root) : rules(r) {
    if constexpr (kIndexed) {
      count = static_cast<std::size_t>(rules.distribution_count());
    } else {
      rules.for_each_move(root, [&](Move mv) { listed.push_back(mv); });
      count = listed.size();
    }
    stride = count * 5 / 8 + 1;
    while (std::gcd(stride, count) != 1) ++stride;
  }
  // The i-th visited (0 <= i < count).
  Move visit(std::size_t i) const {
    const std::size_t at = i * stride % count;  // (count is at most a few million: no overflow)
    if constexpr (kIndexed) return rules.distribution_at(static_cast<long>(at));
    else return listed[at];
  }
};

// Ranks every distribution by the worse of North's keep/flip after the forced openings (static
// value), then searches the most promising ones ever deeper while time lasts, and once those are
// solved, proves the choice against all the others.
template <class R>
Result AlphaBeta<R>::choose_distribution(const Position& root, const std::function<void(const Info&)>& on_info) {
  // Ranking every distribution takes 0.4 s for 70 counters and seconds for hundreds, so it obeys
  // the limits like a search (each distribution ranked counts as a node, as do those of its
  // one-ply searches). Only the finalists are kept.
  const Distributions all(rules_, root);
  constexpr std::size_t kFinalists = 32;
  // A heap whose front is the worst finalist kept.
  const auto better = [](const SetupCandidate& a, const SetupCandidate& b) {
    return a.value > b.value || (a.value == b.value && a.order < b.order);
  };
  std::vector<SetupCandidate> finalists;
  finalists.reserve(kFinalists);
  for (std::size_t i = 0; i < all.count && !aborted_; ++i) {
    if ((++nodes_ & 255) == 0 || nodes_ >= node_limit_) check_limits();
    if (aborted_) break;
    const Move mv = all.visit(i);
    SetupCandidate c{mv, rules_.play(root, mv), 0, i};
    const int worst = distribution_value(c.after);
    if (aborted_) break;
    c.value = worst + noise(key(c.after) ^ mv.raw());
    if (finalists.size() < kFinalists) {
      finalists.push_back(c);
      std::push_heap(finalists.begin(), finalists.end(), better);
    } else if (better(c, finalists.front())) {
      std::pop_heap(finalists.begin(), finalists.end(), better);
      finalists.back() = c;
      std::push_heap(finalists.begin(), finalists.end(), better);
    }
  }
  Result result;
  result.nodes = nodes_;
  if (finalists.empty()) {  // stopped before the first: any legal distribution
    if (all.count) result.best = all.visit(0);
    return result;
  }
  std::sort_heap(finalists.begin(), finalists.end(), better);  // best first
  result.best = finalists.front().move;
  result.score = finalists.front().value;
  if (deepen_finalists(finalists, result, on_info)) prove_distribution(root, all, finalists, result, on_info);
  result.nodes = nodes_;
  return result;
}

// A distribution's value for South: the worse of North's keep and flip, each followed by the
// forced openings and one ply of main play. (Meaningless if the search is aborted meanwhile.)
template <class R>
int AlphaBeta<R>::distribution_value(const Position& after) {
  int worst = kInfinity;
  for (Move choice : {Move::keep(), Move::flip()}) {
    Position q = rules_.play(after, choice);
    for (MoveList forced; !q.over && q.phase == Phase::Opening;) {  // each side's one sowing
      rules_.generate(q, forced);
      assert(forced.size() == 1);
      rules_.make(q, forced[0]);
    }
    // One ply of main play, not the static value: the openings leave piles that the first
    // move relays into large captures (34,1,35,0 looks even statically and wins 35 seeds).
    const int for_south = q.over ? kScoreUnit * result_margin(rules_, q)
                                 : search(q, 1, -kInfinity, kInfinity, 3) * (q.side == Side::South ? 1 : -1);
    if (aborted_) break;
    worst = std::min(worst, for_south);
  }
  return worst;
}

// The finalists (best first) searched ever deeper while the limits allow; the best found moves
// to the front. The ranking saw keep or flip, the openings and one ply of play (four plies, or
// three with a pass): shallower searches know less than it did and would only overrule it (as
// depth 1, which sees no opening, used to).
// True when they were solved: searched to the end of every game, without a heuristic leaf.
template <class R>
bool AlphaBeta<R>::deepen_finalists(std::vector<SetupCandidate>& finalists, Result& result,
                                    const std::function<void(const Info&)>& on_info) {
  for (int depth = std::min(kFirstSetupDepth, max_depth()); !aborted_ && depth <= max_depth(); ++depth) {  // (not if the ranking used up the limits)
    const std::uint64_t heuristic_before = heuristic_leaves_;
    int best = -kInfinity;
    std::size_t best_index = 0;
    for (std::size_t i = 0; i < finalists.size(); ++i) {
      const int v = -search(finalists[i].after, depth, -kInfinity, best == -kInfinity ? kInfinity : -best, 1);
      if (aborted_) break;
      if (v > best) {
        best = v;
        best_index = i;
      }
    }
    if (aborted_) break;
    const auto chosen = finalists.begin() + static_cast<long>(best_index);
    std::rotate(finalists.begin(), chosen, chosen + 1);
    result.best = finalists.front().move;
    result.score = best;
    result.depth = depth;
    result.proven = false;  // only the finalists were searched
    if (on_info) on_info(make_info(depth, best, false, {result.best}));
    if (heuristic_leaves_ == heuristic_before) return true;
    if (time_.soft_limit_reached()) break;
  }
  return false;
}

// The solved finalists' best, tested against every other distribution: a null-window search to
// the end of the game proves one no better, or a full search gives its value and it becomes the
// best. Once every one is tested the choice is proven, so small Bedouin games are played
// perfectly from the set-up on. Not under a depth limit or a level (they bound the search on
// purpose), and under a clock only if the finalists left time: the stage runs until the hard
// limit, and a stage cut short keeps the best found so far, its value exact.
template <class R>
void AlphaBeta<R>::prove_distribution(const Position& root, const Distributions& all,
                                      const std::vector<SetupCandidate>& finalists, Result& result,
                                      const std::function<void(const Info&)>& on_info) {
  if (limits_.depth > 0 || settings_.level < Settings::kMaxLevel || time_.soft_limit_reached()) return;
  const std::uint64_t heuristic_before = heuristic_leaves_;
  const auto searched = [&](Move mv) {
    return std::any_of(finalists.begin(), finalists.end(), [&](const SetupCandidate& c) { return c.move == mv; });
  };
  for (std::size_t i = 0; i < all.count; ++i) {
    const Move mv = all.visit(i);
    if (searched(mv)) continue;
    const Position after = rules_.play(root, mv);  // North to choose: never over
    const int best = result.score;
    int v = -search(after, kProofDepth, -best - 1, -best, 1);
    if (aborted_ || heuristic_leaves_ != heuristic_before) return;  // stopped, or the ply cap: no proof
    if (v <= best) continue;
    v = -search(after, kProofDepth, -kInfinity, -best, 1);
    if (aborted_ || heuristic_leaves_ != heuristic_before) return;
    result.best = mv;
    result.score = v;
    if (on_info) on_info(make_info(result.depth, v, false, {mv}));
  }
  result.proven = true;
  if (on_info) on_info(make_info(result.depth, result.score, true, {result.best}));
}

}  // namespace mancala::search
