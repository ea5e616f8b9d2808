#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli/engine_flag.h"
#include "config/config_json.h"

using namespace arena::config;
using nlohmann::json;

namespace {

json minimal() {
  return json::parse(R"({"engines": [{"name": "a", "command": "x"}, {"name": "b", "command": "y"}]})");
}

// The message of the ConfigError thrown by applying `patch` over a minimal config and validating.
std::string error_of(const json& patch) {
  TournamentConfig c;
  try {
    json j = minimal();
    j.merge_patch(patch);
    apply_json(j, c);
    validate(c);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Config, MinimalIsValidWithDefaults) {
  EXPECT_EQ(error_of(json::object()), "");
  TournamentConfig c;
  apply_json(minimal(), c);
  EXPECT_EQ(c.engines.size(), 2u);
  EXPECT_EQ(c.results_path(), "arena-out/tournament.jsonl");
  EXPECT_EQ(c.tc.describe(), "10+0.1");
}

TEST(Config, EveryMalformedFieldIsNamed) {
  EXPECT_EQ(error_of({{"concurency", 2}}), "concurency: unknown field (did you mean 'concurrency'?)");
  EXPECT_EQ(error_of({{"rounds", "many"}}), "rounds: expected an integer from 1 to 10000000, got \"many\"");
  EXPECT_EQ(error_of({{"rounds", 0}}), "rounds: expected an integer from 1 to 10000000, got 0");
  EXPECT_EQ(error_of({{"variant", "kalah(6,x)"}}).rfind("variant: ", 0), 0u);
  EXPECT_EQ(error_of({{"kind", "swiss"}}), "kind: expected \"round-robin\" or \"gauntlet\", got \"swiss\"");
  EXPECT_EQ(error_of({{"time_control", {{"base_ms", -5}}}}).rfind("time_control.base_ms: expected an integer", 0), 0u);
  EXPECT_EQ(error_of({{"time_control", "fast"}}).rfind("time_control: 'fast' is not a time control", 0), 0u);
  EXPECT_EQ(error_of({{"time_control", {{"increment_ms", 5}}}}), "time_control.base_ms: an increment or moves_per_period needs a base time");
  EXPECT_EQ(error_of({{"openings", {{"source", "file"}}}}), "openings.file: openings from a file need the file's path");
  EXPECT_EQ(error_of({{"openings", {{"plies", 0}}}}).rfind("openings.plies: expected an integer from 1 to 200", 0), 0u);
  EXPECT_EQ(error_of({{"output", {{"results", "../escape.jsonl"}}}}),
            "output.results: must be a file name inside output.dir (no '/', no control characters), got \"../escape.jsonl\"");
  // What a message quotes is shown, not obeyed: an escape sequence, a newline or a NUL is a '?'
  // (a NUL cut the message short; the others recoloured the terminal or broke the line).
  EXPECT_EQ(error_of({{"output", {{"results", "x\x1b[31mR\ny.jsonl"}}}}),
            "output.results: must be a file name inside output.dir (no '/', no control characters), got \"x?[31mR?y.jsonl\"");
  EXPECT_EQ(error_of({{"anchor", std::string("no\0body\r", 8)}}), "anchor: no engine is named 'no?body?'");
  EXPECT_EQ(error_of({{"name", std::string("x\0y", 3)}}),
            "name: must be a plain name (no '/', no control characters, UTF-8), got \"x?y\"");
  // A C1 control (U+009B, CSI in UTF-8) acts like an escape on some terminals: refused and shown as '?'.
  EXPECT_EQ(error_of({{"name", "x\u009b31my"}}),
            "name: must be a plain name (no '/', no control characters, UTF-8), got \"x?31my\"");
  EXPECT_EQ(error_of({{"name", "caf\u00e9"}}), "");  // other non-ASCII letters are names like any
  EXPECT_EQ(error_of({{"anchor", "nobody"}}), "anchor: no engine is named 'nobody'");
  EXPECT_EQ(error_of({{"sprt", {{"elo0", 5}, {"elo1", 0}}}}), "sprt.elo1: must be greater than sprt.elo0");
  EXPECT_EQ(error_of({{"sprt", {{"alpha", 2}}}}).rfind("sprt.alpha: expected a number", 0), 0u);
  // Tests stats::Sprt would refuse are config errors, not a run without its test.
  EXPECT_EQ(error_of({{"sprt", {{"alpha", 0.5}, {"beta", 0.5}}}}), "sprt.alpha: must lie between 0 and 0.5 (exclusive)");
  EXPECT_EQ(error_of({{"sprt", {{"beta", 0.5}}}}), "sprt.beta: must lie between 0 and 0.5 (exclusive)");
  EXPECT_EQ(error_of({{"sprt", {{"alpha", 0.05}, {"beta", 0.1}}}}), "");
  EXPECT_EQ(error_of({{"gauntlet_players", 1}}), "gauntlet_players: only for a gauntlet (\"kind\": \"gauntlet\", or --kind gauntlet)");
  EXPECT_EQ(error_of({{"gauntlet_players", 2}, {"kind", "gauntlet"}}),
            "gauntlet_players: must be smaller than the number of engines (2)");
  EXPECT_EQ(error_of({{"name", "a/b"}}).rfind("name: must be a plain name", 0), 0u);
  // A field of the other openings source was ignored without a word.
  EXPECT_EQ(error_of({{"openings", {{"source", "file"}, {"file", "o.txt"}, {"plies", 4}}}}),
            "openings.plies: only for random openings (\"source\": \"random\"), but the source is \"file\"");
  EXPECT_EQ(error_of({{"openings", {{"plies", 4}}}}),
            "openings.plies: only for random openings (\"source\": \"random\"), but the source is \"start\"");
  EXPECT_EQ(error_of({{"openings", {{"source", "random"}, {"file", "o.txt"}}}}),
            "openings.file: only for openings from a file (\"source\": \"file\"), but the source is \"random\"");
  EXPECT_EQ(error_of({{"openings", {{"source", "random"}, {"plies", 4}, {"count", 3}, {"filter_engine", "a"}}}}), "");
  // The filter's settings without a filter engine filtered nothing (a review found them accepted).
  for (const char* key : {"filter_depth", "filter_max_score"})
    EXPECT_EQ(error_of({{"openings", {{"source", "random"}, {key, 3}}}}),
              "openings.filter_depth, openings.filter_max_score: only with a filter engine (\"filter_engine\" or "
              "--filter-engine); without one no opening is filtered")
        << key;
  EXPECT_EQ(error_of({{"openings", {{"source", "random"}, {"filter_depth", 3}, {"filter_engine", "b"}}}}), "");
  EXPECT_EQ(error_of({{"openings", {{"source", "file"}, {"file", "o.txt"}, {"shuffle", true}}}}), "");
  EXPECT_EQ(error_of({{"openings", {{"source", "random"}, {"plies", 2}, {"file", nullptr}}}}), "") << "null is absent, as elsewhere";
  TournamentConfig flagged;  // --filter-engine over a config without random openings
  apply_json(minimal(), flagged);
  flagged.openings.filter_engine = "a";
  try {
    validate(flagged);
    ADD_FAILURE() << "a filter engine without random openings was accepted";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "openings.filter_engine: only for random openings (--openings-random or \"source\": \"random\")");
  }
  TournamentConfig later;  // the filter's settings in the file, its engine from --filter-engine
  apply_json(json::parse(R"({"engines": [{"name": "a", "command": "x"}, {"name": "b", "command": "y"}],
                             "openings": {"source": "random", "filter_max_score": 1}})"),
             later);
  later.openings.filter_engine = "b";
  EXPECT_NO_THROW(validate(later));
}

