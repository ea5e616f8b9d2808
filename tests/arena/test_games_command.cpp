// `arena games` through the executable, on a real tournament's results file with faults in it.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "test_helpers.h"

using arena_test::arena_run;
using arena_test::count_of;
using arena_test::games_of;
using arena_test::run;
using arena_test::TempDir;
using nlohmann::json;

namespace {

// The ids of the games `arena games` listed (the lines between the header and the count).
std::vector<std::int64_t> listed_ids(const std::string& out) {
  std::vector<std::int64_t> ids;
  std::istringstream in(out);
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line) && line.find(" games") == std::string::npos) ids.push_back(std::stoll(line));
  return ids;
}

}  // namespace

TEST(GamesCommand, ListsFiltersAndShowsTheGamesOfAResultsFile) {
  TempDir d;
  // A name the shell must quote, for the hint at the end of the run.
  const std::string file = d / "crash's r.jsonl";
  const auto r = run(arena_run(d, {"--engine", "name=crashy cmd=" FAULT_BOT " arg=--fault arg=crash arg=--at arg=3", "--engine",
                                   "name=random cmd=" RANDOM_BOT, "--engine", "name=greedy cmd=" GREEDY_BOT, "--rounds", "1"},
                               "crash's r.jsonl"),
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto games = games_of(file);
  ASSERT_EQ(games.size(), 6u);

  auto all = run({ARENA_EXE, "games", file}, d, "all");
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_EQ(listed_ids(all.out), (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5})) << all.out;
  EXPECT_NE(all.out.find("\n6 of 6 games\n"), std::string::npos) << all.out;

  std::vector<std::int64_t> crashes, crashy_lost, greedy_won;
  for (const auto& [id, g] : games) {
    if (g["termination"] == "crash") crashes.push_back(id);
    const bool crashy_south = g["south"] == "crashy", crashy_north = g["north"] == "crashy";
    if ((crashy_south && g["result"] == "north") || (crashy_north && g["result"] == "south")) crashy_lost.push_back(id);
    if ((g["south"] == "greedy" && g["result"] == "south") || (g["north"] == "greedy" && g["result"] == "north")) greedy_won.push_back(id);
  }
  ASSERT_EQ(crashes.size(), 4u);
  auto listed = run({ARENA_EXE, "games", file, "--termination", "crash"}, d, "crashes");
  EXPECT_EQ(listed_ids(listed.out), crashes) << listed.out;
  EXPECT_EQ(count_of(listed.out, "{"), 4u) << "each fault with its detail: " << listed.out;
  // The run ends with the command that lists its faults' games, ready to paste into a shell.
  // It starts the arena as the run was started: here by the path the test gave.
  const std::string hint = "The games lost by a fault: ";
  const auto at = r.out.find(hint);
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string pasted = r.out.substr(at + hint.size(), r.out.find('\n', at) - at - hint.size());
  const std::string arguments = " games '" + d / "crash'\\''s r.jsonl' --termination crash";
  EXPECT_EQ(pasted.rfind(arguments), pasted.size() - arguments.size()) << pasted;
  EXPECT_NE(pasted.find(std::filesystem::path(ARENA_EXE).filename().string()), std::string::npos) << pasted;
  EXPECT_EQ(at + hint.size() + pasted.size() + 1, r.out.size()) << "the run's last line: " << r.out;
  const auto through_shell = run({"/bin/sh", "-c", pasted}, d, "hint");
  EXPECT_EQ(through_shell.out, listed.out);
  listed = run({ARENA_EXE, "games", file, "--engine", "crashy", "--result", "loss"}, d, "lost");
  EXPECT_EQ(listed_ids(listed.out), crashy_lost) << listed.out;
  listed = run({ARENA_EXE, "games", file, "--engine", "greedy", "--result", "win"}, d, "won");
  EXPECT_EQ(listed_ids(listed.out), greedy_won) << listed.out;
  listed = run({ARENA_EXE, "games", file, "--engine", "random", "--engine", "greedy"}, d, "pair");
  EXPECT_EQ(listed_ids(listed.out).size(), 2u) << listed.out;

  // One crash, shown: who crashed, every move, the final position and how to set it up.
  const json& crash = games.at(crashes.front());
  const auto shown = run({ARENA_EXE, "games", file, "--show", std::to_string(crashes.front())}, d, "show");
  ASSERT_EQ(shown.code, 0) << shown.err;
  const std::string loser = crash["loser"];
  EXPECT_NE(shown.out.find("{crash by " + std::string(loser == "south" ? "South" : "North") + " (crashy): "), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("Final position: " + crash["final"].get<std::string>() + "\n"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("To set it up in an engine: position startpos kalah(6,4)"), std::string::npos) << shown.out;
  EXPECT_EQ(count_of(shown.out, "  crashy  ") + count_of(shown.out, "  random  ") + count_of(shown.out, "  greedy  "), crash["moves"].size())
      << "one line a move: " << shown.out;

  // What cannot be answered is named, with exit 2.
  for (const auto& [argv, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--show", "99"}, "has no game 99 (it holds 6 games; without --show they are listed)"},
           {{"--show", "010"}, "has no game 10 "},  // decimal, not octal 8
           {{"--show", "-1"}, "--show: expected a game id (a whole number from 0), got '-1'"},
           {{"--show", "abc"}, "--show: expected a game id (a whole number from 0), got 'abc'"},
           {{"--engine", "nobody"}, "--engine: no engine is named 'nobody' in '" + file + "' (its engines: crashy, random, greedy)"},
           {{"--termination", "timeout"}, "--termination: 'timeout' is none of normal, decided, max_moves, time_forfeit, illegal_move"},
           {{"--result", "win"}, "--result win needs exactly one --engine"},
           {{"--boards"}, "--boards requires --show"},
           {{"--show", "1", "--engine", "greedy"}, "excludes"}}) {
    std::vector<std::string> full = {ARENA_EXE, "games", file};
    full.insert(full.end(), argv.begin(), argv.end());
    const auto bad = run(full, d, "bad");
    EXPECT_EQ(bad.code, 2) << argv.front();
    EXPECT_NE(bad.err.find(message), std::string::npos) << bad.err;
  }
}

TEST(GamesCommand, KeepsTheFilesIdsAndRefusesAGameThatDoesNotReplay) {
  TempDir d;
  const auto r = run(arena_run(d, {"--engine", "name=random cmd=" RANDOM_BOT, "--engine", "name=greedy cmd=" GREEDY_BOT, "--rounds", "2"}), d);
  ASSERT_EQ(r.code, 0) << r.err;
  // Games 0 and 1 gone (as if not yet replayed after a resume): the others keep their ids.
  auto lines = arena_test::lines_of(d / "r.jsonl");
  ASSERT_EQ(lines.size(), 5u);
  std::ofstream(d / "gap.jsonl") << lines[0] << "\n" << lines[3] << "\n" << lines[4] << "\n" << lines[1].substr(0, 40);
  const int kept = json::parse(lines[3])["id"];
  const auto gap = run({ARENA_EXE, "games", d / "gap.jsonl"}, d, "gap");
  ASSERT_EQ(gap.code, 0) << gap.err;
  EXPECT_EQ(listed_ids(gap.out), (std::vector<std::int64_t>{std::min(kept, kept ^ 1), std::max(kept, kept ^ 1)})) << gap.out;
  EXPECT_NE(gap.out.find("2 of 2 games\n(the file's last line is incomplete and was ignored)\n"), std::string::npos) << gap.out;
  const auto shown = run({ARENA_EXE, "games", d / "gap.jsonl", "--show", std::to_string(kept)}, d, "gap-show");
  ASSERT_EQ(shown.code, 0) << shown.err;
  EXPECT_EQ(shown.out.rfind("Game " + std::to_string(kept) + " (round ", 0), 0u) << shown.out;

  // A move edited by hand: the file still lists, but the game cannot be shown as played.
  json edited = json::parse(lines[1]);
  edited["moves"][0]["move"] = "7";
  std::ofstream(d / "edited.jsonl") << lines[0] << "\n" << edited.dump() << "\n";
  EXPECT_EQ(run({ARENA_EXE, "games", d / "edited.jsonl"}, d, "edited").code, 0);
  const auto refused = run({ARENA_EXE, "games", d / "edited.jsonl", "--show", std::to_string(edited["id"].get<int>())}, d, "edited-show");
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("cannot be replayed: move 1: move '7': there is no pit 7 (pits are 1 to 6)\n"), std::string::npos) << refused.err;
  EXPECT_EQ(refused.out, "") << "nothing half shown";
}

TEST(GamesCommand, TheHintForAPathThatLooksLikeAnOptionStillNamesTheFile) {
  TempDir d;
  // A relative output folder named "-o": the hint must not hand the arena an option. The arena
  // is started by a path with a blank in it, and the hint starts it the same way.
  std::filesystem::create_symlink(ARENA_EXE, d.path / "my arena");
  const std::string in_d = "cd '" + d.path.string() + "' && ";
  const auto r = run({"/bin/sh", "-c", in_d + "'./my arena' run --out=-o --results r.jsonl --no-progress --rounds 1 --engine 'name=crashy cmd=" FAULT_BOT
                                       " arg=--fault arg=crash arg=--at arg=3' --engine 'name=random cmd=" RANDOM_BOT "'"},
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string command = "'./my arena' games ./-o/r.jsonl --termination crash";
  ASSERT_NE(r.out.find("The games lost by a fault: " + command + "\n"), std::string::npos) << r.out;
  const auto listed = run({"/bin/sh", "-c", in_d + command}, d, "hint");
  EXPECT_EQ(listed.code, 0) << listed.err;
  EXPECT_NE(listed.out.find("2 of 2 games"), std::string::npos) << listed.out;
}
