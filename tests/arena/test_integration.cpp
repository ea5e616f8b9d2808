// The arena executable on small real tournaments between the bots.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "test_helpers.h"

using arena_test::arena_run;
using arena_test::games_of;
using arena_test::run;
using arena_test::TempDir;
using nlohmann::json;

namespace {

std::vector<std::string> three_bots(const std::string& tag = "") {
  return {"--engine", "name=random cmd=" RANDOM_BOT + (tag.empty() ? "" : " arg=" + tag),
          "--engine", "name=greedy cmd=" GREEDY_BOT + (tag.empty() ? "" : " arg=" + tag),
          "--engine", "name=python cmd=" PYTHON3 " arg=" PYTHON_BOT " margin=200"};
}

std::string standings_block(const std::string& text) {
  const auto start = text.rfind("Rank Name");
  return start == std::string::npos ? "" : text.substr(start);
}

}  // namespace

TEST(Integration, RoundRobinWritesResultsAndTables) {
  TempDir d;
  auto argv = arena_run(d, three_bots());
  for (std::string a : {"--rounds", "2", "--tc", "2+0.02", "-j", "2", "--openings-random", "4", "--seed", "5", "--anchor", "greedy"})
    argv.push_back(a);
  const auto r = run(argv, d);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("fit, greedy = 0,"), std::string::npos) << r.out;
  const auto lines = arena_test::lines_of(d / "r.jsonl");
  ASSERT_EQ(lines.size(), 1u + 12u);
  const json header = json::parse(lines[0]);
  EXPECT_EQ(header["type"], "header");
  EXPECT_EQ(header["openings"].size(), 2u);
  std::set<std::int64_t> ids;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const json g = json::parse(lines[i]);
    ids.insert(g["id"].get<std::int64_t>());
    EXPECT_EQ(g["variant"], "kalah(6,4)");
    EXPECT_EQ(g["termination"], "normal") << g.dump();
    EXPECT_FALSE(g["moves"].empty());
    const auto score = g["score"];
    EXPECT_EQ(score[0].get<int>() + score[1].get<int>(), 48);
    EXPECT_TRUE(g["moves"][0].contains("ms"));
  }
  EXPECT_EQ(ids.size(), 12u);
  EXPECT_NE(r.out.find("Rank Name"), std::string::npos);
  EXPECT_NE(r.out.find("Terminations: normal 12"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Finished game 11"), std::string::npos);

  // `arena ratings` prints the same tables from the file alone (with the run's anchor).
  const auto rr = run({ARENA_EXE, "ratings", d / "r.jsonl"}, d, "ratings");
  ASSERT_EQ(rr.code, 0) << rr.err;
  EXPECT_EQ(standings_block(rr.out), standings_block(r.out));
  // `--json`: the same standings as one document, ranked as the table ranks them.
  const auto rj = run({ARENA_EXE, "ratings", "--json", d / "r.jsonl"}, d, "ratings-json");
  ASSERT_EQ(rj.code, 0) << rj.err;
  const auto doc = nlohmann::ordered_json::parse(rj.out);
  auto keys = [](const nlohmann::ordered_json& object) {
    std::vector<std::string> names;
    for (const auto& [key, value] : object.items()) names.push_back(key);
    return names;
  };
  // In the order arena/README.md shows them.
  EXPECT_EQ(keys(doc), (std::vector<std::string>{"format", "version", "games", "left_out", "anchor", "origin",
                                                 "virtual_draws", "groups", "standings", "crosstable", "terminations",
                                                 "head_to_head", "files", "notes", "incomplete_last_lines"}));
  EXPECT_EQ(keys(doc["standings"][0]),
            (std::vector<std::string>{"rank", "name", "games", "wins", "draws", "losses", "points", "score", "elo",
                                      "elo_error", "on_virtual_draws", "group", "los_vs_next"}));
  EXPECT_EQ(doc["games"], 12);
  EXPECT_EQ(doc["anchor"], "greedy");
  ASSERT_EQ(doc["files"].size(), 1u);
  EXPECT_EQ(doc["files"][0]["path"], d / "r.jsonl");
  EXPECT_EQ(doc["files"][0]["games"], 12);
  ASSERT_EQ(doc["standings"].size(), 3u);
  for (const auto& row : doc["standings"]) {
    const std::string rank = std::to_string(row["rank"].get<int>());
    const std::string line_start = std::string(4 - rank.size(), ' ') + rank + " " + row["name"].get<std::string>() + " ";
    EXPECT_NE(rr.out.find("\n" + line_start), std::string::npos) << line_start << "\n" << rr.out;
  }

  // Running it again resumes a finished tournament: nothing is played twice.
  const auto again = run(argv, d, "again");
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("12 games already recorded"), std::string::npos);
  EXPECT_EQ(arena_test::lines_of(d / "r.jsonl").size(), 13u);
  EXPECT_FALSE(std::filesystem::exists(d / "r.jsonl.lock")) << "the lock file goes with the run";

  // More rounds are refused, with the way to get more games.
  auto longer = argv;
  longer[std::find(longer.begin(), longer.end(), "--rounds") - longer.begin() + 1] = "3";
  const auto refused = run(longer, d, "longer");
  EXPECT_EQ(refused.code, 2) << "another config";
  EXPECT_NE(refused.err.find("('rounds' is 2 in the file but 3 now); refusing to add to it. Choose another output.results, or "
                             "move the file away to start afresh. To add games to it, run with another seed and output.results, "
                             "then rate both files together: arena ratings <this file> <the new one>"),
            std::string::npos)
      << refused.err;

  longer[std::find(longer.begin(), longer.end(), "--rounds") - longer.begin() + 1] = "1";
  const auto fewer = run(longer, d, "fewer");
  EXPECT_EQ(fewer.code, 2);
  EXPECT_NE(fewer.err.find("('rounds' is 2 in the file but 1 now)"), std::string::npos) << fewer.err;
  EXPECT_EQ(fewer.err.find("To add games"), std::string::npos) << "fewer rounds are not a wish for more games";

  // More games for a finished tournament: another run with its own seed, rated together.
  auto more = arena_run(d, three_bots(), "more.jsonl");
  for (std::string a : {"--rounds", "1", "--tc", "2+0.02", "-j", "2", "--openings-random", "4", "--seed", "6"}) more.push_back(a);
  ASSERT_EQ(run(more, d, "more").code, 0);
  const auto both = run({ARENA_EXE, "ratings", d / "r.jsonl", d / "more.jsonl"}, d, "both");
  ASSERT_EQ(both.code, 0) << both.err;
  EXPECT_EQ(both.out.rfind("Games from 2 results files: " + d / "r.jsonl" + " (12), " + d / "more.jsonl" + " (6)\n\n", 0), 0u) << both.out;
  EXPECT_NE(both.out.find("\n18 games. Elo: joint maximum-likelihood fit, greedy = 0,"), std::string::npos) << both.out;
  const auto both_json = run({ARENA_EXE, "ratings", "--json", d / "r.jsonl", d / "more.jsonl"}, d, "both-json");
  ASSERT_EQ(both_json.code, 0) << both_json.err;
  const json pooled = json::parse(both_json.out);
  EXPECT_EQ(pooled["games"], 18);
  ASSERT_EQ(pooled["files"].size(), 2u);
  EXPECT_EQ(pooled["files"][1]["games"], 6);
  // A file name that is not UTF-8 (Latin-1 bytes) is still valid JSON, its bad byte as U+FFFD.
  const std::string latin1 = d / "r\xe9sultats.jsonl";
  std::filesystem::copy_file(d / "r.jsonl", latin1);
  const auto odd = run({ARENA_EXE, "ratings", "--json", latin1}, d, "latin1-json");
  ASSERT_EQ(odd.code, 0) << odd.err;
  EXPECT_EQ(json::parse(odd.out)["files"][0]["path"], d / "r\xef\xbf\xbdsultats.jsonl");
  // A torn last line (a game cut off by kill -9) is named, as the text's closing line names it.
  const std::string torn = d / "torn.jsonl";
  std::filesystem::copy_file(d / "r.jsonl", torn);
  std::ofstream(torn, std::ios::app) << "{\"type\":\"game\",\"id\":12";
  const auto cut = run({ARENA_EXE, "ratings", "--json", torn}, d, "torn-json");
  ASSERT_EQ(cut.code, 0) << cut.err;
  const json cut_doc = json::parse(cut.out);
  EXPECT_EQ(cut_doc["incomplete_last_lines"], json::array({torn}));
  EXPECT_EQ(cut_doc["games"], 12);
}

