// `arena run [config.json] [flags]`: a tournament from a config file, flags overriding it.
#include <unistd.h>

#include <cmath>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/engine_flag.h"
#include "config/config_json.h"
#include "engine/engine_client.h"
#include "protocol/umi.h"
#include "stats/sprt.h"
#include "tournament/results_file.h"
#include "tournament/tournament.h"
#include "text/tokens.h"
#include "text/cli_number.h"

namespace arena::cli {

namespace {

struct RunFlags {
  std::optional<std::string> config_file;
  std::optional<std::string> name, kind, variant, tc, out, results, openings_file, sprt, sprt_model, anchor, filter_engine;
  std::vector<std::string> engines;
  std::optional<int> rounds, concurrency, max_moves, report_every, openings_random, gauntlet_players;
  std::optional<std::string> seed;  // read strictly: CLI11 would clamp 99999999999999999999 to 2^63-1
  std::optional<std::int64_t> movetime, depth, nodes;
  bool decided = false, log_traffic = false, log_stderr = false, no_progress = false;
};

config::SprtConfig parse_sprt_flag(const std::string& text) {
  std::vector<double> v;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    try {
      std::size_t used = 0;
      v.push_back(std::stod(part, &used));
      if (used != part.size()) throw std::invalid_argument(part);
    } catch (const std::exception&) {
      throw config::ConfigError("--sprt: '" + part + "' is not a number; expected elo0,elo1[,alpha,beta]");
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (v.size() != 2 && v.size() != 4) throw config::ConfigError("--sprt: expected elo0,elo1 or elo0,elo1,alpha,beta");
  config::SprtConfig s;
  s.elo0 = v[0];
  s.elo1 = v[1];
  if (v.size() == 4) s.alpha = v[2], s.beta = v[3];
  if (!(std::abs(s.elo0) <= stats::Sprt::kMaxElo && std::abs(s.elo1) <= stats::Sprt::kMaxElo))
    throw config::ConfigError("--sprt: elo0 and elo1 must lie within -1000..1000");
  if (!(s.elo0 < s.elo1)) throw config::ConfigError("--sprt: elo1 must be greater than elo0");
  if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5)) throw config::ConfigError("--sprt: alpha and beta must lie in (0, 0.5)");
  return s;
}

config::TournamentConfig build(const RunFlags& f) {
  config::TournamentConfig c;
  if (f.config_file) {
    if (f.config_file->empty()) throw config::ConfigError("the config file's path is empty");
    config::apply_file(*f.config_file, c);
  }
  if (f.name) c.name = *f.name;
  if (f.kind) config::apply_json({{"kind", *f.kind}}, c);
  if (f.variant) c.variant = *f.variant;
  if (!f.engines.empty()) {
    c.engines.clear();
    for (const auto& e : f.engines) c.engines.push_back(parse_engine_flag(e));
  }
  if (f.gauntlet_players) c.gauntlet_players = *f.gauntlet_players, c.gauntlet_players_given = true;
  if (f.rounds) c.rounds = *f.rounds;
  if (f.tc || f.movetime || f.depth || f.nodes) {
    config::TimeControl tc;
    if (f.tc) {
      std::string err;
      auto clock = config::parse_clock(*f.tc, err);
      if (!clock) throw config::ConfigError("--tc: " + err);
      tc = *clock;
    }
    if (f.movetime) tc.movetime_ms = *f.movetime;
    if (f.depth) tc.depth = *f.depth;
    if (f.nodes) tc.nodes = *f.nodes;
    c.tc = tc;
  }
  if (f.concurrency) c.concurrency = *f.concurrency;
  if (f.seed) {
    const auto seed = mancala::text::parse_integer(*f.seed);
    if (!seed || *seed < 0) throw config::ConfigError("--seed: expected an integer 0.." + std::to_string(INT64_MAX) + ", got '" + *f.seed + "'");
    c.seed = static_cast<std::uint64_t>(*seed);
  }
  if (f.openings_file && f.openings_random)
    throw config::ConfigError("--openings-file and --openings-random: give one source of openings");
  if (f.openings_file) {  // replaces the file's openings, random ones with their filter too
    c.openings.source = config::OpeningsConfig::Source::File;
    c.openings.file = *f.openings_file;
    c.openings.filter_engine.clear();
    c.openings.filter_settings_given = false;
  }
  if (f.openings_random) {
    c.openings.source = config::OpeningsConfig::Source::Random;
    c.openings.plies = *f.openings_random;
  }
  if (f.filter_engine) c.openings.filter_engine = *f.filter_engine;
  if (f.max_moves) c.adjudication.max_moves = *f.max_moves;
  if (f.decided) c.adjudication.decided = true;
  if (f.sprt) {  // the file's Elo model stays unless --sprt-model says otherwise
    const bool normalized = c.sprt && c.sprt->normalized;
    c.sprt = parse_sprt_flag(*f.sprt);
    c.sprt->normalized = normalized;
  }
  if (f.sprt_model) {
    if (!c.sprt) throw config::ConfigError("--sprt-model: no SPRT test (give --sprt or a config with sprt)");
    c.sprt->normalized = *f.sprt_model == "normalized";
  }
  if (f.anchor) c.anchor = *f.anchor;
  if (f.out) c.output.dir = *f.out;
  if (f.results) c.output.results = *f.results;
  if (f.log_traffic) c.output.log_traffic = true;
  if (f.log_stderr) c.output.log_stderr = true;
  if (f.report_every) c.output.report_every = *f.report_every;
  if (f.no_progress) c.output.progress = false;
  config::validate(c);
  return c;
}

}  // namespace

