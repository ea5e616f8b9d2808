// `arena check` when its engine dies, hangs or is untrusted: the next item runs on a restarted
// engine, within bounds; and --log, where each restart and verdict is written beside the traffic.
#include "check/compliance.h"
#include "test_helpers.h"

using arena_test::run;
using arena_test::count_of;
using arena_test::TempDir;
namespace fs = std::filesystem;

// One fault does not hide the others: after an item that leaves the engine dead or untrusted (here
// an unanswered `stop` of a ponder search), the next item runs on a fresh process and says so.
TEST(Check, AFaultDoesNotHideTheItemsAfterIt) {
  TempDir d;
  const std::string tag = "--tag=check-restart-" + std::to_string(::getpid());
  const auto r = run({ARENA_EXE, "check", "--ready-ms", "500", FAULT_BOT, "--fault", "ponder-ignore-stop", tag}, d);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_EQ(arena_test::check_item_of(arena_test::first_check_failure(r.out)), "ponder") << r.out;
  EXPECT_NE(r.out.find("[PASS] finished position: bestmove none (on a restarted engine: it did not answer 'stop' of a ponder "
                       "search)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[PASS] quit: exited with status 0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("32 passed, 1 failed or skipped"), std::string::npos) << r.out;
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

// An engine that fails every search is restarted once: when the first item on the fresh process
// fails it again, the rest are skipped rather than each costing a restart and a timeout.
TEST(Check, AnEngineThatFailsAgainAtOnceIsNotRestartedAgain) {
  TempDir d;
  const std::string tag = "--tag=check-hang-" + std::to_string(::getpid());
  const auto r = run({ARENA_EXE, "check", "--ready-ms", "300", FAULT_BOT, "--fault", "hang", tag}, d);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("[FAIL] position startpos kalah(6,4): expected a legal 'bestmove' within 400 ms; got nothing matching "
                       "within 400 ms (no output)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("(no output) (on a restarted engine: it did not answer 'go movetime 100')\n[SKIP] position fen "
                       "kalah(6,4): not run: it did not answer 'go movetime 100' (also in the first item after a restart: not "
                       "restarted again)\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(count_of(r.out, "on a restarted engine"), 1u) << r.out;
  EXPECT_NE(r.out.find("[SKIP] quit: not run"), std::string::npos) << r.out;
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

// An engine whose every process dies at its second search is restarted after each death, up to
// kMaxRestarts times; the items after the last are skipped and say why.
TEST(Check, RestartsAreBounded) {
  TempDir d;
  const std::string tag = "--tag=check-bounded-" + std::to_string(::getpid());
  std::vector<std::string> argv = {ARENA_EXE, "check", "--ready-ms", "300"};
  for (const char* spec : {"kalah(6,4)", "kalah(5,4)", "kalah(4,4)", "kalah(4,3)", "kalah(3,3)", "kalah(6,3)", "kalah(5,3)"}) {
    argv.push_back("--variant");
    argv.push_back(spec);
  }
  for (const char* a : {FAULT_BOT, "--fault", "crash", "--at", "2", "--every", "1000"}) argv.push_back(a);
  argv.push_back(tag);
  const auto r = run(argv, d);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_EQ(count_of(r.out, "(on a restarted engine: the engine exited with code 3)"), std::size_t(arena::check::kMaxRestarts)) << r.out;
  EXPECT_NE(r.out.find("not run: the engine exited with code 3 (after " + std::to_string(arena::check::kMaxRestarts) +
                       " restarts, no more)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

// --log keeps what went each way, the engine's stderr, every verdict and every restart, in a file
// written afresh by each check.
TEST(Check, LogsTheTraffic) {
  TempDir d;
  const std::string log = d / "check.log";
  for (int run_no = 0; run_no < 2; ++run_no) {
    const auto r = run({ARENA_EXE, "check", "--ready-ms", "500", "--log", log, FAULT_BOT, "--fault", "ponder-ignore-stop"}, d);
    EXPECT_EQ(r.code, 1) << r.out << r.err;
  }
  std::string text = arena_test::read_file(log);
  EXPECT_EQ(count_of(text, " # started pid "), 2u) << text;  // one run's two processes: the file was replaced
  for (const char* part : {" > umi\n", " < umiok\n", " > go ponder stime 1000 ntime 1000 sinc 10 ninc 10\n",
                           " # [FAIL] ponder: expected ", " # restarting the engine for the next item: it did not answer 'stop' of a "
                           "ponder search\n", " > isready\\r\n", " # [PASS] quit: exited with status 0\n"})
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  // The engine's stderr, and a link to the log file is followed (a user's own path, /dev/stderr).
  fs::create_symlink("check.log", d.path / "link.log");
  auto r = run({ARENA_EXE, "check", "--log", d / "link.log", FAULT_BOT, "--fault", "exit-at-start"}, d, "stderr");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  text = arena_test::read_file(log);
  EXPECT_NE(text.find(" ! fault-bot: cannot open book.txt\n"), std::string::npos) << text;
  EXPECT_NE(text.find(" # [FAIL] start: "), std::string::npos) << text;
  // Our own stderr named as the log: written through it, nothing of it emptied or overwritten.
  r = run({ARENA_EXE, "check", "--log", "/dev/stderr", RANDOM_BOT}, d, "own-stderr");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.err.substr(0, r.err.find('\n')).find(" # started pid "), std::string::npos) << r.err.substr(0, 400);
  EXPECT_NE(r.err.find(" # [PASS] quit: exited with status 0\n"), std::string::npos);
  const std::string bad = d / "no/such/dir/check.log";
  r = run({ARENA_EXE, "check", "--log", bad, ENGINE_EXE}, d, "badlog");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena check: --log: cannot open log file '" + bad + "' (No such file or directory)\n");
  EXPECT_EQ(r.out, "");
}

// A restart that fails ends the restarts: the items left are skipped with its reason. (An
// engine that answers isready late every time: the restart's own isready goes unanswered.)
TEST(Check, AFailedRestartEndsTheRestarts) {
  TempDir d;
  const std::string tag = "--tag=check-late-" + std::to_string(::getpid());
  const std::string log = d / "check.log";
  const auto r = run({ARENA_EXE, "check", "--ready-ms", "300", "--log", log, FAULT_BOT, "--fault", "late-ready", "--delay-ms", "1000", tag}, d);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("[FAIL] isready: expected 'readyok' within 300 ms; got nothing matching within 300 ms (no output)\n"
                       "[SKIP] options: not run: a restarted engine did not answer 'isready': nothing matching within 300 ms"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[SKIP] quit: not run: a restarted engine did not answer 'isready': nothing matching within 300 ms (no output)\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(count_of(arena_test::read_file(log), " # restarting the engine for the next item: "), 1u);
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

// No restart before a handshake has worked: a fresh process would fail it the same way, after
// another --startup-ms.
TEST(Check, NoRestartBeforeAHandshake) {
  TempDir d;
  const std::string log = d / "check.log";
  const auto r = run({ARENA_EXE, "check", "--startup-ms", "500", "--log", log, FAULT_BOT, "--fault", "no-handshake"}, d);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("[SKIP] isready: not run: no handshake\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("restart"), std::string::npos) << r.out;
  EXPECT_EQ(count_of(arena_test::read_file(log), " # started pid "), 1u);
}

// What an item changes it sets back: the default of an option given a bad value, and Ponder
// after the ponder item, so that the later items test the engine as it was configured.
TEST(Check, ItemsSetTheOptionsTheyChangeBack) {
  TempDir d;
  const std::string log = d / "check.log";
  const auto r = run({ARENA_EXE, "check", "--log", log, FAULT_BOT, "--fault", "ponder"}, d);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  const std::string text = arena_test::read_file(log);
  const auto on = text.find(" > setoption name Ponder value true\n"), bad = text.find(" > setoption name Seed value 11\n");
  ASSERT_NE(on, std::string::npos) << text;
  ASSERT_NE(bad, std::string::npos) << text;
  EXPECT_NE(text.find(" > setoption name Ponder value false\n", on), std::string::npos) << text;
  EXPECT_NE(text.find(" > setoption name Seed value 0\n", bad), std::string::npos) << text;
}
