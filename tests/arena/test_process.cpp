#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>

#include <fstream>

#include "process/process.h"
#include "test_helpers.h"

using namespace arena::process;
using namespace std::chrono;
using arena_test::TempDir;
namespace fs = std::filesystem;

TEST(Process, ReadHasAnAbsoluteDeadline) {
  ChildRegistry reg;
  Process p({"sleep", {"30"}, "", 1024}, reg, nullptr);
  std::string line;
  const auto t0 = Clock::now();
  EXPECT_EQ(p.read_line(line, t0 + milliseconds(100)), ReadStatus::Timeout);
  const auto waited = Clock::now() - t0;
  EXPECT_GE(waited, milliseconds(100));
  EXPECT_LT(waited, milliseconds(600));
  p.shutdown("quit", milliseconds(50));
  EXPECT_EQ(reg.size(), 0u);
}

// Dropping the lines an engine sent unasked obeys a deadline, so that a flood between moves
// cannot hold a game for ever: none is read once it has passed, all of them before it, and
// against `yes` (lines for ever) it ends in time.
TEST(Process, DiscardingUnaskedLinesEndsAtTheDeadline) {
  ChildRegistry reg;
  {
    Process p({"printf", {"a\\nb\\nc\\n"}, "", 1024}, reg, nullptr);
    ASSERT_TRUE(p.exited_by(Clock::now() + seconds(5)));  // its three lines wait in the pipe
    EXPECT_EQ(p.discard_unread_lines(Clock::now() - milliseconds(1)), 0);
    EXPECT_EQ(p.discard_unread_lines(Clock::now() + seconds(5)), 3);
    std::string line;
    EXPECT_EQ(p.read_line(line, Clock::now() + seconds(5)), ReadStatus::Closed);
  }
  Process p({"yes", {"info string flood"}, "", 1024}, reg, nullptr);
  std::string line;
  ASSERT_EQ(p.read_line(line, Clock::now() + seconds(5)), ReadStatus::Line);  // it is writing
  const auto t0 = Clock::now();
  const int dropped = p.discard_unread_lines(t0 + milliseconds(200));
  const auto took = Clock::now() - t0;
  EXPECT_GT(dropped, 0);
  EXPECT_LT(took, seconds(3));
  p.shutdown("quit", milliseconds(50));
  EXPECT_EQ(reg.size(), 0u);
}

// Looking for an answer already sent (a ponder search's early bestmove) reads nothing: the lines
// are still read afterwards, in order, and only a whole first word matches.
TEST(Process, ASentLineCanBeSeenWithoutReadingIt) {
  ChildRegistry reg;
  Process p({"printf", {"info x\\r\\n  bestmove 3\\nbestmoves\\n"}, "", 1024}, reg, nullptr);
  ASSERT_TRUE(p.exited_by(Clock::now() + seconds(5)));  // its lines wait in the pipe
  EXPECT_TRUE(p.has_sent_line_starting("bestmove"));
  EXPECT_FALSE(p.has_sent_line_starting("best"));
  Process cr({"printf", {"info x\\rbestmove 3\\r"}, "", 1024}, reg, nullptr);  // bare CRs end lines too
  ASSERT_TRUE(cr.exited_by(Clock::now() + seconds(5)));
  EXPECT_TRUE(cr.has_sent_line_starting("bestmove"));
  EXPECT_FALSE(p.has_sent_line_starting("readyok"));
  std::string line;
  for (const char* expected : {"info x", "  bestmove 3", "bestmoves"}) {
    ASSERT_EQ(p.read_line(line, Clock::now() + seconds(5)), ReadStatus::Line);
    EXPECT_EQ(line, expected);
  }
  EXPECT_EQ(p.read_line(line, Clock::now() + seconds(5)), ReadStatus::Closed);
  EXPECT_FALSE(p.has_sent_line_starting("bestmove"));  // nothing left, and no wait
}