TEST(Integration, SameSeedSameGamesWhateverTheConcurrency) {
  TempDir d;
  auto base = [&](const std::string& file, const std::string& j) {
    auto argv = arena_run(d, three_bots(), file);
    for (std::string a : {"--rounds", "3", "--openings-random", "3", "--seed", "77", "-j"}) argv.push_back(a);
    argv.push_back(j);
    return argv;
  };
  ASSERT_EQ(run(base("a.jsonl", "1"), d, "a").code, 0);
  ASSERT_EQ(run(base("b.jsonl", "2"), d, "b").code, 0);
  const auto a = games_of(d / "a.jsonl"), b = games_of(d / "b.jsonl");
  EXPECT_EQ(a.size(), 18u);
  EXPECT_EQ(a, b);
  EXPECT_EQ(arena_test::lines_of(d / "a.jsonl")[0], arena_test::lines_of(d / "b.jsonl")[0]);  // same header, same openings

  // The same games twice are not more evidence: `arena ratings` refuses to pool the two files.
  const auto pooled = run({ARENA_EXE, "ratings", d / "a.jsonl", d / "b.jsonl"}, d, "pooled");
  EXPECT_EQ(pooled.code, 2);
  EXPECT_NE(pooled.err.find("from the same openings in the same order (the same seed)"), std::string::npos) << pooled.err;
}

