// UMI transcript tests of searching: `go` with every limit (depth, nodes, movetime, clocks),
// MultiPV, the pv and ponder move, the Bedouin set-up, early answers, and `bench` from the
// command line. What happens while a search runs is in protocol_during_search_test.cpp.
#include <chrono>
#include <regex>
#include <sstream>

#include "umi_search_fixture.h"

namespace mancala::testing {
namespace {

// MultiPV (PROTOCOL.md sections 4 and 5): every iteration reports its lines in order, line 1
// first, each for another first move, their scores never rising; bestmove is line 1's move.
TEST_F(UmiSearch, MultiPvReportsTheBestLinesInOrder) {
  send("setoption name MultiPV value 3");
  send("position startpos kalah");
  send("go depth 5");
  const auto lines = until("bestmove");
  ASSERT_GE(lines.size(), 16u) << "five iterations of three lines, and bestmove";
  const std::regex line_re("info depth (\\d+) seldepth \\d+ multipv (\\d) score seeds (-?[0-9.]+) .* pv (\\d)( .*)?");
  std::vector<std::string> first_moves;
  double previous = 1e9;
  int expected_line = 1, expected_depth = 1;
  std::string line_one_move;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_TRUE(std::regex_match(lines[i], kInfoLine)) << lines[i];
    if (is_progress(lines[i])) continue;
    std::smatch m;
    ASSERT_TRUE(std::regex_match(lines[i], m, line_re)) << lines[i];
    EXPECT_EQ(std::stoi(m[1]), expected_depth) << lines[i];
    EXPECT_EQ(std::stoi(m[2]), expected_line) << lines[i];
    const double score = std::stod(m[3]);
    if (expected_line == 1) {
      first_moves.clear();
      line_one_move = m[4];
    } else {
      EXPECT_LE(score, previous) << lines[i];
    }
    EXPECT_EQ(std::count(first_moves.begin(), first_moves.end(), m[4].str()), 0) << "one line per move: " << lines[i];
    first_moves.push_back(m[4]);
    previous = score;
    if (++expected_line > 3) expected_line = 1, ++expected_depth;
  }
  EXPECT_EQ(expected_depth, 6) << "depths 1 to 5, each complete";
  EXPECT_EQ(lines.back().substr(9, lines.back().find(' ', 9) - 9), line_one_move) << lines.back();
}

// More lines than moves: as many lines as there are moves. Out-of-range values are refused.
TEST_F(UmiSearch, MultiPvAboveTheMoveCountReportsEveryMove) {
  expect_one_error(answer("setoption name MultiPV value 0"), "MultiPV 0");
  expect_one_error(answer("setoption name MultiPV value 9"), "MultiPV 9");
  send("setoption name multipv value 8");
  send("position startpos kalah(3,3)");
  send("go depth 2");
  const auto lines = until("bestmove");
  int last_depth_lines = 0;
  for (const auto& line : lines) last_depth_lines += starts_with(line, "info depth 2 ") && line.find(" multipv ") != std::string::npos;
  EXPECT_EQ(last_depth_lines, 3) << "three moves at the start of Kalah(3,3)";
  EXPECT_FALSE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find("multipv 4") != std::string::npos; }));
}

TEST_F(UmiSearch, DepthLimitReportsEachIteration) {
  send("position startpos kalah");
  const auto legal = legal_moves();
  send("go depth 4");
  const auto lines = until("bestmove");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_TRUE(starts_with(lines[lines.size() - 2], "info depth 4 ")) << "the last info line is the final depth";
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) EXPECT_TRUE(std::regex_match(lines[i], kInfoLine)) << lines[i];
}

