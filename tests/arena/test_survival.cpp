// Results that survive anything, and files the arena refuses to touch:
//  * the arena killed (SIGKILL) at seeded random moments many times over, resumed each time,
//    ends with exactly the games of an uninterrupted run, each once;
//  * corrupt, truncated or foreign configs and results files are refused with a clear message
//    and left as they were; two runs cannot share a results file;
//  * no shell, no writing outside the output folder (symbolic links included).
#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "test_helpers.h"

using arena_test::arena_run;
using arena_test::games_of;
using arena_test::run;
using arena_test::TempDir;
using nlohmann::json;

namespace {

std::vector<std::string> two_bots() {
  return {"--engine", "name=random cmd=" RANDOM_BOT, "--engine", "name=greedy cmd=" GREEDY_BOT, "--rounds", "2", "--seed", "4"};
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary | std::ios::trunc) << text; }

}  // namespace

TEST(Survival, KilledAtRandomMomentsManyTimesLosesNothingAndRepeatsNothing) {
  TempDir d;
  const std::string tag = "--tag=survival-" + std::to_string(::getpid());
  auto argv_for = [&](const std::string& file) {
    auto argv = arena_run(d, {"--engine", "name=random cmd=" RANDOM_BOT " arg=" + tag, "--engine", "name=greedy cmd=" GREEDY_BOT " arg=" + tag,
                              "--engine", "name=random7 cmd=" RANDOM_BOT " option.Seed=7 arg=" + tag},
                          file);
    for (std::string a : {"--rounds", "25", "--openings-random", "4", "--seed", "9", "-j", "2"}) argv.push_back(a);
    return argv;
  };
  const auto t_ref = std::chrono::steady_clock::now();
  ASSERT_EQ(run(argv_for("reference.jsonl"), d, "reference").code, 0);
  const auto reference = games_of(d / "reference.jsonl");
  ASSERT_EQ(reference.size(), 150u);
  const auto ref_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t_ref).count();

  // 20 kills at seeded random delays after each start: during preflight, while the header is
  // created, between games, in the middle of a write. The delays add up to about 80% of the
  // reference run and every restart repeats the start-up, so the tournament is normally still
  // unfinished at the last kill; on a loaded machine some of the last kills may come after it
  // finished (status 0), which is why only half of them must land mid-run.
  std::mt19937_64 rng(20240607);
  const int kills = 20;
  std::size_t max_seen = 0;
  int killed_mid_run = 0;
  for (int k = 0; k < kills; ++k) {
    const auto delay = std::uniform_int_distribution<int>(5, std::max<int>(60, static_cast<int>(ref_ms / 12)))(rng);
    const pid_t pid = arena_test::start(argv_for("killed.jsonl"), d / "k.out", d / "k.err");
    ASSERT_GT(pid, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(delay));
    ::kill(pid, SIGKILL);
    const int status = arena_test::wait_exit(pid);
    if (status == 128 + SIGKILL) ++killed_mid_run;
    const auto n = arena_test::lines_of(d / "killed.jsonl").size();
    max_seen = std::max(max_seen, n);
    ASSERT_EQ(arena_test::processes_after(tag), 0) << "after kill " << k;
  }
  const auto final_run = run(argv_for("killed.jsonl"), d, "final");
  ASSERT_EQ(final_run.code, 0) << final_run.err;
  const auto after = games_of(d / "killed.jsonl");
  EXPECT_EQ(after.size(), reference.size());
  EXPECT_EQ(after, reference);
  EXPECT_EQ(arena_test::lines_of(d / "killed.jsonl").size(), 151u);
  EXPECT_EQ(arena_test::processes_after(tag), 0);
  EXPECT_GE(killed_mid_run, kills / 2);  // the kills landed while the arena was running
  std::cout << "survival: " << kills << " kills (" << killed_mid_run << " mid-run), up to " << (max_seen ? max_seen - 1 : 0)
            << " games recorded before the final run, reference run " << ref_ms << " ms" << std::endl;
}

