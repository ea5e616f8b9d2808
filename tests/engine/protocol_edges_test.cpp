// UMI transcript tests at the edges of what PROTOCOL.md allows (each limit's largest and smallest
// value, the longest line, the longest excerpt, tabs between words), and of options whose effect
// shows in the engine's answers (Clear Hash, MoveOverhead, PlainEval, Level). An outside mutation
// review found each unpinned: a bound moved by one, or an option ignored, passed every test.
#include <chrono>
#include <string>
#include <vector>

#include "umi_fixture.h"

namespace mancala::testing {
namespace {

using Clock = std::chrono::steady_clock;

class UmiEdges : public Umi {
 protected:
  // A search's lines up to its bestmove, none of them an error line.
  std::vector<std::string> searched(std::string_view go) {
    send(go);
    const auto lines = until("bestmove");
    for (const auto& line : lines) EXPECT_FALSE(starts_with(line, "info string error")) << go << ": " << line;
    return lines;
  }
  // A refused go: the error line (its text starting with `message`), then bestmove none.
  void expect_go_refused(std::string_view go, std::string_view message) {
    send(go);
    const auto lines = without_progress(until("bestmove"));
    ASSERT_EQ(lines.size(), 2u) << go;
    EXPECT_TRUE(starts_with(lines[0], "info string error: " + std::string(message))) << lines[0];
    EXPECT_EQ(lines[1], "bestmove none") << go;
  }
  // The node count of the `info depth <depth> ` line among `lines` (-1 if there is none).
  static long nodes_at_depth(const std::vector<std::string>& lines, int depth) {
    const std::string prefix = "info depth " + std::to_string(depth) + " ";
    for (const auto& line : lines)
      if (starts_with(line, prefix)) return std::stol(line.substr(line.find(" nodes ") + 7));
    return -1;
  }
};

// PROTOCOL.md section 3: depth 1..1000 and movestogo 1..100000 (a position proven at once, so the
// deepest search ends at once too).
TEST_F(UmiEdges, GoLimitsAreAcceptedUpToTheirLargestValue) {
  send("position fen kalah(6,4) 0,0,0,0,1,0:20 1,1,1,1,1,1:21 s");  // South's one move ends the game
  auto lines = searched("go depth 1000");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_NE(lines[lines.size() - 2].find(" score proven -4 "), std::string::npos) << lines[lines.size() - 2];
  EXPECT_EQ(lines.back(), "bestmove 5");
  expect_go_refused("go depth 1001", "go: depth is at most 1000");
  send("position startpos kalah");
  lines = searched("go stime 1000 ntime 1000 movestogo 100000");
  EXPECT_TRUE(starts_with(lines.back(), "bestmove ")) << lines.back();
  EXPECT_NE(lines.back(), "bestmove none");
  expect_go_refused("go stime 1000 ntime 1000 movestogo 100001", "go: movestogo is at most 100000");
}

// Section 10: perft depth 0..64, bench depth 1..64; section 3: gameover's scores 0..100000 each,
// and its result words south, north and draw.
TEST_F(UmiEdges, HelperAndGameoverArgumentsAtTheirEdges) {
  send("position startpos kalah");
  send("perft 0");
  EXPECT_TRUE(starts_with(line_starting("perft depth"), "perft depth 0 nodes 1 "));
  EXPECT_EQ(answer("perft 65"), (std::vector<std::string>{"info string error: perft: depth '65' is not in 0..64"}));
  EXPECT_EQ(answer("bench 0"), (std::vector<std::string>{"info string error: bench: depth '0' is not in 1..64"}));
  EXPECT_EQ(answer("bench 65"), (std::vector<std::string>{"info string error: bench: depth '65' is not in 1..64"}));
  EXPECT_TRUE(answer("gameover draw 24 24").empty());
  EXPECT_TRUE(answer("gameover south 100000 0").empty());
  EXPECT_TRUE(answer("gameover north 0 100000").empty());
}

// Section 1: a line of 65,536 bytes is read (protocol_test.cpp), one of 65,537 is discarded, and
// a discarded position leaves no position.
TEST_F(UmiEdges, ALineOneByteOverTheLimitIsDiscarded) {
  send("position startpos kalah");
  std::string line = "position startpos kalah";
  line += std::string(65537 - line.size(), ' ');
  EXPECT_EQ(answer(line), (std::vector<std::string>{"info string error: line longer than 65536 bytes discarded"}));
  EXPECT_EQ(answer("d"), (std::vector<std::string>{"info string error: d: no position (send position first)"}));
}

// Section 8: an error quotes at most 60 characters of what it refuses, then `...` if there was more.
TEST_F(UmiEdges, AnExcerptOfSixtyCharactersIsWhole) {
  const std::string sixty(60, 'x');
  EXPECT_EQ(answer(sixty), (std::vector<std::string>{"info string error: unknown command '" + sixty + "'"}));
  EXPECT_EQ(answer(sixty + "y"), (std::vector<std::string>{"info string error: unknown command '" + sixty + "...'"}));
}

// Section 1: words are separated by runs of blanks, tabs included; section 3: `name` comes first
// after setoption, a check option takes true or false only, and startpos takes one variant spec.
TEST_F(UmiEdges, CommandGrammar) {
  EXPECT_TRUE(answer("setoption\tname Hash\t value 16").empty());
  EXPECT_EQ(answer("setoption foo name Hash value 3"),
            (std::vector<std::string>{"info string error: setoption: expected 'setoption name <name> [value <value>]'"}));
  EXPECT_EQ(answer("setoption name Ponder value 1"),
            (std::vector<std::string>{"info string error: setoption: Ponder: expected true or false, got '1'"}));
  send("position startpos kalah");
  EXPECT_EQ(answer("position startpos kalah extra"),
            (std::vector<std::string>{"info string error: position startpos: expected one variant spec, found 'kalah extra'"}));
  EXPECT_EQ(answer("d"), (std::vector<std::string>{"info string error: d: no position (send position first)"}));
  // Section 8: a command that takes no arguments says so, and runs.
  send("position startpos kalah");
  const auto d = answer("d x");
  ASSERT_GE(d.size(), 2u);
  EXPECT_EQ(d.front(), "info string error: d takes no arguments; ignored 'x' and after");
  EXPECT_EQ(d.back(), "legal 1 2 3 4 5 6");
}

// Section 5: `Clear Hash` empties the table, so a search repeated after it searches as many nodes
// as the first (without it, the warm table answers the repeat in a few dozen nodes).
TEST_F(UmiEdges, ClearHashMakesARepeatedSearchStartCold) {
  send("position startpos kalah");
  const long cold = nodes_at_depth(searched("go depth 8"), 8);
  ASSERT_GT(cold, 1000);
  EXPECT_LT(nodes_at_depth(searched("go depth 8"), 8), cold / 4) << "the repeat without Clear Hash is warm";
  send("setoption name Clear Hash");
  EXPECT_EQ(nodes_at_depth(searched("go depth 8"), 8), cold);
}

// Section 5: `MoveOverhead` is kept back from `movetime` and from the mover's clock: with all of
// the time kept back, the engine answers at once (it would search 5 s, or most of its 5 s clock).
TEST_F(UmiEdges, MoveOverheadIsKeptBackFromMovetimeAndTheClock) {
  send("setoption name MoveOverhead value 5000");
  ASSERT_TRUE(answer("position startpos kalah").empty());  // (a sanitized engine starts slowly)
  for (const char* go : {"go movetime 5000", "go stime 5010 ntime 5010 movestogo 1"}) {
    const auto start = Clock::now();
    const auto lines = searched(go);
    EXPECT_NE(lines.back(), "bestmove none") << go;
    // (No sanitizer allowance: a search of a few milliseconds stays far below this in any build.)
    EXPECT_LT(std::chrono::duration_cast<Millis>(Clock::now() - start).count(), 2500) << go;
  }
}

// Section 13: `PlainEval` evaluates by the store difference alone; `Level` n < 20 caps the search
// at n plies, also under `go depth`.
TEST_F(UmiEdges, PlainEvalAndLevelChangeWhatTheEngineAnswers) {
  send("position startpos kalah moves 3");  // South banked 1 and moves again
  send("setoption name PlainEval value true");
  EXPECT_EQ(answer("eval"), (std::vector<std::string>{"eval seeds 1"}));
  send("setoption name PlainEval value false");
  const auto eval = answer("eval");
  ASSERT_EQ(eval.size(), 1u);
  EXPECT_NE(eval[0], "eval seeds 1") << "the full evaluation adds terms to the store difference";
  send("setoption name Level value 1");
  send("position startpos kalah");
  const auto lines = searched("go depth 12");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_TRUE(starts_with(lines[lines.size() - 2], "info depth 1 ")) << lines[lines.size() - 2];
}

}  // namespace
}  // namespace mancala::testing
