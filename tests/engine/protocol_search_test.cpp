// UMI transcript tests of searching: `go` with every limit, infinite and ponder searches with
// stop and ponderhit, isready during a search, and end of input or quit while searching.
#include <chrono>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <thread>

#include "umi_fixture.h"

namespace mancala::testing {
namespace {

using Clock = std::chrono::steady_clock;

Millis since(Clock::time_point start) { return std::chrono::duration_cast<Millis>(Clock::now() - start); }

// A bound on how long the engine may take to answer: four times as long in a sanitized build
// (scripts/sanitized-ctest.sh sets MANCALA_SANITIZED; ThreadSanitizer slows every memory
// access), still below the waits the bounds are there to catch (a search that ignores stop, a
// limit or the mover's clock).
long allowed_ms(long ms) { return std::getenv("MANCALA_SANITIZED") ? 4 * ms : ms; }

// Every field of PROTOCOL.md's info line, in order; pv may be empty only for a finished line.
// Or the one summary line of a search that ended before its first iteration, or a progress line.
const std::regex kInfoLine(
    std::string("info depth \\d+ seldepth \\d+( multipv [1-8])? score (seeds -?\\d+(\\.\\d\\d?)?|proven -?\\d+)( lowerbound| upperbound)? "
                "nodes \\d+ nps \\d+ time \\d+ hashfull \\d+( pv( \\S+)+)?"
                "|info nodes \\d+ nps \\d+ time \\d+ pv \\S+|") +
    kProgressLine);

class UmiSearch : public Umi {
 protected:
  // Every test here starts with a started engine, so that its timed bounds time the engine's
  // answers, not its start: a sanitized engine takes a second or more to clear its table.
  void SetUp() override {
    send("isready");
    const auto lines = until("readyok");
    ASSERT_EQ(lines.size(), 1u) << "nothing before readyok";
  }

  // Searches the current position; checks the info lines and that bestmove is legal there.
  std::string search(std::string_view go, Millis timeout = kReply) {
    const auto legal = legal_moves();
    send(go);
    const auto lines = until("bestmove", timeout);
    if (lines.empty()) return "";
    for (std::size_t i = 0; i + 1 < lines.size(); ++i)
      EXPECT_TRUE(std::regex_match(lines[i], kInfoLine)) << lines[i];
    const std::string move = lines.back().substr(9, lines.back().find(' ', 9) - 9);
    if (legal.size() == 2 && legal[0] == "distributions") {
      EXPECT_TRUE(std::regex_match(move, std::regex("\\d+,\\d+,\\d+,\\d+"))) << move;
    } else {
      EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << lines.back();
    }
    return move;
  }

  // Output lines during `window`; none of them may be a bestmove.
  void expect_no_bestmove_for(Millis window) {
    const auto end = Clock::now() + window;
    while (Clock::now() < end) {
      if (auto line = engine.read_line(std::chrono::duration_cast<Millis>(end - Clock::now()))) {
        EXPECT_FALSE(starts_with(*line, "bestmove")) << *line;
      }
    }
  }
};

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
  EXPECT_TRUE(std::regex_match(until("bestmove").back(), std::regex("bestmove [1-6] ponder [1-6]")));
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
      const std::string bestmove = until("bestmove").back();
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
    EXPECT_TRUE(starts_with(until("bestmove").back(), "bestmove ")) << go;
  }
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

TEST_F(UmiSearch, InfiniteSearchWaitsForStopAndAnswersIsReady) {
  send("position startpos kalah");
  send("go infinite");
  expect_no_bestmove_for(Millis(300));
  const auto ping = Clock::now();
  send("isready");
  until("readyok");
  EXPECT_LT(since(ping).count(), allowed_ms(500)) << "readyok during a search comes at once";
  const auto stop = Clock::now();
  send("stop");
  until("bestmove");
  EXPECT_LT(since(stop).count(), allowed_ms(500)) << "stop is prompt";
  EXPECT_TRUE(answer("isready").empty()) << "exactly one bestmove";
}

// A command refused during a search says so, even when it also carries words it takes none of:
// "eval takes no arguments" suggested it had run (an outside audit).
TEST_F(UmiSearch, ACommandRefusedDuringASearchSaysSoWhateverItsWords) {
  send("position startpos kalah");
  send("go infinite");
  for (const char* line : {"eval x", "newgame x", "eval"}) {
    std::vector<std::string> lines;  // (the search's own info lines go on meanwhile)
    for (const auto& l : answer(line))
      if (!l.starts_with("info") || l.starts_with("info string")) lines.push_back(l);
    ASSERT_EQ(lines.size(), 1u) << line;
    EXPECT_TRUE(lines[0].starts_with("info string error: ") && lines[0].ends_with(": not while searching (send stop first)"))
        << lines[0];
  }
  send("stop");
  until("bestmove");
  // Once idle, the words are reported and the command runs.
  send("eval x");
  const auto lines = until("eval seeds");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "info string error: eval takes no arguments; ignored 'x' and after");
}