TEST(Config, EngineFieldsAreNamedWithTheirIndex) {
  auto with_engines = [](const json& engines) {
    TournamentConfig c;
    try {
      apply_json({{"engines", engines}}, c);
      validate(c);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","command":"x"},{"name":"b"}])")),
            "engines[1].command: engine 'b' needs a command");
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","command":"x"},{"name":"a","command":"y"}])")),
            "engines[1].name: 'a' is used by two engines");
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","command":"x","args":"-v"},{"name":"b","command":"y"}])")),
            "engines[0].args: expected an array of strings, got \"-v\"");
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","command":"x","options":{"Hash":[1]}},{"name":"b","command":"y"}])")),
            "engines[0].options.Hash: expected a string, an integer or true/false, got [1]");
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","command":"x","time_margin":5},{"name":"b","command":"y"}])")),
            "engines[0].time_margin: unknown field (did you mean 'time_margin_ms'?)");
  // The --engine flag's words copied into a file: "cmd" is nearer "dir" by spelling.
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","cmd":"x"},{"name":"b","command":"y"}])")),
            "engines[0].cmd: unknown field (did you mean 'command'?)");
  // Other tools' words: "arguments" is nearer nothing by spelling, "cwd" nearer "dir" only by meaning.
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","command":"x","arguments":["-v"]},{"name":"b","command":"y"}])")),
            "engines[0].arguments: unknown field (did you mean 'args'?)");
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","command":"x","cwd":"/tmp"},{"name":"b","command":"y"}])")),
            "engines[0].cwd: unknown field (did you mean 'dir'?)");
  EXPECT_EQ(with_engines(json::parse(R"([{"name":"a","command":"x"}])")), "engines: a tournament needs at least two engines");
  EXPECT_EQ(with_engines(json::parse(R"(["a","b"])")), "engines[0]: expected a JSON object, got \"a\"");
}

