// Stopping and resuming a run: SIGKILL, Ctrl-C, a foreign results file, a program that goes
// away mid-run. Whatever happens, the results file loses no game and repeats none.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>

#include "rules/game.h"
#include "test_helpers.h"
#include "tournament/resume_check.h"

using arena_test::arena_run;
using arena_test::games_of;
using arena_test::run;
using arena_test::TempDir;

namespace {

// Runs argv like arena_test::run, but kills it after `seconds` (code -1): for runs that used to
// hang, so that the test fails instead of waiting for good.
arena_test::RunResult run_within(const std::vector<std::string>& argv, const TempDir& d, const std::string& tag, int seconds) {
  const pid_t pid = arena_test::start(argv, d / (tag + ".out"), d / (tag + ".err"));
  arena_test::RunResult r;
  if (pid < 0) return r;
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  bool ended = false;
  while (!(ended = ::waitpid(pid, &status, WNOHANG) == pid) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (!ended) {
    ::kill(pid, SIGKILL);
    arena_test::wait_exit(pid);
  } else {
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  r.out = arena_test::read_file(d / (tag + ".out"));
  r.err = arena_test::read_file(d / (tag + ".err"));
  return r;
}

}  // namespace

TEST(Integration, ResumeAfterSigkillLosesNothingAndRepeatsNothing) {
  TempDir d;
  const std::string tag = "--tag=resume-" + std::to_string(::getpid());
  auto argv_for = [&](const std::string& file) {
    auto argv = arena_run(d, {"--engine", "name=random cmd=" RANDOM_BOT " arg=" + tag, "--engine",
                              "name=greedy cmd=" GREEDY_BOT " arg=" + tag, "--engine", "name=random7 cmd=" RANDOM_BOT " option.Seed=7 arg=" + tag},
                          file);
    for (std::string a : {"--rounds", "40", "--openings-random", "4", "--seed", "3", "-j", "2"}) argv.push_back(a);
    return argv;
  };
  ASSERT_EQ(run(argv_for("reference.jsonl"), d, "reference").code, 0);
  const auto reference = games_of(d / "reference.jsonl");
  ASSERT_EQ(reference.size(), 240u);

  // Kill the arena outright at several moments, resuming each time.
  for (std::size_t kill_at : {3u, 40u, 41u, 120u}) {
    const pid_t pid = arena_test::start(argv_for("killed.jsonl"), d / "k.out", d / "k.err");
    ASSERT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (arena_test::lines_of(d / "killed.jsonl").size() < kill_at + 1 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    ::kill(pid, SIGKILL);
    arena_test::wait_exit(pid);
    // The engines die with the arena (no orphan keeps running).
    EXPECT_EQ(arena_test::processes_after(tag), 0);
  }
  const auto final_run = run(argv_for("killed.jsonl"), d, "final");
  ASSERT_EQ(final_run.code, 0) << final_run.err;
  EXPECT_EQ(games_of(d / "killed.jsonl"), reference);
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

TEST(Integration, ResumingWithAnotherAnchorSaysWhichOneTheFileKeeps) {
  TempDir d;
  auto argv_with = [&](const std::string& anchor) {
    auto argv = arena_run(d, {"--engine", "name=random cmd=" RANDOM_BOT, "--engine", "name=greedy cmd=" GREEDY_BOT,
                              "--rounds", "1"});
    if (!anchor.empty()) argv.insert(argv.end(), {"--anchor", anchor});
    return argv;
  };
  const auto first = run(argv_with("greedy"), d, "first");
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_EQ(first.out.find("Note:"), std::string::npos) << first.out;
  const auto same = run(argv_with("greedy"), d, "same");
  ASSERT_EQ(same.code, 0) << same.err;
  EXPECT_EQ(same.out.find("Note:"), std::string::npos) << same.out;
  const auto other = run(argv_with("random"), d, "other");
  ASSERT_EQ(other.code, 0) << other.err;
  EXPECT_NE(other.out.find("Note: this run's tables put 'random' at 0; the file was started with 'greedy', which "
                           "`arena ratings` uses unless given --anchor."),
            std::string::npos)
      << other.out;
  EXPECT_NE(other.out.find("fit, random = 0,"), std::string::npos) << other.out;
  const auto mean = run(argv_with(""), d, "mean");
  EXPECT_NE(mean.out.find("Note: this run's tables put the mean at 0; the file was started with 'greedy'"), std::string::npos)
      << mean.out;
}

TEST(Integration, CtrlCStopsCleanlyAndResumes) {
  TempDir d;
  auto argv = arena_run(d, {"--engine", "name=slow cmd=" FAULT_BOT " arg=--fault arg=slow arg=--at arg=1", "--engine",
                            "name=random cmd=" RANDOM_BOT, "--rounds", "3", "--tc", "10+1", "--max-moves", "4"});
  const pid_t pid = arena_test::start(argv, d / "i.out", d / "i.err");
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  const auto t0 = std::chrono::steady_clock::now();
  ::kill(pid, SIGINT);
  EXPECT_EQ(arena_test::wait_exit(pid), 130);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(3));
  EXPECT_NE(arena_test::read_file(d / "i.out").find("Interrupted:"), std::string::npos);
  EXPECT_EQ(arena_test::processes_after(std::string(FAULT_BOT) + " --fault slow"), 0);
  const auto done = arena_test::lines_of(d / "r.jsonl").size() - 1;
  EXPECT_LT(done, 6u);
  const auto r = run(argv, d, "resume");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(games_of(d / "r.jsonl").size(), 6u);
}

// A config file that is a named pipe nobody writes blocks the arena in open(), where the stop
// cannot reach: the signal watcher ends it 10 s after the signal instead of never.
TEST(Integration, AStopSignalEndsARunStuckOnAPipe) {
  TempDir d;
  ASSERT_EQ(::mkfifo((d / "config.json").c_str(), 0644), 0);
  const pid_t pid = arena_test::start({ARENA_EXE, "run", d / "config.json"}, d / "p.out", d / "p.err");
  ASSERT_GT(pid, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ::kill(pid, SIGTERM);
  EXPECT_EQ(arena_test::wait_exit(pid), 130);  // before, only SIGKILL ended it (then ctest's time-out fails this)
  EXPECT_NE(arena_test::read_file(d / "p.err").find("still running 10 s after the stop signal"), std::string::npos)
      << arena_test::read_file(d / "p.err");
}

TEST(Integration, AForeignResultsFileIsRefused) {
  TempDir d;
  auto argv = arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, "--seed", "1"});
  ASSERT_EQ(run(argv, d).code, 0);
  const auto before = arena_test::read_file(d / "r.jsonl");
  argv.back() = "2";
  auto r = run(argv, d, "second");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("belongs to a different tournament ('seed' is 1 in the file but 2 now)"), std::string::npos) << r.err;
  EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), before);
  r = run(arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, "--engine", "name=c cmd=" GREEDY_BOT,
                        "--seed", "1"}),
          d, "third");
  EXPECT_NE(r.err.find("('engines' has 2 entries in the file but 3 now)"), std::string::npos) << r.err;
  EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), before);
  // The time control as it was given, not one of the fields the header splits it into.
  r = run(arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, "--seed", "1", "--tc", "2+0.01"}),
          d, "tc");
  EXPECT_NE(r.err.find("('engines[0].time_control' is 10+0.1 in the file but 2+0.01 now)"), std::string::npos) << r.err;
  EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), before);

  std::ofstream(d / "notes.jsonl") << "shopping list\n";
  const auto n = run(arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT}, "notes.jsonl"), d, "notes");
  EXPECT_EQ(n.code, 3);
  EXPECT_NE(n.err.find("is not an arena results file"), std::string::npos) << n.err;
}