TEST(Process, LinesEofAndLongLines) {
  ChildRegistry reg;
  {
    Process p({"printf", {"a\\r\\nb\\nc"}, "", 1024}, reg, nullptr);
    std::string line;
    const auto d = Clock::now() + seconds(5);
    ASSERT_EQ(p.read_line(line, d), ReadStatus::Line);
    EXPECT_EQ(line, "a");
    ASSERT_EQ(p.read_line(line, d), ReadStatus::Line);
    EXPECT_EQ(line, "b");
    EXPECT_EQ(p.read_line(line, d), ReadStatus::Closed);  // "c" never ended: not a line
  }
  {
    Process p({"head", {"-c", "100000", "/dev/zero"}, "", 1024}, reg, nullptr);
    std::string line;
    EXPECT_EQ(p.read_line(line, Clock::now() + seconds(5)), ReadStatus::TooLong);
  }
  EXPECT_EQ(reg.size(), 0u);
}

TEST(Process, OnlyStandardDescriptorsAreInherited) {
  ChildRegistry reg;
  Process p({"ls", {"/proc/self/fd"}, "", 1024}, reg, nullptr);
  std::vector<std::string> fds;
  std::string line;
  while (p.read_line(line, Clock::now() + seconds(5)) == ReadStatus::Line) fds.push_back(line);
  // 0, 1, 2 and the descriptor ls opened to list the folder.
  EXPECT_EQ(fds, (std::vector<std::string>{"0", "1", "2", "3"}));
}

TEST(Process, QuitGraceKillReap) {
  ChildRegistry reg;
  const std::string tag = "ignore-quit";
  {
    Process p({FAULT_BOT, {"--fault", "ignore-quit"}, "", 1024}, reg, nullptr);
    EXPECT_EQ(reg.size(), 1u);
    const auto t0 = Clock::now();
    EXPECT_FALSE(p.shutdown("quit", milliseconds(200)));  // did not exit by itself
    EXPECT_LT(Clock::now() - t0, milliseconds(1500));
  }
  EXPECT_EQ(reg.size(), 0u);
  EXPECT_EQ(arena_test::processes_after(std::string(FAULT_BOT) + " --fault ignore-quit"), 0);
}

TEST(Process, InterruptKillsEverything) {
  ChildRegistry reg;
  Process a({"sleep", {"31"}, "", 1024}, reg, nullptr), b({"sleep", {"32"}, "", 1024}, reg, nullptr);
  reg.interrupt();
  std::string line;
  EXPECT_EQ(a.read_line(line, Clock::now() + seconds(5)), ReadStatus::Closed);
  for (int i = 0; i < 200 && !a.exited(); ++i) std::this_thread::sleep_for(milliseconds(5));
  EXPECT_TRUE(a.exited());
  EXPECT_THROW(Process({"sleep", {"33"}, "", 1024}, reg, nullptr), SpawnError);
}

TEST(Process, SpawnErrorsSayWhy) {
  ChildRegistry reg;
  EXPECT_THROW(Process({"no-such-engine-in-path", {}, "", 1024}, reg, nullptr), SpawnError);
  EXPECT_THROW(Process({"sleep", {"1"}, "/no/such/dir", 1024}, reg, nullptr), SpawnError);
  EXPECT_EQ(reg.size(), 0u);
}

