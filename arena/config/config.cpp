#include "config/config.h"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>
#include <utility>

#include "rules/variant.h"
#include "stats/sprt.h"
#include "text/tokens.h"

namespace arena::config {

std::string TournamentConfig::results_path() const {
  return output.dir + "/" + (output.results.empty() ? name + ".jsonl" : output.results);
}

namespace {

bool plain_file_name(const std::string& s) {
  return !s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos && s.find('\0') == std::string::npos;
}

bool printable(const std::string& s) { return mancala::text::printable(s) == s; }

// Names are stored in the results file as JSON, which holds only UTF-8: a name in another
// encoding (Latin-1 from a shell flag) would come back changed and no longer match on resume.
bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 && c >= 0xC2 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 && c <= 0xF4 ? 3 : -1;
    if (extra < 0 || i + static_cast<std::size_t>(extra) >= s.size()) return false;
    for (int k = 1; k <= extra; ++k)
      if ((static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0xC0) != 0x80) return false;
    if (extra == 2) {  // no overlong forms, no UTF-16 surrogates
      const auto c1 = static_cast<unsigned char>(s[i + 1]);
      if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0)) return false;
    }
    if (extra == 3) {
      const auto c1 = static_cast<unsigned char>(s[i + 1]);
      if ((c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90)) return false;
    }
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
}

// A NUL inside a JSON string ("greedy-bot\u0000junk") would silently cut the path at the
// operating system, which reads strings up to their first NUL.
void refuse_nul(const std::string& s, const std::string& at) {
  if (s.find('\0') != std::string::npos) throw ConfigError(at + ": contains a NUL character");
}


void check_limits(const TimeControl& tc, const std::string& at) {
  if (const auto why = out_of_range(tc); !why.empty()) throw ConfigError(at + ": " + why);
}

// A file name the system can create with the ".lock" beside it (NAME_MAX is 255 bytes).
constexpr std::size_t kMaxFileName = 200;

}  // namespace