// What the refusal names: the setting the user changed, as the user wrote it.
TEST(FirstDifference, NamesTheSettingThatChanged) {
  using arena::tournament::first_difference;
  using nlohmann::json;
  EXPECT_EQ(first_difference(json{{"seed", 1}, {"rounds", 2}}, json{{"seed", 2}, {"rounds", 2}}), "'seed' is 1 in the file but 2 now");
  EXPECT_EQ(first_difference(json{{"seed", 1}}, json{{"seed", 1}}), "");
  // A time control is one setting: shown whole, as written.
  const json one = {{"engines", {{{"name", "a"}, {"time_control", {{"base_ms", 1000}, {"increment_ms", 10}}}}}}};
  json two = one;
  two["engines"][0]["time_control"]["base_ms"] = 2000;
  EXPECT_EQ(first_difference(one, two), "'engines[0].time_control' is 1+0.01 in the file but 2+0.01 now");
  two["engines"][0]["time_control"] = {{"depth", 4}};
  EXPECT_EQ(first_difference(one, two), "'engines[0].time_control' is 1+0.01 in the file but depth 4 now");
  // A hand-edited header's time control that cannot be read is shown as it is.
  two["engines"][0]["time_control"] = {{"base_ms", "soon"}};
  EXPECT_EQ(first_difference(two, one), "'engines[0].time_control' is {\"base_ms\":\"soon\"} in the file but 1+0.01 now");
  // Another openings source: named as such, not as a field only the old source had (its
  // "count" sorts first).
  const json random = {{"openings", {{"source", "random"}, {"count", 50}, {"plies", 4}}}};
  const json file = {{"openings", {{"source", "file"}, {"file", "o.txt"}, {"shuffle", false}}}};
  EXPECT_EQ(first_difference(random, file), "'openings.source' is \"random\" in the file but \"file\" now");
  // A key only one side has still counts when nothing else differs.
  EXPECT_EQ(first_difference(json{{"seed", 1}}, json{{"seed", 1}, {"gauntlet_players", 1}}),
            "'gauntlet_players' is absent in the file but 1 now");
}

