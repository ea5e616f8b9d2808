// Search correctness: proven values against an exhaustive minimax over the naive oracle (written
// separately from the engine), the published Kalah(6,4) line, limits, and the bench signature.
// MultiPV is in multipv_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <string>
#include <thread>

#include "search/bench.h"
#include "search_oracle.h"

namespace {

using namespace search_oracle;

TEST(Search, SmallKalahBoardsMatchExhaustiveMinimax) {
  for (const char* spec : {"kalah(3,3)", "kalah(3,3,empty)", "kalah(2,4)", "kalah(2,5,empty)", "kalah(1,6)"})
    expect_proven_equals_minimax(spec);
}

// The Bedouin set-up of few counters is solved: its finalists to the end, then every other
// distribution tested against their best (bedouin_setup.h), so the choice is proven.
TEST(Search, SmallBedouinSetUpsAreProven) {
  for (const char* spec : {"bedouin(2)", "bedouin(4)", "bedouin(5)"}) expect_proven_equals_minimax(spec);
}

// The finalists (the 32 distributions a one-ply ranking likes best) need not hold the best: in
// bedouin(15) their best, 8,0,7,0, is worth 2 seeds and 5,2,5,3 is worth 4. Testing the others
// against the finalists' best finds it. Each distribution's value here is the one-line search's
// proof of the position after it (North to keep or flip).
TEST(Search, BedouinSetUpIsProvenAgainstEveryDistribution) {
  const Game g(mancala::Variant::bedouin(15));
  const auto result = solve(g);
  ASSERT_TRUE(result.proven);
  // One table for the 816 proofs (a table per proof took minutes under ThreadSanitizer): a proven
  // value does not depend on what the table held before.
  Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
  const std::atomic<bool> stop{false};
  const auto value_after = [&](mancala::Move move) {  // South's, in seeds
    Game after = g;
    after.play(move);  // North to keep or flip: never over
    const auto r = searcher.search(after.variant(), after.position(), Limits{}, stop);
    EXPECT_TRUE(r.proven) << g.move_text(move);
    return -r.score / mancala::search::kScoreUnit;
  };
  int best = -1000;
  for (const auto move : g.legal_moves()) best = std::max(best, value_after(move));
  EXPECT_EQ(result.score, best * mancala::search::kScoreUnit);
  EXPECT_EQ(value_after(result.best), best) << g.move_text(result.best);
  EXPECT_EQ(best, 4);
  EXPECT_EQ(value_after(*g.parse_move("8,0,7,0")), 2) << "the finalists' best is no longer 8,0,7,0";
}

class EndPosition : public testing::TestWithParam<const char*> {};

TEST_P(EndPosition, ProvenValueMatchesExhaustiveMinimax) { expect_proven_equals_minimax(GetParam()); }

INSTANTIATE_TEST_SUITE_P(EveryVariant, EndPosition,
                         testing::Values("kalah(6,4) 0,0,2,0,1,1:20 1,0,0,2,0,1:20 s",
                                         "kalah(6,4,empty) 1,0,0,3,0,0:22 0,2,0,0,1,0:19 n",
                                         "mangala 0,1,0,2,0,1:20 1,0,2,0,0,1:20 s",
                                         "mangala 3,0,0,1,0,0:20 0,0,1,0,2,1:20 n",
                                         "mangala2 1,0,0,2,0,1:34 0,1,0,0,0,1:32 s 90",
                                         "mangala2 0,3,0,1,0,0:33 1,0,0,0,2,0:32 n 95",
                                         "mangala2 1,0,1,0,0,1:33 0,1,0,1,0,1:33 s 95",
                                         // North's 2 wins by 2; its 3 lets the quiet-move limit end
                                         // the game at 35-31, a draw (37 of 72 win).
                                         "mangala2 0,1,1,0,1,0:31 1,1,1,0,0,0:35 n 98",
                                         "bedouin(70) 1,0,0,1,0,0:34 0,0,1,0,0,0:33 s play 90",
                                         "bedouin(70) 0,1,0,0,2,0:33 1,0,0,0,0,1:32 n play 90",
                                         "bedouin(6) 0,0,2,1,0,0:0 0,0,2,1,0,0:0 n choose 95"));

// seldepth counts the plies played, also the last one when it ends the game (no node is searched
// there): here the only move ends the game, and a review saw `depth 1 seldepth 0`.
TEST(Search, SeldepthCountsTheMoveThatEndsTheGame) {
  const Game g = *Game::from_notation("kalah(6,4) 0,0,0,0,0,3:20 1,1,1,1,1,20:0 s");
  mancala::search::Settings settings{16, mancala::search::Settings::kMaxLevel, false};
  Searcher searcher(settings);
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 5;
  std::vector<mancala::search::Info> infos;
  searcher.search(g.variant(), g.position(), limits, stop, [&](const auto& i) {
    if (!i.progress) infos.push_back(i);
  });
  ASSERT_FALSE(infos.empty());
  for (const auto& info : infos) EXPECT_GE(info.seldepth, 1) << "depth " << info.depth;
}

// A proof pass that proves one side of the root value reports it (`score proven 6 upperbound`)
// before the last pass: each reported bound holds for the value proven in the end, and the
// estimates of later iterations stay within what is proven. Small boards whose first pass proves
// an upper bound (Kalah(4,3), Kalah(3,5)) or a lower bound (Kalah(4,4), Kalah(5,3)): the test asks
// only that both kinds are seen among them, so a change in move order that swaps one board's
// first pass does not break it.
TEST(Search, ProofPassesReportTheBoundsTheyProve) {
  using mancala::search::Bound;
  using mancala::search::Info;
  std::set<Bound> kinds;
  for (const char* spec : {"kalah(4,3)", "kalah(3,5)", "kalah(4,4)", "kalah(5,3)"}) {
    SCOPED_TRACE(spec);
    const Game g = *Game::from_spec(spec);
    Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
    const std::atomic<bool> stop{false};
    std::vector<Info> infos;
    const auto result = searcher.search(g.variant(), g.position(), Limits{}, stop, [&](const Info& i) {
      if (!i.progress) infos.push_back(i);
    });
    ASSERT_TRUE(result.proven);
    int lower = -1000 * mancala::search::kScoreUnit, upper = -lower;
    for (const Info& info : infos) {
      ASSERT_FALSE(info.pv.empty());
      EXPECT_TRUE(g.is_legal(info.pv[0]));
      if (info.bound != Bound::Exact) {
        EXPECT_TRUE(info.proven) << "a bound from a proof pass is a proven bound";
        kinds.insert(info.bound);
        if (info.bound == Bound::Lower) {
          EXPECT_LE(info.score, result.score);
          EXPECT_GT(info.score, lower) << "each report proves more than the last";
          lower = info.score;
        } else {
          EXPECT_GE(info.score, result.score);
          EXPECT_LT(info.score, upper) << "each report proves more than the last";
          upper = info.score;
        }
      } else {
        EXPECT_GE(info.score, lower) << "an estimate below a proven lower bound";
        EXPECT_LE(info.score, upper) << "an estimate above a proven upper bound";
      }
    }
    EXPECT_EQ(infos.back().bound, Bound::Exact);
    EXPECT_TRUE(infos.back().proven);
    EXPECT_EQ(infos.back().score, result.score);
  }
  EXPECT_EQ(kinds, (std::set<Bound>{Bound::Lower, Bound::Upper})) << "both kinds of bound reported";
}

// A search stopped in a proof attempt after a bound ends with its estimate, not the bound, so that
// whoever reads the last line as the move's score gets an estimate. The node limit that stops it
// there is taken from a whole search of the same position (the search is deterministic): halfway
// from the last bound reported to the next line.
TEST(Search, SearchStoppedAfterAProvenBoundEndsWithAnEstimate) {
  using mancala::search::Bound;
  using mancala::search::Info;
  const Game g = *Game::from_spec("kalah(5,4)");
  const std::atomic<bool> stop{false};
  auto search = [&](const Limits& limits, std::vector<Info>& infos) {
    Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
    return searcher.search(g.variant(), g.position(), limits, stop, [&](const Info& i) {
      if (!i.progress) infos.push_back(i);
    });
  };
  std::vector<Info> whole;
  const auto proof = search(Limits{}, whole);
  ASSERT_TRUE(proof.proven);
  const auto last_bound = std::find_if(whole.rbegin(), whole.rend(), [](const Info& i) { return i.bound != Bound::Exact; });
  ASSERT_NE(last_bound, whole.rend()) << "Kalah(5,4)'s proof reports a bound before its value";
  ASSERT_NE(last_bound, whole.rbegin()) << "the proof's own line comes after the bound";
  const Info& next = *std::prev(last_bound);  // the line after the bound (the proof's at the latest)
  ASSERT_LT(last_bound->nodes + 2, next.nodes);

  Limits limits;
  limits.nodes = last_bound->nodes + (next.nodes - last_bound->nodes) / 2;
  std::vector<Info> infos;
  const auto result = search(limits, infos);
  ASSERT_FALSE(result.proven);
  ASSERT_GE(infos.size(), 2u);
  EXPECT_EQ(infos[infos.size() - 2].bound, last_bound->bound) << "the node limit no longer ends the search after a bound";
  EXPECT_EQ(infos[infos.size() - 2].score, last_bound->score);
  EXPECT_EQ(infos.back().bound, Bound::Exact);
  EXPECT_FALSE(infos.back().proven);
  EXPECT_EQ(infos.back().score, result.score);
  if (last_bound->bound == Bound::Lower)
    EXPECT_GE(result.score, last_bound->score) << "the estimate is clamped to the proven bound";
  else
    EXPECT_LE(result.score, last_bound->score) << "the estimate is clamped to the proven bound";

  // Stopped after the next iteration's estimate, the search ends with that line, not a copy of it
  // (the estimate is said again only after a bound; an outside mutation review found that unpinned).
  ASSERT_NE(&next, &whole.back()) << "Kalah(5,4)'s proof has an iteration between its last bound and its value";
  limits.nodes = next.nodes + (whole.back().nodes - next.nodes) / 2;
  infos.clear();
  search(limits, infos);
  ASSERT_FALSE(infos.empty());
  EXPECT_EQ(infos.back().nodes, next.nodes) << "a line after the estimate";
  EXPECT_EQ(infos.back().depth, next.depth);
}

// One board means another game in another variant, and one engine (one table) may be asked
// about both without a new game in between: the second answer must be the second variant's.
// Pairs from an outside review (store games; it found the same for mangala2 after bedouin),
// each of which got the first variant's value before the table told variants apart.
TEST(Search, OneTableServesSeveralVariants) {
  const std::pair<const char*, const char*> pairs[] = {
      {"kalah(6,4,empty) 2,0,0,1,0,0:20 1,1,0,2,0,0:21 s", "kalah(6,4) 2,0,0,1,0,0:20 1,1,0,2,0,0:21 s"},
      {"kalah(6,4) 0,1,1,0,0,0:21 0,0,1,1,1,1:21 s", "mangala 0,1,1,0,0,0:21 0,0,1,1,1,1:21 s"},
      {"kalah(4,2) 1,0,0,5:3 0,2,1,0:4 s", "kalah(6,2) 1,0,0,5,0,0:7 0,2,1,0,0,0:8 s"},
  };
  Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
  const std::atomic<bool> stop{false};
  for (const auto& [first, second] : pairs) {
    for (const char* text : {first, second}) {
      const Game g = *Game::from_notation(text);
      const auto shared = searcher.search(g.variant(), g.position(), Limits{}, stop);
      ASSERT_TRUE(shared.proven) << text;
      const int exact = Minimax().value(to_naive(g));
      EXPECT_EQ(shared.score, exact * mancala::search::kScoreUnit) << text << " after " << first;
    }
  }
}

// Along the published perfect-play line (Kalah(6,4), empty capture; South wins 29-19), the
// engine must prove South's +10 from the side to move's view.
TEST(Search, PublishedKalahLineKeepsItsValue) {
  const std::string line = "25-10-3-3-5153-1-4-5-045-4-535452-53-4-1-3-2-0-54-1-3";
  Game g = *Game::from_spec("kalah(6,4,empty)");
  int turn = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '-') {
      if (++turn >= 11) {
        const auto r = solve(g, 64);
        ASSERT_TRUE(r.proven) << g.notation();
        const int south_view = g.side_to_move() == mancala::Side::South ? r.score : -r.score;
        const int banked = g.score(mancala::Side::South) - g.score(mancala::Side::North);
        (void)banked;
        EXPECT_EQ(south_view, 10 * mancala::search::kScoreUnit) << "after turn " << turn << ": " << g.notation();
      }
      continue;
    }
    ASSERT_FALSE(g.play(std::string(1, static_cast<char>(line[i] + 1))));
  }
}