// The pv of a depth-limited search is as long as the depth (its last move is the one the nodes
// just above the leaves chose, which keep no table entry), so a depth-2 search has a ponder move
// (from Mangala's start, whose depth-2 pv ends in a North move that hands the turn back).
TEST_F(UmiSearch, ThePvIsAsLongAsTheDepth) {
  send("position startpos mangala moves 4");
  send("go depth 4");
  const auto lines = until("bestmove");
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::string& l = lines[i];
    const int depth = std::stoi(l.substr(l.find("depth ") + 6));
    std::istringstream pv(l.substr(l.find(" pv ") + 4));
    int moves = 0;
    for (std::string m; pv >> m;) ++moves;
    EXPECT_EQ(moves, depth) << l;
  }
  send("position startpos mangala");
  send("go depth 2");
  EXPECT_TRUE(std::regex_match(line_starting("bestmove"), std::regex("bestmove [1-6] ponder [1-6]")));
}

// `bestmove X ponder Y`: after X and Y the engine is to move again, so that the GUI's `go ponder`
// is on a position the engine moves in (an outside review found Y giving the opponent an extra
// turn, and the engine answering `ponderhit` with a move for the opponent). The review's
// positions; kalah after 3 at depth 6 ended its pv with such a Y.
TEST_F(UmiSearch, APonderMoveLeavesTheEngineToMove) {
  auto to_move = [&] {
    for (const std::string& line : answer("d"))
      if (starts_with(line, "tomove ")) return line.substr(7);
    return std::string("(no tomove line)");
  };
  int pondered = 0;
  for (const char* game : {"startpos kalah moves 3", "startpos kalah moves 3 6", "startpos kalah", "startpos mangala",
                           "startpos mangala moves 4", "startpos mangala2", "startpos kalah(6,4,empty) moves 3 6 5"}) {
    for (const char* go : {"go depth 2", "go depth 6"}) {
      SCOPED_TRACE(std::string(game) + ", " + go);
      const std::string position = std::string("position ") + game;
      send(position);
      const std::string engine_side = to_move();
      send(go);
      const std::string bestmove = line_starting("bestmove");
      std::smatch m;
      if (!std::regex_match(bestmove, m, std::regex("bestmove (\\S+) ponder (\\S+)"))) continue;
      ++pondered;
      const bool has_moves = position.find(" moves ") != std::string::npos;
      send(position + (has_moves ? " " : " moves ") + m[1].str() + " " + m[2].str());
      EXPECT_EQ(to_move(), engine_side) << bestmove;
    }
  }
  EXPECT_GE(pondered, 2) << "too few ponder moves to check";
}

TEST_F(UmiSearch, EveryVariantAndLimitGivesALegalMove) {
  const char* positions[] = {
      "position startpos kalah moves 3 6",
      "position startpos kalah(4,3,empty)",
      "position startpos mangala moves 4",
      "position startpos mangala2",
      "position fen mangala2 3,3,3,3,3,0:26 0,0,0,3,6,10:12 n 0 moves 5",
      "position startpos bedouin(17) moves 2,4,6,5",
      "position startpos bedouin moves 10,20,30,10 keep",
      "position startpos bedouin moves 10,20,30,10 flip 4 4",
  };
  for (const char* position : positions) {
    SCOPED_TRACE(position);
    send(position);
    search("go depth 3");
    search("go nodes 2000");
    search("go movetime 50");
  }
}

TEST_F(UmiSearch, BedouinDistributionIsChosenWithinTheTime) {
  send("position startpos bedouin");
  const auto start = Clock::now();
  const std::string move = search("go movetime 500");
  EXPECT_LT(since(start).count(), allowed_ms(3000));
  send("position startpos bedouin moves " + move);
  EXPECT_TRUE(starts_with(notation(), "bedouin(70) ")) << "the chosen distribution is playable";
}

// Ranking the distributions of many counters takes seconds: it must obey the limits and stop.
TEST_F(UmiSearch, BedouinDistributionObeysLimitsAndStop) {
  send("position startpos bedouin(240)");
  auto start = Clock::now();
  search("go movetime 100");
  EXPECT_LT(since(start).count(), allowed_ms(2000));
  search("go nodes 1000");
  send("go infinite");
  expect_no_bestmove_for(Millis(100));
  const auto stop = Clock::now();
  send("stop");
  until("bestmove");
  EXPECT_LT(since(stop).count(), allowed_ms(1000)) << "stop is prompt during the ranking";
}