// A config mistake also makes the tournament differ from the file's: the mistake is named, not
// the file (which would send the user to move a good results file away).
TEST(Integration, AConfigMistakeIsNamedBeforeTheResultsFileIsRefused) {
  TempDir d;
  const auto argv = [&](const std::string& bot, std::vector<std::string> more) {
    std::vector<std::string> flags = {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" + bot, "--seed", "1"};
    flags.insert(flags.end(), more.begin(), more.end());
    return arena_run(d, flags);
  };
  ASSERT_EQ(run(argv(GREEDY_BOT, {}), d).code, 0);
  const auto before = arena_test::read_file(d / "r.jsonl");
  auto r = run(argv(GREEDY_BOT, {"--openings-file", d / "nope.txt"}), d, "openings");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot read"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("different tournament"), std::string::npos) << r.err;
  r = run(argv("/nonexistent/greedy-bot", {}), d, "program");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("engines[1] 'b'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("different tournament"), std::string::npos) << r.err;
  EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), before);
}

// Ctrl-C while the filter judge searches: the judge dies with the run, and the message said
// it had crashed ("the engine exited ... (killed by signal 9)").
TEST(Integration, CtrlCWhileFilteringOpeningsSaysInterrupted) {
  TempDir d;
  auto argv = arena_run(d, {"--engine", "name=judge cmd=" FAULT_BOT " arg=--fault arg=hang arg=--at arg=1", "--engine",
                            "name=random cmd=" RANDOM_BOT, "--rounds", "2", "--depth", "2", "--openings-random", "2",
                            "--filter-engine", "judge"});
  const pid_t pid = arena_test::start(argv, d / "i.out", d / "i.err");
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  ::kill(pid, SIGINT);
  EXPECT_EQ(arena_test::wait_exit(pid), 130);
  EXPECT_EQ(arena_test::read_file(d / "i.err"), "arena run: interrupted\n");
  EXPECT_EQ(arena_test::processes_after(std::string(FAULT_BOT) + " --fault hang"), 0);
}

// An engine whose program disappears in the middle of a run (rebuilt, moved) is not forfeited
// for the rest of the schedule: the run stops with exit 2, and a resume finishes it.
TEST(Integration, AProgramGoneMidRunStopsTheRunAndAResumeFinishesIt) {
  TempDir d;
  // The wrapper works when started, then removes itself once it has been started twice (the
  // preflight, then the first game), so the restart after its crash finds nothing to execute.
  const std::string wrapper = d / "crashy.sh";
  const std::string wrapper_text = "#!/bin/sh\n"
                                   "count=\"$0.count\"\n"
                                   "echo x >> \"$count\"\n"
                                   "[ \"$(wc -l < \"$count\")\" -ge 2 ] && [ ! -e \"$0.keep\" ] && rm -f \"$0\"\n"
                                   "exec " FAULT_BOT " --fault crash --at 3\n";
  auto write_wrapper = [&] {
    std::ofstream(wrapper) << wrapper_text;
    std::filesystem::permissions(wrapper, std::filesystem::perms::owner_all);
  };
  write_wrapper();
  auto argv = arena_run(d, {"--engine", "name=crashy cmd=" + wrapper, "--engine", "name=greedy cmd=" GREEDY_BOT, "--rounds",
                            "2", "-j", "1"});
  const auto first = run(argv, d, "first");
  EXPECT_EQ(first.code, 2) << first.err;
  EXPECT_NE(first.err.find("engine 'crashy' cannot be started: '" + wrapper + "' does not exist, though it started earlier"),
            std::string::npos) << first.err;
  EXPECT_NE(first.err.find("run the same command to resume"), std::string::npos) << first.err;
  const auto recorded = games_of(d / "r.jsonl");
  ASSERT_EQ(recorded.size(), 1u) << "the game played before the program went, and no forfeit after it";
  EXPECT_EQ(recorded.begin()->second["termination"], "crash");

  std::ofstream(wrapper + ".keep") << "";
  write_wrapper();
  const auto resumed = run(argv, d, "resumed");
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  const auto games = games_of(d / "r.jsonl");
  EXPECT_EQ(games.size(), 4u);
  for (const auto& [id, g] : games) EXPECT_NE(g["termination"], "no_handshake") << g.dump();
}

