#include "config/config.h"

#include <cmath>
#include <set>
#include <utility>

#include "rules/variant.h"
#include "stats/sprt.h"

namespace arena::config {

std::string TournamentConfig::results_path() const {
  return output.dir + "/" + (output.results.empty() ? name + ".jsonl" : output.results);
}

namespace {

bool plain_file_name(const std::string& s) {
  return !s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos && s.find('\0') == std::string::npos;
}

bool printable(const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return false;
  return true;
}

}  // namespace

void validate(const TournamentConfig& c) {
  if (!plain_file_name(c.name) || !printable(c.name))
    throw ConfigError("name: must be a plain name (no '/', no control characters), got \"" + c.name + "\"");
  if (auto v = mancala::parse_variant(c.variant); !v) throw ConfigError("variant: " + v.error());
  if (c.engines.size() < 2) throw ConfigError("engines: a tournament needs at least two engines");
  std::set<std::string> names;
  for (std::size_t i = 0; i < c.engines.size(); ++i) {
    const auto& e = c.engines[i];
    const std::string at = "engines[" + std::to_string(i) + "]";
    if (e.name.empty() || !printable(e.name) || e.name.size() > 64)
      throw ConfigError(at + ".name: must be 1 to 64 printable characters");
    if (!names.insert(e.name).second) throw ConfigError(at + ".name: '" + e.name + "' is used by two engines");
    if (e.command.empty()) throw ConfigError(at + ".command: must not be empty");
    for (const auto& [k, v] : e.options) {
      if (k.empty() || !printable(k)) throw ConfigError(at + ".options: an option name is empty or has control characters");
      if (!printable(v)) throw ConfigError(at + ".options." + k + ": the value has control characters");
    }
    if (!c.tc_for(e).limited())
      throw ConfigError(at + ".time_control: engine '" + e.name +
                        "' has no time control; set time_control for the tournament or the engine");
  }
  if (c.kind != Kind::Gauntlet && c.gauntlet_players_given)  // a round robin would ignore it silently
    throw ConfigError("gauntlet_players: only for a gauntlet (\"kind\": \"gauntlet\", or --kind gauntlet)");
  if (c.kind == Kind::Gauntlet && c.gauntlet_players >= static_cast<int>(c.engines.size()))
    throw ConfigError("gauntlet_players: must be smaller than the number of engines (" + std::to_string(c.engines.size()) + ")");
  if (c.sprt) {
    if (c.engines.size() != 2) throw ConfigError("sprt: an SPRT test needs exactly two engines");
    if (c.kind != Kind::RoundRobin) throw ConfigError("sprt: an SPRT test is a head-to-head match, not a gauntlet");
    // The limits of stats::Sprt::create, named here: a test it refused would silently not run.
    constexpr double kMaxSprtElo = stats::Sprt::kMaxElo;
    const SprtConfig& s = *c.sprt;
    for (const auto& [name, elo] : {std::pair{"elo0", s.elo0}, std::pair{"elo1", s.elo1}})
      if (!(std::abs(elo) <= kMaxSprtElo))
        throw ConfigError(std::string("sprt.") + name + ": must lie within -" + std::to_string(int(kMaxSprtElo)) + ".." +
                          std::to_string(int(kMaxSprtElo)));
    if (!(s.elo0 < s.elo1)) throw ConfigError("sprt.elo1: must be greater than sprt.elo0");
    for (const auto& [name, p] : {std::pair{"alpha", s.alpha}, std::pair{"beta", s.beta}})
      if (!(p > 0 && p < 0.5)) throw ConfigError(std::string("sprt.") + name + ": must lie between 0 and 0.5 (exclusive)");
  }
  if (!c.anchor.empty() && !names.count(c.anchor)) throw ConfigError("anchor: no engine is named '" + c.anchor + "'");
  if (!c.openings.filter_engine.empty() && c.openings.source != OpeningsConfig::Source::Random)
    throw ConfigError("openings.filter_engine: only for random openings (--openings-random or \"source\": \"random\")");
  if (!c.openings.filter_engine.empty() && !names.count(c.openings.filter_engine))
    throw ConfigError("openings.filter_engine: no engine is named '" + c.openings.filter_engine + "'");
  if (c.output.dir.empty()) throw ConfigError("output.dir: must not be empty");
  if (!c.output.results.empty() && !plain_file_name(c.output.results))
    throw ConfigError("output.results: must be a file name inside output.dir (no '/'), got \"" + c.output.results + "\"");
}

std::string concurrency_warning(int concurrency, unsigned cores) {
  if (cores == 0 || concurrency <= static_cast<int>(cores)) return "";
  return "Warning: concurrency " + std::to_string(concurrency) + " on " + std::to_string(cores) +
         " cores: engines may wait for a CPU while their clocks run, so a time forfeit may not be "
         "the engine's fault.\n";
}

std::string repeated_start_note(const TournamentConfig& cfg) {
  if (cfg.openings.source != OpeningsConfig::Source::Start || cfg.rounds <= 1) return "";
  return "Note: all " + std::to_string(cfg.rounds) +
         " rounds start from the start position: engines without randomness repeat their games, and "
         "repeated games are not independent results. Random openings (--openings-random N) or an "
         "openings file give each round its own.\n";
}

std::string reused_openings_note(const TournamentConfig& cfg, std::size_t openings) {
  if (cfg.openings.source == OpeningsConfig::Source::Start || openings == 0 || static_cast<std::size_t>(cfg.rounds) <= openings)
    return "";
  return "Note: " + std::to_string(cfg.rounds) + " rounds from " + std::to_string(openings) +
         (openings == 1 ? " opening" : " openings") +
         ": openings are used again in order, so some game pairs repeat an earlier pair's start.\n";
}

std::string describe_time_controls(const TournamentConfig& cfg) {
  std::size_t own = 0;
  for (const auto& e : cfg.engines) own += e.tc.has_value();
  if (own == 0) return cfg.tc.describe();
  if (own == cfg.engines.size()) return "time control per engine";
  return cfg.tc.describe() + " (" + std::to_string(own) + " of " + std::to_string(cfg.engines.size()) +
         " engines have their own)";
}

}  // namespace arena::config
