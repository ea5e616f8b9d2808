// bots::check_arguments: the bundled bots explain themselves on --help and otherwise run the
// protocol loop, whatever else is on the command line (tests tag bot processes with arguments).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "common/command_line.h"
#include "text/program_name.h"

namespace {

struct Outcome {
  std::optional<int> code;
  std::string out;
};

Outcome run(const std::vector<std::string>& args) {
  std::ostringstream out;
  const auto code = bots::check_arguments(args, "test-bot", "Plays a test move.", out);
  return {code, out.str()};
}

// The usage line names the program as it was started: installed, random-bot is mancala-random-bot.
TEST(BotCommandLine, ProgramNameIsArgvZeroWithoutItsFolder) {
  using mancala::text::program_name;
  EXPECT_EQ(program_name("/usr/local/bin/mancala-random-bot", "random-bot"), "mancala-random-bot");
  EXPECT_EQ(program_name("build/bots/random-bot", "x"), "random-bot");
  EXPECT_EQ(program_name("greedy-bot", "x"), "greedy-bot");
  EXPECT_EQ(program_name("odd/", "random-bot"), "random-bot");
  EXPECT_EQ(program_name("", "random-bot"), "random-bot");
  EXPECT_EQ(program_name(nullptr, "random-bot"), "random-bot");
}

TEST(BotCommandLine, HelpExplainsAndExitsZero) {
  for (const char* flag : {"--help", "-h"}) {
    const Outcome o = run({flag});
    ASSERT_TRUE(o.code.has_value()) << flag;
    EXPECT_EQ(*o.code, 0);
    EXPECT_EQ(o.out.rfind("Usage: test-bot [--help | --version]\nPlays a test move.\n", 0), 0u) << o.out;
    EXPECT_NE(o.out.find("speaks UMI (PROTOCOL.md) on standard input and output"), std::string::npos) << o.out;
  }
}

// One line, the name the bot was started as and the project's version, as `mancala-engine
// --version` and `arena --version` print theirs.
TEST(BotCommandLine, VersionNamesTheProgramAndTheProjectVersionAndExitsZero) {
  const Outcome o = run({"--version"});
  ASSERT_TRUE(o.code.has_value());
  EXPECT_EQ(*o.code, 0);
  EXPECT_EQ(o.out, std::string("test-bot ") + MANCALA_VERSION + "\n");
  const std::string version = MANCALA_VERSION;  // the project's (CMakeLists.txt): major.minor.patch
  EXPECT_EQ(std::count(version.begin(), version.end(), '.'), 2) << version;
  EXPECT_TRUE(!version.empty() && std::isdigit(static_cast<unsigned char>(version.front()))) << version;
}

TEST(BotCommandLine, AnythingElseRunsTheProtocolLoopSilently) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{}, {"--tag=faults-1"}, {"x", "--help"}, {"x", "--version"}, {"--helpful"},
        {"-v"}, {"--versions"}}) {
    const Outcome o = run(args);
    EXPECT_FALSE(o.code.has_value()) << args.size();
    EXPECT_EQ(o.out, "");
  }
}

}  // namespace