// A results path that is a named pipe made `arena run` wait for good (and a kill left the lock
// file); `arena ratings` hung on one and on /dev/zero; a directory was called "empty".
TEST(Integration, AResultsPathThatIsNotARegularFileIsRefused) {
  TempDir d;
  const auto two_bots = std::vector<std::string>{"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT};
  ASSERT_EQ(::mkfifo((d / "fifo.jsonl").c_str(), 0644), 0);
  auto r = run_within(arena_run(d, two_bots, "fifo.jsonl"), d, "fifo", 20);
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_EQ(r.err, "arena run: '" + (d / "fifo.jsonl") + "' is a named pipe (FIFO), not an arena results file\n");
  EXPECT_FALSE(std::filesystem::exists(d / "fifo.jsonl.lock"));
  std::filesystem::create_directory(d / "dir.jsonl");
  r = run_within(arena_run(d, two_bots, "dir.jsonl"), d, "dir", 20);
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_EQ(r.err, "arena run: '" + (d / "dir.jsonl") + "' is a directory, not an arena results file\n");

  // `arena ratings` only reads, so a pipe is fine there (`arena ratings <(zcat old.jsonl.gz)`).
  ASSERT_EQ(run(arena_run(d, two_bots, "real.jsonl"), d, "real").code, 0);
  r = run_within({"/bin/bash", "-c", std::string(ARENA_EXE) + " ratings <(cat '" + (d / "real.jsonl") + "')"}, d,
                 "ratings-pipe", 20);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\n2 games. Elo"), std::string::npos) << r.out;
  r = run_within({ARENA_EXE, "ratings", "/dev/zero"}, d, "ratings-zero", 20);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err, "arena ratings: '/dev/zero' is a device, not an arena results file\n");
}

// A complete last line (newline and all) that is not JSON is damage, not a torn write: the
// resume refuses the file and leaves it as it was instead of dropping the line.
TEST(Integration, ACompleteButBrokenLastLineIsRefusedOnResume) {
  TempDir d;
  const auto argv = arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, "--rounds", "1"});
  ASSERT_EQ(run(argv, d).code, 0);
  const auto lines = arena_test::lines_of(d / "r.jsonl");
  ASSERT_EQ(lines.size(), 3u);
  const std::string damaged = lines[0] + "\n" + lines[1] + "\n" + lines[2].substr(0, lines[2].size() / 2) + "\n";
  std::ofstream(d / "r.jsonl", std::ios::binary | std::ios::trunc) << damaged;
  const auto r = run(argv, d, "resume");
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_NE(r.err.find("results file '" + (d / "r.jsonl") + "', line 3: not valid JSON; the file is damaged"), std::string::npos)
      << r.err;
  EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), damaged);
}