TEST(Search, DepthAndNodeLimitsAreHonoured) {
  Game g(mancala::Variant::kalah());
  Searcher searcher;
  const std::atomic<bool> stop{false};
  Limits depth;
  depth.depth = 5;
  const auto r1 = searcher.search(g.variant(), g.position(), depth, stop);
  EXPECT_EQ(r1.depth, 5);
  EXPECT_TRUE(g.is_legal(r1.best));
  Limits nodes;
  nodes.nodes = 5000;
  searcher.new_game();
  const auto r2 = searcher.search(g.variant(), g.position(), nodes, stop);
  // To the node (a finished child is counted without a check, so a few more at most).
  EXPECT_GE(r2.nodes, 5000u);
  EXPECT_LE(r2.nodes, 5000u + 8u);
  EXPECT_TRUE(g.is_legal(r2.best));

  // The Bedouin set-up counts a node per distribution ranked and per node of its one-ply searches.
  Game bedouin(mancala::Variant::bedouin(70));
  for (const std::uint64_t limit : {1u, 100u, 300u}) {
    Limits few;
    few.nodes = limit;
    searcher.new_game();
    const auto r = searcher.search(bedouin.variant(), bedouin.position(), few, stop);
    EXPECT_EQ(r.nodes, limit);
    EXPECT_TRUE(bedouin.is_legal(r.best)) << limit;
  }
}