void validate(const TournamentConfig& c) {
  if (!plain_file_name(c.name) || !printable(c.name) || !valid_utf8(c.name))
    throw ConfigError("name: must be a plain name (no '/', no control characters, UTF-8), got \"" + c.name + "\"");
  if (c.name.size() > kMaxFileName) throw ConfigError("name: at most " + std::to_string(kMaxFileName) + " bytes (it names the results file)");
  check_limits(c.tc, "time_control");
  if (auto v = mancala::parse_variant(c.variant); !v) throw ConfigError("variant: " + v.error());
  if (c.engines.size() < 2) throw ConfigError("engines: a tournament needs at least two engines");
  std::set<std::string> names;
  for (std::size_t i = 0; i < c.engines.size(); ++i) {
    const auto& e = c.engines[i];
    const std::string at = "engines[" + std::to_string(i) + "]";
    if (e.name.empty() || !printable(e.name) || e.name.size() > 64)
      throw ConfigError(at + ".name: must be 1 to 64 bytes of printable text (no control characters, U+0080-U+009F "
                        "included), got \"" + e.name + "\"");  // (ConfigError shows each control as '?')
    if (!valid_utf8(e.name)) throw ConfigError(at + ".name: is not UTF-8 text (results files store names as UTF-8)");
    if (!names.insert(e.name).second) throw ConfigError(at + ".name: '" + e.name + "' is used by two engines");
    if (e.command.empty()) throw ConfigError(at + ".command: must not be empty");
    refuse_nul(e.command, at + ".command");
    for (std::size_t a = 0; a < e.args.size(); ++a) refuse_nul(e.args[a], at + ".args[" + std::to_string(a) + "]");
    refuse_nul(e.dir, at + ".dir");
    std::set<std::string> option_names;  // matched without regard to case, as engines match them
    for (const auto& [k, v] : e.options) {
      if (k.empty() || !printable(k)) throw ConfigError(at + ".options: an option name is empty or has control characters");
      if (!printable(v)) throw ConfigError(at + ".options." + k + ": the value has control characters");
      if (!option_names.insert(mancala::text::to_lower(k)).second)
        throw ConfigError(at + ".options." + k + ": the option is set twice (names match regardless of case)");
      // Pondering sets Ponder to true (PROTOCOL.md section 3): another value contradicts it.
      if (e.ponder && mancala::text::iequals(k, "Ponder") && !mancala::text::iequals(v, "true"))
        throw ConfigError(at + ".options." + k + ": '" + v + "' contradicts \"ponder\": true (pondering sets Ponder to true)");
    }
    if (e.time_margin_ms > kMaxTimeMs) throw ConfigError(at + ".time_margin_ms: at most a week (" + std::to_string(kMaxTimeMs) + ")");
    if (e.tc) check_limits(*e.tc, at + ".time_control");
    // Only "inf" (no clock) makes an unlimited time control: a time_control object needs a limit.
    if (!c.tc_for(e).limited())
      throw ConfigError(at + ".time_control: " + (e.tc ? "the engine's" : "the tournament's") +
                        " time_control \"inf\" (no clock) needs a depth, nodes or movetime limit for engine '" + e.name +
                        "' ({\"depth\": 8} in a config file, " + (e.tc ? "depth=8 in --engine)" : "--depth 8 on the command line)"));
  }
  if (c.kind != Kind::Gauntlet && c.gauntlet_players_given)  // a round robin would ignore it silently
    throw ConfigError("gauntlet_players: only for a gauntlet (\"kind\": \"gauntlet\", or --kind gauntlet)");
  if (c.kind == Kind::Gauntlet && c.gauntlet_players >= static_cast<int>(c.engines.size()))
    throw ConfigError("gauntlet_players: must be smaller than the number of engines (" + std::to_string(c.engines.size()) + ")");
  // The schedule and the records are held in memory: about 300 bytes a game by the end. An
  // SPRT's rounds are only a bound it usually stops far below (two engines: at most 20,000,000).
  constexpr long double kMaxGames = 10'000'000;
  const long double n = static_cast<long double>(c.engines.size());
  const long double pairings = c.kind == Kind::Gauntlet ? c.gauntlet_players * (n - c.gauntlet_players) : n * (n - 1) / 2;
  if (!c.sprt && pairings * c.rounds * 2 > kMaxGames)
    throw ConfigError("rounds: " + std::to_string(c.rounds) + " rounds make " + std::to_string(static_cast<long long>(pairings * c.rounds * 2)) +
                      " games, more than one run plays (10000000); split them into runs with different seeds and rate "
                      "the files together (arena ratings a.jsonl b.jsonl)");
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
  if (c.openings.filter_settings_given && c.openings.filter_engine.empty())  // (random openings: the file's parse checks that)
    throw ConfigError("openings.filter_depth, openings.filter_max_score: only with a filter engine (\"filter_engine\" or "
                      "--filter-engine); without one no opening is filtered");
  if (!c.openings.filter_engine.empty() && !names.count(c.openings.filter_engine))
    throw ConfigError("openings.filter_engine: no engine is named '" + c.openings.filter_engine + "'");
  refuse_nul(c.openings.file, "openings.file");
  if (c.output.dir.empty()) throw ConfigError("output.dir: must not be empty");
  refuse_nul(c.output.dir, "output.dir");
  for (const auto& part : std::filesystem::path(c.output.dir))
    if (part.string().size() > 255) throw ConfigError("output.dir: a folder name longer than 255 bytes");
  if (c.output.results.size() > kMaxFileName)
    throw ConfigError("output.results: at most " + std::to_string(kMaxFileName) + " bytes (a .lock file goes beside it)");
  if (!c.output.results.empty() && (!plain_file_name(c.output.results) || !printable(c.output.results)))
    throw ConfigError("output.results: must be a file name inside output.dir (no '/', no control characters), got \"" +
                      c.output.results + "\"");
}

std::string concurrency_warning(int concurrency, unsigned cores, bool pondering) {
  const long thinking = static_cast<long>(concurrency) * (pondering ? 2 : 1);
  if (cores == 0 || thinking <= static_cast<long>(cores)) return "";
  return "Warning: concurrency " + std::to_string(concurrency) + (pondering ? " with pondering (two engines think in a game)" : "") +
         " on " + std::to_string(cores) +
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