TEST(Integration, BadFlagsAndConfigsGiveOneClearError) {
  TempDir d;
  auto r = run({ARENA_EXE, "run", "--rounds", "many"}, d);
  EXPECT_EQ(r.code, 2) << "every usage error is exit 2, whatever the command-line library's own codes";
  EXPECT_NE(r.err.find("--rounds: 'many' is not a whole number (1 to 10000000)"), std::string::npos) << r.err;
  r = run({ARENA_EXE, "run", "--concurrency", "1.5"}, d, "fraction");  // not "Value 1.5 not in range 1 to 1024"
  EXPECT_NE(r.err.find("--concurrency: '1.5' is not a whole number (1 to 1024)"), std::string::npos) << r.err;
  r = run({ARENA_EXE, "run", "--rounds", "0"}, d, "zero");
  EXPECT_NE(r.err.find("--rounds: '0' is out of range (1 to 10000000)"), std::string::npos) << r.err;
  EXPECT_EQ(r.code, 2);
  for (const auto& argv : std::vector<std::vector<std::string>>{{ARENA_EXE, "run", "--bogus"},
                                                                {ARENA_EXE, "run", d / "no-such.json"},
                                                                {ARENA_EXE, "ratings", d / "no-such.jsonl"},
                                                                {ARENA_EXE}}) {
    r = run(argv, d, "usage");
    EXPECT_EQ(r.code, 2) << argv.back() << ": " << r.err;
  }
  r = run({ARENA_EXE, "frobnicate"}, d, "unknown");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena: unknown command 'frobnicate' (expected run, ratings, games, bench or check; see arena --help)\n");

  // Comments are allowed in a config (and a typo inside one is not reported).
  std::ofstream(d / "commented.json") << R"({
    // two bots, one game each way
    "engines": [{"name": "a", "command": ")" RANDOM_BOT R"("}, /* the other */ {"name": "b", "command": ")" GREEDY_BOT R"("}],
    // "concurency": 2,
    "rounds": 1, "output": {"dir": ")" + d / "commented" + R"("}
  })";
  r = run({ARENA_EXE, "run", d / "commented.json"}, d, "commented");
  EXPECT_EQ(r.code, 0) << r.err;

  std::ofstream(d / "typo.json") << R"({"engines": [{"name": "a", "command": ")" RANDOM_BOT R"("},
                                         {"name": "b", "command": ")" GREEDY_BOT R"("}], "concurency": 2})";
  r = run({ARENA_EXE, "run", d / "typo.json"}, d, "typo");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena run: concurency: unknown field (did you mean 'concurrency'?)\n");

  r = run(arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT " option.Hash=5", "--engine", "name=b cmd=" GREEDY_BOT}), d, "opt");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena run: engines[0] 'a': option 'Hash': the engine does not declare it\n");

  r = run(arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT " option.Seed=-4", "--engine", "name=b cmd=" GREEDY_BOT}), d, "range");
  EXPECT_NE(r.err.find("option 'Seed': -4 is outside the engine's range"), std::string::npos) << r.err;

  r = run(arena_run(d, {"--engine", "name=a cmd=/no/such/engine", "--engine", "name=b cmd=" GREEDY_BOT}), d, "missing");
  EXPECT_EQ(r.err, "arena run: engines[0] 'a': '/no/such/engine' does not exist\n");
  r = run(arena_run(d, {"--engine", "name=a cmd=" + d.path.string(), "--engine", "name=b cmd=" GREEDY_BOT}), d, "folder");
  EXPECT_EQ(r.err, "arena run: engines[0] 'a': '" + d.path.string() + "' is a folder, not a program\n");
  std::ofstream(d / "a-file") << "";
  r = run({ARENA_EXE, "run", "--no-progress", "--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, "--out",
           d / "a-file/sub"},
          d, "out");
  EXPECT_EQ(r.err, "arena run: output.dir: cannot create the folder '" + d / "a-file/sub" + "': Not a directory\n");

  r = run(arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" PYTHON3 " arg=" PYTHON_BOT, "--variant", "mangala"}), d, "variant");
  EXPECT_EQ(r.err, "arena run: engines[1] 'b': the engine does not play mangala (it lists: kalah)\n");

  // An SPRT the statistics would refuse is refused here, not run as a plain match.
  const std::vector<std::string> two = {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT};
  auto with = [&](std::vector<std::string> extra) {
    extra.insert(extra.begin(), two.begin(), two.end());
    return arena_run(d, extra);
  };
  r = run({ARENA_EXE, "run", "--roundz", "3"}, d, "typo-flag");  // not "config file '3' does not exist"
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--roundz"), std::string::npos) << r.err;
  r = run(with({"--gauntlet-players", "1"}), d, "gauntlet-players");
  EXPECT_EQ(r.err, "arena run: gauntlet_players: only for a gauntlet (\"kind\": \"gauntlet\", or --kind gauntlet)\n");
  r = run(with({"--nodes", "0"}), d, "nodes");
  EXPECT_LT(r.err.size(), 200u) << r.err;
  r = run(with({"--openings-random", "4", "--filter-engine", "a"}), d, "mute-judge");  // random-bot prints no score
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("openings.filter_engine 'a': no 'info ... score' before its bestmove"), std::string::npos) << r.err;
  r = run(arena_run(d, {"--engine", "name=uci cmd=" FAULT_BOT " arg=--fault arg=uci-info", "--engine", "name=b cmd=" GREEDY_BOT,
                        "--openings-random", "4", "--filter-engine", "uci"}),
          d, "uci-judge");  // "score cp 35"
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("openings.filter_engine 'uci': its last 'info ... score' at depth 4 could not be read"), std::string::npos) << r.err;
  r = run(with({"--sprt", "0,1500"}), d, "sprt-elo");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena run: --sprt: elo0 and elo1 must lie within -1000..1000\n");
  r = run(with({"--sprt-model", "normalized"}), d, "sprt-model");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena run: --sprt-model: no SPRT test (give --sprt or a config with sprt)\n");

  // A config file after the last --engine is the config, not a third engine.
  std::ofstream(d / "two-rounds.json") << R"({"rounds": 2})";
  r = run(arena_run(d, {"--engine", "name=a cmd=" RANDOM_BOT, "--engine", "name=b cmd=" GREEDY_BOT, (d / "two-rounds.json")}, "order.jsonl"),
          d, "order");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(arena_test::games_of(d / "order.jsonl").size(), 4u);

  // Flags read strictly, and files that are not config files (found by an outside fuzzing review).
  r = run(with({"--seed", "99999999999999999999"}), d, "seed");
  EXPECT_EQ(r.err, "arena run: --seed: expected an integer 0..9223372036854775807, got '99999999999999999999'\n");
  r = run(with({"--openings-file", OPENINGS_FILE, "--openings-random", "2"}), d, "two-sources");
  EXPECT_EQ(r.err, "arena run: --openings-file and --openings-random: give one source of openings\n");
  r = run({ARENA_EXE, "run", ""}, d, "empty-path");
  EXPECT_EQ(r.err, "arena run: the config file's path is empty\n");
  r = run({ARENA_EXE, "run", "/dev/zero"}, d, "device");
  EXPECT_EQ(r.err, "arena run: config file '/dev/zero' is not a file\n");
  std::ofstream(d / "utf32.json") << std::string("\xFF\xFE\0\0{\0\0\0}\0\0\0", 12);
  r = run({ARENA_EXE, "run", d / "utf32.json"}, d, "utf32");
  EXPECT_EQ(r.err, "arena run: config file '" + d / "utf32.json" + "' is UTF-32 text; save it as UTF-8\n");
  EXPECT_EQ(r.code, 2);

  r = run({ARENA_EXE, "run", "--help"}, d, "help");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("--concurrency"), std::string::npos);
}