TEST(Search, StopEndsAnInfiniteSearch) {
  Game g(mancala::Variant::kalah(6, 6));
  Searcher searcher;
  std::atomic<bool> stop{false};
  Limits limits;
  limits.infinite = true;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
  });
  const auto r = searcher.search(g.variant(), g.position(), limits, stop);
  stopper.join();
  EXPECT_TRUE(g.is_legal(r.best));
}

TEST(Search, BedouinDistributionIsChosenAndLegal) {
  Game g(mancala::Variant::bedouin(70));
  Searcher searcher;
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 2;
  const auto r = searcher.search(g.variant(), g.position(), limits, stop);
  EXPECT_TRUE(g.is_legal(r.best)) << g.move_text(r.best);
  EXPECT_TRUE(r.best.is_distribution());
}

// The set-up's ranking (PROTOCOL.md 11.5): a distribution is worth, for South, the worse of North's
// keep and flip, each followed by the forced openings and a one-ply search. A search stopped within
// the ranking reports that value for the distribution it chose. (An outside mutation review found
// the rule unpinned: the better of the two, or the one-ply value's sign flipped, passed every test.)
TEST(Search, BedouinRankingTakesTheWorseOfKeepAndFlip) {
  using mancala::search::Settings;
  const std::atomic<bool> stop{false};
  for (const int counters : {10, 70})
    for (const std::uint64_t nodes : {50, 200, 1000}) {
      SCOPED_TRACE(testing::Message() << "bedouin(" << counters << "), " << nodes << " nodes");
      const Game g(mancala::Variant::bedouin(counters));
      Searcher searcher(Settings{16, Settings::kMaxLevel, false});
      Limits limits;
      limits.nodes = nodes;
      const auto r = searcher.search(g.variant(), g.position(), limits, stop);
      ASSERT_EQ(r.depth, 0) << "stopped within the ranking";
      Game after = g;
      after.play(r.best);
      int worst = 1 << 30;
      for (const char* choice : {"keep", "flip"}) {
        Game q = after;
        ASSERT_FALSE(q.play(choice));
        while (!q.over() && q.position().phase == mancala::Phase::Opening) q.play(q.legal_moves().front());
        ASSERT_FALSE(q.over());
        Searcher one_ply(Settings{16, Settings::kMaxLevel, false});
        Limits depth_one;
        depth_one.depth = 1;
        const auto v = one_ply.search(q.variant(), q.position(), depth_one, stop);
        worst = std::min(worst, q.side_to_move() == mancala::Side::South ? v.score : -v.score);
      }
      EXPECT_EQ(r.score, worst);
    }
}

