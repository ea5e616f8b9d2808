// The protocol layer's parts, in-process: option registry, command parsers, score text, and the
// command loop driven through string streams.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "protocol/commands.h"
#include "protocol/line_io.h"
#include "protocol/options.h"
#include "protocol/protocol.h"
#include "protocol/search_report.h"
#include "text/tokens.h"

namespace mancala::protocol {
namespace {

// What an error message or a table shows of untrusted text: no character a terminal would obey.
TEST(ShownText, ControlCharactersBecomeOneQuestionMarkEach) {
  EXPECT_EQ(text::printable("a\x1b[31mb\tc\x7f"), "a?[31mb?c?");
  EXPECT_EQ(text::printable(std::string("nul\0end", 7)), "nul?end");
  EXPECT_EQ(text::printable("csi\xc2\x9b" "31m, nel\xc2\x85."), "csi?31m, nel?.");  // C1 controls in UTF-8
  EXPECT_EQ(text::printable("caf\xc3\xa9 \xc2\xa0\xc2\xbf"), "caf\xc3\xa9 \xc2\xa0\xc2\xbf");  // letters, NBSP, inverted ?
  EXPECT_EQ(text::printable("\x9b lone \xc2"), "\x9b lone \xc2");  // not UTF-8 controls: kept as bytes
  EXPECT_EQ(text::quote("go \xc2\x9b" "2J"), "'go ?2J'");
  const std::string long_text = std::string(59, 'x') + "\xc2\x9b" + "tail";
  EXPECT_EQ(text::quote(long_text), "'" + std::string(59, 'x') + "...'");  // cut at 60 bytes, not inside a character
  EXPECT_EQ(text::quote(std::string(58, 'x') + "\xe2\x82\xac" + "tail"), "'" + std::string(58, 'x') + "...'");
  EXPECT_EQ(text::quote(std::string(61, '\x80')), "'" + std::string(57, '\x80') + "...'");  // never more than 3 back
  EXPECT_EQ(text::quote(std::string(60, 'y')), "'" + std::string(60, 'y') + "'");
}

TEST(OptionRegistry, TypedValuesAndErrors) {
  OptionRegistry r;
  r.add(Option::spin("Size", 5, 1, 10));
  r.add(Option::check("Flag", false));
  r.add(Option::combo("Style", "Calm", {"Calm", "Wild Thing"}));
  r.add(Option::string("Book File", "a b"));
  r.add(Option::button("Reset Now"));
  EXPECT_EQ(r.describe(), (std::vector<std::string>{
                              "option name Size type spin default 5 min 1 max 10",
                              "option name Flag type check default false",
                              "option name Style type combo default Calm var Calm var Wild Thing",
                              "option name Book File type string default a b",
                              "option name Reset Now type button",
                          }));
  EXPECT_FALSE(r.set("size", "7"));
  EXPECT_EQ(r.spin_value("SIZE"), 7);
  EXPECT_TRUE(r.set("Size", "11"));
  EXPECT_TRUE(r.set("Size", "-"));
  EXPECT_TRUE(r.set("Size", std::nullopt));
  EXPECT_EQ(r.spin_value("Size"), 7) << "a rejected value keeps the old one";
  EXPECT_FALSE(r.set("flag", "True"));
  EXPECT_TRUE(r.check_value("Flag"));
  EXPECT_FALSE(r.set("style", "wild thing"));
  EXPECT_EQ(r.string_value("Style"), "Wild Thing") << "combo values keep the engine's spelling";
  EXPECT_TRUE(r.set("Style", "Loud"));
  EXPECT_FALSE(r.set("book file", ""));
  EXPECT_EQ(r.string_value("Book File"), "");
  EXPECT_FALSE(r.set("Book File", "<empty>"));
  EXPECT_EQ(r.string_value("Book File"), "");
  EXPECT_FALSE(r.set("Reset Now", std::nullopt));
  EXPECT_FALSE(r.set("reset now", "x"));
  EXPECT_EQ(r.take_presses("Reset Now"), 2);
  EXPECT_EQ(r.take_presses("Reset Now"), 0);
  EXPECT_TRUE(r.set("Nope", "1"));
  EXPECT_THROW(r.add(Option::check("FLAG", true)), std::logic_error);
  EXPECT_THROW(r.add(Option::check("Max value", true)), std::logic_error);
}

TEST(SetOptionGrammar, NameEndsAtTheFirstValueWord) {
  auto c = parse_setoption("  name  Book   File  value  my  book.bin  ");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->name, "Book File");
  EXPECT_EQ(c->value, "my  book.bin") << "inner spacing of the value is kept";
  c = parse_setoption(" name Opponent value the name value x");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->name, "Opponent");
  EXPECT_EQ(c->value, "the name value x");
  c = parse_setoption(" name Clear Hash");
  ASSERT_TRUE(c);
  EXPECT_FALSE(c->value);
  c = parse_setoption(" name X value");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->value, "");
  EXPECT_FALSE(parse_setoption(" name"));
  EXPECT_FALSE(parse_setoption(" name value 3"));
  EXPECT_FALSE(parse_setoption(" Hash value 3"));
}

