// UMI transcript tests against the real mancala-engine executable, through pipes: handshake,
// options, positions of every variant, errors and line handling. Searches are in
// protocol_search_test.cpp.
#include <cstdlib>
#include <random>

#include "umi_fixture.h"

namespace mancala::testing {
namespace {

TEST_F(Umi, HandshakeListsIdOptionsProtocolAndVariants) {
  send("umi");
  const auto lines = until("umiok");
  ASSERT_GE(lines.size(), 5u);
  EXPECT_TRUE(starts_with(lines[0], "id name ")) << lines[0];
  EXPECT_TRUE(starts_with(lines[1], "id author ")) << lines[1];
  const std::vector<std::string> tail(lines.end() - 3, lines.end());
  EXPECT_EQ(tail, (std::vector<std::string>{"protocol 1", "variants kalah mangala mangala2 bedouin", "umiok"}));
  const std::vector<std::string> options(lines.begin() + 2, lines.end() - 3);
  const std::vector<std::string> expected = {
      "option name Hash type spin default 64 min 1 max 4096",
      "option name Clear Hash type button",
      "option name Threads type spin default 1 min 1 max 1",
      "option name Level type spin default 20 min 1 max 20",
      "option name PlainEval type check default false",
      "option name MultiPV type spin default 1 min 1 max 8",
      "option name Ponder type check default false",
      "option name MoveOverhead type spin default 10 min 0 max 5000",
      "option name KalahEmptyCapture type check default false",
      "option name UMI_Opponent type string default <empty>",
  };
  EXPECT_EQ(options, expected);
}

TEST_F(Umi, IsReadyIsAnsweredAtOnce) {
  EXPECT_TRUE(answer("isready").empty());  // two readyok lines: the first is consumed here
  EXPECT_EQ(engine.read_line(kReply), "readyok");
}

TEST_F(Umi, GoodOptionValuesAreAcceptedSilently) {
  EXPECT_TRUE(answer("setoption name Hash value 16").empty());
  EXPECT_TRUE(answer("setoption name hash value 32").empty()) << "option names are case-insensitive";
  EXPECT_TRUE(answer("setoption   name   Clear    Hash").empty()) << "names with spaces, any white space";
  EXPECT_TRUE(answer("setoption name Clear Hash value ignored").empty()) << "a button ignores a value";
  EXPECT_TRUE(answer("setoption name UMI_Opponent value Deep  Sower 3.1 (value name inside)").empty());
  EXPECT_TRUE(answer("setoption name UMI_Opponent value").empty()) << "empty string value";
  EXPECT_TRUE(answer("setoption name UMI_Opponent value    ").empty()) << "empty string value, trailing blanks";
  EXPECT_TRUE(answer("setoption name PlainEval value TRUE").empty());
  EXPECT_TRUE(answer("setoption name Level value +7").empty());
  EXPECT_TRUE(answer("setoption name MoveOverhead value 0").empty());
  EXPECT_TRUE(answer("setoption name multipv value 8").empty());
}

TEST_F(Umi, BadOptionValuesGiveOneErrorAndKeepTheOldValue) {
  const char* bad[] = {
      "setoption name Hash value 0",         "setoption name Hash value 4097",  "setoption name Hash value 12abc",
      "setoption name Hash value",           "setoption name Hash",             "setoption name Threads value 2",
      "setoption name PlainEval value yes",  "setoption name NoSuchOption value 1",  "setoption name MultiPV value 9",
      "setoption name value 3",              "setoption Hash value 3",          "setoption",
  };
  for (const char* line : bad) expect_one_error(answer(line), line);
  // The engine still works with the values it kept.
  send("position startpos kalah(4,3)");
  send("go depth 2");
  until("bestmove ");
}

TEST_F(Umi, AnIntegerTooLargeForSixtyFourBitsIsOutOfRangeNotMalformed) {
  const auto lines = answer("setoption name Hash value 99999999999999999999999");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "info string error: setoption: Hash: '99999999999999999999999' is outside 1..4096 (kept 64)");
  expect_one_error(answer("setoption name Hash value -99999999999999999999999"), "a huge negative number");
  expect_one_error(answer("setoption name Hash value 1e30"), "not an integer");
  EXPECT_EQ(answer("setoption name Hash value 1e30")[0], "info string error: setoption: Hash: expected an integer, got '1e30'");
}

TEST_F(Umi, KalahEmptyCaptureOptionAppliesToPlainKalahSpecs) {
  send("position startpos kalah");
  EXPECT_EQ(notation(), "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s");
  send("setoption name KalahEmptyCapture value true");
  send("position startpos kalah");
  EXPECT_EQ(notation(), "kalah(6,4,empty) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s");
  send("position startpos kalah(4,3)");
  EXPECT_EQ(notation(), "kalah(4,3,empty) 3,3,3,3:0 3,3,3,3:0 s");
  send("position fen kalah(6,4) 4,4,0,5,5,0:2 5,0,6,6,5,5:1 n");
  EXPECT_EQ(notation(), "kalah(6,4,empty) 4,4,0,5,5,0:2 5,0,6,6,5,5:1 n");
  send("setoption name KalahEmptyCapture value false");
  send("position startpos kalah");
  EXPECT_EQ(notation(), "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s");
}

TEST_F(Umi, KalahExtraTurnChainKeepsTheMover) {
  send("position startpos kalah moves 3");
  EXPECT_EQ(notation(), "kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s");
  send("position startpos kalah moves 3 6");
  EXPECT_EQ(notation(), "kalah(6,4) 4,4,0,5,5,0:2 5,5,5,5,4,4:0 n");
  send("position startpos kalah moves 3 6 2");
  EXPECT_EQ(notation(), "kalah(6,4) 4,4,0,5,5,0:2 5,0,6,6,5,5:1 n");
  EXPECT_EQ(legal_moves(), (std::vector<std::string>{"1", "3", "4", "5", "6"}));
}

TEST_F(Umi, MangalaPositionsWithMoves) {
  send("position startpos mangala moves 4");
  EXPECT_EQ(notation(), "mangala 4,4,4,1,5,5:1 4,4,4,4,4,4:0 s");
  send("position startpos mangala moves 4 1 3");
  EXPECT_EQ(notation(), "mangala 1,5,5,2,5,5:1 4,4,1,5,5,5:0 s");
}

TEST_F(Umi, MangalaTwoAutomaticPassIsNeverWritten) {
  // North's 5 empties South's row: South passes, so North writes the next move too.
  send("position fen mangala2 3,3,3,3,3,0:26 0,0,0,3,6,10:12 n 0 moves 5");
  EXPECT_EQ(notation(), "mangala2 0,0,0,0,0,0:26 0,0,0,3,0,11:32 n 0");
  send("position fen mangala2 3,3,3,3,3,0:26 0,0,0,3,6,10:12 n 0 moves 5 4");
  EXPECT_EQ(notation(), "mangala2 1,0,0,0,0,0:26 0,0,0,0,1,12:32 s 1");
}

TEST_F(Umi, BedouinSetUpDistributionChoiceAndOpenings) {
  send("position startpos bedouin");
  EXPECT_EQ(notation(), "bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s distribute 0");
  EXPECT_EQ(legal_moves(), (std::vector<std::string>{"distributions", "62196"}));
  send("position startpos bedouin moves 10,20,30,10");
  EXPECT_EQ(notation(), "bedouin(70) 0,0,10,20,0,0:0 0,0,30,10,0,0:0 n choose 1");
  EXPECT_EQ(legal_moves(), (std::vector<std::string>{"keep", "flip"}));
  send("position startpos bedouin moves 10,20,30,10 flip");
  EXPECT_EQ(notation(), "bedouin(70) 0,0,30,10,0,0:0 0,0,10,20,0,0:0 n opening 2");
  send("position startpos bedouin moves 10,20,30,10 flip 4 4");
  EXPECT_EQ(notation(), "bedouin(70) 2,3,33,1,3,3:0 3,3,13,2,2,2:0 n play 4");
}

// PROTOCOL.md section 11.2, byte for byte (the drawing's rows once ended in a blank).
TEST_F(Umi, BoardDrawingMatchesTheTranscript) {
  send("position startpos kalah moves 3 6 4");
  EXPECT_EQ(answer("d"), (std::vector<std::string>{
                             "  N:      6   5   4   3   2   1   (North's pits, numbered from North's left)",
                             "          5   5   0   5   5   5",
                             " [  1]                        [  2]   North store left, South store right",
                             "          5   5   0   5   5   0",
                             "  S:      1   2   3   4   5   6   (South's pits)",
                             "notation kalah(6,4) 5,5,0,5,5,0:2 5,5,5,0,5,5:1 s",
                             "tomove south",
                             "legal 1 2 4 5",
                         }));
}

// Errors say what is wrong: a number too large for 64 bits is out of range (not "not a count"),
// limits are stated, and a notation error is not prefixed "position fen: position: ".
TEST_F(Umi, ErrorsNameTheLimitTheyBreak) {
  send("position startpos kalah");
  const std::pair<const char*, const char*> cases[] = {
      {"go nodes 9223372036854775808", "go: nodes: '9223372036854775808' is out of range (at most 9223372036854775807)"},
      {"go stime -99999999999999999999 ntime 1",
       "go: stime: '-99999999999999999999' is out of range (at most 9223372036854775807 either way)"},
      {"go nodes -5", "go: nodes: '-5' is not a count"},
      {"go depth +2", "go: depth: '+2' is not a count"},
      {"position fen kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 x",
       "position fen: side field 'x': expected s, n or - (game over)"},
      {"gameover south 100001 0", "gameover: the scores must be counts of seeds, 0..100000"},
  };
  for (const auto& [line, message] : cases) {
    const auto lines = answer(line);
    ASSERT_FALSE(lines.empty()) << line;
    EXPECT_TRUE(lines[0].starts_with(std::string("info string error: ") + message)) << lines[0];
    send("position startpos kalah");
  }
  const auto long_fen = answer("position fen kalah(6,4) " + std::string(420, '4') + " 4,4,4,4,4,4:0 s");
  ASSERT_FALSE(long_fen.empty());
  EXPECT_NE(long_fen[0].find("characters, at most 400)"), std::string::npos) << long_fen[0];
}

TEST_F(Umi, FinishedGameShowsResultAndAnswersBestmoveNone) {
  send("position fen kalah(6,4) 1,0,1,1,1,1:12 0,0,0,1,0,3:27 n moves 4 3 5 1 6");
  const auto d = answer("d");
  EXPECT_NE(std::find(d.begin(), d.end(), "notation kalah(6,4) 0,0,0,0,0,0:20 0,0,0,0,0,0:28 -"), d.end());
  EXPECT_NE(std::find(d.begin(), d.end(), "tomove none"), d.end());
  EXPECT_NE(std::find(d.begin(), d.end(), "result north 20 28"), d.end());
  send("go depth 5");
  EXPECT_EQ(until("bestmove"), (std::vector<std::string>{"bestmove none"}));
  EXPECT_TRUE(answer("gameover north 20 28 north has more seeds").empty());
  expect_one_error(answer("gameover white 20 28"), "bad result word");
  EXPECT_EQ(answer("eval"), (std::vector<std::string>{"info string error: eval: the game is over"}));
  expect_one_error(answer("gameover north 20"), "missing score");
}

TEST_F(Umi, BadPositionsGiveOneErrorAndClearThePosition) {
  const char* bad[] = {
      "position",
      "position startpos",
      "position startpos moves 3",
      "position startpos chess",
      "position startpos kalah(9,4)",
      "position startpos kalah moves 3 3",
      "position startpos kalah moves 7",
      "position startpos bedouin moves 10,20,30,11",
      "position fen kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:1 s",
      "position fen kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 x",
      "position fen mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s",
      "position fen kalah(6,4) 1,0,1,1,1,1:12 0,0,0,1,0,3:27 n moves 4 3 5 1 6 1",
  };
  for (const char* line : bad) {
    send("position startpos kalah");
    expect_one_error(answer(line), line);
    expect_one_error(answer("d"), std::string("d after: ") + line);
  }
  send("go depth 3");
  const auto lines = until("bestmove");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(starts_with(lines[0], "info string error: go: no position"));
  EXPECT_EQ(lines[1], "bestmove none");
}

// A bad move in a list names its place in the list and the position it was tried in, so that a
// GUI author can find it in a long game.
TEST_F(Umi, ABadMoveIsNamedByItsNumberAndThePositionBeforeIt) {
  EXPECT_EQ(answer("position startpos kalah moves 3 6 1 9"),
            std::vector<std::string>{"info string error: position: move 4 ('9') after kalah(6,4) 4,4,0,5,5,0:2 "
                                     "0,6,6,6,5,5:0 s: move '9': there is no pit 9 (pits are 1 to 6)"});
}

TEST_F(Umi, GarbageGetsOneErrorLineEach) {
  const char* garbage[] = {"hello", "ISREADY", "uci", "Go depth 3", "\x01\x02\x7f", "#",
                           "é ü ß", "setoption name"};
  for (const char* line : garbage) expect_one_error(answer(line), line);
  expect_one_error(answer(std::string_view("go\0depth 3", 10)), "a NUL byte inside a word");
  // Argument-less commands report extra words and still run.
  send("isready now");
  const auto lines = until("readyok");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(starts_with(lines[0], "info string error: "));
  // One that then fails as well still gets one line: the first fault found.
  expect_one_error(answer("position startpos nosuchgame"), "a bad position");
  expect_one_error(answer("d x"), "d with a word and no position");
  // An error shows a bounded excerpt of what it refuses, however long.
  const auto long_spec = answer("position startpos kalah" + std::string(300, 'x') + "(6,4)");
  expect_one_error(long_spec, "a long variant spec");
  EXPECT_LT(long_spec.at(0).size(), 220u) << long_spec.at(0);
}

TEST_F(Umi, RandomBytesNeverStopTheEngine) {
  std::mt19937 rng(12345);
  std::string noise;
  for (int line = 0; line < 300; ++line) {
    const int length = static_cast<int>(rng() % 80);
    noise += "x";  // a leading letter keeps the line from being a real command by chance
    for (int i = 0; i < length; ++i) noise += static_cast<char>(rng() % 256);
    noise += "\n";
  }
  ASSERT_TRUE(engine.send(noise));
  send("isready");
  for (const std::string& line : until("readyok"))
    EXPECT_TRUE(line == "readyok" || starts_with(line, "info string error: ")) << line;
}

TEST_F(Umi, OverlongLinesAreDiscardedWithOneError) {
  send("position startpos mangala");
  std::string huge(100000, 'x');
  expect_one_error(answer(huge), "100000 bytes");
  EXPECT_EQ(notation(), "mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s") << "the discarded line changed nothing";
  EXPECT_TRUE(answer(std::string(100000, ' ') + "\t ").empty()) << "a line of blanks is ignored, however long";
  // A discarded position runs no part of itself, but leaves no position, as a bad position does: a
  // GUI that missed the error line must not get a move for the game before (an outside review).
  std::string moves = "  position startpos kalah moves";
  while (moves.size() <= 70000) moves += " 1";
  expect_one_error(answer(moves), "an overlong valid-looking position");
  expect_one_error(answer("d"), "d after a discarded position");
  send("go depth 3");
  EXPECT_EQ(without_progress(until("bestmove")), (std::vector<std::string>{
                "info string error: go: no position (send position first)", "bestmove none"}));
  // 65536 bytes exactly is still a line.
  std::string longest = "position startpos kalah";
  longest += std::string(65536 - longest.size(), ' ');
  EXPECT_TRUE(answer(longest).empty());
}

TEST_F(Umi, CrlfAndLoneCrEndLinesToo) {
  ASSERT_TRUE(engine.send("position startpos mangala2 moves 1\r\nd\r\n"));
  bool found = false;
  const auto lines = engine.read_until("notation ", kReply, &found);
  ASSERT_TRUE(found);
  EXPECT_EQ(lines.back(), "notation mangala2 0,7,7,7,7,7:0 7,6,6,6,6,6:0 n 1");
  until("legal ");
  ASSERT_TRUE(engine.send("isready\risready\r\n"));
  EXPECT_EQ(engine.read_line(kReply), "readyok");
  EXPECT_EQ(engine.read_line(kReply), "readyok");
}

TEST_F(Umi, HelperCommands) {
  send("position startpos kalah");
  send("perft 5");
  EXPECT_TRUE(starts_with(line_starting("perft depth"), "perft depth 5 nodes 4690 "));
  const auto eval = answer("eval");
  ASSERT_EQ(eval.size(), 1u);
  EXPECT_TRUE(starts_with(eval[0], "eval seeds ")) << eval[0];
  expect_one_error(answer("perft x"), "perft x");
  expect_one_error(answer("perft"), "perft without depth");
  expect_one_error(answer("perft +3"), "perft with a sign (counts have none)");
  expect_one_error(answer("gameover south +3 4"), "gameover score with a sign");
  EXPECT_TRUE(answer("newgame").empty());
  EXPECT_TRUE(answer("stop").empty()) << "stop when idle is ignored";
  EXPECT_TRUE(answer("ponderhit").empty()) << "ponderhit when idle is ignored";
}

TEST_F(Umi, EndOfInputWhileIdleExitsCleanly) {
  send("umi");
  until("umiok");
  engine.close_input();
  EXPECT_EQ(engine.wait_exit(kReply), 0);
}

TEST_F(Umi, QuitExitsCleanly) {
  send("quit");
  EXPECT_EQ(engine.wait_exit(kReply), 0);
}

// One-shot command-line modes.
TEST(EngineCommandLine, HelpPerftAndErrors) {
  {
    EnginePipe help(MANCALA_ENGINE_PATH, {"--help"});
    bool found = false;
    help.read_until("Usage", Millis(5000), &found);
    EXPECT_TRUE(found);
    EXPECT_EQ(help.wait_exit(Millis(5000)), 0);
  }
  {
    // --version names the engine as the handshake's `id name` does.
    EnginePipe version(MANCALA_ENGINE_PATH, {"--version"});
    const auto line = version.read_line(Millis(5000));
    ASSERT_TRUE(line);
    EXPECT_EQ(version.wait_exit(Millis(5000)), 0);
    EnginePipe umi(MANCALA_ENGINE_PATH, {});
    umi.send_line("umi");
    const auto id = umi.read_line(Millis(5000));
    ASSERT_TRUE(id);
    EXPECT_EQ(*id, "id name " + *line);
    EXPECT_TRUE(line->rfind("mancala-engine ", 0) == 0 && line->size() > 15) << *line;
  }
  {
    EnginePipe perft(MANCALA_ENGINE_PATH, {"perft", "mangala2", "6,6,6,6,6,6:0", "6,6,6,6,6,6:0", "s", "0", "4"});
    const auto line = perft.read_line(Millis(5000));
    ASSERT_TRUE(line);
    EXPECT_TRUE(line->rfind("perft depth 4 nodes 1166 ", 0) == 0) << *line;
    EXPECT_EQ(perft.wait_exit(Millis(5000)), 0);
  }
  {
    EnginePipe perft(MANCALA_ENGINE_PATH, {"perft", "mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 0", "4"});
    const auto line = perft.read_line(Millis(5000));
    ASSERT_TRUE(line) << "a quoted notation is one argument";
    EXPECT_TRUE(line->rfind("perft depth 4 nodes 1166 ", 0) == 0) << *line;
    EXPECT_EQ(perft.wait_exit(Millis(5000)), 0);
  }
  {
    EnginePipe bad(MANCALA_ENGINE_PATH, {"perft", "chess", "3"});
    EXPECT_EQ(bad.wait_exit(Millis(5000)), 2);
  }
  {
    // Numbers are decimal: a leading zero is no octal (CLI11's own reading), a sign or a blank no number.
    EnginePipe perft(MANCALA_ENGINE_PATH, {"perft", "kalah(6,4)", "03"});
    const auto line = perft.read_line(Millis(5000));
    ASSERT_TRUE(line);
    EXPECT_TRUE(line->rfind("perft depth 3 nodes 185 ", 0) == 0) << *line;
    // bench 010 searches to depth 10, not 8: the same node count as bench 10 (its last line).
    auto total_nodes = [](const std::string& depth) {
      EnginePipe bench(MANCALA_ENGINE_PATH, {"bench", depth});
      std::string last;
      while (const auto line = bench.read_line(Millis(60000))) last = *line;
      EXPECT_EQ(bench.wait_exit(Millis(5000)), 0);
      return last.substr(0, last.find(" nodes"));
    };
    const std::string ten = total_nodes("10");
    EXPECT_FALSE(ten.empty());
    EXPECT_EQ(total_nodes("010"), ten);
    EXPECT_NE(total_nodes("8"), ten);
  }
  using Args = std::vector<std::string>;
  for (const Args& usage : std::vector<Args>{{"bench", "x"}, {"bench", "0x3"}, {"perft", "kalah(6,4)", " 3"}, {"perft", "kalah(6,4)", "+3"},
                                             {"--bogus"}, {"frobnicate"}}) {
    EnginePipe bad(MANCALA_ENGINE_PATH, usage);
    EXPECT_EQ(bad.wait_exit(Millis(5000)), 2) << usage.front() << ": every usage error is exit 2";
  }
}

// A table the system cannot give is refused with one error line; the engine keeps its old table.
// (Run under a lowered address-space limit; not in the sanitizer build, whose shadow memory
// needs far more address space than any such limit allows.)
TEST(EngineMemory, HashTooLargeForTheSystemKeepsTheOldValue) {
  if (std::getenv("MANCALA_SANITIZED")) GTEST_SKIP() << "address-space limit and sanitizers do not mix";
  EnginePipe engine("/bin/sh", {"-c", std::string("ulimit -v 600000 && exec ") + MANCALA_ENGINE_PATH});
  ASSERT_TRUE(engine.send_line("setoption name Hash value 4096"));
  ASSERT_TRUE(engine.send_line("isready"));
  bool found = false;
  const auto lines = engine.read_until("readyok", Millis(5000), &found);
  ASSERT_TRUE(found) << "the engine survived";
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "info string error: setoption: Hash: not enough memory (kept 64)");
  ASSERT_TRUE(engine.send_line("position startpos kalah"));
  ASSERT_TRUE(engine.send_line("go depth 4"));
  engine.read_until("bestmove", Millis(5000), &found);
  EXPECT_TRUE(found) << "and still searches";
}

}  // namespace
}  // namespace mancala::testing