// "a/b" and "a_b" are two engines, but one file name once they are made safe: each keeps a log.
TEST(Integration, EnginesWhoseNamesLookAlikeAsFilesKeepTheirOwnLogs) {
  TempDir d;
  const auto r = run(arena_run(d, {"--engine", "name=a/b cmd=" RANDOM_BOT, "--engine", "name=a_b cmd=" GREEDY_BOT, "--rounds", "1",
                                   "--depth", "1", "--log-traffic"}),
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* file : {"a_b~0.0.log", "a_b.0.log"}) {
    const std::string log = arena_test::read_file((d.path / "logs" / file).string());
    EXPECT_NE(log.find("umiok"), std::string::npos) << file;
  }
  EXPECT_NE(arena_test::read_file((d.path / "logs" / "a_b~0.0.log").string()).find("random-bot"), std::string::npos);
  // Every line of a traffic log has its time stamp and direction, also the `go` that is sent
  // in one write with its `position`.
  std::istringstream log(arena_test::read_file((d.path / "logs" / "a_b.0.log").string()));
  int go_lines = 0;
  for (std::string line; std::getline(log, line);) {
    EXPECT_TRUE(std::regex_search(line, std::regex(R"(^ *[0-9]+\.[0-9]{3} [<>!#] )"))) << line;
    go_lines += line.find("> go ") != std::string::npos;
  }
  EXPECT_GT(go_lines, 0);
}