// A ranking cut short by a limit has visited distributions spread over the whole set (a stride
// through the index), not only those that start alike: with 200 nodes it has ranked a few dozen,
// and its choice lies far beyond the first 200 in the set's order.
TEST(Search, BedouinRankingCutShortSamplesTheWholeSet) {
  const Game g(mancala::Variant::bedouin(70));
  Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.nodes = 200;
  const auto best = searcher.search(g.variant(), g.position(), limits, stop).best;
  const auto all = g.legal_moves();
  const auto at = std::find(all.begin(), all.end(), best);
  ASSERT_NE(at, all.end());
  EXPECT_GT(at - all.begin(), 200) << g.move_text(best);
}

// The finalists are searched from depth 5 (kFirstSetupDepth: shallower searches know less than the
// ranking did), and the deepening ends once their games are searched to the end, far below the ply
// cap.
TEST(Search, BedouinFinalistsAreSearchedFromDepthFiveToTheEnd) {
  const Game g(mancala::Variant::bedouin(10));
  Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 8;
  std::vector<int> depths;
  searcher.search(g.variant(), g.position(), limits, stop, [&](const auto& i) {
    if (!i.progress) depths.push_back(i.depth);
  });
  ASSERT_FALSE(depths.empty());
  EXPECT_EQ(depths.front(), 5);
  EXPECT_EQ(depths.back(), 8);
  const auto solved = solve(g);
  ASSERT_TRUE(solved.proven);
  EXPECT_LT(solved.depth, 60) << "the finalists' deepening went on past the end of their games";
}

