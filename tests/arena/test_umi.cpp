#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "protocol/umi.h"
#include "text/tokens.h"

using namespace arena::protocol;

TEST(Umi, InfoFieldsAndBadNumbers) {
  auto i = parse_info("info depth 12 seldepth 20 score seeds -3 nodes 12345 nps 99 time 17 pv 1 2 3");
  ASSERT_TRUE(i);
  EXPECT_EQ(i->depth, 12);
  EXPECT_EQ(i->score, -3);
  EXPECT_FALSE(i->proven);
  EXPECT_EQ(i->nodes, 12345);
  EXPECT_EQ(i->time_ms, 17);
  EXPECT_EQ(i->bound, ScoreBound::Exact);
  auto p = parse_info("info  depth 5\tscore proven 4 lowerbound");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->score, 4);
  EXPECT_TRUE(p->proven);
  EXPECT_EQ(p->bound, ScoreBound::Lower);
  auto u = parse_info("info depth 7 score seeds -1.5 upperbound nodes 9");
  ASSERT_TRUE(u);
  EXPECT_EQ(u->score, -1.5);
  EXPECT_FALSE(u->proven);
  EXPECT_EQ(u->bound, ScoreBound::Upper);
  EXPECT_EQ(u->nodes, 9);
  auto bad = parse_info("info depth 12x nodes -1 score seeds 99999999999999999999 time 1e3");
  ASSERT_TRUE(bad);
  EXPECT_FALSE(bad->depth);
  EXPECT_FALSE(bad->nodes);
  EXPECT_FALSE(bad->score);
  EXPECT_TRUE(bad->has_score);
  EXPECT_FALSE(bad->time_ms);
  EXPECT_FALSE(parse_info("info string depth 5 score seeds 3"));
  EXPECT_FALSE(parse_info("bestmove 3"));
}

// PROTOCOL.md section 4: "score seeds" is a decimal with up to two digits after the point (the
// project's engine prints -2.58); an integer parser dropped every such score.
TEST(Umi, ScoresAreDecimals) {
  for (const auto& [text, seeds] : std::vector<std::pair<std::string, double>>{
           {"3", 3}, {"-0.5", -0.5}, {"1.25", 1.25}, {"+2.5", 2.5}, {"-2.58", -2.58}, {"0", 0}, {"7.125", 7.125}}) {
    EXPECT_EQ(parse_seeds(text), seeds) << text;
    const auto info = parse_info("info depth 9 score seeds " + text + " nodes 5 pv 3");
    ASSERT_TRUE(info && info->score) << text;
    EXPECT_DOUBLE_EQ(*info->score, seeds) << text;
  }
  for (const std::string text : {"", "-", "+", "++1", "+-1", "-+1", "1e3", "inf", "-inf", "nan", "0x10", "1.2.3", "3,5", "2000000", "1.5x"})
    EXPECT_FALSE(parse_seeds(text)) << text;
  EXPECT_EQ(mancala::text::parse_integer("+7"), 7);
  EXPECT_FALSE(mancala::text::parse_integer("+-1"));
  EXPECT_FALSE(mancala::text::parse_integer("+"));
  const auto proven = parse_info("info depth 3 score proven 2.5");  // a proven margin is an integer
  ASSERT_TRUE(proven);
  EXPECT_TRUE(proven->has_score);
  EXPECT_FALSE(proven->score);
}