TEST(GoGrammar, LimitsAndErrors) {
  auto go = parse_go(text::split_tokens("stime 1000 ntime -5 sinc 10 ninc 20 movestogo 7 movetime 50 depth 9 nodes 99 ponder"));
  ASSERT_TRUE(go);
  EXPECT_EQ(go->limits.clock_ms[0], 1000);
  EXPECT_EQ(go->limits.clock_ms[1], 0) << "a negative clock reads as 0";
  EXPECT_EQ(go->limits.increment_ms[1], 20);
  EXPECT_EQ(go->limits.moves_to_go, 7);
  EXPECT_EQ(go->limits.movetime_ms, 50);
  EXPECT_EQ(go->limits.depth, 9);
  EXPECT_EQ(go->limits.nodes, 99u);
  EXPECT_TRUE(go->ponder);
  EXPECT_FALSE(go->limits.infinite);
  EXPECT_TRUE(parse_go(text::split_tokens("infinite"))->limits.infinite);
  for (const char* bad : {"depth", "depth 0", "nodes 1.5", "wtime 5", "depth 3 depth 4", "movestogo 0", "depth 1001"})
    EXPECT_FALSE(parse_go(text::split_tokens(bad))) << bad;
}

TEST(ScoreText, SeedsWithAtMostTwoDecimals) {
  EXPECT_EQ(format_seeds(0), "0");
  EXPECT_EQ(format_seeds(300), "3");
  EXPECT_EQ(format_seeds(150), "1.5");
  EXPECT_EQ(format_seeds(-125), "-1.25");
  EXPECT_EQ(format_seeds(-5), "-0.05");
  EXPECT_EQ(format_seeds(1010), "10.1");
}

TEST(ScoreText, ProvenScoresAndPv) {
  const Game game(Variant::kalah());
  search::Info info;
  info.depth = 3;
  info.seldepth = 5;
  info.score = 800;
  info.proven = true;
  info.bound = search::Bound::Lower;
  info.nodes = 2000;
  info.time_ms = 4;
  info.pv = {Move::sow(2), Move::sow(5), Move::sow(0), Move::sow(7)};  // the last is not a pit
  EXPECT_EQ(format_info(game, info),
            "info depth 3 seldepth 5 score proven 8 lowerbound nodes 2000 nps 500000 time 4 hashfull 0 pv 3 6 1");
  // The other side, negative, with no pv (an outside mutation review had the upper bound unpinned).
  info.score = -800;
  info.bound = search::Bound::Upper;
  info.pv.clear();
  EXPECT_EQ(format_info(game, info), "info depth 3 seldepth 5 score proven -8 upperbound nodes 2000 nps 500000 time 4 hashfull 0");
}

TEST(ScoreText, ProgressLineHasNoDepthScoreOrPv) {
  const Game game(Variant::kalah());
  search::Info info;
  info.progress = true;
  info.depth = 14;  // whatever else the Info holds is not sent
  info.score = 712;
  info.pv = {Move::sow(2)};
  info.nodes = 7940096;
  info.time_ms = 1666;
  info.hashfull = 747;
  EXPECT_EQ(format_info(game, info), "info nodes 7940096 nps 4765963 time 1666 hashfull 747");
}