// A one-line search stopped within its first iteration plays the best move it has searched (as
// MultiPV does, multipv_test.cpp): here the root's first move is 6 (depth 1: -3.29 seeds) and its
// second 4 (-0.78).
TEST(Search, StoppedInTheFirstIterationPlaysTheBestMoveSearched) {
  const Game g = *Game::from_notation("kalah(6,4) 1,0,0,1,0,1:19 0,1,1,3,0,2:19 s");
  Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.nodes = 4;
  EXPECT_EQ(g.move_text(searcher.search(g.variant(), g.position(), limits, stop).best), "4");
}

// Levels 12 to 19 still try proofs (PROTOCOL.md section 13): a proof attempt starts after
// iteration 12 (kProofMinDepth), and Kalah(4,3) is proven there.
TEST(Search, LevelTwelveStillProves) {
  const Game g(mancala::Variant::kalah(4, 3));
  Searcher searcher(mancala::search::Settings{16, 12, false});
  const std::atomic<bool> stop{false};
  const auto r = searcher.search(g.variant(), g.position(), Limits{}, stop);
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.depth, 12);
  EXPECT_EQ(r.score, 6 * mancala::search::kScoreUnit);
}

// Level n adds a noise of at most (20 - n) x 0.15 seeds to each evaluated leaf (PROTOCOL.md section
// 13), so a depth-1 score moves by at most that much; over 30 plies of three variants it comes
// close to the bound (an outside mutation review found the spread unpinned).
TEST(Search, LevelNoiseStaysWithinItsBound) {
  using mancala::search::Settings;
  const std::atomic<bool> stop{false};
  Limits depth_one;
  depth_one.depth = 1;
  int largest = 0;
  // (Depth 1 uses no table, so two searchers serve every position: a table each took minutes
  // under ThreadSanitizer.)
  Searcher weak(Settings{16, 1, false}), full(Settings{16, Settings::kMaxLevel, false});
  for (const char* spec : {"kalah(6,4)", "mangala", "mangala2"}) {
    Game g = *Game::from_spec(spec);
    for (int ply = 0; ply < 30 && !g.over(); ++ply) {
      const int noisy = weak.search(g.variant(), g.position(), depth_one, stop).score;
      const int exact = full.search(g.variant(), g.position(), depth_one, stop).score;
      largest = std::max(largest, std::abs(noisy - exact));
      const auto moves = g.legal_moves();
      g.play(moves[static_cast<std::size_t>(ply * 7) % moves.size()]);
    }
  }
  EXPECT_LE(largest, (Settings::kMaxLevel - 1) * 15);
  EXPECT_GE(largest, (Settings::kMaxLevel - 1) * 15 * 3 / 4) << "level 1 plays with hardly any noise";
}