TEST_F(UmiSearch, MovetimeIsRespected) {
  send("position startpos kalah");
  const auto start = Clock::now();
  search("go movetime 300");
  EXPECT_GE(since(start).count(), 50) << "the search thought for a while";
  EXPECT_LT(since(start).count(), allowed_ms(2000));
}

TEST_F(UmiSearch, ClocksForEitherSide) {
  send("position startpos kalah");
  auto start = Clock::now();
  search("go stime 1000 ntime 1000 sinc 10 ninc 10");
  EXPECT_LT(since(start).count(), 1500) << "never uses more than the clock";  // a bound for any build
  send("position startpos kalah moves 1");
  start = Clock::now();
  search("go stime 60000 ntime 300 sinc 0 ninc 0 movestogo 5");
  EXPECT_LT(since(start).count(), allowed_ms(1000)) << "North's clock counts when North moves";
  send("position startpos kalah moves 1");
  send("go stime 1000");
  const auto lines = until("bestmove");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(starts_with(lines[0], "info string error: go: the clock of the side to move"));
  EXPECT_EQ(lines[1], "bestmove none");
  // infinite ignores every other limit, a one-sided clock included.
  send("go infinite stime 1000");
  expect_no_bestmove_for(Millis(200));
  send("stop");
  const auto infinite = until("bestmove");
  EXPECT_TRUE(without_progress(infinite).size() == 1u) << "no error line";
}

// `go nodes` is a limit to the node, also far below the engine's periodic checks (1024 nodes).
TEST_F(UmiSearch, NodeLimitIsExact) {
  send("newgame");
  send("position startpos kalah(6,4)");
  for (const std::uint64_t limit : {1u, 100u, 1500u}) {
    send("go nodes " + std::to_string(limit));
    const auto lines = until("bestmove");
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
    EXPECT_NE(lines.back(), "bestmove none");
    int reports = 0;
    for (const auto& line : lines) {
      EXPECT_FALSE(starts_with(line, "info string error")) << line;
      const auto at = line.find(" nodes ");
      if (!starts_with(line, "info ") || at == std::string::npos) continue;
      ++reports;
      EXPECT_LE(std::stoull(line.substr(at + 7)), limit) << line;
    }
    // (One node is too few for the first iteration to finish: one summary line, and a move.)
    EXPECT_GE(reports, limit > 1 ? 2 : 1) << limit;
    // The last iteration was cut short: a summary line gives the search's totals (a GUI that logs
    // the last line's nodes would otherwise undercount; an outside review).
    ASSERT_GE(lines.size(), 2u);
    std::smatch m;
    EXPECT_TRUE(std::regex_match(lines[lines.size() - 2], m, std::regex("info nodes (\\d+) nps \\d+ time \\d+ pv (\\S+)")) &&
                m[1].str() == std::to_string(limit) && lines.back() == "bestmove " + m[2].str())
        << lines[lines.size() - 2] << " / " << lines.back();
  }
}

// A search that ends before its first iteration still says what it did, with its move as the
// pv, so that no bestmove comes unexplained (a GUI shows the nodes; the arena logs them).
TEST_F(UmiSearch, ASearchEndedBeforeItsFirstIterationSaysSo) {
  for (const char* variant : {"kalah(6,4)", "bedouin(240)"}) {
    send(std::string("position startpos ") + variant);
    send(std::string("go nodes 1"));
    const auto lines = until("bestmove");
    ASSERT_EQ(lines.size(), 2u) << variant;
    std::smatch m;
    ASSERT_TRUE(std::regex_match(lines[0], m, std::regex("info nodes 1 nps \\d+ time \\d+ pv (\\S+)"))) << lines[0];
    EXPECT_EQ(lines[1], "bestmove " + m[1].str()) << variant;
  }
}