// `arena check` reads info lines by the grammar of PROTOCOL.md section 4.
TEST(Umi, InfoLineProblems) {
  std::vector<std::string> pv;
  EXPECT_FALSE(info_line_problem("info depth 21 seldepth 21 score seeds 8.4 nodes 8079902 nps 3949121 time 2046 hashfull 435 pv 3 6 4", pv));
  EXPECT_EQ(pv, (std::vector<std::string>{"3", "6", "4"}));
  EXPECT_FALSE(info_line_problem("info depth 8 score proven -10 upperbound pv keep 4", pv));
  EXPECT_FALSE(info_line_problem("info  depth 1\tscore seeds -0.5", pv));
  EXPECT_TRUE(pv.empty());
  EXPECT_FALSE(info_line_problem("info", pv));
  EXPECT_FALSE(info_line_problem("info score seeds +2.5 hashfull 1000", pv));
  EXPECT_FALSE(info_line_problem("info depth 6 seldepth 6 multipv 2 score seeds 1.68 nodes 625 pv 3 2", pv));
  for (const char* bad : {"info depth 1 score cp 35", "info depth 1 score mate 3", "info depth 1 currmove 3", "info depth -1",
                          "info depth 1 score seeds 1.255", "info score seeds 1e2", "info score proven 2.5", "info nodes",
                          "info hashfull 1001", "info time 12ms", "info depth 3 pv", "info score seeds", "info score seeds 1.50",
                          "info score seeds .5", "info score seeds 1.", "info score seeds +-1", "info depth +3", "info nodes +0",
                          "info score seeds 3 depth 1", "info depth 1 depth 2", "info depth 1 multipv 0 score seeds 1",
                          "info depth 1 score seeds 1 multipv 2", "info multipv -1", "info multipv"})
    EXPECT_TRUE(info_line_problem(bad, pv)) << bad;
  EXPECT_NE(info_line_problem("info depth 1 score cp 35", pv)->find("UCI's cp"), std::string::npos);
}

TEST(Umi, MergeKeepsLastKnownValues) {
  SearchInfo a = *parse_info("info depth 3 score seeds 2 nodes 10");
  merge_info(a, *parse_info("info depth 4 nodes 20"));
  EXPECT_EQ(a.depth, 4);
  EXPECT_EQ(a.score, 2);
  EXPECT_EQ(a.nodes, 20);
  merge_info(a, *parse_info("info depth 5 score proven 6 lowerbound"));
  EXPECT_EQ(a.score, 6);
  EXPECT_TRUE(a.proven);
  EXPECT_EQ(a.bound, ScoreBound::Lower);
  merge_info(a, *parse_info("info depth 6 score seeds 6.5"));
  EXPECT_FALSE(a.proven);
  EXPECT_EQ(a.bound, ScoreBound::Exact);
  // A later score that cannot be read does not leave an earlier iteration's score standing
  // beside the later depth.
  merge_info(a, *parse_info("info depth 7 score seeds 6.5.1"));
  EXPECT_EQ(a.depth, 7);
  EXPECT_FALSE(a.score);
}

// PROTOCOL.md section 4: in a MultiPV search only line 1 scores the move played; the other lines
// (sent after it) score other moves and must not become the move's score in the game record.
TEST(Umi, OnlyTheFirstMultiPvLineScoresTheMove) {
  SearchInfo a = *parse_info("info depth 6 seldepth 6 multipv 1 score seeds 4.62 nodes 625 pv 2 3");
  EXPECT_EQ(a.multipv, 1);
  const SearchInfo second = *parse_info("info depth 6 seldepth 6 multipv 2 score proven -3 nodes 700 time 5 pv 3 2");
  EXPECT_EQ(second.multipv, 2);
  merge_info(a, second);
  EXPECT_EQ(a.score, 4.62);
  EXPECT_FALSE(a.proven);
  EXPECT_EQ(a.nodes, 700) << "the search's totals still count";
  EXPECT_EQ(a.time_ms, 5);
  merge_info(a, *parse_info("info depth 7 multipv 1 score seeds 5 nodes 900"));
  EXPECT_EQ(a.score, 5);
  EXPECT_EQ(parse_info("info depth 7 multipv 0 score seeds 5")->multipv, 1) << "a line 0 does not exist: read as line 1";
}

TEST(Umi, Bestmove) {
  EXPECT_EQ(parse_bestmove("bestmove 3")->move, "3");
  EXPECT_EQ(parse_bestmove("bestmove  4 ponder 2")->move, "4");
  EXPECT_EQ(parse_bestmove("bestmove  4 ponder 2")->ponder, "2");
  EXPECT_EQ(parse_bestmove("bestmove 3")->ponder, "");
  EXPECT_EQ(parse_bestmove("bestmove 3 ponder")->ponder, "");  // no move after it: nothing to ponder
  EXPECT_EQ(parse_bestmove("bestmove 3 extra 2")->ponder, "");
  EXPECT_EQ(parse_bestmove("bestmove none")->move, "none");
  EXPECT_FALSE(parse_bestmove("bestmove"));
  EXPECT_FALSE(parse_bestmove("bestmove3"));
}