TEST(Config, SprtNeedsTwoEngines) {
  TournamentConfig c;
  apply_json(json::parse(R"({"engines":[{"name":"a","command":"x"},{"name":"b","command":"y"},{"name":"c","command":"z"}],
                             "sprt":{"elo0":0,"elo1":5}})"),
             c);
  EXPECT_THROW(validate(c), ConfigError);
}

TEST(Config, MoreGamesThanCoresIsWarnedAbout) {
  EXPECT_EQ(concurrency_warning(2, 2), "");
  EXPECT_EQ(concurrency_warning(8, 0), "") << "unknown core count: nothing to say";
  EXPECT_EQ(concurrency_warning(3, 2).rfind("Warning: concurrency 3 on 2 cores: ", 0), 0u);
  EXPECT_EQ(concurrency_warning(1, 2, true), "");
  EXPECT_EQ(concurrency_warning(2, 2, true).rfind("Warning: concurrency 2 with pondering (two engines think in a game) on 2 cores: ", 0), 0u);
}

TEST(Config, RoundsFromTheSamePositionAreNoted) {
  TournamentConfig cfg;
  cfg.rounds = 1;
  EXPECT_EQ(repeated_start_note(cfg), "");
  cfg.rounds = 20;
  EXPECT_EQ(repeated_start_note(cfg).rfind("Note: all 20 rounds start from the start position: ", 0), 0u);
  cfg.openings.source = OpeningsConfig::Source::Random;
  EXPECT_EQ(repeated_start_note(cfg), "");
  // More rounds than openings (a file of 6 positions, 8 rounds): said, not done silently.
  cfg.openings.source = OpeningsConfig::Source::File;
  cfg.rounds = 8;
  EXPECT_EQ(reused_openings_note(cfg, 6), "Note: 8 rounds from 6 openings: openings are used again in order, so some game pairs repeat an earlier pair's start.\n");
  EXPECT_EQ(reused_openings_note(cfg, 8), "");
  cfg.openings.source = OpeningsConfig::Source::Start;
  EXPECT_EQ(reused_openings_note(cfg, 1), "") << "the start position has its own note";
}

// The first line named the tournament's default clock even when every engine had its own.
TEST(Config, TheRunLineDescribesTheClocksInUse) {
  TournamentConfig cfg;
  apply_json(minimal(), cfg);
  EXPECT_EQ(describe_time_controls(cfg), "10+0.1");
  TimeControl depth;
  depth.depth = 3;
  cfg.engines[0].tc = depth;
  EXPECT_EQ(describe_time_controls(cfg), "10+0.1 (1 of 2 engines have their own)");
  cfg.engines[1].tc = depth;
  EXPECT_EQ(describe_time_controls(cfg), "time control per engine");
}

TEST(Config, TimeControlText) {
  std::string err;
  auto tc = parse_clock("40/60+0.5", err);
  ASSERT_TRUE(tc);
  EXPECT_EQ(tc->moves_per_period, 40);
  EXPECT_EQ(tc->base_ms, 60000);
  EXPECT_EQ(tc->increment_ms, 500);
  EXPECT_EQ(tc->describe(), "40/60+0.5");
  EXPECT_EQ(parse_clock("0.5+0.01", err)->describe(), "0.5+0.01");
  EXPECT_FALSE(parse_clock("1+x", err));
  EXPECT_FALSE(parse_clock("1+", err));  // a typo, once read as 1+0
  EXPECT_FALSE(parse_clock("40/1+", err));
  EXPECT_FALSE(parse_clock("0/1", err));
  EXPECT_FALSE(parse_clock("-1", err));
  EXPECT_FALSE(parse_clock("inf", err)->limited());
}