// A header value of the wrong type gave the JSON library's own words and no file name, from
// `arena run` and from `arena ratings` alike.
TEST(Integration, AHeaderOfTheWrongShapeIsRefusedInPlainWords) {
  TempDir d;
  const auto argv = arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, "--rounds", "1"});
  ASSERT_EQ(run(argv, d).code, 0);
  const auto lines = arena_test::lines_of(d / "r.jsonl");
  auto header = nlohmann::json::parse(lines[0]);
  auto write_header = [&](const nlohmann::json& h) {
    const std::string text = h.dump() + "\n" + lines[1] + "\n";
    std::ofstream(d / "r.jsonl", std::ios::binary | std::ios::trunc) << text;
    return text;
  };
  header["version"] = "1";
  auto text = write_header(header);
  auto r = run(argv, d, "version");
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(r.err, "arena run: '" + (d / "r.jsonl") + "' is not a results file this arena reads: its header's 'version' is \"1\", not an integer\n");
  EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), text);
  header["version"] = 1;
  header["tournament"] = nlohmann::json::array();
  text = write_header(header);
  r = run(argv, d, "tournament");
  EXPECT_EQ(r.code, 3);
  EXPECT_EQ(r.err, "arena run: '" + (d / "r.jsonl") + "' has a damaged header: its 'tournament' is [], not an object\n");
  EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), text);

  header["tournament"] = {{"seed", 1}};
  write_header(header);
  r = run({ARENA_EXE, "ratings", d / "r.jsonl"}, d, "ratings");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena ratings: '" + (d / "r.jsonl") + "' has a damaged header: its 'tournament.engines' is missing, not a list of engines\n");
  header["tournament"] = {{"engines", {{{"name", 5}}}}};
  write_header(header);
  r = run({ARENA_EXE, "ratings", d / "r.jsonl"}, d, "ratings-name");
  EXPECT_EQ(r.err, "arena ratings: '" + (d / "r.jsonl") + "' has a damaged header: its 'tournament.engines[0]' has no name\n");
  // A name with an escape sequence (a config refuses one) would reach the terminal through the tables.
  header["tournament"] = {{"engines", {{{"name", "a"}}, {{"name", "red\x1b[31m"}}}}};
  write_header(header);
  for (const char* command : {"ratings", "games"}) {
    r = run({ARENA_EXE, command, d / "r.jsonl"}, d, std::string("name-") + command);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "arena " + std::string(command) + ": '" + (d / "r.jsonl") +
                         "' has a damaged header: its 'tournament.engines[1].name' is not printable: 'red?[31m'\n");
  }
  // A C1 control, which earlier arenas accepted in a config: refused too, but not as damage.
  header["tournament"] = {{"engines", {{{"name", "a"}}, {{"name", "red\u009b31m"}}}}};
  auto game = nlohmann::json::parse(lines[1]);
  game[game["south"] == "b" ? "south" : "north"] = "red\u009b31m";
  auto write_c1_file = [&] { std::ofstream(d / "r.jsonl", std::ios::binary | std::ios::trunc) << header.dump() << "\n" << game.dump() << "\n"; };
  write_c1_file();
  r = run({ARENA_EXE, "games", d / "r.jsonl"}, d, "name-c1");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena games: '" + (d / "r.jsonl") +
                       "' names an engine with a C1 control character (U+0080-U+009F), which a terminal may obey: "
                       "'tournament.engines[1].name' is 'red?31m'. Earlier arenas accepted such a name, this one "
                       "refuses it; to read the file, rename the engine in its header and games\n");
  // Damage elsewhere is named first: renaming the engine would not make the file readable.
  header["openings"] = "x";
  write_c1_file();
  r = run({ARENA_EXE, "ratings", d / "r.jsonl"}, d, "name-c1-damaged");
  EXPECT_EQ(r.err, "arena ratings: '" + (d / "r.jsonl") + "' has a damaged header: its 'openings' is not a list of openings\n");
}

// A header's openings were played as they were: a mangala position in a kalah(6,4) file gave
// mangala games recorded as kalah(6,4), a finished position 0-move draws. They are checked as
// an openings file's lines are.
TEST(Integration, AHeaderWhoseOpeningsThisVariantCannotPlayIsRefused) {
  TempDir d;
  const auto argv = arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, "--rounds", "1"});
  ASSERT_EQ(run(argv, d).code, 0);
  const auto header = nlohmann::json::parse(arena_test::lines_of(d / "r.jsonl")[0]);
  const std::string prefix = "arena run: the results file '" + (d / "r.jsonl") + "' has a damaged header: openings[0]: ";
  const std::vector<std::pair<nlohmann::json, std::string>> cases = {
      {{{"position", mancala::Game::from_spec("mangala")->notation()}, {"moves", nlohmann::json::array()}},
       "a mangala position in a kalah(6,4) tournament"},
      {{{"position", "kalah(6,4) 0,0,0,0,0,0:24 0,0,0,0,0,0:24 -"}, {"moves", nlohmann::json::array()}},
       "the game is already over in this position"},
  };
  for (const auto& [opening, message] : cases) {
    auto h = header;
    h["openings"][0] = opening;
    const std::string text = h.dump() + "\n";  // no games yet
    std::ofstream(d / "r.jsonl", std::ios::binary | std::ios::trunc) << text;
    const auto r = run(argv, d, "resume");
    EXPECT_EQ(r.code, 3) << r.out;
    EXPECT_EQ(r.err, prefix + message + "\n");
    EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), text);
  }
}