// Proof attempts under a clock start only once half the seeds are banked (before, they seldom
// finish in time); without limits, after iteration 12 in any position. Both positions are proven
// in milliseconds, so the long movetime never ends the search.
TEST(Search, ProofAttemptsUnderAClockWaitForHalfTheSeedsBanked) {
  const std::atomic<bool> stop{false};
  Limits clock;
  clock.movetime_ms = 60000;
  auto run = [&](const char* text, const Limits& limits) {
    const Game g = *Game::from_notation(text);
    Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
    const auto r = searcher.search(g.variant(), g.position(), limits, stop);
    EXPECT_TRUE(r.proven) << text;
    return r.depth;
  };
  const char* half_banked = "kalah(6,4) 2,3,1,4,0,2:13 1,2,3,0,4,1:12 s";  // 23 of 48 seeds on the board
  const char* not_yet = "kalah(6,4) 4,1,0,3,2,3:10 2,2,4,1,3,0:13 n";      // 25 on the board
  EXPECT_EQ(run(half_banked, clock), 12) << "proven by the attempt after iteration 12";
  EXPECT_GT(run(not_yet, clock), 12) << "no attempt: proven by the iterations";
  EXPECT_EQ(run(not_yet, Limits{}), 12);
}

TEST(Search, FinishedGameHasNoMove) {
  Game g = *Game::from_notation("kalah(6,4) 0,0,0,0,0,0:20 0,0,0,0,0,0:28 -");
  const auto r = solve(g);
  EXPECT_TRUE(r.best.is_none());
}

TEST(Search, LowerLevelsSearchLess) {
  Game g(mancala::Variant::kalah());
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 12;
  Searcher weak(mancala::search::Settings{16, 3, false});
  const auto r = weak.search(g.variant(), g.position(), limits, stop);
  EXPECT_EQ(r.depth, 3);
  EXPECT_TRUE(g.is_legal(r.best));
}

// The bench searches to a fixed depth, so it never runs a proof attempt: proofs have a signature
// of their own, the nodes of whole searches without limits (and one deeper depth-limited search,
// where a heuristic cutoff taken as solved would show). An outside mutation review found proof-only
// changes (the order of extra turns in proofs, the MTD(f) guess's rounding) caught by no test.
// When a change is intended, update the numbers here and say so in the commit message.
TEST(Bench, ProofSignatureIsPinned) {
  EXPECT_EQ(solve(*Game::from_spec("kalah(4,4)")).nodes, 127871u);
  EXPECT_EQ(solve(*Game::from_spec("kalah(5,3)")).nodes, 115291u);
  EXPECT_EQ(solve(*Game::from_spec("kalah(4,5,empty)")).nodes, 635989u);
  const Game deep = *Game::from_spec("kalah(4,6)");
  Searcher searcher(mancala::search::Settings{16, mancala::search::Settings::kMaxLevel, false});
  const std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = 14;
  EXPECT_EQ(searcher.search(deep.variant(), deep.position(), limits, stop).nodes, 28661u);
}

// The bench node count is the search's signature: any change in search behaviour changes it.
// When a change is intended, update the number here and in the commit message ("Bench: N").
TEST(Bench, SignatureIsPinned) {
  const auto result = mancala::search::run_bench(mancala::search::kDefaultBenchDepth);
  EXPECT_EQ(result.nodes, 846780u);
  EXPECT_EQ(result.positions.size(), 12u);
}

}  // namespace
