// `arena check`: the bundled engine and the bots pass it; each faulty engine fails it in the
// item its fault breaks, with the expectation and what came back on that line.
#include <nlohmann/json.hpp>

#include "test_helpers.h"

using arena_test::run;
using arena_test::TempDir;

namespace {

// The first line that is not a PASS ("" if there is none).
std::string first_failure(const std::string& out) {
  std::istringstream is(out);
  for (std::string line; std::getline(is, line);)
    if (line.rfind("[FAIL]", 0) == 0 || line.rfind("[SKIP]", 0) == 0) return line;
  return "";
}

std::string item_of(const std::string& line) {
  const auto start = line.find("] ") + 2, colon = line.find(": ", start);
  return line.substr(start, colon - start);
}

struct Expect {
  std::string name;
  std::vector<std::string> fault_args;
  std::string item;  // the first item that fails
};

void PrintTo(const Expect& e, std::ostream* os) { *os << e.name; }

class CheckFaulty : public ::testing::TestWithParam<Expect> {};

}  // namespace

TEST(Check, TheEnginePassesEveryItem) {
  TempDir d;
  const auto r = run({ARENA_EXE, "check", ENGINE_EXE}, d);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(first_failure(r.out), "");
  for (const char* item : {"[PASS] handshake", "[PASS] options", "[PASS] position fen bedouin(70)", "[PASS] position moves mangala2",
                           "[PASS] go movestogo", "[PASS] go nodes", "[PASS] info lines", "[PASS] go infinite + stop", "[PASS] isready during search",
                           "[PASS] finished position", "[PASS] gameover notice", "[PASS] unknown command",
                           "[PASS] malformed go", "[PASS] long line", "[PASS] CR line endings", "[PASS] quit"})
    EXPECT_NE(r.out.find(item), std::string::npos) << item << "\n" << r.out;
  EXPECT_NE(r.out.find("the engine follows the protocol"), std::string::npos);
}

TEST(Check, TheBotsPass) {
  TempDir d;
  for (const std::vector<std::string>& cmd : {std::vector<std::string>{RANDOM_BOT}, std::vector<std::string>{GREEDY_BOT},
                                              std::vector<std::string>{"python3", PYTHON_BOT}}) {
    std::vector<std::string> argv = {ARENA_EXE, "check"};
    argv.insert(argv.end(), cmd.begin(), cmd.end());
    const auto r = run(argv, d);
    EXPECT_EQ(r.code, 0) << cmd.back() << "\n" << r.out << r.err;
    EXPECT_EQ(first_failure(r.out), "") << r.out;
    EXPECT_NE(r.out.find("[PASS] quit"), std::string::npos) << r.out;
  }
}