// The resume compared only a game's engines, round and opening index: lines of a run with
// another seed (other random openings), a game of another variant or from changed opening moves
// were taken as this run's games.
TEST(Integration, GamesOfAnotherVariantOrOpeningAreRefusedAsMixed) {
  TempDir d;
  auto argv_for = [&](const std::string& seed, const std::string& file) {
    return arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, "--rounds", "2",
                         "--openings-random", "2", "--seed", seed},
                     file);
  };
  ASSERT_EQ(run(argv_for("1", "r.jsonl"), d, "one").code, 0);
  ASSERT_EQ(run(argv_for("2", "two.jsonl"), d, "two").code, 0);
  const auto one = arena_test::lines_of(d / "r.jsonl"), two = arena_test::lines_of(d / "two.jsonl");
  ASSERT_EQ(one.size(), 5u);
  ASSERT_EQ(two.size(), 5u);
  const auto game0 = nlohmann::json::parse(one[1]);
  auto varied = game0, moved = game0;
  varied["variant"] = "mangala";
  moved["opening"]["moves"][0] = moved["opening"]["moves"][0] == "1" ? "2" : "1";
  const std::string mixed = "holds game 0 as a game from the start position after ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {one[0] + "\n" + two[1] + "\n" + two[2] + "\n", mixed},  // seed 2's games under seed 1's header
      {one[0] + "\n" + varied.dump() + "\n", "holds game 0 as a mangala game, but this schedule plays kalah(6,4) under that id"},
      {one[0] + "\n" + moved.dump() + "\n", mixed},
  };
  for (const auto& [text, message] : cases) {
    std::ofstream(d / "r.jsonl", std::ios::binary | std::ios::trunc) << text;
    const auto r = run(argv_for("1", "r.jsonl"), d, "resume");
    EXPECT_EQ(r.code, 3) << r.out;
    EXPECT_NE(r.err.find("the results file '" + (d / "r.jsonl") + "' " + message), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("; the file is damaged or mixed from several runs"), std::string::npos) << r.err;
    EXPECT_EQ(arena_test::read_file(d / "r.jsonl"), text);
    // `arena ratings` refuses the file too, rather than rating another run's games as its own.
    const auto ratings = run({ARENA_EXE, "ratings", d / "r.jsonl"}, d, "ratings");
    EXPECT_EQ(ratings.code, 2);
    EXPECT_NE(ratings.err.find("'" + (d / "r.jsonl") + "' " + message.substr(0, 30)), std::string::npos) << ratings.err;
    EXPECT_NE(ratings.err.find("; the file is damaged or mixed from several runs"), std::string::npos) << ratings.err;
  }
  // A game of an engine the header does not name: left out of the tables unseen, once.
  auto stranger = game0;
  stranger["south"] = "c";
  std::ofstream(d / "r.jsonl", std::ios::binary | std::ios::trunc) << one[0] + "\n" + stranger.dump() + "\n";
  for (const char* command : {"ratings", "games"}) {
    const auto refused = run({ARENA_EXE, command, d / "r.jsonl"}, d, std::string("stranger-") + command);
    EXPECT_EQ(refused.code, 2);
    EXPECT_EQ(refused.err, "arena " + std::string(command) + ": '" + (d / "r.jsonl") +
                               "' holds game 0 of 'c', an engine its header does not name; the file is damaged or mixed from several runs\n");
  }
  auto itself = game0;
  itself["south"] = itself["north"];
  std::ofstream(d / "r.jsonl", std::ios::binary | std::ios::trunc) << one[0] + "\n" + itself.dump() + "\n";
  const auto refused = run({ARENA_EXE, "ratings", d / "r.jsonl"}, d, "itself");
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.err, "arena ratings: '" + (d / "r.jsonl") + "' holds game 0 of '" + itself["north"].get<std::string>() +
                             "' against itself; the file is damaged\n");
  // A game under another round: the message names the round on both sides.
  auto rounded = game0;
  rounded["round"] = 1;
  std::ofstream(d / "r.jsonl", std::ios::binary | std::ios::trunc) << one[0] + "\n" + rounded.dump() + "\n";
  const auto r = run(argv_for("1", "r.jsonl"), d, "round");
  EXPECT_EQ(r.code, 3);
  const std::string pair = game0["south"].get<std::string>() + " vs " + game0["north"].get<std::string>();
  EXPECT_NE(r.err.find("holds game 0 as " + pair + " (round 1, opening " + std::to_string(game0["opening_index"].get<int>()) +
                       "), but this schedule plays " + pair + " (round 0, opening "),
            std::string::npos)
      << r.err;
}
