#include "tournament/tournament.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string_view>
#include <thread>

#include "config/config_json.h"
#include "openings/openings.h"
#include "output/console.h"
#include "output/standings.h"
#include "rules/variant.h"
#include "tournament/preflight.h"
#include "tournament/results_file.h"
#include "tournament/resume_check.h"
#include "tournament/runner.h"
#include "tournament/schedule.h"

namespace arena::tournament {

namespace fs = std::filesystem;
using config::ConfigError;
using nlohmann::json;

namespace {

json opening_json(const match::Opening& o) { return {{"position", o.position}, {"moves", o.moves}}; }

// The openings a results file's header gives, checked as an openings file's are: one of another
// variant (or a finished game) would be played and recorded as this variant's games.
std::vector<match::Opening> header_openings(const json& header, const std::string& variant, const std::string& path) {
  const std::string damaged = "the results file '" + path + "' has a damaged header";
  const auto read = openings_of(header);
  if (!read) throw ResultsError(damaged + " (openings)");
  const std::vector<match::Opening>& openings = *read;
  if (openings.empty()) throw ResultsError(damaged + " (no openings)");
  for (std::size_t i = 0; i < openings.size(); ++i)
    if (const auto fault = openings::opening_fault(openings[i], variant))
      throw ResultsError(damaged + ": openings[" + std::to_string(i) + "]: " + *fault);
  return openings;
}

// A path as a POSIX shell and a command line read it back: quoted when it holds anything but
// plain path characters.
std::string shell_path(std::string word) {
  if (word.starts_with('-')) word = "./" + word;  // a path, not an option: "-o/x.jsonl" would read as -o
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("/._-+,:@%=").find(static_cast<char>(c)) != std::string_view::npos;
  });
  if (plain) return word;
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// After an overnight run, "time_forfeit 3" asks "which games?": the command that lists them.
std::string faults_hint(const output::Standings& s, const std::string& program, const std::string& path) {
  std::string flags;
  for (const auto& [reason, count] : s.terminations)
    if (const auto t = match::termination_from_name(reason); t && match::is_fault(*t)) flags += " --termination " + reason;
  return flags.empty() ? "" : "The games lost by a fault: " + shell_path(program) + " games " + shell_path(path) + flags + "\n";
}

Schedule make_schedule(const config::TournamentConfig& cfg, const std::vector<match::Opening>& openings) {
  return Schedule(cfg.kind, static_cast<int>(cfg.engines.size()), cfg.gauntlet_players, cfg.rounds,
                  static_cast<int>(openings.size()), cfg.seed);
}

}  // namespace

std::string prepare_output(const config::TournamentConfig& cfg) {
  std::error_code ec;
  fs::create_directories(cfg.output.dir, ec);
  if (!fs::is_directory(cfg.output.dir))
    throw ConfigError("output.dir: cannot create the folder '" + cfg.output.dir + "'" + (ec ? ": " + ec.message() : std::string()));
  const fs::path dir = fs::canonical(cfg.output.dir);
  const fs::path results = fs::weakly_canonical(cfg.results_path());
  if (results.parent_path() != dir)
    throw ConfigError("output.results: '" + cfg.results_path() + "' leads outside the output folder '" + dir.string() + "'");
  if (cfg.output.log_traffic || cfg.output.log_stderr) {
    fs::create_directories(dir / "logs", ec);
    if (!fs::is_directory(dir / "logs") || fs::canonical(dir / "logs").parent_path() != dir)
      throw ConfigError("output.dir: cannot create the log folder '" + (dir / "logs").string() + "'");
  }
  return cfg.results_path();
}