// "Flags override single fields": --openings-file over a config with filtered random openings
// replaces them, filter and all (the filter engine once made it a config error).
TEST(Integration, OpeningsFileFlagReplacesFilteredRandomOpenings) {
  TempDir d;
  std::ofstream(d / "o.txt") << "kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s\n";
  std::ofstream(d / "filtered.json") << R"({"engines": [{"name": "a", "command": ")" RANDOM_BOT R"("},
      {"name": "b", "command": ")" GREEDY_BOT R"("}],
      "openings": {"source": "random", "plies": 4, "filter_engine": "b", "filter_depth": 1},
      "output": {"dir": ")" + d.path.string() + R"(", "progress": false}})";
  const auto r = run({ARENA_EXE, "run", d / "filtered.json", "--openings-file", d / "o.txt", "--depth", "1"}, d);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Tournament 'tournament': 2 engines"), std::string::npos) << r.out;
}

// restart=on: a fresh process for every game (counted by fault-bot's --state file: one byte a
// start). Without it the engine started for the first game plays them all.
TEST(Integration, RestartOnStartsAFreshProcessForEveryGame) {
  TempDir d;
  for (const char* restart : {"on", "off"}) {
    const std::string state = d / (std::string("starts-") + restart);
    const auto r = run(arena_run(d,
                                 {"--engine", "name=bot cmd=" FAULT_BOT " arg=--state arg=" + state + " restart=" + restart,
                                  "--engine", "name=random cmd=" RANDOM_BOT, "--rounds", "2", "--depth", "1"},
                                 std::string("r-") + restart + ".jsonl"),
                       d, restart);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(games_of(d / (std::string("r-") + restart + ".jsonl")).size(), 4u);
    // The start-up check, then one start per game (on) or one for all four (off).
    EXPECT_EQ(arena_test::read_file(state).size(), std::string(restart) == "on" ? 5u : 2u) << restart;
  }
  // One that dies before every game (after its handshake): one start per game, not two (the
  // retry is for a process kept from an earlier game), and each game is lost as a crash.
  const std::string state = d / "starts-dying";
  const auto r = run(arena_run(d,
                               {"--engine", "name=bot cmd=" FAULT_BOT " arg=--fault arg=exit-after-handshake arg=--state arg=" + state,
                                "--engine", "name=random cmd=" RANDOM_BOT, "--rounds", "2", "--depth", "1"},
                               "r-dying.jsonl"),
                     d, "dying");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(arena_test::read_file(state).size(), 5u);
  for (const auto& [id, g] : games_of(d / "r-dying.jsonl")) EXPECT_EQ(g["termination"], "crash") << g.dump();
}