// A zero base was "not a time control" without a reason; the accepted forms stay in the message.
TEST(Config, AZeroBaseTimeSaysWhy) {
  std::string err;
  EXPECT_FALSE(parse_clock("0+0", err));
  EXPECT_EQ(err, "'0+0': the base time must be more than 0 (at least 0.001 s); expected seconds (at most a week) as in "
                 "\"10+0.1\", \"40/60+0\" or \"inf\"");
  EXPECT_FALSE(parse_clock("40/0+0", err));
  EXPECT_EQ(err.rfind("'40/0+0': the base time must be more than 0 (at least 0.001 s); expected seconds", 0), 0u) << err;
  EXPECT_FALSE(parse_clock("fast", err));
  EXPECT_EQ(err, "'fast' is not a time control; expected seconds (at most a week) as in \"10+0.1\", \"40/60+0\" or \"inf\"");
}

TEST(Config, EngineFlag) {
  auto e = arena::cli::parse_engine_flag("name=g cmd=/bin/g arg=-q arg=--x dir=/tmp option.Skill=3 margin=50 depth=4");
  EXPECT_EQ(e.name, "g");
  EXPECT_EQ(e.args, (std::vector<std::string>{"-q", "--x"}));
  EXPECT_EQ(e.options.at(0), (std::pair<std::string, std::string>{"Skill", "3"}));
  EXPECT_EQ(e.time_margin_ms, 50);
  EXPECT_EQ(e.tc->depth, 4);
  EXPECT_EQ(arena::cli::parse_engine_flag("cmd=build/bots/random-bot").name, "random-bot");
  // Double quotes keep blanks, anywhere in a word; \" and \\ inside them.
  auto q = arena::cli::parse_engine_flag(R"(cmd=python3 arg="sp dir/my bot.py" "option.Clear Hash=" option.UMI_Opponent="Deep \"S\" Sower\\" dir="a b")");
  EXPECT_EQ(q.args, (std::vector<std::string>{"sp dir/my bot.py"}));
  EXPECT_EQ(q.options.at(0), (std::pair<std::string, std::string>{"Clear Hash", ""}));
  EXPECT_EQ(q.options.at(1), (std::pair<std::string, std::string>{"UMI_Opponent", R"(Deep "S" Sower\)"}));
  EXPECT_EQ(q.dir, "a b");
  EXPECT_EQ(arena::cli::parse_engine_flag(R"(cmd=x arg="")").args, (std::vector<std::string>{""}));
  auto msg = [](const std::string& s) {
    try {
      arena::cli::parse_engine_flag(s);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(msg("name=x"), "--engine \"name=x\": needs cmd=<program>");
  EXPECT_EQ(msg(R"(cmd=x arg="a b)"), R"(--engine "cmd=x arg="a b": a double quote is not closed)");
  EXPECT_EQ(msg("cmd=x margin=soon"), "--engine: margin=soon is not an integer >= 0");
  EXPECT_EQ(msg("cmd=x restart=yes"), "--engine: restart=yes: expected on or off");
  EXPECT_TRUE(arena::cli::parse_engine_flag("cmd=x restart=on").restart);
  EXPECT_EQ(msg("cmd=x colour=red").rfind("--engine: unknown key 'colour'", 0), 0u);
}

// The shipped examples load and pass every check a run makes before starting an engine, and run
// only programs the build makes (or the Python bot).
TEST(Config, TheExampleConfigsAreValid) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(CONFIGS_DIR)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().string());
    ++files;
    TournamentConfig c;
    ASSERT_NO_THROW(apply_file(entry.path().string(), c));
    EXPECT_NO_THROW(validate(c));
    for (const auto& e : c.engines)
      EXPECT_TRUE(e.command == "build/engine/mancala-engine" || e.command == "build/bots/random-bot" ||
                  e.command == "build/bots/greedy-bot" || e.command == "python3")
          << e.command;
  }
  EXPECT_GE(files, 6);
}