// A proof attempt can run for many seconds without a result to report (the Kalah start's first
// one, from about 1 s, for seconds): the engine then says it is working, once a second.
TEST_F(UmiSearch, ALongSilenceIsFilledWithProgressLines) {
  send("position startpos kalah");
  send("go infinite");
  std::vector<std::string> lines;
  const auto end = Clock::now() + Millis(3500);
  while (Clock::now() < end)
    if (auto line = engine.read_line(std::chrono::duration_cast<Millis>(end - Clock::now()))) lines.push_back(*line);
  send("stop");
  const auto rest = until("bestmove");
  lines.insert(lines.end(), rest.begin(), rest.end());
  const std::regex time_field(".* time (\\d+)( .*)?");
  long previous_time = 0, progress_lines = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(lines[i], m, time_field)) << lines[i];
    const long time = std::stol(m[1]);
    EXPECT_GE(time, previous_time) << lines[i];
    if (is_progress(lines[i])) {
      ++progress_lines;
      EXPECT_GE(time, previous_time + 1000) << "a progress line only after a second without a line: " << lines[i];
    }
    previous_time = time;
  }
  EXPECT_GE(progress_lines, 1) << "no line for seconds, yet no progress line";
  ASSERT_GE(lines.size(), 2u);
  EXPECT_FALSE(is_progress(lines[lines.size() - 2])) << "the search ends on a line with its move";
}

TEST_F(UmiSearch, InfiniteSearchOfASolvedGameStillWaitsForStop) {
  send("position startpos kalah(2,1)");
  send("go infinite");
  expect_no_bestmove_for(Millis(300));
  send("stop");
  until("bestmove");
}

TEST_F(UmiSearch, BareGoSearchesUntilStop) {
  send("position startpos mangala");
  send("go");
  expect_no_bestmove_for(Millis(200));
  send("stop");
  until("bestmove");
}

// perft and bench run like a search (PROTOCOL.md section 10): isready is answered while they
// count, stop ends them with an info string, quit exits at once. perft 30 would take years.
TEST_F(UmiSearch, LongHelperCommandsCanBeStopped) {
  send("position startpos kalah");
  for (const char* line : {"perft 30", "bench 16"}) {
    EXPECT_TRUE(answer(line).empty()) << line;  // readyok at once, nothing else yet
    EXPECT_EQ(notation(), "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s") << "d is answered meanwhile";
    std::this_thread::sleep_for(Millis(500));  // bench finishes some positions first (not printed)
    send("stop");
    // Only the line that says so: no partial result (bench's finished positions included).
    EXPECT_EQ(until("info string"),
              (std::vector<std::string>{std::string(line) == "perft 30" ? "info string perft 30 stopped" : "info string bench stopped"}));
    send("perft 3");
    EXPECT_TRUE(starts_with(until("perft depth").back(), "perft depth 3 nodes 185 ")) << "the engine goes on";
  }
  send("perft 30");
  send("quit");
  EXPECT_EQ(engine.wait_exit(kReply), 0);
}

