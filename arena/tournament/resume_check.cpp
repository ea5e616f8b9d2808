#include "tournament/resume_check.h"

#include <set>

#include "tournament/results_file.h"

namespace arena::tournament {

using nlohmann::json;

std::string first_difference(const json& a, const json& b, const std::string& path) {
  if (a.is_object() && b.is_object()) {
    std::set<std::string> keys;
    for (auto it = a.begin(); it != a.end(); ++it) keys.insert(it.key());
    for (auto it = b.begin(); it != b.end(); ++it) keys.insert(it.key());
    for (const auto& k : keys) {
      const json va = a.contains(k) ? a.at(k) : json(), vb = b.contains(k) ? b.at(k) : json();
      if (va != vb) return first_difference(va, vb, path.empty() ? k : path + "." + k);
    }
    return "";
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
                          const config::TournamentConfig& cfg, const std::string& path) {
  for (const auto& g : existing) {
    if (g.id < 0 || g.id >= schedule.size())
      throw ResultsError("the results file '" + path + "' holds game " + std::to_string(g.id) + ", which is not in this schedule");
    const ScheduledGame sg = schedule.at(g.id);
    const auto& e = cfg.engines;
    if (g.south != e[static_cast<std::size_t>(sg.south)].name || g.north != e[static_cast<std::size_t>(sg.north)].name ||
        g.opening_index != sg.opening_index || g.round != sg.round)
      throw ResultsError("the results file '" + path + "' holds game " + std::to_string(g.id) + " as " + g.south + " vs " + g.north +
                         ", but this schedule plays " + e[static_cast<std::size_t>(sg.south)].name + " vs " +
                         e[static_cast<std::size_t>(sg.north)].name + " (round " + std::to_string(sg.round) + ", opening " +
                         std::to_string(sg.opening_index) + ") under that id; the file is damaged or mixed from several runs");
  }
}

}  // namespace arena::tournament