// arena/README.md's reference config (its ```jsonc block) is read by the config reader: every
// field it names exists and has a value of the right form, so the reference cannot name a field
// the arena has dropped or renamed. Some of its fields exclude each other, as its comments say,
// so it is read in two forms that together hold every field.
TEST(Config, TheReadmeReferenceConfigIsReadAsItStands) {
  std::ifstream readme(ARENA_README);
  ASSERT_TRUE(readme) << ARENA_README;
  std::string line, block;
  bool inside = false;
  while (std::getline(readme, line)) {
    if (line == "```jsonc") inside = true;
    else if (inside && line == "```") break;
    else if (inside) block += line + "\n";
  }
  const json reference = json::parse(block, nullptr, /*allow_exceptions=*/false, /*ignore_comments=*/true);
  ASSERT_TRUE(reference.is_object()) << "no readable ```jsonc block in arena/README.md";
  ASSERT_TRUE(reference.contains("openings") && reference["openings"].contains("file"));

  json gauntlet_from_random = reference;  // gauntlet_players and sprt, random openings
  gauntlet_from_random["kind"] = "gauntlet";
  gauntlet_from_random["engines"].push_back({{"name", "second"}, {"command", "x"}});
  gauntlet_from_random["openings"].erase("file");
  gauntlet_from_random["openings"].erase("shuffle");
  json from_a_file = reference;  // openings.file and shuffle
  from_a_file.erase("gauntlet_players");
  from_a_file["openings"] = {{"source", "file"}, {"file", reference["openings"]["file"]},
                             {"shuffle", reference["openings"]["shuffle"]}};
  for (const json& form : {gauntlet_from_random, from_a_file}) {
    TournamentConfig c;
    std::string error;
    try {
      apply_json(form, c);
    } catch (const ConfigError& e) {
      error = e.what();
    }
    EXPECT_EQ(error, "") << form.dump();
  }
}

// An example that ponders: one engine with "ponder": true, which enters the schedule.
TEST(Config, PonderIsAnEngineFieldOfTheSchedule) {
  TournamentConfig c;
  apply_file(std::string(CONFIGS_DIR) + "/ponder.json", c);
  ASSERT_EQ(c.engines.size(), 2u);
  EXPECT_TRUE(c.engines[0].ponder);
  EXPECT_FALSE(c.engines[1].ponder);
  const json s = schedule_json(c);
  EXPECT_EQ(s["engines"][0]["ponder"], true);
  EXPECT_FALSE(s["engines"][1].contains("ponder")) << "off leaves the header as it was before pondering existed";
  EXPECT_THROW(apply_json(json::parse(R"({"engines": [{"name": "a", "command": "x", "ponder": "yes"}]})"), c), ConfigError);
}

TEST(Config, ScheduleJsonIgnoresRunDetails) {
  TournamentConfig a, b;
  apply_json(minimal(), a);
  apply_json(minimal(), b);
  b.concurrency = 8;
  b.output.report_every = 5;
  b.engines[0].restart = true;  // how engines are run, not which games: a resume may change it
  EXPECT_EQ(schedule_json(a), schedule_json(b));
  b.seed = 99;
  EXPECT_NE(schedule_json(a), schedule_json(b));
}

// A small file of brackets (140 KB nesting 70,000 deep) once overflowed the stack when the
// message about the wrong-typed value printed it: nesting is now bounded while parsing.
TEST(Config, DeeplyNestedJsonIsRefusedWithAMessage) {
  const auto path = std::filesystem::temp_directory_path() / ("arena-deep-" + std::to_string(::getpid()) + ".json");
  constexpr int kDepth = 100000;
  std::ofstream(path) << "{\"rounds\": " << std::string(kDepth, '[') << std::string(kDepth, ']') << "}";
  TournamentConfig c;
  try {
    apply_file(path.string(), c);
    ADD_FAILURE() << "accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), "config file '" + path.string() + "' nests its JSON more than 64 levels deep");
  }
  std::filesystem::remove(path);
}