// The project's engine as the judge of random openings, and its scores in the results file: it
// reports decimal scores ("score seeds -2.58"), which the arena once read as integers, so the
// filter stopped the run and the records lost most scores (or kept an earlier depth's).
TEST(Integration, TheEnginesDecimalScoresJudgeOpeningsAndAreRecorded) {
  TempDir d;
  const auto r = run(arena_run(d, {"--engine", "name=engine cmd=" ENGINE_EXE " option.Hash=1", "--engine", "name=greedy cmd=" GREEDY_BOT,
                                   "--rounds", "2", "--depth", "5", "--openings-random", "4", "--filter-engine", "engine", "--seed", "3"}),
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  int engine_moves = 0, scored = 0, fractional = 0;
  for (const auto& [id, g] : arena_test::games_of(d / "r.jsonl")) {
    EXPECT_EQ(g["termination"], "normal") << g.dump();
    for (const auto& m : g["moves"]) {
      if ((m["side"] == "s") != (g["south"] == "engine")) continue;
      ++engine_moves;
      if (!m.contains("score")) continue;
      ++scored;
      const double s = m["score"].get<double>();
      if (s != static_cast<int>(s)) ++fractional;
    }
  }
  EXPECT_GT(engine_moves, 20);
  EXPECT_EQ(scored, engine_moves);  // every search reports a score, and every one is read
  EXPECT_GT(fractional, 0);
}

// --sprt replaces the file's hypotheses but keeps its Elo model; --sprt-model sets the model.
TEST(Integration, SprtFlagsKeepOrSetTheModel) {
  TempDir d;
  std::ofstream(d / "sprt.json") << R"({"engines": [{"name": "a", "command": ")" RANDOM_BOT R"("},
                                       {"name": "b", "command": ")" GREEDY_BOT R"("}], "rounds": 1,
                                       "sprt": {"elo0": 0, "elo1": 20, "model": "normalized"}})";
  auto model_of = [&](const std::vector<std::string>& flags, const std::string& results) {
    std::vector<std::string> argv = arena_run(d, flags, results);
    argv.insert(argv.begin() + 2, d / "sprt.json");
    const auto r = run(argv, d, results);
    EXPECT_EQ(r.code, 0) << r.err;
    const auto header = nlohmann::json::parse(arena_test::lines_of(d / results).at(0));
    return header["tournament"]["sprt"]["model"].get<std::string>() + " " +
           std::to_string(header["tournament"]["sprt"]["elo1"].get<double>()).substr(0, 4);
  };
  EXPECT_EQ(model_of({"--sprt", "0,5"}, "kept.jsonl"), "normalized 5.00");
  EXPECT_EQ(model_of({"--sprt", "0,5", "--sprt-model", "logistic"}, "set.jsonl"), "logistic 5.00");
  EXPECT_EQ(model_of({}, "file.jsonl"), "normalized 20.0");
}

