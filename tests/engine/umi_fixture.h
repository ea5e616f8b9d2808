#pragma once
// A GoogleTest fixture around one engine process speaking UMI, with helpers that keep every
// test bounded in time: each wait has a deadline, and a missed deadline is a test failure.
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "engine_pipe.h"

namespace mancala::testing {

// A progress line's grammar (PROTOCOL.md section 4): nodes, nps, time and hashfull only.
inline constexpr const char* kProgressLine = "info nodes \\d+ nps \\d+ time \\d+ hashfull \\d+";

// A bound on how long the engine may take to answer: four times as long in a sanitized build
// (scripts/sanitized-ctest.sh sets MANCALA_SANITIZED; ThreadSanitizer slows every memory
// access), still below the waits the bounds are there to catch (a search that ignores stop, a
// limit or the mover's clock).
inline long allowed_ms(long ms) { return std::getenv("MANCALA_SANITIZED") ? 4 * ms : ms; }

class Umi : public ::testing::Test {
 protected:
  // A healthy engine answers in ms. Sanitized builds get four times as long: under
  // ThreadSanitizer the first touch of a fresh table is slow (the engine's 64 MB at start-up took
  // 1.7 s on an idle machine, and one answer took over 5 s in a CI run with the machine busy).
  static inline const Millis kReply{allowed_ms(5000)};

  EnginePipe engine{MANCALA_ENGINE_PATH};

  void send(std::string_view line) { ASSERT_TRUE(engine.send_line(line)) << "engine stopped reading at: " << line; }

  // Output lines up to and including the first starting with `prefix`.
  std::vector<std::string> until(std::string_view prefix, Millis timeout = kReply) {
    bool found = false;
    auto lines = engine.read_until(prefix, timeout, &found);
    EXPECT_TRUE(found) << "no line starting with '" << prefix << "' within " << timeout.count() << " ms";
    return lines;
  }

  // The line starting with `prefix`; if none comes in time (until reports that), the last line
  // read or "", never a read past the end of an empty answer.
  std::string line_starting(std::string_view prefix, Millis timeout = kReply) {
    const auto lines = until(prefix, timeout);
    return lines.empty() ? "" : lines.back();
  }

  // Sends `line`, then isready; returns what the engine printed before readyok.
  std::vector<std::string> answer(std::string_view line) {
    send(line);
    send("isready");
    auto lines = until("readyok");
    if (!lines.empty()) lines.pop_back();
    return lines;
  }

  // `d`'s notation field for the current position ("" if there was none).
  std::string notation() {
    for (const std::string& line : answer("d"))
      if (line.rfind("notation ", 0) == 0) return line.substr(9);
    return "";
  }

  std::vector<std::string> legal_moves() {
    std::vector<std::string> moves;
    for (const std::string& line : answer("d"))
      if (line.rfind("legal", 0) == 0) {
        std::size_t i = 5;
        while (i < line.size()) {
          const std::size_t j = line.find(' ', i + 1);
          const std::string word = line.substr(i + 1, j == std::string::npos ? std::string::npos : j - i - 1);
          if (!word.empty()) moves.push_back(word);
          i = j == std::string::npos ? line.size() : j;
        }
      }
    return moves;
  }

  // Without the running search's progress lines (info lines other than info string).
  static std::vector<std::string> without_progress(std::vector<std::string> lines) {
    std::erase_if(lines, [](const std::string& l) { return starts_with(l, "info ") && !starts_with(l, "info string "); });
    return lines;
  }

  static bool starts_with(const std::string& line, std::string_view prefix) { return line.rfind(prefix, 0) == 0; }

  // A progress line (PROTOCOL.md section 4).
  static bool is_progress(const std::string& line) {
    static const std::regex progress(kProgressLine);
    return std::regex_match(line, progress);
  }

  static void expect_one_error(const std::vector<std::string>& lines, std::string_view context) {
    ASSERT_EQ(lines.size(), 1u) << context;
    EXPECT_TRUE(starts_with(lines[0], "info string error: ")) << context << ": " << lines[0];
  }
};

}  // namespace mancala::testing