TEST(Umi, OptionsWithSpacesAndTypes) {
  auto o = parse_option("option name Skill Level type spin default 5 min 0 max 20");
  ASSERT_TRUE(o);
  EXPECT_EQ(o->name, "Skill Level");
  EXPECT_EQ(o->type, OptionType::Spin);
  EXPECT_EQ(o->min, 0);
  EXPECT_EQ(o->max, 20);
  auto s = parse_option("option name Book File type string default <empty>");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->default_value, "");
  auto c = parse_option("option name Style type combo default Solid var Solid var Wild Thing");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->vars, (std::vector<std::string>{"Solid", "Wild Thing"}));
  EXPECT_FALSE(parse_option("option name X type spin default 1"));  // spin without a range
  EXPECT_FALSE(parse_option("option name type check"));
  EXPECT_FALSE(parse_option("option name X type colour"));
}

// PROTOCOL.md section 5: every type but a button has a default, one of its own values. A line
// without one cannot be set to its default (`arena check` does that), so it is not read.
TEST(Umi, OptionsNeedADefaultThatIsOneOfTheirValues) {
  EXPECT_FALSE(parse_option("option name Foo type spin min 0 max 5"));
  EXPECT_FALSE(parse_option("option name Foo type spin default 6 min 0 max 5"));
  EXPECT_FALSE(parse_option("option name Foo type spin default five min 0 max 5"));
  EXPECT_FALSE(parse_option("option name Foo type spin default <empty> min 0 max 5"));
  EXPECT_TRUE(parse_option("option name Foo type spin default 5 min 0 max 5"));
  EXPECT_FALSE(parse_option("option name Ponder type check"));
  EXPECT_FALSE(parse_option("option name Ponder type check default yes"));
  EXPECT_EQ(parse_option("option name Ponder type check default False")->default_value, "False");
  EXPECT_FALSE(parse_option("option name Style type combo default Calm var Solid var Wild"));
  EXPECT_FALSE(parse_option("option name Style type combo default Solid"));
  EXPECT_FALSE(parse_option("option name Style type combo var Solid var Wild"));
  EXPECT_TRUE(parse_option("option name Style type combo default wild var Solid var Wild"));
  EXPECT_FALSE(parse_option("option name Book type string"));
  EXPECT_TRUE(parse_option("option name Book type string default <empty>"));
  EXPECT_TRUE(parse_option("option name Clear Hash type button"));
}

TEST(Umi, OptionValidation) {
  const auto spin = *parse_option("option name Hash type spin default 16 min 1 max 1024");
  EXPECT_EQ(validate_option(spin, "64").value, "64");
  EXPECT_NE(validate_option(spin, "0").error.find("outside the engine's range [1, 1024]"), std::string::npos);
  EXPECT_FALSE(validate_option(spin, "lots").ok());
  const auto check = *parse_option("option name Ponder type check default false");
  EXPECT_EQ(validate_option(check, "TRUE").value, "true");
  EXPECT_FALSE(validate_option(check, "yes").ok());
  const auto combo = *parse_option("option name Style type combo default solid var Solid var Wild Thing");
  EXPECT_EQ(validate_option(combo, "wild thing").value, "Wild Thing");
  EXPECT_FALSE(validate_option(combo, "Calm").ok());
  const auto str = *parse_option("option name Book type string default x");
  EXPECT_FALSE(validate_option(str, "a\nquit").ok());
  EXPECT_EQ(format_setoption(str, std::string("")), "setoption name Book value");
  EXPECT_EQ(format_setoption(str, std::string("my book.txt")), "setoption name Book value my book.txt");
  const auto button = *parse_option("option name Clear Hash type button");
  EXPECT_EQ(format_setoption(button, validate_option(button, "").value), "setoption name Clear Hash");
  EXPECT_EQ(validate_option(button, "true").error, "");
  EXPECT_EQ(validate_option(button, "x").error, "option 'Clear Hash': a button takes no value (give \"\" or true to press it), got 'x'");
  EXPECT_NE(validate_option(button, "false").error, "");
}

