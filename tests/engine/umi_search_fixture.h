#pragma once
// The fixture of the search transcript tests (protocol_search_test.cpp: limits and what a search
// reports; protocol_during_search_test.cpp: what happens while one runs): a started engine, a
// search whose info lines and bestmove are checked, and bounds on answer times.
#include <algorithm>
#include <chrono>
#include <regex>
#include <string>
#include <string_view>

#include "umi_fixture.h"

namespace mancala::testing {

using Clock = std::chrono::steady_clock;

inline Millis since(Clock::time_point start) { return std::chrono::duration_cast<Millis>(Clock::now() - start); }

// Every field of PROTOCOL.md's info line, in order; pv may be empty only for a finished line.
// Or the one summary line of a search that ended before its first iteration, or a progress line.
inline const std::regex kInfoLine(
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

}  // namespace mancala::testing