// A missing program, a file without execute permission, a folder and a script whose #! names a
// missing interpreter each get their own reason (a missing file was "not an executable file", a
// missing interpreter "execve failed: No such file or directory").
TEST(Process, EachReasonAProgramCannotStartIsNamed) {
  ChildRegistry reg;
  TempDir d;
  auto message = [&](const std::string& program) -> std::string {
    try {
      Process p({program, {}, "", 1024}, reg, nullptr);
    } catch (const SpawnError& e) {
      return e.what();
    }
    return "started";
  };
  EXPECT_EQ(message("/no/such/engine"), "'/no/such/engine' does not exist");
  std::ofstream(d / "plain.txt") << "not a program\n";
  fs::permissions(d / "plain.txt", fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(message(d / "plain.txt"), "'" + d / "plain.txt" + "' is not an executable file (no execute permission)");
  EXPECT_EQ(message(d.path.string()), "'" + d.path.string() + "' is a folder, not a program");
  std::ofstream(d / "bot.py") << "#!  /no/such/python3 -u\nprint('umiok')\n";
  fs::permissions(d / "bot.py", fs::perms::owner_all);
  EXPECT_EQ(message(d / "bot.py"), "'" + d / "bot.py" + "' exists, but its interpreter '/no/such/python3' (from its #! line) cannot be found");
  std::ofstream(d / "bot.sh") << "#!" + d / "plain.txt" + "\n";  // an interpreter that is no program
  fs::permissions(d / "bot.sh", fs::perms::owner_all);
  EXPECT_EQ(message(d / "bot.sh"),
            "'" + d / "bot.sh" + "' exists, but its interpreter '" + d / "plain.txt" + "' (from its #! line) cannot be started: Permission denied");
  EXPECT_EQ(reg.size(), 0u);
}

// "dir=... cmd=./engine", as in cutechess and fastchess: a relative command is found in the
// engine's working directory, not in the arena's (a name with no '/' still comes from PATH).
TEST(Process, ARelativeCommandIsFoundInTheEnginesWorkingDirectory) {
  ChildRegistry reg;
  TempDir d;
  const std::string dir = d / "my engine";
  fs::create_directories(dir);
  {
    std::ofstream script(dir + "/where.sh");
    script << "#!/bin/sh\npwd\n";
  }
  fs::permissions(dir + "/where.sh", fs::perms::owner_all);
  {
    Process p({"./where.sh", {}, dir, 1024}, reg, nullptr);
    std::string line;
    ASSERT_EQ(p.read_line(line, Clock::now() + seconds(5)), ReadStatus::Line);
    EXPECT_EQ(fs::path(line), fs::canonical(dir));
  }
  try {  // the message names the directory the command was looked for in
    Process p({"./where.sh", {}, d.path.string(), 1024}, reg, nullptr);
    FAIL();
  } catch (const SpawnError& e) {
    EXPECT_NE(std::string(e.what()).find("'./where.sh' (in '" + d.path.string() + "') does not exist"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(reg.size(), 0u);
}

// A host that never touched SIGPIPE (not the arena, whose signal watcher ignores it): writing
// to an engine that has died must return false, not kill the host. CTest runs each test in its
// own process, so the default disposition set here is what the Process class finds.
TEST(Process, WritingToADeadEngineFailsInsteadOfKillingTheHost) {
  ::signal(SIGPIPE, SIG_DFL);
  ChildRegistry reg;
  Process p({"true", {}, "", 1024}, reg, nullptr);
  for (int i = 0; i < 400 && !p.exited(); ++i) std::this_thread::sleep_for(milliseconds(5));
  ASSERT_TRUE(p.exited());
  EXPECT_FALSE(p.write("position startpos\n", Clock::now() + seconds(2)));
  p.shutdown("", milliseconds(0));
  EXPECT_EQ(reg.size(), 0u);
}

namespace {

// The parent pid of a live process, or 0 if it is gone (or a zombie).
pid_t parent_of(pid_t pid) {
  const auto s = arena_test::proc_stat("/proc/" + std::to_string(pid));
  return s.state == 'Z' ? 0 : static_cast<pid_t>(s.ppid);
}

}  // namespace

// A helper an engine daemonizes (fork, setsid, fork) belongs to that engine while it runs: the
// stray sweep after another engine's end must not take it, the one after its own engine's end
// must. The host is a subreaper here as the arena is (CTest runs each test in its own process).
TEST(Process, ADaemonizedHelperLivesAsLongAsItsEngine) {
  ASSERT_EQ(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
  ChildRegistry reg;
  // The subshell prints the daemon's pid and exits (orphaning it) before "ready" is printed.
  Process engine({"sh", {"-c", "(setsid sleep 67 </dev/null >/dev/null 2>&1 & echo $!); echo ready; exec cat"}, "", 1024},
                 reg, nullptr);
  std::string pid_line, ready;
  const auto deadline = Clock::now() + seconds(5);
  ASSERT_EQ(engine.read_line(pid_line, deadline), ReadStatus::Line);
  ASSERT_EQ(engine.read_line(ready, deadline), ReadStatus::Line);
  ASSERT_EQ(ready, "ready");
  const pid_t daemon = static_cast<pid_t>(std::stol(pid_line));
  EXPECT_EQ(parent_of(daemon), engine.pid());  // the engine, a subreaper, adopted it

  Process other({"true", {}, "", 1024}, reg, nullptr);
  other.shutdown("", milliseconds(0));  // sweeps the strays
  EXPECT_EQ(parent_of(daemon), engine.pid()) << "another engine's end took the helper";

  engine.shutdown("", milliseconds(0));
  EXPECT_EQ(parent_of(daemon), 0) << "the helper outlived its engine";
  ::kill(daemon, SIGKILL);  // whatever happened above, leave nothing behind
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
}

// The size limit holds for the file: an engine restarted many times (each start opens a new
// sink on the same log) must not get the limit once per start.
TEST(LogSink, TheLimitIsOnTheFileAcrossRestarts) {
  TempDir d;
  const std::string path = (d.path / "engine.0.log").string();
  const std::string text(40, 'x');
  for (int start = 0; start < 5; ++start) {
    LogSink log(path, 1000, true, true);
    for (int i = 0; i < 100; ++i) log.line('<', text);
  }
  std::ifstream in(path);
  std::string line;
  int notes = 0;
  std::size_t bytes = 0;
  while (std::getline(in, line)) {
    bytes += line.size() + 1;
    if (line.rfind("# log size limit reached", 0) == 0) ++notes;
  }
  EXPECT_EQ(notes, 1);
  EXPECT_LE(bytes, 1000u + 64u);  // the limit plus its one note
  EXPECT_GT(bytes, 900u);         // and filled up to it
}

// Past the limit the arena's own notes go on, up to a reserve as large again (at most 1 MB),
// so that what happened to a flooding engine is still told; the traffic stays dropped.
TEST(LogSink, NotesGoOnPastTheLimitWithinAReserve) {
  TempDir d;
  const std::string path = (d.path / "engine.0.log").string();
  {
    LogSink log(path, 1000, true, true);
    for (int i = 0; i < 100; ++i) log.line('<', std::string(40, 'x'));
    log.line('#', "verdict after the flood");
    for (int i = 0; i < 100; ++i) log.line('#', std::string(40, 'n'));
    log.line('<', "dropped");
  }
  const std::string text = arena_test::read_file(path);
  EXPECT_NE(text.find(" # verdict after the flood\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("dropped\n"), std::string::npos) << text;
  EXPECT_LE(text.size(), 2000u + 64u);
  EXPECT_GT(text.size(), 1900u);
}

// A line's control characters are written as escapes: a CR sent or read is seen, and an
// engine's escape sequences do not act on the terminal that shows the log.
TEST(LogSink, ControlCharactersAreEscaped) {
  TempDir d;
  const std::string path = (d.path / "engine.0.log").string();
  {
    LogSink log(path, 1 << 20, true, true);
    log.line('>', "isready\r");
    log.line('<', "info string \x1b[31mred\tand plain");
    log.line('<', "info string a\\x1b is text");
    log.line('<', "info string csi \xc2\x9b" "2J, caf\xc3\xa9 \xc2\xa0kept");  // a C1 control in UTF-8; other letters
  }
  const std::string text = arena_test::read_file(path);
  EXPECT_NE(text.find(" > isready\\r\n"), std::string::npos) << text;
  EXPECT_NE(text.find(" < info string \\x1b[31mred\tand plain\n"), std::string::npos) << text;
  EXPECT_NE(text.find(" < info string a\\\\x1b is text\n"), std::string::npos) << text;  // a backslash is escaped too
  EXPECT_NE(text.find(" < info string csi \\xc2\\x9b2J, caf\xc3\xa9 \xc2\xa0kept\n"), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find("\xc2\x9b"), std::string::npos);
}