// PROTOCOL.md section 3: a search answers before its limit when more searching cannot change the
// answer: a proven result (under depth or nodes too), or one legal move under a clock.
TEST_F(UmiSearch, AnswersEarlyWhenNothingIsLeftToSearch) {
  send("position fen kalah(6,4) 0,0,0,0,1,0:20 1,1,1,1,1,1:21 s");  // South has one move, then the game ends
  send("go depth 200");
  auto lines = until("bestmove");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_NE(lines[lines.size() - 2].find(" score proven -4 "), std::string::npos) << lines[lines.size() - 2];
  EXPECT_EQ(lines.back(), "bestmove 5");
  send("go nodes 100000000");
  lines = until("bestmove");
  EXPECT_EQ(lines.back(), "bestmove 5");
  for (const char* go : {"go stime 600000 ntime 600000", "go movetime 600000"}) {
    send(go);
    const auto start = Clock::now();
    lines = until("bestmove");
    ASSERT_EQ(lines.size(), 2u) << go;
    // time counts from go: starting the search thread may take a few ms on a busy machine.
    EXPECT_TRUE(std::regex_match(lines[0], std::regex("info nodes 0 nps 0 time \\d+ pv 5")))
        << go << ": a forced move, answered without a search: " << lines[0];
    EXPECT_EQ(lines[1], "bestmove 5") << go;
    EXPECT_LT(since(start).count(), allowed_ms(1000)) << go;
  }
  // A ponder search is the exception: it waits for ponderhit or stop, past its depth or nodes.
  send("setoption name Ponder value true");
  send("position startpos kalah(6,4)");
  for (const char* go : {"go ponder depth 2", "go ponder nodes 100"}) {
    send(go);
    expect_no_bestmove_for(Millis(300));
    send("stop");
    EXPECT_TRUE(starts_with(line_starting("bestmove"), "bestmove ")) << go;
  }
}

// A Bedouin set-up of few counters is solved: its choice is proven (every distribution tested
// against the best), so the search answers long before its movetime (about 20,000 nodes here).
TEST_F(UmiSearch, ASmallBedouinSetUpIsProvenAndAnsweredEarly) {
  send("position startpos bedouin(12)");
  send("go movetime 600000");
  const auto lines = until("bestmove", Millis(allowed_ms(30000)));
  ASSERT_GE(lines.size(), 2u);
  EXPECT_TRUE(std::regex_match(lines.back(), std::regex("bestmove \\d+,\\d+,\\d+,\\d+"))) << lines.back();
  EXPECT_TRUE(std::regex_search(lines[lines.size() - 2], std::regex(" score proven -?\\d+ "))) << lines[lines.size() - 2];
}

TEST_F(UmiSearch, MalformedGoGivesAnErrorAndBestmoveNone) {
  send("position startpos kalah");
  const char* bad[] = {"go depth", "go depth 0", "go depth x", "go nodes -5", "go wtime 1000 btime 1000",
                       "go movetime 100 movetime 100", "go sinc -1", "go fast", "go depth +2", "go stime +-500"};
  for (const char* line : bad) {
    send(line);
    const auto lines = until("bestmove");
    ASSERT_EQ(lines.size(), 2u) << line;
    EXPECT_TRUE(starts_with(lines[0], "info string error: go: ")) << lines[0];
    EXPECT_EQ(lines[1], "bestmove none");
  }
}

TEST(EngineCommandLine, BenchPrintsNodesAndSpeed) {
  EnginePipe bench(MANCALA_ENGINE_PATH, {"bench", "3"});
  bool found = false;
  const auto lines = bench.read_until("Nodes/second", Millis(20000), &found);
  ASSERT_TRUE(found);
  const auto last = bench.read_line(Millis(5000));
  ASSERT_TRUE(last);
  EXPECT_TRUE(std::regex_match(*last, std::regex("\\d+ nodes \\d+ nps"))) << *last;
  EXPECT_EQ(bench.wait_exit(Millis(5000)), 0);
}

}  // namespace
}  // namespace mancala::testing