// bench's report is one block: an isready answered meanwhile never lands inside it.
TEST_F(UmiSearch, BenchReportIsOneBlock) {
  send("bench 4");
  for (int i = 0; i < 20; ++i) send("isready");
  const auto lines = until("Nodes/second", Millis(30000));
  const auto first = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return starts_with(l, "position "); });
  ASSERT_NE(first, lines.end());
  EXPECT_EQ(std::find(first, lines.end(), "readyok"), lines.end());
}

// A script's helper commands keep their order: what would be refused during a search waits for
// a running perft or bench instead (a go after a perft gets its bestmove).
TEST_F(UmiSearch, PipedHelperCommandsRunInOrder) {
  for (const char* line : {"position startpos kalah", "perft 6", "perft 4", "eval", "bench 2", "go depth 2"}) send(line);
  const std::vector<std::string> lines = until("bestmove", Millis(30000));
  auto index_of = [&](const std::string& pattern) {
    const std::regex re(pattern);
    const auto it = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return std::regex_match(l, re); });
    EXPECT_NE(it, lines.end()) << "no line " << pattern;
    return it - lines.begin();
  };
  const auto perft6 = index_of("perft depth 6 nodes .*"), perft4 = index_of("perft depth 4 nodes .*"),
             eval = index_of("eval seeds .*"), bench = index_of("[0-9]+ nodes [0-9]+ nps"),
             bestmove = index_of("bestmove [1-6].*");
  EXPECT_LT(perft6, perft4);
  EXPECT_LT(perft4, eval);
  EXPECT_LT(eval, bench);
  EXPECT_LT(bench, bestmove);
  for (const auto& l : lines) EXPECT_FALSE(starts_with(l, "info string error")) << l;
}

// The clock runs from the moment the engine reads `go` (PROTOCOL.md section 3): a go that
// waits behind a long perft has used its time by the time the search starts, so the search
// stops at once, and its time counts the wait.
TEST_F(UmiSearch, TheClockRunsFromTheGoNotFromTheSearch) {
  send("setoption name MoveOverhead value 0");
  send("position startpos kalah(6,4)");
  // A few hundred ms in every build: depth 11 in Release, 10 in the (slower) sanitized ones.
  send(std::getenv("MANCALA_SANITIZED") ? "perft 10" : "perft 11");
  send("go movetime 20");
  const auto lines = until("bestmove", Millis(120000));
  ASSERT_GE(lines.size(), 3u);
  std::smatch m;
  ASSERT_TRUE(std::regex_match(lines[0], m, std::regex("perft depth \\d+ nodes \\d+ time (\\d+) nps \\d+"))) << lines[0];
  const long perft_ms = std::stol(m[1]);
  ASSERT_GE(perft_ms, 200) << "the perft must outlast the movetime by far for this test to tell";
  const std::string& last_info = lines[lines.size() - 2];
  ASSERT_TRUE(std::regex_search(last_info, m, std::regex(" time (\\d+) "))) << last_info;
  EXPECT_GE(std::stol(m[1]), perft_ms / 2) << "the search's time counts from go, the wait included: " << last_info;
  EXPECT_TRUE(std::regex_match(lines.back(), std::regex("bestmove [1-6]( ponder [1-6])?"))) << lines.back();
}

// `d` during a search is one block (PROTOCOL.md section 10): the search's info lines come
// before or after it, never between its lines, so a GUI can read it up to its `legal` line.
TEST_F(UmiSearch, APositionShownDuringASearchIsOneBlock) {
  send("setoption name MultiPV value 6");
  send("position startpos mangala");
  send("go infinite");
  constexpr int kShown = 100;
  for (int i = 0; i < kShown; ++i) send("d");
  send("isready");
  const auto lines = until("readyok", Millis(allowed_ms(30000)));
  send("stop");
  until("bestmove");
  int blocks = 0;
  bool inside = false;
  for (const auto& line : lines) {
    if (starts_with(line, "info ")) {
      EXPECT_FALSE(inside) << "an info line inside d's block: " << line;
    } else if (starts_with(line, "legal ")) {
      EXPECT_TRUE(inside);
      inside = false;
      ++blocks;
    } else if (line != "readyok") {
      inside = true;  // the drawing, notation and tomove
    }
  }
  EXPECT_EQ(blocks, kShown);
}