RunSummary run(const config::TournamentConfig& cfg, const RunEnv& env) {
  config::validate(cfg);
  const std::string variant = mancala::parse_variant(cfg.variant)->spec();
  const std::string path = prepare_output(cfg);
  const ResultsLock lock(path);
  // As it will read back from the file (text that is not UTF-8 is stored replaced).
  const json tournament = json::parse(dump_line(config::schedule_json(cfg)));

  std::vector<match::Opening> openings;
  std::vector<match::GameRecord> existing;
  std::optional<ResultsWriter> writer;
  output::Console console(*env.out, env.terminal && cfg.output.progress);

  if (fs::exists(path)) {
    auto content = read_results(path);
    if (content.header.value("tournament", json()) != tournament) {
      // A mistake in the config (a mistyped program, an unreadable openings file, an option
      // value out of range) also makes it differ: name that first, not the file.
      preflight(cfg, *env.registry, variant, console);
      if (cfg.openings.source == config::OpeningsConfig::Source::File) openings::load_file(cfg.openings.file, variant);
      const auto diff = first_difference(content.header.value("tournament", json::object()), tournament);
      // More rounds is the change most often meant as "play more games": say how that is done.
      const json& file_rounds = content.header.value("tournament", json::object()).value("rounds", json());
      const bool more_rounds = diff.rfind("'rounds'", 0) == 0 && file_rounds.is_number_integer() && file_rounds.get<std::int64_t>() < cfg.rounds;
      throw ConfigError("the results file '" + path + "' belongs to a different tournament" + (diff.empty() ? "" : " (" + diff + ")") +
                        "; refusing to add to it. Choose another output.results, or move the file away to start afresh" +
                        (more_rounds ? std::string(". To add games to it, run with another seed and output.results, then rate both "
                                                   "files together: arena ratings <this file> <the new one>")
                                     : std::string()));
    }
    openings = header_openings(content.header, variant, path);
    existing = std::move(content.games);
    // Before anything touches the file: a refused file stays byte for byte as it was.
    check_recorded_games(make_schedule(cfg, openings), existing, cfg, variant, openings, path);
    preflight(cfg, *env.registry, variant, console);
    writer.emplace(ResultsWriter::append_to(path, content.good_bytes));
    console.print("Resuming '" + path + "': " + std::to_string(existing.size()) + " games already recorded" +
                  (content.torn_tail ? " (an unfinished last line was dropped)" : "") + ".\n");
    // The anchor only names the zero of the Elo scale, so a new one is no reason to refuse, but
    // the file keeps the one it was started with, and `arena ratings` uses that.
    const std::string file_anchor = content.anchor();
    if (file_anchor != cfg.anchor)
      console.print("Note: this run's tables put " + (cfg.anchor.empty() ? std::string("the mean") : "'" + cfg.anchor + "'") +
                    " at 0; the file was started with " +
                    (file_anchor.empty() ? std::string("the mean") : "'" + file_anchor + "'") +
                    ", which `arena ratings` uses unless given --anchor.\n");
  } else {
    preflight(cfg, *env.registry, variant, console);
    openings = make_openings(cfg, *env.registry, variant);
    json header = {{"type", "header"}, {"format", kResultsFormat}, {"version", kResultsVersion}, {"tournament", tournament}};
    json ops = json::array();
    for (const auto& o : openings) ops.push_back(opening_json(o));
    header["openings"] = ops;
    if (!cfg.anchor.empty()) header["anchor"] = cfg.anchor;  // (not part of the schedule: for `arena ratings`)
    writer.emplace(ResultsWriter::create(path, header));
  }
  if (openings.empty()) throw ConfigError("no openings");

  const Schedule schedule = make_schedule(cfg, openings);
  console.print("Tournament '" + cfg.name + "': " + std::to_string(cfg.engines.size()) + " engines, " + variant + ", " +
                std::to_string(schedule.size()) + " games, " + config::describe_time_controls(cfg) + ", concurrency " +
                std::to_string(cfg.concurrency) + ", seed " + std::to_string(cfg.seed) + "\nResults: " + path + "\n" +
                config::concurrency_warning(cfg.concurrency, std::thread::hardware_concurrency(),
                                            std::any_of(cfg.engines.begin(), cfg.engines.end(), [](const auto& e) { return e.ponder; })) +
                config::repeated_start_note(cfg) + config::reused_openings_note(cfg, openings.size()));

  const GamesPlayed played = play_games(cfg, env, variant, openings, schedule, std::move(*writer), std::move(existing), console);
  const RunSummary& summary = played.summary;

  std::vector<std::string> names;
  for (const auto& e : cfg.engines) names.push_back(e.name);
  const auto s = output::compute(names, played.records, cfg.anchor);
  std::string text = "\n" + output::format_standings(s) + "\n" + output::format_crosstable(s) + "\n" + output::format_terminations(s);
  const auto h2h = output::format_head_to_head(s, cfg.sprt);
  if (!h2h.empty()) text += h2h;
  if (summary.outcome == Outcome::Interrupted)
    text += "\nInterrupted: " + std::to_string(summary.games_recorded) + " of " + std::to_string(summary.games_total) +
            " games are recorded in " + path + ". Run the same command again to resume.\n";
  else if (summary.outcome == Outcome::SprtDecided)
    text += "\nSPRT decided after " + std::to_string(summary.games_recorded) + " games; stopped.\n";
  console.print(text + faults_hint(s, env.program, path));
  return summary;
}

}  // namespace arena::tournament
