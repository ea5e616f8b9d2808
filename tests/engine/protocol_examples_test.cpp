// PROTOCOL.md's examples, replayed against the real engine so that they cannot drift from what
// it does. Section 11's transcripts: every one whose searches are fixed by depth alone (no clock,
// movetime, infinite or ponder) must come out as printed. Each runs in a fresh engine; `...`
// (alone or after `<`) stands for any number of lines, and the `time` and `nps` fields of info
// lines are not compared (they depend on the machine). Section 7's worked examples: each
// `position ...  ->  <notation>` is the position `d` shows after that command.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "umi_fixture.h"

namespace mancala::testing {
namespace {

struct Transcript {
  std::string heading;  // the ### heading it stands under, for failure messages
  std::vector<std::string> lines;
};

// How GoogleTest names a transcript in its messages (instead of the struct's bytes).
void PrintTo(const Transcript& t, std::ostream* os) { *os << t.heading; }

// The fenced blocks of one section of PROTOCOL.md (`section` is its heading's start, "## 11.").
std::vector<Transcript> fenced_blocks(const std::string& section) {
  std::ifstream in(MANCALA_PROTOCOL_MD);
  EXPECT_TRUE(in) << "cannot read " << MANCALA_PROTOCOL_MD;
  std::vector<Transcript> blocks;
  std::string line, heading;
  bool in_section = false, in_block = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line.rfind(section, 0) == 0;
    if (!in_section) continue;
    if (line.rfind("### ", 0) == 0) heading = line.substr(4);
    if (line.rfind("```", 0) == 0) {
      in_block = !in_block;
      if (in_block) blocks.push_back({heading, {}});
    } else if (in_block) {
      blocks.back().lines.push_back(line);
    }
  }
  return blocks;
}

std::vector<Transcript> section_11_transcripts() { return fenced_blocks("## 11."); }

bool is_wildcard(const std::string& line) { return line == "..." || line == "< ..."; }

// Only searches limited by depth give the same lines on every machine.
bool replayable(const Transcript& t) {
  static const std::regex timed("^> go( .*)? (stime|ntime|movetime|infinite|ponder)( .*)?$");
  for (const std::string& line : t.lines)
    if (std::regex_match(line, timed) || line == "> stop" || line == "> ponderhit") return false;
  return true;
}

// An info line's `time` and `nps` values replaced by `*`; other lines as they are.
std::string without_timing(const std::string& line) {
  if (line.rfind("info ", 0) != 0 || line.rfind("info string ", 0) == 0) return line;
  static const std::regex timing(" (time|nps) \\d+");
  return std::regex_replace(line, timing, " $1 *");
}

// Whether `actual` matches `expected`, a list of lines in which a wildcard matches any run.
bool matches(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
  // can[i][j]: expected[i..] matches actual[j..].
  std::vector<std::vector<char>> can(expected.size() + 1, std::vector<char>(actual.size() + 1, 0));
  can[expected.size()][actual.size()] = 1;
  for (std::size_t i = expected.size(); i-- > 0;)
    for (std::size_t j = actual.size() + 1; j-- > 0;) {
      if (is_wildcard(expected[i]))
        can[i][j] = can[i + 1][j] || (j < actual.size() && can[i][j + 1]);
      else
        can[i][j] = j < actual.size() && expected[i] == actual[j] && can[i + 1][j + 1];
    }
  return can[0][0];
}

// Each transcript in a fresh engine: the fixture starts one per test.
class ProtocolExample : public Umi, public ::testing::WithParamInterface<Transcript> {
 protected:
  // Sends the transcript's commands and returns everything the engine printed, in order.
  std::vector<std::string> replay(const Transcript& t) {
    std::vector<std::string> printed;
    for (const std::string& line : t.lines) {
      if (line.rfind("> ", 0) != 0) continue;
      const std::string command = line.substr(2);
      std::vector<std::string> output;
      if (command.rfind("go", 0) == 0) {
        send(command);
        output = until("bestmove");
      } else if (command.rfind("isready", 0) == 0) {
        send(command);
        output = until("readyok");
      } else if (command == "quit") {
        send(command);
        while (auto out = engine.read_line(kReply)) output.push_back(*out);
        EXPECT_EQ(engine.wait_exit(kReply), 0) << "quit";
      } else {
        output = answer(command);  // complete once a readyok sent after it arrives
      }
      for (const std::string& out : output) printed.push_back(without_timing(out));
    }
    return printed;
  }
};

std::vector<Transcript> replayable_transcripts() {
  std::vector<Transcript> all = section_11_transcripts();
  std::erase_if(all, [](const Transcript& t) { return !replayable(t); });
  return all;
}

TEST_P(ProtocolExample, ComesOutAsPrinted) {
  const Transcript& t = GetParam();
  std::vector<std::string> expected;
  for (const std::string& line : t.lines)
    if (line.rfind("< ", 0) == 0)
      expected.push_back(without_timing(line.substr(2)));
    else if (is_wildcard(line))
      expected.push_back(line);
  const std::vector<std::string> printed = replay(t);
  std::ostringstream shown;
  for (const std::string& line : printed) shown << "\n  " << line;
  EXPECT_TRUE(matches(expected, printed)) << t.heading << ": the engine printed:" << shown.str();
}

// "11.5 Bedouin: distribution, ..." -> "Section11_5_Bedouin_distribution_..._3", the number
// being the transcript's place among those replayed (a heading may stand over several).
std::string test_name(const ::testing::TestParamInfo<Transcript>& info) {
  std::string name = "Section";
  for (char c : info.param.heading) {
    const bool word = std::isalnum(static_cast<unsigned char>(c));
    if (word) name += c;
    else if (name.back() != '_') name += '_';
  }
  if (name.back() != '_') name += '_';
  return name + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(Section11, ProtocolExample, ::testing::ValuesIn(replayable_transcripts()), test_name);

TEST(ProtocolExamples, EveryTranscriptLineIsSentPrintedOrElidedAndSevenAreReplayed) {
  const std::vector<Transcript> all = section_11_transcripts();
  for (const Transcript& t : all)
    for (const std::string& line : t.lines)
      EXPECT_TRUE(line.rfind("> ", 0) == 0 || line.rfind("< ", 0) == 0 || is_wildcard(line))
          << t.heading << ": a transcript line is sent (> ), printed (< ) or ...: '" << line << "'";
  // Start-up, Mangala, Mangala II, Bedouin's choice, the finished game (two), the errors: if
  // this count drops, a transcript stopped being checked (a clock added to its go, or the parser
  // lost it).
  EXPECT_EQ(replayable_transcripts().size(), 7u) << "of " << all.size() << " transcripts";
}

// Section 7: "position ... -> notation  (comment)", the arrow on the command's line or on the
// next one.
using ProtocolWorkedExamples = Umi;
TEST_F(ProtocolWorkedExamples, Section7PositionsAreTheOnesTheEngineShows) {
  int checked = 0;
  for (const Transcript& block : fenced_blocks("## 7.")) {
    std::string command;
    for (const std::string& line : block.lines) {
      const std::size_t arrow = line.find("->");
      if (line.rfind("position ", 0) == 0) command = line.substr(0, arrow);  // npos: the whole line
      if (arrow == std::string::npos) continue;
      while (!command.empty() && command.back() == ' ') command.pop_back();
      std::string expected = line.substr(arrow + 2);
      expected.erase(0, expected.find_first_not_of(' '));
      expected = expected.substr(0, expected.find("  "));  // a comment follows two blanks
      SCOPED_TRACE(command);
      send(command);
      EXPECT_EQ(notation(), expected);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 16) << "the worked examples of section 7";
}

// The matcher itself: a wildcard matches nothing or any run; other lines only themselves.
TEST(ProtocolExampleMatcher, WildcardsMatchAnyRunAndOtherLinesThemselves) {
  using V = std::vector<std::string>;
  EXPECT_TRUE(matches(V{"a", "...", "d"}, V{"a", "b", "c", "d"}));
  EXPECT_TRUE(matches(V{"a", "< ...", "b"}, V{"a", "b"}));
  EXPECT_TRUE(matches(V{"...", "x", "..."}, V{"x", "y", "x"}));
  EXPECT_FALSE(matches(V{"a", "b"}, V{"a", "b", "c"}));
  EXPECT_FALSE(matches(V{"a", "...", "d"}, V{"a", "b", "c"}));
  EXPECT_FALSE(matches(V{"a"}, V{}));
  EXPECT_EQ(without_timing("info depth 2 seldepth 2 score seeds 8 nodes 14 nps 14000 time 3 hashfull 0 pv 4 1"),
            "info depth 2 seldepth 2 score seeds 8 nodes 14 nps * time * hashfull 0 pv 4 1");
  EXPECT_EQ(without_timing("info string time 5"), "info string time 5");
}

}  // namespace
}  // namespace mancala::testing