Handler add_run(CLI::App& app, process::ChildRegistry& registry, std::string program) {
  auto f = std::make_shared<RunFlags>();
  auto* sub = app.add_subcommand("run", "Play a tournament (from a JSON config file; flags override it)");
  // (No existence check here: CLI11 would run it before reporting a mistyped flag, so
  // '--roundz 3' read as "config file '3' does not exist". apply_file names a missing file.)
  sub->add_option("config", f->config_file, "Tournament config file (JSON), e.g. configs/default.json");
  sub->add_option("--name", f->name, "Tournament name (default results file: <out>/<name>.jsonl)");
  sub->add_option("--kind", f->kind, "round-robin or gauntlet");
  mancala::text::add_whole_number(*sub, "--gauntlet-players", f->gauntlet_players, "Gauntlet: the first N engines play all others", 1, 1000);
  sub->add_option("--variant", f->variant, "Variant spec, e.g. kalah(6,4), mangala, bedouin");
  one_value_each(sub->add_option("--engine", f->engines,
                  "An engine (repeatable; replaces the config's engines): \"name=N cmd=PATH [arg=A]... [dir=D] "
                  "[option.X=V]... [margin=MS] [restart=on|off] [ponder=on|off] [tc=..] [depth=..] [movetime=..] [nodes=..]\"; "
                  "double quotes keep blanks in a value: arg=\"my bot.py\""));
  mancala::text::add_whole_number(*sub, "--rounds", f->rounds, "Colour-swapped game pairs per engine pair", 1, 10'000'000);
  sub->add_option("--tc", f->tc, "Clock in seconds: base+increment, moves/base+increment, or inf (e.g. 1+0.01)");
  mancala::text::add_whole_number(*sub, "--movetime", f->movetime, "Fixed time per move (ms)", 1, config::kMaxTimeMs);
  mancala::text::add_whole_number(*sub, "--depth", f->depth, "Fixed search depth", 1, config::kMaxDepth);
  mancala::text::add_whole_number(*sub, "--nodes", f->nodes, "Fixed node count", 1, config::kMaxNodes);
  mancala::text::add_whole_number(*sub, "--concurrency,-j", f->concurrency, "Games played in parallel", 1, 1024);
  sub->add_option("--seed", f->seed, "Seed for the schedule and random openings (0..2^63-1)");
  sub->add_option("--openings-file", f->openings_file, "Openings: a file of positions (one per line)");
  mancala::text::add_whole_number(*sub, "--openings-random", f->openings_random, "Openings: N random moves from the start", 1, 200);
  sub->add_option("--filter-engine", f->filter_engine, "Random openings: keep those this engine finds balanced");
  mancala::text::add_whole_number(*sub, "--max-moves", f->max_moves, "Adjudicate a draw after this many moves (0 = off)", 0, 1'000'000);
  sub->add_flag("--adjudicate-decided", f->decided, "A side holding more than half the seeds wins at once");
  sub->add_option("--sprt", f->sprt, "Head-to-head SPRT: elo0,elo1[,alpha,beta] (stops when decided)");
  sub->add_option("--sprt-model", f->sprt_model, "SPRT Elo model: logistic (default) or normalized")
      ->check(CLI::IsMember({"logistic", "normalized"}));
  sub->add_option("--anchor", f->anchor, "Engine rated 0 in the rating fit (default: mean 0)");
  sub->add_option("--out", f->out, "Output folder (results file and logs go inside it)");
  sub->add_option("--results", f->results, "Results file name inside the output folder");
  sub->add_flag("--log-traffic", f->log_traffic, "Log the protocol traffic of every engine (in <out>/logs/)");
  sub->add_flag("--log-stderr", f->log_stderr, "Log every engine's stderr (in <out>/logs/)");
  mancala::text::add_whole_number(*sub, "--report-every", f->report_every, "Print the standings every N games", 0, 1'000'000'000);
  sub->add_flag("--no-progress", f->no_progress, "No live progress line");

  return [f, &registry, program = std::move(program)]() -> int {
    config::TournamentConfig cfg;
    try {
      cfg = build(*f);
    } catch (const config::ConfigError& e) {
      std::cerr << "arena run: " << e.what() << "\n";
      return 2;
    }
    try {
      tournament::RunEnv env{&registry, &std::cout, ::isatty(STDOUT_FILENO) == 1, program};
      const auto summary = tournament::run(cfg, env);
      return summary.outcome == tournament::Outcome::Interrupted ? 130 : 0;
    } catch (const config::ConfigError& e) {
      // Ctrl-C kills the engines, which then look broken (a filter judge "exited"): say why.
      std::cerr << "arena run: " << (registry.interrupted() ? "interrupted" : e.what()) << "\n";
      return registry.interrupted() ? 130 : 2;
    } catch (const tournament::ResultsError& e) {
      std::cerr << "arena run: " << e.what() << "\n";
      return 3;
    } catch (const engine::EngineUnavailable& e) {
      std::cerr << "arena run: " << e.what() << ", though it started earlier in this run. The run stopped; every "
                << "game finished so far is recorded (the one that could not start is not): mend it and run the same "
                << "command to resume.\n";
      return 2;
    } catch (const std::exception& e) {  // a log file that cannot be opened, no memory, ...
      std::cerr << "arena run: " << e.what() << "\n";
      return 3;
    }
  };
}

}  // namespace arena::cli
