// bots::run_umi, fed whole sessions through string streams: what a GUI sees from the random and
// greedy bots, line by line (PROTOCOL.md sections 1, 3, 6, 8 and 10).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "common/umi_loop.h"

namespace {

// A policy that plays the last legal move and reports a score, so answers are predictable.
const bots::Policy kLastMove = [](const mancala::Game& game, std::uint64_t seed) {
  return bots::Choice{game.legal_moves().back(), static_cast<int>(seed)};
};

std::vector<std::string> session(const std::string& input, int* exit_code = nullptr) {
  std::istringstream in(input);
  std::ostringstream out;
  const int code = bots::run_umi({"test-bot"}, kLastMove, in, out);
  if (exit_code) *exit_code = code;
  std::vector<std::string> lines;
  std::istringstream text(out.str());
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  return lines;
}

using Lines = std::vector<std::string>;

TEST(BotLoop, HandshakeAndAPositionWithMoves) {
  EXPECT_EQ(session("umi\nisready\nposition startpos kalah(6,4) moves 3\ngo depth 1\n"),
            (Lines{"id name test-bot", "id author mancala project",
                   "option name Seed type spin default 0 min 0 max 2147483647", "protocol 1",
                   "variants kalah mangala mangala2 bedouin", "umiok", "readyok", "info depth 1 score seeds 0",
                   "bestmove 6"}));
}

TEST(BotLoop, OneErrorLinePerBadLineAndTheCommandStillRuns) {
  EXPECT_EQ(session("hello\nisready now\nd\nsetoption name seed value 7\nsetoption name Seed value abc\n"
                    "setoption name Nope value 1\ngameover bogus\nposition startpos kalah(6,4)\ngo depth 1\n"),
            (Lines{"info string error: unknown command 'hello'",
                   "info string error: isready takes no arguments; ignored 'now' and after", "readyok",
                   "info string error: d: no position (send position first)",
                   "info string error: setoption: Seed: expected an integer, got 'abc'",
                   "info string error: setoption: unknown option 'Nope'",
                   "info string error: gameover: expected 'gameover <south|north|draw> <south-score> <north-score> [reason]'",
                   "info depth 1 score seeds 7", "bestmove 6"}));
}

TEST(BotLoop, ErrorLinesNeverEchoControlBytesOrLongText) {
  const auto lines = session(std::string("isre\0ady\n", 9) + "x" + std::string(5000, 'y') + "\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "info string error: unknown command 'isre?ady'");
  EXPECT_LT(lines[1].size(), 120u) << lines[1];
}

TEST(BotLoop, AGoThatCannotRunGetsBestmoveNone) {
  EXPECT_EQ(session("go depth 1\nposition startpos kalah(6,4)\ngo wtime 100\ngo ntime 100\ngo depth +2\n"),
            (Lines{"info string error: go: no position (send position first)", "bestmove none",
                   "info string error: go: unknown parameter 'wtime' (UMI names the clocks stime, ntime, sinc, ninc)",
                   "bestmove none", "info string error: go: the clock of the side to move (stime) is missing",
                   "bestmove none", "info string error: go: depth: '+2' is not a count", "bestmove none"}));
}

TEST(BotLoop, InfiniteSearchesWaitForStopAndRefuseWhatNeedsIdle) {
  EXPECT_EQ(session("position startpos kalah(6,4)\ngo infinite\nisready\ngo depth 1\nsetoption name Seed value 1\n"
                    "stop\nstop\ngo\nstop\n"),
            (Lines{"readyok", "info string error: go: a search is already running (send stop first)",
                   "info string error: setoption: not while searching (send stop first)", "info depth 1 score seeds 0",
                   "bestmove 6", "info depth 1 score seeds 0", "bestmove 6"}));
}

TEST(BotLoop, PonderhitAnswersAPonderSearchWithLimitsOnly) {
  EXPECT_EQ(session("position startpos kalah(6,4)\ngo ponder stime 100 ntime 100\nisready\nponderhit\n"
                    "go ponder\nponderhit\nisready\nstop\n"),
            (Lines{"readyok", "info depth 1 score seeds 0", "bestmove 6", "readyok", "info depth 1 score seeds 0",
                   "bestmove 6"}));
}

TEST(BotLoop, QuitAndEndOfInputPrintAHeldBestmove) {
  int code = -1;
  EXPECT_EQ(session("position startpos kalah(6,4)\ngo infinite\nquit\nisready\n", &code),
            (Lines{"info depth 1 score seeds 0", "bestmove 6"}));
  EXPECT_EQ(code, 0);
  EXPECT_EQ(session("position startpos kalah(6,4)\ngo infinite\n"), (Lines{"info depth 1 score seeds 0", "bestmove 6"}));
}

TEST(BotLoop, LineEndingsAndTheLineLimit) {
  EXPECT_EQ(session("isready\risready\r\nisready"), (Lines{"readyok", "readyok", "readyok"}));
  EXPECT_EQ(session("isready" + std::string(70000, 'x') + "\nisready\n"),
            (Lines{"info string error: line longer than 65536 bytes discarded", "readyok"}));
  EXPECT_EQ(session(std::string(70000, ' ') + "\nisready\n"), (Lines{"readyok"})) << "blanks are ignored, however many";
  // A discarded position leaves none, as a bad one does.
  std::string position = " position startpos kalah(6,4) moves";
  while (position.size() <= 70000) position += " 1";
  EXPECT_EQ(session("position startpos kalah(6,4)\n" + position + "\ngo depth 1\n"),
            (Lines{"info string error: line longer than 65536 bytes discarded",
                   "info string error: go: no position (send position first)", "bestmove none"}));
}

TEST(BotLoop, AFinishedGameIsAnsweredAtOnceWhateverTheLimits) {
  EXPECT_EQ(session("position fen kalah(6,4) 0,0,0,0,0,0:24 0,0,0,0,0,0:24 -\ngo infinite\ngo ntime 100\ngo\nisready\n"),
            (Lines{"bestmove none", "bestmove none", "bestmove none", "readyok"}));
}

TEST(BotLoop, HelperCommandsPrintTheStableLines) {
  const auto lines = session("position fen kalah(6,4) 0,0,0,0,0,0:24 0,0,0,0,0,0:24 -\nd\ngo depth 1\nperft 1\n");
  ASSERT_GE(lines.size(), 6u);
  const Lines tail(lines.end() - 6, lines.end() - 1);
  EXPECT_EQ(tail, (Lines{"notation kalah(6,4) 0,0,0,0,0,0:24 0,0,0,0,0,0:24 -", "tomove none", "legal",
                         "result draw 24 24", "bestmove none"}));
  EXPECT_EQ(lines.back().rfind("perft depth 1 nodes 0 time ", 0), 0u) << lines.back();  // the time varies
}

}  // namespace