TEST(Survival, ABrokenConfigIsRefusedWithItsReason) {
  TempDir d;
  const std::string good = R"({"engines": [{"name": "a", "command": ")" RANDOM_BOT R"("}, {"name": "b", "command": ")" GREEDY_BOT
                           R"("}], "output": {"dir": ")" + d.path.string() + R"("}})";
  write(d / "truncated.json", good.substr(0, good.size() / 2));
  auto r = run({ARENA_EXE, "run", d / "truncated.json"}, d, "truncated");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("config file '" + (d / "truncated.json") + "' is not valid JSON"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("parse error at line 1"), std::string::npos) << r.err;

  write(d / "array.json", "[1, 2]");
  r = run({ARENA_EXE, "run", d / "array.json"}, d, "array");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("config file '" + (d / "array.json") + "' must hold one JSON object"), std::string::npos) << r.err;

  static const char binary[] = "{\"engines\": \x01\xff\xfe\x00 ]";
  write(d / "binary.json", std::string(binary, sizeof binary - 1));
  r = run({ARENA_EXE, "run", d / "binary.json"}, d, "binary");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena run: config file '" + (d / "binary.json") + "' is not a text file (a NUL byte at offset 15)\n");
  write(d / "utf16.json", std::string("\xFF\xFE{\0}\0", 6));
  r = run({ARENA_EXE, "run", d / "utf16.json"}, d, "utf16");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena run: config file '" + (d / "utf16.json") + "' is UTF-16 text; save it as UTF-8\n");
  static const char bytes[] = "{\"engines\": \x01\xff\xfe ]";  // not JSON, and no NUL to blame
  write(d / "bytes.json", bytes);
  r = run({ARENA_EXE, "run", d / "bytes.json"}, d, "bytes");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("is not valid JSON: parse error at line 1, column 13"), std::string::npos) << r.err;
  // The message is plain printable text: no library prefix, no raw bytes echoed to a terminal.
  EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << r.err;
  for (unsigned char ch : r.err) EXPECT_TRUE(ch == '\n' || (ch >= 0x20 && ch < 0x7f)) << r.err;

  // JSON allows a key twice (the last wins); a config file that does it is a mistake.
  write(d / "twice.json", good.substr(0, good.size() - 1) + R"(, "rounds": 2, "engines": []})");
  r = run({ARENA_EXE, "run", d / "twice.json"}, d, "twice");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena run: config file '" + (d / "twice.json") + "': the key 'engines' appears twice in one object\n");
  write(d / "nested.json", good.substr(0, good.size() - 2) + R"(, "dir": "x"}})");  // output.dir twice
  r = run({ARENA_EXE, "run", d / "nested.json"}, d, "nested");
  EXPECT_NE(r.err.find("the key 'dir' appears twice"), std::string::npos) << r.err;

  write(d / "empty.json", "");
  r = run({ARENA_EXE, "run", d / "empty.json"}, d, "empty");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("is not valid JSON"), std::string::npos) << r.err;
  EXPECT_FALSE(arena_test::fs::exists(d / "tournament.jsonl"));  // nothing was written
}