TEST_F(UmiSearch, CommandsDuringASearch) {
  send("position startpos kalah");
  send("go infinite");
  for (const char* line : {"setoption name Hash value 8", "go depth 2", "perft 3", "newgame", "eval", "bench 1"})
    expect_one_error(without_progress(answer(line)), line);
  EXPECT_TRUE(without_progress(answer("position startpos mangala")).empty()) << "position is for the next go";
  EXPECT_EQ(notation(), "mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s");
  send("stop");
  const auto lines = until("bestmove");
  EXPECT_TRUE(std::regex_match(lines.back(), std::regex("bestmove [1-6]( ponder [1-6])?"))) << lines.back();
  EXPECT_TRUE(answer("isready").empty());
}

TEST_F(UmiSearch, PonderhitSwitchesToTheRealLimits) {
  send("setoption name Ponder value true");
  send("position startpos kalah moves 1");
  send("go ponder movetime 200");
  expect_no_bestmove_for(Millis(300));
  const auto hit = Clock::now();
  send("ponderhit");
  until("bestmove");
  EXPECT_GE(since(hit).count(), 150) << "movetime counts from ponderhit, not from go 300 ms before";
  EXPECT_LT(since(hit).count(), allowed_ms(2000));
}

// The search after ponderhit sums itself up if it ends before its first iteration (pondering sent info).
TEST_F(UmiSearch, APonderhitSearchEndedAtOnceStillSaysSo) {
  send("setoption name Ponder value true");
  send("position startpos kalah(6,4)");
  send("go ponder nodes 1");
  expect_no_bestmove_for(Millis(200));
  send("ponderhit");
  const auto lines = until("bestmove");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_TRUE(std::regex_match(lines[lines.size() - 2], std::regex("info nodes 1 nps \\d+ time \\d+ pv \\S+"))) << lines[lines.size() - 2];
}

// ponderhit belongs to a ponder search: a normal search, or one already hit, goes on.
TEST_F(UmiSearch, PonderhitOutsideAPonderSearchIsIgnored) {
  send("position startpos kalah");
  send("go movetime 1500");
  send("ponderhit");
  expect_no_bestmove_for(Millis(600));
  until("bestmove");
  send("setoption name Ponder value true");
  send("go ponder movetime 1500");
  send("ponderhit");
  send("ponderhit");
  expect_no_bestmove_for(Millis(600));
  until("bestmove");
}

TEST_F(UmiSearch, PonderMissIsStopped) {
  send("position startpos kalah moves 1");
  send("go ponder stime 5000 ntime 5000");
  expect_no_bestmove_for(Millis(200));
  send("stop");
  until("bestmove");
  EXPECT_TRUE(answer("ponderhit").empty()) << "a late ponderhit is ignored";
}

TEST_F(UmiSearch, EndOfInputStopsAnInfiniteSearchAndExits) {
  send("position startpos kalah");
  send("go infinite");
  engine.close_input();
  until("bestmove");
  EXPECT_EQ(engine.wait_exit(kReply), 0);
}

TEST_F(UmiSearch, EndOfInputLetsALimitedSearchFinish) {
  send("position startpos kalah");
  send("go depth 3");
  engine.close_input();
  const auto lines = until("bestmove");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_TRUE(starts_with(lines[lines.size() - 2], "info depth 3 "));
  EXPECT_EQ(engine.wait_exit(kReply), 0);
}

TEST_F(UmiSearch, QuitDuringASearchExitsPromptly) {
  send("position startpos kalah");
  send("go infinite");
  expect_no_bestmove_for(Millis(100));
  const auto quit = Clock::now();
  send("quit");
  EXPECT_EQ(engine.wait_exit(kReply), 0);
  EXPECT_LT(since(quit).count(), allowed_ms(1000));
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