TEST(Umi, SetOptionBackToItsDefault) {
  EXPECT_EQ(format_setoption_default(*parse_option("option name Book type string default <empty>")), "setoption name Book value <empty>");
  EXPECT_EQ(format_setoption_default(*parse_option("option name Book type string default my book")), "setoption name Book value my book");
  EXPECT_EQ(format_setoption_default(*parse_option("option name Hash type spin default 16 min 1 max 64")), "setoption name Hash value 16");
  EXPECT_EQ(format_setoption_default(*parse_option("option name Clear Hash type button")), "setoption name Clear Hash");
}

TEST(Umi, GoCommand) {
  GoLimits l;
  l.stime = 1000;
  l.ntime = 900;
  l.sinc = 10;
  l.ninc = 10;
  l.movestogo = 5;
  EXPECT_EQ(format_go(l), "go stime 1000 ntime 900 sinc 10 ninc 10 movestogo 5");
  EXPECT_EQ(format_go(l, true), "go ponder stime 1000 ntime 900 sinc 10 ninc 10 movestogo 5");
  GoLimits d;
  d.depth = 4;
  EXPECT_EQ(format_go(d), "go depth 4");
}

TEST(Umi, ErrorLinesAndQuotedText) {
  using arena::protocol::is_error_line;
  using arena::protocol::shown;
  EXPECT_TRUE(is_error_line("info string error: Seed: out of range"));
  EXPECT_TRUE(is_error_line("info  string\terror:x"));
  EXPECT_FALSE(is_error_line("info string errors: 0"));  // what an engine may say of itself
  EXPECT_FALSE(is_error_line("info string error-correction on"));
  EXPECT_EQ(shown("bestmove\x1b[2J\xff 3"), "bestmove?[2J? 3");
  EXPECT_EQ(shown(std::string(100, 'x'), 10), "xxxxxxxxxx...");
  EXPECT_EQ(arena::protocol::declared_option_name("option name Move Overhead type spin default 0"), "Move Overhead");
  EXPECT_EQ(arena::protocol::declared_option_name("option name Seed"), "Seed");
  EXPECT_EQ(arena::protocol::declared_option_name("id name x"), "");
}

// A failed engine's last stderr line goes into messages and the results file as shown text.
TEST(Umi, StderrNoteQuotesTheLineAsShownTextOrSaysNothing) {
  using arena::protocol::stderr_note;
  EXPECT_EQ(stderr_note(""), "");
  EXPECT_EQ(stderr_note("FileNotFoundError: 'b\xc3\xb6k.txt'\x1b[0m"),
            "; its last line on stderr: 'FileNotFoundError: 'b??k.txt'?[0m'");
  EXPECT_EQ(stderr_note(std::string(300, 'e')), "; its last line on stderr: '" + std::string(200, 'e') + "...'");
}

// Declared options are found without case; only a check option named Ponder offers pondering.
TEST(Umi, FindingDeclaredOptions) {
  using arena::protocol::find_option;
  using arena::protocol::parse_option;
  using arena::protocol::ponder_option;
  std::vector<arena::protocol::OptionSpec> declared = {*parse_option("option name Hash type spin default 16 min 1 max 64"),
                                                       *parse_option("option name Ponder type check default false")};
  ASSERT_NE(find_option(declared, "hash"), nullptr);
  EXPECT_EQ(find_option(declared, "hash")->name, "Hash");
  EXPECT_EQ(find_option(declared, "Threads"), nullptr);
  ASSERT_NE(ponder_option(declared), nullptr);
  EXPECT_EQ(ponder_option(declared)->name, "Ponder");
  declared[1] = *parse_option("option name PONDER type spin default 0 min 0 max 1");
  EXPECT_EQ(ponder_option(declared), nullptr) << "a Ponder that is not a check option offers no pondering";
  EXPECT_EQ(ponder_option({}), nullptr);
}
