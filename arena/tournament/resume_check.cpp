#include "tournament/resume_check.h"

#include <set>

#include "config/config_json.h"
#include "rules/variant.h"
#include "tournament/results_file.h"

namespace arena::tournament {

using nlohmann::json;

namespace {

// An opening as messages show it: "the start position after 5 2 1 6".
std::string describe(const match::Opening& o) {
  std::string text = o.position.empty() ? "the start position" : "'" + o.position + "'";
  if (!o.moves.empty()) text += " after";
  for (const auto& m : o.moves) text += " " + m;
  return text;
}

// The variant as the rules library spells it ("kalah" is "kalah(6,4)").
std::string spec_of(const std::string& variant) {
  const auto v = mancala::parse_variant(variant);
  return v ? v->spec() : variant;
}

}  // namespace

std::optional<OtherGame> played_otherwise(const match::GameRecord& g, const std::string& variant,
                                          const std::vector<match::Opening>& openings) {
  if (spec_of(g.variant) != variant) return OtherGame{"a " + g.variant + " game", variant};
  const auto index = static_cast<std::size_t>(g.opening_index);
  if (index >= openings.size())
    return OtherGame{"a game from opening " + std::to_string(index), std::to_string(openings.size()) + " openings"};
  if (g.opening != openings[index])
    return OtherGame{"a game from " + describe(g.opening), "opening " + std::to_string(index) + " as " + describe(openings[index])};
  return std::nullopt;
}

std::string first_difference(const json& a, const json& b, const std::string& path) {
  // A time control is one setting in the config ("2+0.01"), though the header splits it into
  // fields: named whole, not as a field the user never wrote.
  const bool time_control = path == "time_control" || path.ends_with(".time_control");
  if (a.is_object() && b.is_object() && !time_control) {
    std::set<std::string> keys;
    for (auto it = a.begin(); it != a.end(); ++it) keys.insert(it.key());
    for (auto it = b.begin(); it != b.end(); ++it) keys.insert(it.key());
    // Keys on both sides first: a changed openings source is named as such, not as the fields
    // that only the old source had.
    for (const bool on_both_sides : {true, false})
      for (const auto& k : keys) {
        if ((a.contains(k) && b.contains(k)) != on_both_sides) continue;
        const json va = a.contains(k) ? a.at(k) : json(), vb = b.contains(k) ? b.at(k) : json();
        if (va != vb) return first_difference(va, vb, path.empty() ? k : path + "." + k);
      }
    return "";
  }
  if (time_control && a != b) {
    auto text = [](const json& tc) {
      if (!tc.is_object()) return tc.is_null() ? std::string("absent") : tc.dump();
      try {
        return config::parse_tc_json(tc, "").describe();
      } catch (const std::exception&) {
        return tc.dump();  // a hand-edited header: shown as it is
      }
    };
    return "'" + path + "' is " + text(a) + " in the file but " + text(b) + " now";
  }
  if (a.is_array() && b.is_array() && a.size() != b.size())
    return "'" + path + "' has " + std::to_string(a.size()) + " entries in the file but " + std::to_string(b.size()) + " now";
  if (a.is_array() && b.is_array()) {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] != b[i]) return first_difference(a[i], b[i], path + "[" + std::to_string(i) + "]");
    return "";
  }
  if (a == b) return "";
  std::string da = a.is_null() ? "absent" : a.dump(), db = b.is_null() ? "absent" : b.dump();
  if (da.size() > 60) da = da.substr(0, 57) + "...";
  if (db.size() > 60) db = db.substr(0, 57) + "...";
  return "'" + path + "' is " + da + " in the file but " + db + " now";
}

void check_recorded_games(const Schedule& schedule, const std::vector<match::GameRecord>& existing,
                          const config::TournamentConfig& cfg, const std::string& variant,
                          const std::vector<match::Opening>& openings, const std::string& path) {
  for (const auto& g : existing) {
    if (g.id < 0 || g.id >= schedule.size())
      throw ResultsError("the results file '" + path + "' holds game " + std::to_string(g.id) + ", which is not in this schedule");
    const ScheduledGame sg = schedule.at(g.id);
    const auto& e = cfg.engines;
    if (g.south != e[static_cast<std::size_t>(sg.south)].name || g.north != e[static_cast<std::size_t>(sg.north)].name ||
        g.opening_index != sg.opening_index || g.round != sg.round)
      throw ResultsError("the results file '" + path + "' holds game " + std::to_string(g.id) + " as " + g.south + " vs " + g.north +
                         " (round " + std::to_string(g.round) + ", opening " + std::to_string(g.opening_index) +
                         "), but this schedule plays " + e[static_cast<std::size_t>(sg.south)].name + " vs " +
                         e[static_cast<std::size_t>(sg.north)].name + " (round " + std::to_string(sg.round) + ", opening " +
                         std::to_string(sg.opening_index) + ") under that id; the file is damaged or mixed from several runs");
    // The same engines, round and opening index, but another game: lines of a run with another
    // seed (other random openings) or variant.
    if (const auto other = played_otherwise(g, variant, openings))
      throw ResultsError("the results file '" + path + "' holds game " + std::to_string(g.id) + " as " + other->held +
                         ", but this schedule plays " + other->expected + " under that id; the file is damaged or mixed from several runs");
  }
}

}  // namespace arena::tournament