TEST(Integration, FaultyEngineLosesAndTheTournamentCompletes) {
  TempDir d;
  auto argv = arena_run(d, {"--engine", "name=crashy cmd=" FAULT_BOT " arg=--fault arg=crash arg=--at arg=3", "--engine",
                            "name=random cmd=" RANDOM_BOT, "--engine", "name=greedy cmd=" GREEDY_BOT, "--rounds", "2", "-j", "2"});
  const auto r = run(argv, d);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto games = games_of(d / "r.jsonl");
  ASSERT_EQ(games.size(), 12u);
  int crashes = 0;
  for (const auto& [id, g] : games) {
    if (g["termination"] != "crash") continue;
    ++crashes;
    const std::string loser = g["loser"];
    EXPECT_EQ(g[loser], "crashy");
  }
  EXPECT_EQ(crashes, 8);
  EXPECT_NE(r.out.find("crash 8"), std::string::npos);
}

TEST(Integration, BenchWithAMissingBotSaysSo) {
  TempDir d;
  const auto r = run({ARENA_EXE, "bench", "--bot", "/no/such/bot", "--games", "4", "-j", "2"}, d);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena bench: the bot '/no/such/bot' could not be started: '/no/such/bot' does not exist\n");
}

// A board too small for four-move openings plays from the start (it aborted); a bench without
// a clock is refused (it hung: the bench gives the bot no other limit).
TEST(Integration, BenchOnATinyBoardAndWithoutAClock) {
  TempDir d;
  auto r = run({ARENA_EXE, "bench", "--games", "2", "--variant", "kalah(1,1)", "-j", "1"}, d);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("bench: 2 games"), std::string::npos) << r.out;
  r = run({ARENA_EXE, "bench", "--games", "2", "--tc", "inf"}, d, "inf");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena bench: --tc: the bench needs a clock (base+increment), not 'inf'\n");
}

TEST(Integration, SprtStopsWhenDecided) {
  TempDir d;
  auto argv = arena_run(d, {"--engine", "name=greedy cmd=" GREEDY_BOT, "--engine", "name=random cmd=" RANDOM_BOT, "--rounds",
                            "1000", "--openings-random", "4", "--sprt", "0,100", "-j", "2"});
  const auto r = run(argv, d);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("H1 accepted"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("SPRT decided after"), std::string::npos);
  EXPECT_LT(games_of(d / "r.jsonl").size(), 200u);
}