// `ponder` names the opponent's whole turn: only a reply after which the engine moves again.
TEST(BestmoveText, PonderOnlyOnAReplyThatHandsTheTurnBack) {
  auto bestmove = [](const char* notation, int best, int ponder) {
    const Game root = *Game::from_notation(notation);
    search::Result result;
    result.best = Move::sow(best - 1);
    result.ponder = Move::sow(ponder - 1);
    return format_bestmove(root, result);
  };
  // After South's 3 (an extra turn) and 6, North's 4 hands the turn back; North's 2 ends in
  // North's store and North moves again.
  const char* after_3 = "kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s";
  EXPECT_EQ(bestmove(after_3, 6, 4), "bestmove 6 ponder 4");
  EXPECT_EQ(bestmove(after_3, 6, 2), "bestmove 6");
  EXPECT_EQ(bestmove("kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", 3, 4), "bestmove 3")
      << "South moves again after its 3: nothing to ponder";
  // North's only reply ends the game.
  EXPECT_EQ(bestmove("kalah(6,4) 0,0,0,0,1,0:23 0,0,0,0,0,1:23 s", 5, 6), "bestmove 5");
  EXPECT_EQ(bestmove(after_3, 6, 7), "bestmove 6") << "an illegal ponder move is left out";
}

// A discarded line keeps its head, so that a discarded `position` can still clear the position;
// a line of blanks is skipped however long. (A limit of 10 bytes stands in for 65536.)
TEST(BenchText, PositionsThenTotalsEndingWithTheScriptLine) {
  search::BenchResult r;
  r.positions = {{"kalah(4,3,empty) 3,3,3,3:0 3,3,3,3:0 s", "4", 6, 1200}, {"mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 0", "2", 6, 800}};
  r.nodes = 2000;
  r.seconds = 0.5;
  EXPECT_EQ(format_bench(r), (std::vector<std::string>{"position kalah(4,3,empty) 3,3,3,3:0 3,3,3,3:0 s",
                                                      "  bestmove 4 depth 6 nodes 1200",
                                                      "position mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 0",
                                                      "  bestmove 2 depth 6 nodes 800", "===========================",
                                                      "Total time (ms) : 500", "Nodes searched  : 2000",
                                                      "Nodes/second    : 4000", "2000 nodes 4000 nps"}));
}

TEST(LineReader, DiscardedLinesKeepTheirHeadAndLongBlankLinesAreSkipped) {
  std::istringstream in("position startpos kalah\n \t position startpos kalah\npositions startpos\n"
                        "             \nposition\nisready\n \t               \r\nd\rposition\t1234567890\r"
                        "positionally speaking");
  LineReader reader(in, 10);
  std::vector<std::pair<std::string, bool>> lines;  // text, or "<discarded: head>"; is_position
  while (auto line = reader.next())
    lines.emplace_back(line->too_long ? "<discarded: " + line->head + ">" : line->text, line->is_position());
  EXPECT_EQ(lines, (std::vector<std::pair<std::string, bool>>{{"<discarded: position startpo>", true},
                                                              {"<discarded: position startpo>", true},
                                                              {"<discarded: positions startp>", false},
                                                              {"position", true},
                                                              {"isready", false},
                                                              {"d", false},
                                                              {"<discarded: position\t1234567>", true},
                                                              {"<discarded: positionally spe>", false}}));
}

TEST(Session, TranscriptThroughStreams) {
  std::istringstream in("umi\nposition startpos kalah(3,3) moves 1\nd\ngo depth 2\n");
  std::ostringstream out;
  Session session(out);
  session.run(in);  // end of input lets the depth-2 search finish
  const std::string text = out.str();
  EXPECT_NE(text.find("\numiok\n"), std::string::npos);
  EXPECT_NE(text.find("\nnotation kalah(3,3) 0,4,4:1 3,3,3:0 s\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\nbestmove "), std::string::npos) << text;
}

TEST(Session, QuitEndsTheLoop) {
  std::istringstream in("quit\nisready\n");
  std::ostringstream out;
  Session session(out);
  session.run(in);
  EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace mancala::protocol
