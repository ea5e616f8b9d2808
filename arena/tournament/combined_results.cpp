#include "tournament/combined_results.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <utility>

#include "config/json_reader.h"
#include "rules/variant.h"
#include "text/tokens.h"
#include "tournament/resume_check.h"

namespace arena::tournament {

namespace {

using nlohmann::json;

// The variant as the rules library spells it, so that "kalah" and "kalah(6,4)" compare equal.
std::string variant_of(const json& tournament) {
  const std::string given = tournament.value("variant", std::string("kalah(6,4)"));
  const auto v = mancala::parse_variant(given);
  return v ? v->spec() : given;
}

// What in a header's tournament would stop the tables being made, in plain words (the JSON
// library's own messages name no file and no field), or nothing.
std::optional<std::string> header_fault(const json& tournament) {
  const auto engines = tournament.find("engines");
  if (engines == tournament.end() || !engines->is_array())
    return "its 'tournament.engines' is " + (engines == tournament.end() ? std::string("missing") : config::describe(*engines)) +
           ", not a list of engines";
  for (std::size_t i = 0; i < engines->size(); ++i) {
    const json& e = (*engines)[i];
    if (!e.is_object() || !e.contains("name") || !e.at("name").is_string())
      return "its 'tournament.engines[" + std::to_string(i) + "]' has no name";
    // The tables print names as they are: a name with control bytes (only an edited file can
    // hold one, a config refuses it) would reach the terminal's escape sequences.
    const auto name = e.at("name").get<std::string>();
    const bool c0 = std::any_of(name.begin(), name.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
    if (name.empty() || c0)
      return "its 'tournament.engines[" + std::to_string(i) + "].name' is " + (name.empty() ? "empty" : "not printable: " + mancala::text::quote(name));
  }
  const auto variant = tournament.find("variant");
  if (variant != tournament.end() && !variant->is_string())
    return "its 'tournament.variant' is " + config::describe(*variant) + ", not a variant name";
  return std::nullopt;
}

std::string quoted(const std::string& path) { return "'" + path + "'"; }

// What makes two runs replay each other's games: the same seed and the same openings (the
// schedule gives each round's opening and colours from them), for a pair of engines both play.
struct Replay {
  json seed, openings;
  std::set<std::pair<std::string, std::string>> pairs;  // (a, b) with a < b, from the games
};

std::optional<std::pair<std::string, std::string>> shared_pair(const Replay& a, const Replay& b) {
  if (a.seed != b.seed || a.openings != b.openings) return std::nullopt;
  for (const auto& p : a.pairs)
    if (b.pairs.count(p)) return p;
  return std::nullopt;
}

// The settings of an engine that differ between two files' headers ("command, options").
std::string differing_settings(const json& a, const json& b) {
  std::string out;
  for (auto it = a.begin(); it != a.end(); ++it)
    if (!b.contains(it.key()) || b.at(it.key()) != it.value()) out += (out.empty() ? "" : ", ") + it.key();
  for (auto it = b.begin(); it != b.end(); ++it)
    if (!a.contains(it.key())) out += (out.empty() ? "" : ", ") + it.key();
  return out;
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec) && !ec;  // symbolic and hard links too
}

}  // namespace

CheckedResults read_checked(const std::string& path) {
  CheckedResults out{read_results(path, ReadFrom::FileOrPipe), "", {}};
  const json& tournament = out.content.header.at("tournament");  // an object: read_results checks it
  if (const auto fault = header_fault(tournament)) throw ResultsError(quoted(path) + " has a damaged header: " + *fault);
  for (const auto& e : tournament.at("engines")) out.engines.push_back(e.at("name").get<std::string>());
  out.variant = variant_of(tournament);
  const auto openings = openings_of(out.content.header);
  if (!openings) throw ResultsError(quoted(path) + " has a damaged header: its 'openings' is not a list of openings");
  // Lines mixed in from another run (another variant, other random openings) would be rated
  // as this run's, and escape combine_results' check for runs that repeat each other.
  for (const auto& g : out.content.games)
    if (const auto other = played_otherwise(g, out.variant, *openings))
      throw ResultsError(quoted(path) + " holds game " + std::to_string(g.id) + " as " + other->held + ", but its header gives " +
                         other->expected + "; the file is damaged or mixed from several runs");
  // A game of an engine the header does not name, or of one engine against itself, would be
  // left out of the tables unseen.
  for (const auto& g : out.content.games) {
    if (g.south == g.north)
      throw ResultsError(quoted(path) + " holds game " + std::to_string(g.id) + " of " + mancala::text::quote(g.south) +
                         " against itself; the file is damaged");
    for (const auto* name : {&g.south, &g.north})
      if (std::find(out.engines.begin(), out.engines.end(), *name) == out.engines.end())
        throw ResultsError(quoted(path) + " holds game " + std::to_string(g.id) + " of " + mancala::text::quote(*name) +
                           ", an engine its header does not name; the file is damaged or mixed from several runs");
  }
  // Last, once the file is known to be whole: the one control a config accepted until this
  // arena. The file is not damaged, but the tables would send the name to a terminal that may obey it.
  for (std::size_t i = 0; i < out.engines.size(); ++i)
    if (mancala::text::printable(out.engines[i]) != out.engines[i])
      throw ResultsError(quoted(path) + " names an engine with a C1 control character (U+0080-U+009F), which a terminal may obey: "
                         "'tournament.engines[" + std::to_string(i) + "].name' is " + mancala::text::quote(out.engines[i]) +
                         ". Earlier arenas accepted such a name, this one refuses it; to read the file, rename the "
                         "engine in its header and games");
  return out;
}

CombinedResults combine_results(const std::vector<std::string>& paths) {
  CombinedResults out;
  std::vector<Replay> replays;
  std::vector<std::pair<json, std::size_t>> first_seen;  // per engine of out.engines: its settings, its file
  std::string first_variant;
  std::int64_t next_pair = 0;  // the first new pair number of the next file
  for (std::size_t k = 0; k < paths.size(); ++k) {
    const std::string& path = paths[k];
    for (std::size_t j = 0; j < k; ++j)
      if (same_file(paths[j], path))
        throw ResultsError(quoted(path) + " is given twice (as " + quoted(paths[j]) + " too); its games would count twice");

    CheckedResults checked = read_checked(path);
    ResultsContent& content = checked.content;
    const std::string& variant = checked.variant;
    const json& tournament = content.header.at("tournament");
    Replay replay;
    for (const auto& e : tournament.at("engines")) {
      const auto name = e.at("name").get<std::string>();
      const auto at = std::find(out.engines.begin(), out.engines.end(), name);
      if (at == out.engines.end()) {
        out.engines.push_back(name);
        first_seen.emplace_back(e, k);
      } else if (const auto& [settings, file] = first_seen[static_cast<std::size_t>(at - out.engines.begin())]; settings != e) {
        out.notes.push_back("Note: '" + name + "' is not set up the same in " + quoted(path) + " as in " + quoted(paths[file]) + " (" +
                            differing_settings(settings, e) + "); its games are rated as one engine's");
      }
    }
    replay.seed = tournament.value("seed", json());
    replay.openings = content.header.value("openings", json());
    if (k == 0 && tournament.contains("sprt")) out.sprt = tournament.at("sprt");
    for (const auto& g : content.games) replay.pairs.insert(std::minmax(g.south, g.north));
    for (std::size_t j = 0; j < replays.size(); ++j)
      if (const auto p = shared_pair(replays[j], replay))
        throw ResultsError(quoted(path) + " and " + quoted(paths[j]) + " play " + p->first + " vs " + p->second +
                           " from the same openings in the same order (the same seed), so their games repeat each other "
                           "and would count twice; a run that adds games needs its own seed");
    if (k == 0) {
      first_variant = variant;
      out.anchor = content.anchor();
    } else if (variant != first_variant) {
      throw ResultsError(quoted(path) + " is a " + variant + " tournament but " + quoted(paths[0]) + " is " + first_variant +
                         "; ratings from different games cannot be combined");
    }
    replays.push_back(std::move(replay));
    if (content.torn_tail) out.torn_tails.push_back(path);

    // Games 2k and 2k+1 of a file are one colour-swapped pair (the pentanomial statistics pair
    // games by id): ids are renumbered pair by pair, so that pairs of different files never meet.
    // Numbered in the order of the files' pairs from 0, the ids stay below twice the games read,
    // however large a file's own (an offset added to them could overflow).
    std::map<std::int64_t, std::int64_t> renumbered_pair;  // this file's id / 2 -> the new id / 2
    for (const auto& g : content.games) renumbered_pair.emplace(g.id / 2, 0);
    for (auto& [pair, fresh] : renumbered_pair) fresh = next_pair++;
    for (auto& g : content.games) {
      g.id = 2 * renumbered_pair.at(g.id / 2) + g.id % 2;
      out.games.push_back(std::move(g));
    }
    out.games_per_file.push_back(content.games.size());
  }
  // An SPRT is a stopping rule for one run: its verdict on games pooled from several runs would
  // not hold its error rates.
  if (paths.size() > 1) out.sprt.reset();
  return out;
}

}  // namespace arena::tournament