TEST(Survival, ADamagedOrForeignResultsFileIsRefusedAndLeftAlone) {
  TempDir d;
  ASSERT_EQ(run(arena_run(d, two_bots()), d).code, 0);
  const std::string original = arena_test::read_file(d / "r.jsonl");
  const auto lines = arena_test::lines_of(d / "r.jsonl");
  ASSERT_EQ(lines.size(), 5u);

  struct Case {
    std::string name, content, message;
    int code;
  };
  json other_game = json::parse(lines[1]);
  other_game["id"] = 2;  // a game of this file under another game's id
  const std::vector<Case> cases = {
      {"damaged middle line", lines[0] + "\n" + lines[1] + "\n{\"type\":\"ga\n" + lines[3] + "\n", "line 3: not valid JSON; the file is damaged", 3},
      {"truncated header", lines[0].substr(0, lines[0].size() / 2), "is not an arena results file", 3},
      {"empty", "", "is empty: not an arena results file", 3},
      {"not results", "{\"hello\": 1}\n", "is not an arena results file", 3},
      {"a game twice", lines[0] + "\n" + lines[1] + "\n" + lines[1] + "\n", "appears twice; the file is damaged", 3},
      {"a game from elsewhere", lines[0] + "\n" + lines[2] + "\n" + other_game.dump() + "\n", "the file is damaged or mixed from several runs", 3},
      // (refused before the torn line is cut off: the file is not touched)
      {"a game from elsewhere, torn tail", lines[0] + "\n" + other_game.dump() + "\n" + lines[3].substr(0, 20),
       "the file is damaged or mixed from several runs", 3},
      {"newer format", R"({"type":"header","format":"mancala-arena-results","version":99})" "\n", "results format version 99", 3},
  };
  for (const auto& c : cases) {
    write(d / "r.jsonl", c.content);
    const auto r = run(arena_run(d, two_bots()), d, "case");
    EXPECT_EQ(r.code, c.code) << c.name << ": " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.name << ": " << r.err;
    EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), c.content) << c.name << ": the file was changed";
  }

  // A different tournament (other engines) is refused; a torn last line is dropped and replayed.
  write(d / "r.jsonl", original);
  auto r = run(arena_run(d, {"--engine", "name=random cmd=" RANDOM_BOT, "--engine", "name=other cmd=" GREEDY_BOT, "--rounds", "2", "--seed", "4"}), d);
  EXPECT_EQ(r.code, 2);
  // (the message names the field that differs, not two long values cut to the same prefix)
  EXPECT_NE(r.err.find("belongs to a different tournament ('engines[1].name' is \"greedy\" in the file but \"other\" now)"), std::string::npos) << r.err;
  EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), original);

  write(d / "r.jsonl", original.substr(0, original.size() - 30));
  r = run(arena_run(d, two_bots()), d, "torn");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("3 games already recorded (an unfinished last line was dropped)"), std::string::npos) << r.out;
  EXPECT_EQ(games_of(d / "r.jsonl").size(), 4u);
}

// A file-size limit (ulimit -f) used to kill the arena by SIGXFSZ without a word. Now the write
// fails: exit 3 with the reason, nothing left running, and the same command resumes the run.
TEST(Survival, AFileSizeLimitStopsTheRunWithAMessageAndResumeFinishesIt) {
  TempDir d;
  const std::string tag = "--tag=xfsz-" + std::to_string(::getpid());
  auto argv = arena_run(d, {"--engine", "name=random cmd=" RANDOM_BOT " arg=" + tag, "--engine", "name=greedy cmd=" GREEDY_BOT " arg=" + tag,
                            "--rounds", "10", "--seed", "4"});
  std::vector<std::string> limited = {"/bin/sh", "-c", "ulimit -f 8 && exec \"$0\" \"$@\""};  // 8 KB: the header and a few games
  limited.insert(limited.end(), argv.begin(), argv.end());
  auto r = run(limited, d, "limited");
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("cannot write results file '" + (d / "r.jsonl") + "': File too large"), std::string::npos) << r.err;
  EXPECT_EQ(arena_test::processes_after(tag), 0);
  const std::string cut = arena_test::read_file(d / "r.jsonl");  // complete lines: the failed write is cut off
  EXPECT_LE(cut.size(), 8192u);
  ASSERT_FALSE(cut.empty());
  EXPECT_EQ(cut.back(), '\n');
  const auto recorded = std::count(cut.begin(), cut.end(), '\n') - 1;
  EXPECT_GT(recorded, 0);
  EXPECT_LT(recorded, 20);
  r = run(argv, d, "resumed");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto games = games_of(d / "r.jsonl");
  ASSERT_EQ(games.size(), 20u);
  EXPECT_EQ(games.rbegin()->first, 19);
}

TEST(Survival, TwoRunsCannotShareAResultsFile) {
  TempDir d;
  const auto argv = arena_run(d, {"--engine", "name=slow cmd=" FAULT_BOT " arg=--fault arg=slow", "--engine", "name=random cmd=" RANDOM_BOT,
                                  "--rounds", "1", "--tc", "10+1", "--max-moves", "6"});
  const pid_t first = arena_test::start(argv, d / "first.out", d / "first.err");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!arena_test::fs::exists(d / "r.jsonl") && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const auto second = run(argv, d, "second");
  EXPECT_EQ(second.code, 3);
  EXPECT_NE(second.err.find("is in use by another arena run"), std::string::npos) << second.err;
  EXPECT_EQ(arena_test::wait_exit(first), 0);
  EXPECT_EQ(games_of(d / "r.jsonl").size(), 2u);
}

