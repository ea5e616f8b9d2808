// MultiPV's correctness: every line's score against the exhaustive minimax or the one-line
// search's proof, which moves a set may leave out, when line 1 may be sent as proven, and how a
// MultiPV search ends.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "search_oracle.h"

namespace {

using namespace search_oracle;

// A MultiPV search of `text` with its lines, and every move's value (from the mover's view, by
// `value_after`), best first.
using ValueAfter = std::function<int(const Game&, mancala::Move)>;
struct MultiPvRun {
  mancala::search::Result result;
  std::vector<mancala::search::Info> infos;
  std::vector<int> values;
};
MultiPvRun run_multipv(const Game& g, int multipv, const ValueAfter& value_after, const Limits& limits) {
  mancala::search::Settings settings{16, mancala::search::Settings::kMaxLevel, false};
  settings.multipv = multipv;
  Searcher searcher(settings);
  const std::atomic<bool> stop{false};
  MultiPvRun run;
  run.result = searcher.search(g.variant(), g.position(), limits, stop, [&](const auto& i) {
    if (!i.progress) run.infos.push_back(i);  // (a progress report, after a second without a line, says only nodes)
  });
  for (const auto move : g.legal_moves()) run.values.push_back(value_after(g, move) * mancala::search::kScoreUnit);
  std::sort(run.values.rbegin(), run.values.rend());
  // Whenever sent, a `score proven` line holds its move's value, and line 1's is the position's.
  for (const auto& info : run.infos) {
    if (!info.proven || info.pv.empty()) continue;
    EXPECT_EQ(info.score, value_after(g, info.pv.front()) * mancala::search::kScoreUnit) << "depth " << info.depth;
    if (info.multipv == 1) {
      EXPECT_EQ(info.score, run.values[0]) << "depth " << info.depth << ": line 1 proven, but another move is better";
    }
  }
  return run;
}

// MultiPV: once proven, the last `multipv` lines (or one per move, if fewer) are moves whose
// values are the best that many of all the moves', each line scored with its move's value, best
// first, and the best line is the result.
void expect_lines_proven(const std::string& text, int multipv, const ValueAfter& value_after, const Limits& limits = {}) {
  using mancala::search::Info;
  SCOPED_TRACE(text + ", MultiPV " + std::to_string(multipv));
  auto g = text.find(' ') == std::string::npos ? Game::from_spec(text) : Game::from_notation(text);
  ASSERT_TRUE(g) << g.error();
  const auto [result, infos, all_values] = run_multipv(*g, multipv, value_after, limits);
  ASSERT_TRUE(result.proven);
  const auto moves = g->legal_moves();
  const std::size_t lines = std::min(moves.size(), static_cast<std::size_t>(multipv));
  ASSERT_GE(infos.size(), lines);
  const std::vector<Info> last(infos.end() - static_cast<std::ptrdiff_t>(lines), infos.end());
  std::set<std::string> seen;
  for (std::size_t j = 0; j < lines; ++j) {
    const Info& line = last[j];
    EXPECT_EQ(line.multipv, static_cast<int>(j + 1));
    EXPECT_TRUE(line.proven) << "line " << j + 1;
    ASSERT_FALSE(line.pv.empty());
    const auto move = line.pv.front();
    seen.insert(g->move_text(move));
    EXPECT_EQ(line.score, value_after(*g, move) * mancala::search::kScoreUnit) << "move " << g->move_text(move);
    EXPECT_EQ(line.score, all_values[j]) << "line " << j + 1 << " is not the " << j + 1 << "th best move's value";
  }
  EXPECT_EQ(seen.size(), lines) << "one line per move";
  EXPECT_EQ(result.best, last[0].pv.front());
  EXPECT_EQ(result.score, last[0].score);
}

// With a line for every move, every move gets its exact value. The lines' own proofs (one MTD(f)
// attempt per move) are what gets the bigger boards there.
TEST(Search, EveryMultiPvLineHasItsMovesMinimaxValue) {
  for (const char* text : {"kalah(3,3)", "kalah(3,3,empty)", "kalah(2,4)", "kalah(6,4) 0,0,2,0,1,1:20 1,0,0,2,0,1:20 s",
                           "mangala 0,1,0,2,0,1:20 1,0,2,0,0,1:20 s", "mangala2 1,0,1,0,0,1:33 0,1,0,1,0,1:33 s 95",
                           // North's 3 and 5 end the game at once by the quiet-move limit: a draw, 0.
                           "mangala2 0,0,0,0,1,1:31 0,1,1,0,1,0:36 n 99",
                           "bedouin(70) 0,1,0,0,2,0:33 1,0,0,0,0,1:32 n play 90"}) {
    Minimax minimax;
    expect_lines_proven(text, 8, [&](const Game& g, mancala::Move move) { return minimax_after(minimax, g, move); });
  }
}

// Fewer lines than moves: a move left out because it failed low under a heuristic leaf may be
// better than the last line, so the set is proven only once every left-out move's bound is. These
// positions each had a better move left out of a set reported as proven (a review found them),
// under a depth limit (no proof attempts: the iterations alone) and without one. The last one's
// proof attempts find a left-out move better than the last line (so it takes that line's place)
// and prove the other moves' bounds. Too big for the exhaustive minimax, each move's value is the
// one-line search's proof after it.
TEST(Search, MultiPvLeavesOutNoBetterMove) {
  Limits depth_limited;
  depth_limited.depth = 60;
  for (const Limits& limits : {Limits{}, depth_limited}) {
    expect_lines_proven("kalah(6,4) 1,0,0,1,0,1:19 0,1,1,3,0,2:19 s", 2, solved_after, limits);
    expect_lines_proven("kalah(6,4) 0,0,0,1,0,1:20 2,2,1,5,0,2:14 n", 3, solved_after, limits);
    expect_lines_proven("kalah(5,3) 2,0,2,5,2:5 1,2,2,1,3:5 n", 3, solved_after, limits);
    expect_lines_proven("kalah(4,4) 5,1,5,5:1 5,4,0,5:1 s", 2, solved_after, limits);
  }
}

// The proof attempts after iteration 12 are what prove a MultiPV set, and a proven set ends the
// search: both sets are proven by the first attempt, at depth 12 (the iterations alone need 41 and
// 35, and a search that went on would run to the ply cap; an outside mutation review found both
// unpinned).
TEST(Search, MultiPvProofAttemptsProveTheSetAndEndTheSearch) {
  for (const auto& [text, multipv] :
       {std::pair{"kalah(4,4) 5,1,5,5:1 5,4,0,5:1 s", 2}, std::pair{"kalah(5,3) 2,0,2,5,2:5 1,2,2,1,3:5 n", 3}}) {
    SCOPED_TRACE(text);
    const Game g = *Game::from_notation(text);
    const auto run = run_multipv(g, multipv, solved_after, Limits{});
    ASSERT_TRUE(run.result.proven);
    EXPECT_LE(run.result.depth, 24);
    ASSERT_FALSE(run.infos.empty());
    EXPECT_EQ(run.infos.back().depth, run.result.depth) << "no iteration after the proof";
  }
}

// Stopped within its first iteration, a MultiPV search plays the best move it has searched, as a
// one-line search does. Here the root's first move is 6 (depth 1: -3.29 seeds) and its second 4
// (-0.78); 3 or 4 nodes search both (an outside mutation review found this unpinned: without the
// first iteration's lines the search played its first move, 6).
TEST(Search, MultiPvStoppedInTheFirstIterationPlaysTheBestMoveSearched) {
  const Game g = *Game::from_notation("kalah(6,4) 1,0,0,1,0,1:19 0,1,1,3,0,2:19 s");
  for (const std::uint64_t nodes : {3, 4}) {
    Limits limits;
    limits.nodes = nodes;
    const auto run = run_multipv(g, 2, solved_after, limits);
    EXPECT_EQ(g.move_text(run.result.best), "4") << nodes << " nodes";
  }
}

// A MultiPV search's lines (no progress lines).
std::vector<mancala::search::Info> multipv_lines(const Game& g, int multipv, const Limits& limits,
                                                 mancala::search::Result* result = nullptr) {
  mancala::search::Settings settings{16, mancala::search::Settings::kMaxLevel, false};
  settings.multipv = multipv;
  Searcher searcher(settings);
  const std::atomic<bool> stop{false};
  std::vector<mancala::search::Info> infos;
  const auto r = searcher.search(g.variant(), g.position(), limits, stop, [&](const auto& i) {
    if (!i.progress) infos.push_back(i);
  });
  if (result) *result = r;
  return infos;
}

// The first iteration's lines are reported even when the search is stopped in the second: with 24
// nodes (the Kalah(6,4) start, MultiPV 3) the search plays depth 1's best line, 3 (+1.04). (An
// outside mutation review found this unpinned: reporting the first iteration only when it was the
// last played 6.)
TEST(Search, MultiPvStoppedInTheSecondIterationPlaysTheFirstOnesBest) {
  const Game g = *Game::from_spec("kalah(6,4)");
  Limits limits;
  limits.nodes = 24;
  mancala::search::Result result;
  const auto infos = multipv_lines(g, 3, limits, &result);
  EXPECT_EQ(g.move_text(result.best), "3");
  EXPECT_EQ(result.depth, 1);
  EXPECT_EQ(result.score, 104);
  ASSERT_FALSE(infos.empty());
  EXPECT_EQ(infos.front().depth, 1);
}

// A line below line 1 is sent as proven as soon as its own move's value is, though line 1 is not
// yet (here at depth 10, line 2's move 6 is proven to be worth 0, line 1's move is not proven).
TEST(Search, MultiPvLinesBelowTheFirstAreProvenOnTheirOwn) {
  const Game g = *Game::from_notation("kalah(6,4) 1,0,0,1,0,1:19 0,1,1,3,0,2:19 s");
  Limits limits;
  limits.depth = 10;
  const auto infos = multipv_lines(g, 2, limits);
  ASSERT_GE(infos.size(), 2u);
  const auto& line1 = infos[infos.size() - 2];
  const auto& line2 = infos.back();
  ASSERT_EQ(line1.multipv, 1);
  ASSERT_EQ(line2.multipv, 2);
  EXPECT_FALSE(line1.proven);
  EXPECT_TRUE(line2.proven);
  ASSERT_FALSE(line2.pv.empty());
  EXPECT_EQ(g.move_text(line2.pv.front()), "6");
  EXPECT_EQ(line2.score, 0);
}

// MultiPV searches of `g` to each depth up to `max_depth`, and under each node limit of `nodes`:
// run_multipv checks every line 1 sent as proven, and a set reported proven holds the best value.
void expect_line_one_proven_only_when_best(const Game& g, int multipv, int max_depth, std::initializer_list<std::uint64_t> nodes) {
  auto check = [&](const Limits& limits, const std::string& trace) {
    SCOPED_TRACE(trace);
    const auto run = run_multipv(g, multipv, solved_after, limits);
    if (run.result.proven) {
      EXPECT_EQ(run.result.score, run.values[0]);
    }
  };
  for (int depth = 1; depth <= max_depth; ++depth) {
    Limits limits;
    limits.depth = depth;
    check(limits, "depth " + std::to_string(depth));
  }
  for (const std::uint64_t n : nodes) {
    Limits limits;
    limits.nodes = n;
    check(limits, "nodes " + std::to_string(n));
  }
}

// A search that ends before its set of lines is proven may still have proven line 1's move, but
// line 1's score is the position's: it is sent as proven only once no other move can beat it.
// Here move 4's value (0) is proven by depth 10, while move 1 (+2) still fails low on estimates.
TEST(Search, MultiPvSendsLineOneAsProvenOnlyWhenItIsTheBest) {
  expect_line_one_proven_only_when_best(*Game::from_notation("kalah(6,4) 1,0,0,1,0,1:19 0,1,1,3,0,2:19 s"), 2, 16,
                                        {300, 1000, 1500, 2000});
}


// Line 1 is the position's value only once every other move is proven to be worth no more: the
// moves on lines 2..k too, not only those left out. In these positions (an outside review found
// them) line 1's own move was proven while a line below it held a better move on an estimate:
// with MultiPV 4, at depth 2, move 3 (+4) was sent as proven while move 4 (+6) was on line 2; with
// a line for every move and a node limit, move 1 (-16) was sent as proven and played, move 4
// (-14) on line 2.
TEST(Search, MultiPvProvesLineOneOnlyOnceTheLinesBelowItAreProven) {
  expect_line_one_proven_only_when_best(*Game::from_notation("kalah(5,4) 0,1,1,2,13:6 0,0,1,0,0:16 s"), 4, 8, {});
  expect_line_one_proven_only_when_best(*Game::from_notation("kalah(6,3) 2,0,2,0,2,0:18 4,0,0,1,1,2:4 n"), 8, 0,
                                        {3000, 6000, 11000, 20000});
}

}  // namespace