TEST_P(CheckFaulty, FailsInTheExpectedItem) {
  const Expect e = GetParam();
  TempDir d;
  const std::string tag = "--tag=check-" + std::to_string(::getpid()) + "-" + e.name;
  std::vector<std::string> argv = {ARENA_EXE, "check", "--ready-ms", "500", "--startup-ms", "1000", "--quit-ms", "300", FAULT_BOT};
  argv.insert(argv.end(), e.fault_args.begin(), e.fault_args.end());
  argv.push_back(tag);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = run(argv, d);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const std::string failure = first_failure(r.out);
  ASSERT_FALSE(failure.empty()) << r.out;
  EXPECT_EQ(item_of(failure), e.item) << r.out;
  EXPECT_NE(failure.find("expected "), std::string::npos) << failure;
  EXPECT_NE(failure.find("; got "), std::string::npos) << failure;
  EXPECT_NE(r.out.find("does NOT follow the protocol"), std::string::npos);
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, CheckFaulty,
    ::testing::Values(Expect{"crash", {"--fault", "crash"}, "position startpos kalah(6,4)"},
                      Expect{"hang", {"--fault", "hang"}, "position startpos kalah(6,4)"},
                      Expect{"no_handshake", {"--fault", "no-handshake"}, "handshake"},
                      Expect{"late_ready", {"--fault", "late-ready", "--delay-ms", "1000"}, "isready"},
                      Expect{"stall_ready", {"--fault", "stall-ready"}, "options"},
                      Expect{"flood_forever", {"--fault", "flood-forever"}, "position startpos kalah(6,4)"},
                      Expect{"garbage", {"--fault", "garbage"}, "position startpos kalah(6,4)"},
                      Expect{"long_line", {"--fault", "long-line"}, "position startpos kalah(6,4)"},
                      Expect{"empty_bestmove", {"--fault", "empty-bestmove"}, "position startpos kalah(6,4)"},
                      Expect{"illegal", {"--fault", "illegal"}, "position startpos kalah(6,4)"},
                      Expect{"wrong_position", {"--fault", "wrong-position"}, "position moves kalah(6,4)"},
                      Expect{"exit_after_handshake", {"--fault", "exit-after-handshake"}, "options"},
                      Expect{"ignore_quit", {"--fault", "ignore-quit"}, "quit"},
                      Expect{"no_line_limit", {"--fault", "no-line-limit"}, "long line"},
                      Expect{"uci_info", {"--fault", "uci-info", "--at", "4"}, "info lines"},
                      Expect{"illegal_pv", {"--fault", "illegal-pv", "--at", "7"}, "info lines"},
                      Expect{"grandchild", {"--fault", "grandchild"}, "position startpos kalah(6,4)"},
                      Expect{"grandchild_escape", {"--fault", "grandchild-escape"}, "position startpos kalah(6,4)"}),
    [](const auto& info) { return info.param.name; });

// The engine's command may follow --variant directly (it is not taken for a second variant), and
// a variant so small that three plies can end the game (bedouin(1)) is asked about a position
// that is still running.
TEST(Check, VariantFlagsAndTinyVariants) {
  TempDir d;
  const auto r = run({ARENA_EXE, "check", "--variant", "mangala2", "--variant", "bedouin(1)", ENGINE_EXE}, d);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(first_failure(r.out), "") << r.out;
  for (const char* item : {"[PASS] position moves mangala2", "[PASS] position startpos bedouin(1)", "[PASS] position moves bedouin(1)"})
    EXPECT_NE(r.out.find(item), std::string::npos) << item << "\n" << r.out;
}

// The info-lines item judges only searches that ended well: with none it is skipped, not passed.
TEST(Check, InfoLinesAreNotPassedWithoutASearch) {
  TempDir d;
  const std::string tag = "--tag=check-info-" + std::to_string(::getpid());
  const auto r = run({ARENA_EXE, "check", "--ready-ms", "500", FAULT_BOT, "--fault", "crash", tag}, d);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("[SKIP] info lines: not run"), std::string::npos) << r.out;
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

TEST(Check, UsageErrors) {
  TempDir d;
  auto r = run({ARENA_EXE, "check"}, d);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("give the engine's command"), std::string::npos) << r.err;
  r = run({ARENA_EXE, "check", "/no/such/engine"}, d, "missing");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("[FAIL] start: expected the program starts; got '/no/such/engine' is not an executable file"), std::string::npos)
      << r.out;
  r = run({ARENA_EXE, "check", "--help"}, d, "help");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("--ready-ms"), std::string::npos);
  // A mistyped flag is not taken for the engine's program, and a bad variant is a usage error
  // (it used to end in an uncaught exception after the first items).
  r = run({ARENA_EXE, "check", "--bogus", ENGINE_EXE}, d, "bogus");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "arena check: unknown flag '--bogus' (the flags come before the engine's command; a program whose name starts "
            "with '-' is given as ./--bogus; see arena check --help)\n");
  r = run({ARENA_EXE, "check", "--", ENGINE_EXE}, d, "dashes");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("arena check: no '--' is needed: the engine's command follows the flags"), std::string::npos) << r.err;
  r = run({ARENA_EXE, "check", "--variant", "kalah(9,9)", ENGINE_EXE}, d, "variant");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena check: --variant 'kalah(9,9)': bad variant 'kalah(9,9)': pits per side must be a number from 1 to 8\n");
  EXPECT_EQ(r.out, "");
}