TEST(Security, NoShellAnywhere) {
  TempDir d;
  // A command line meant for a shell is one (missing) program name; arguments are passed as they are.
  auto r = run(arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT ";touch", "--engine", "name=b cmd=" GREEDY_BOT}), d);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("'" RANDOM_BOT ";touch' does not exist"), std::string::npos) << r.err;
  const json config = {{"engines",
                        {{{"name", "a"}, {"command", RANDOM_BOT}, {"args", {"$(touch pwned1)", "`touch pwned2`", ";", "touch", "pwned3"}},
                          {"dir", d.path.string()}},
                         {{"name", "b"}, {"command", "sh -c 'touch pwned4'"}}}},
                       {"output", {{"dir", d.path.string()}}}};
  write(d / "shell.json", config.dump());
  r = run({ARENA_EXE, "run", d / "shell.json"}, d, "shell");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("engines[1] 'b': 'sh -c 'touch pwned4'' was not found in PATH (the command is one program, not a "
                       "shell line: its arguments go in \"args\", or arg=... with --engine)"),
            std::string::npos)
      << r.err;
  for (const char* f : {"pwned1", "pwned2", "pwned3", "pwned4"}) EXPECT_FALSE(arena_test::fs::exists(d / f)) << f;
}

TEST(Security, NothingIsWrittenOutsideTheOutputFolder) {
  TempDir d;
  const std::string out = d / "out";
  arena_test::fs::create_directories(out);
  write(d / "outside.txt", "precious\n");
  auto argv = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = {ARENA_EXE, "run", "--out", out, "--no-progress", "--engine", "name=a cmd=" RANDOM_BOT, "--engine",
                                  "name=b cmd=" GREEDY_BOT};
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  // Names that would lead elsewhere.
  auto r = run(argv({"--results", "../outside.txt"}), d, "dotdot");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("output.results: must be a file name inside output.dir"), std::string::npos) << r.err;
  r = run(argv({"--name", "../outside"}), d, "name");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("name: must be a plain name"), std::string::npos) << r.err;

  // Symbolic links planted in the output folder are not followed.
  arena_test::fs::create_symlink(d / "outside.txt", out + "/r.jsonl");
  r = run(argv({"--results", "r.jsonl"}), d, "link");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("leads outside the output folder"), std::string::npos) << r.err;
  arena_test::fs::remove(out + "/r.jsonl");

  arena_test::fs::create_symlink(d / "outside.txt", out + "/r.jsonl.tmp");
  arena_test::fs::create_symlink(d / "outside.txt", out + "/a.0.log");
  arena_test::fs::create_directories(out + "/logs");
  arena_test::fs::create_symlink(d / "outside.txt", out + "/logs/a.0.log");
  r = run(argv({"--results", "r.jsonl", "--log-traffic"}), d, "logs");
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot open log file"), std::string::npos) << r.err;
  EXPECT_TRUE(arena_test::fs::is_regular_file(arena_test::fs::symlink_status(out + "/r.jsonl")));  // the temporary link was replaced

  arena_test::fs::remove(out + "/r.jsonl");
  arena_test::fs::create_symlink(d / "outside.txt", out + "/r2.jsonl.lock");
  r = run(argv({"--results", "r2.jsonl"}), d, "lock");
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("cannot create the lock file"), std::string::npos) << r.err;

  arena_test::fs::remove_all(out + "/logs");
  arena_test::fs::create_directory_symlink(d.path, out + "/logs");
  r = run(argv({"--results", "r3.jsonl", "--log-stderr"}), d, "logdir");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot create the log folder"), std::string::npos) << r.err;

  EXPECT_EQ(arena_test::read_file(d / "outside.txt"), "precious\n");
}