namespace {

// The message of the ConfigError thrown by validating two engines given as --engine flags.
std::string flags_error(const std::string& first, const std::string& second = "name=b cmd=y") {
  TournamentConfig c;
  try {
    c.engines = {arena::cli::parse_engine_flag(first), arena::cli::parse_engine_flag(second)};
    validate(c);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// What the config file refuses, the --engine flag refuses too (an outside fuzzing review found
// the flag path unchecked), and names, paths and sizes that would break a run later are
// refused before it starts.
TEST(Config, LimitsNamesAndPathsAreCheckedWhateverTheSource) {
  EXPECT_EQ(flags_error("name=J\xfcrgen cmd=x"), "engines[0].name: is not UTF-8 text (results files store names as UTF-8)");
  EXPECT_EQ(flags_error("name=J\xc3\xbcrgen cmd=x"), "");
  const std::string not_printable = "engines[0].name: must be 1 to 64 bytes of printable text (no control characters, U+0080-U+009F included), got ";
  EXPECT_EQ(flags_error("name=J\xc2\x85rgen cmd=x"), not_printable + "\"J?rgen\"");  // a C1 control (NEL), which earlier arenas took
  EXPECT_EQ(flags_error("name=" + std::string(65, 'x') + " cmd=x"), not_printable + "\"" + std::string(65, 'x') + "\"");
  EXPECT_EQ(flags_error("name=a cmd=x depth=9223372036854775807"), "engines[0].time_control: depth is limited to 1000");
  EXPECT_EQ(flags_error("name=a cmd=x movetime=604800001"), "engines[0].time_control: times are limited to a week (604800 s)");
  EXPECT_EQ(flags_error("name=a cmd=x margin=604800001"), "engines[0].time_margin_ms: at most a week (604800000)");
  EXPECT_EQ(flags_error("name=a cmd=x option.Seed=3 option.seed=4"),
            "engines[0].options.seed: the option is set twice (names match regardless of case)");
  EXPECT_EQ(error_of(json::parse(R"({"engines": [{"name": "a", "command": "x", "options": {"Hash": 16, "hash": 32}}, {"name": "b", "command": "y"}]})")),
            "engines[0].options.hash: the option is set twice (names match regardless of case)");
  try {
    arena::cli::parse_engine_flag("name=g name=h cmd=x");
    ADD_FAILURE();
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), "--engine \"name=g name=h cmd=x\": 'name=' is given twice");
  }
  EXPECT_EQ(arena::cli::parse_engine_flag("cmd=x arg=1 arg=2").args.size(), 2u);
  // A NUL in a JSON string would cut the path where the system reads it.
  EXPECT_EQ(error_of(json::parse(R"({"engines": [{"name": "a", "command": "x\u0000junk"}, {"name": "b", "command": "y"}]})")),
            "engines[0].command: contains a NUL character");
  EXPECT_EQ(error_of(json::parse(R"({"output": {"dir": "/tmp\u0000/x"}})")), "output.dir: contains a NUL character");
  EXPECT_EQ(error_of({{"output", {{"results", std::string(201, 'r')}}}}),
            "output.results: at most 200 bytes (a .lock file goes beside it)");
  EXPECT_EQ(error_of({{"output", {{"dir", "/tmp/" + std::string(256, 'd')}}}}), "output.dir: a folder name longer than 255 bytes");
  EXPECT_EQ(error_of({{"rounds", 10'000'000}, {"engines", {{{"name", "a"}, {"command", "x"}}, {{"name", "b"}, {"command", "y"}},
                                                          {{"name", "c"}, {"command", "z"}}}}}),
            "rounds: 10000000 rounds make 60000000 games, more than one run plays (10000000); split them into runs with "
            "different seeds and rate the files together (arena ratings a.jsonl b.jsonl)");
  EXPECT_EQ(error_of({{"rounds", 2'500'000}}), "");
  EXPECT_EQ(error_of({{"rounds", 10'000'000}, {"sprt", {{"elo0", 0}, {"elo1", 5}}}}), "") << "an SPRT's rounds are a bound";
  // Clock text: at most a week, and nothing finer than the millisecond the clocks keep.
  std::string err;
  EXPECT_FALSE(parse_clock("1e7+1", err));
  EXPECT_FALSE(parse_clock("1+0.0001", err));
  EXPECT_EQ(err, "'1+0.0001': times below a millisecond (0.001) cannot be kept");
  EXPECT_FALSE(parse_clock("0.0004", err));
  EXPECT_EQ(parse_clock("604800+0.001", err)->increment_ms, 1);
}

namespace {

// Where apply_file says a config file's JSON goes wrong: its message from "parse error at".
std::string syntax_error_of(const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("arena-syntax-" + std::to_string(::getpid()) + ".json");
  std::ofstream(path, std::ios::binary) << text;
  std::string message;
  try {
    TournamentConfig c;
    apply_file(path.string(), c);
  } catch (const ConfigError& e) {
    message = e.what();
  }
  std::filesystem::remove(path);
  const auto at = message.find("parse error at ");
  return at == std::string::npos ? message : message.substr(at);
}

}  // namespace

// The JSON library reports column 0 when it stopped after looking past a line end: the column
// is now counted from the byte it stopped at, in characters from 1, and a bad newline inside a
// string is placed at the end of its own line.
TEST(Config, JsonSyntaxErrorsNameTheirLineAndColumn) {
  EXPECT_EQ(syntax_error_of("{\n  \"rounds\": 01\n}\n"),
            "parse error at line 2, column 14: syntax error while parsing object - unexpected number literal; expected '}'");
  EXPECT_EQ(syntax_error_of("{\r\n  \"rounds\": 01\r\n}\r\n").rfind("parse error at line 2, column 14: ", 0), 0u);
  EXPECT_EQ(syntax_error_of("{\n  \"name\": \"ab\ncd\"\n}\n").rfind("parse error at line 2, column 14: ", 0), 0u);
  EXPECT_EQ(syntax_error_of("{\"rounds\": 1,}").rfind("parse error at line 1, column 14: ", 0), 0u);
  EXPECT_EQ(syntax_error_of("{\"name\": \"\xC3\xA9\", x}").rfind("parse error at line 1, column 15: ", 0), 0u)
      << "é is one column";
  EXPECT_EQ(syntax_error_of("{\n  \"a\": 1").rfind("parse error at line 2, column 9: ", 0), 0u) << "the end of the input";
  EXPECT_EQ(syntax_error_of("").rfind("parse error at line 1, column 1: ", 0), 0u);
}

// "inf" was reported as no time control at all, though the user set one: the message now says
// that "inf" needs another limit, and whose "inf" it is.
TEST(Config, InfWithoutALimitSaysWhatItNeeds) {
  EXPECT_EQ(error_of({{"time_control", "inf"}}),
            "engines[0].time_control: the tournament's time_control \"inf\" (no clock) needs a depth, nodes or movetime "
            "limit for engine 'a' ({\"depth\": 8} in a config file, --depth 8 on the command line)");
  EXPECT_EQ(error_of({{"time_control", "inf"}, {"engines", {{{"name", "a"}, {"command", "x"}, {"time_control", {{"depth", 3}}}},
                                                           {{"name", "b"}, {"command", "y"}}}}}),
            "engines[1].time_control: the tournament's time_control \"inf\" (no clock) needs a depth, nodes or movetime "
            "limit for engine 'b' ({\"depth\": 8} in a config file, --depth 8 on the command line)");
  EXPECT_EQ(flags_error("name=a cmd=x tc=inf"),
            "engines[0].time_control: the engine's time_control \"inf\" (no clock) needs a depth, nodes or movetime limit "
            "for engine 'a' ({\"depth\": 8} in a config file, depth=8 in --engine)");
  EXPECT_EQ(flags_error("name=a cmd=x tc=inf depth=3"), "");
}

// A time control in periods is part of the schedule with its period: "40/60+0" and "60+0" are
// different tournaments, and a resume must not mix their games.
TEST(Config, TheMovesPerPeriodArePartOfTheSchedule) {
  TournamentConfig a, b;
  apply_json(minimal(), a);
  apply_json(minimal(), b);
  std::string err;
  a.tc = *parse_clock("40/60+0", err);
  b.tc = *parse_clock("60+0", err);
  EXPECT_NE(schedule_json(a), schedule_json(b));
  EXPECT_EQ(parse_tc_json(tc_json(a.tc), "time_control").describe(), "40/60+0") << "the header reads back as written";
}

// Seconds are decimal text, milliseconds whole: each is rounded to the nearest millisecond,
// not cut (1.001 s is 1000.9999... ms in binary floating point).
TEST(Config, DecimalSecondsBecomeExactMilliseconds) {
  std::string err;
  const auto tc = parse_clock("2.002+1.001", err);
  ASSERT_TRUE(tc) << err;
  EXPECT_EQ(tc->base_ms, 2002);
  EXPECT_EQ(tc->increment_ms, 1001);
  EXPECT_EQ(tc->describe(), "2.002+1.001");
}
