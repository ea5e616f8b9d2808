#include "tournament/combined_results.h"

#include <algorithm>
#include <filesystem>

#include "rules/variant.h"

namespace arena::tournament {

namespace {

using nlohmann::json;

// The variant as the rules library spells it, so that "kalah" and "kalah(6,4)" compare equal.
std::string variant_of(const json& tournament) {
  const std::string given = tournament.value("variant", std::string("kalah(6,4)"));
  const auto v = mancala::parse_variant(given);
  return v ? v->spec() : given;
}

std::string quoted(const std::string& path) { return "'" + path + "'"; }

}  // namespace

CombinedResults combine_results(const std::vector<std::string>& paths) {
  CombinedResults out;
  std::vector<std::filesystem::path> seen;
  std::vector<json> tournaments;
  std::string first_variant;
  std::int64_t id_offset = 0;
  for (std::size_t k = 0; k < paths.size(); ++k) {
    const std::string& path = paths[k];
    std::error_code ec;
    const auto canonical = std::filesystem::weakly_canonical(path, ec);
    for (std::size_t j = 0; j < seen.size(); ++j)
      if (!ec && seen[j] == canonical)
        throw ResultsError(quoted(path) + " is given twice (as " + quoted(paths[j]) + " too); its games would count twice");
    seen.push_back(canonical);

    auto content = read_results(path);
    json tournament;
    try {
      tournament = content.header.at("tournament");
      for (const auto& e : tournament.at("engines")) {
        const auto name = e.at("name").get<std::string>();
        if (std::find(out.engines.begin(), out.engines.end(), name) == out.engines.end()) out.engines.push_back(name);
      }
    } catch (const json::exception& e) {
      throw ResultsError(quoted(path) + " has a damaged header: " + e.what());
    }
    for (std::size_t j = 0; j < tournaments.size(); ++j)
      if (tournaments[j] == tournament)
        throw ResultsError(quoted(path) + " and " + quoted(paths[j]) +
                           " hold the same tournament (the same config and seed), so the same games would count twice; "
                           "a run that adds games needs its own seed");
    const std::string variant = variant_of(tournament);
    if (k == 0) {
      first_variant = variant;
      out.anchor = content.anchor();
      if (tournament.contains("sprt")) out.sprt = tournament.at("sprt");
    } else if (variant != first_variant) {
      throw ResultsError(quoted(path) + " is a " + variant + " tournament but " + quoted(paths[0]) + " is " + first_variant +
                         "; ratings from different games cannot be combined");
    }
    tournaments.push_back(tournament);
    if (content.torn_tail) out.torn_tails.push_back(path);

    // Ids stay unique across files, and even, so that games 2k and 2k+1 of a file stay one
    // colour-swapped pair (the pentanomial statistics pair games by id).
    std::int64_t max_id = -1;
    for (auto& g : content.games) {
      max_id = std::max(max_id, g.id);
      g.id += id_offset;
      out.games.push_back(std::move(g));
    }
    out.games_per_file.push_back(content.games.size());
    id_offset += (max_id + 2) / 2 * 2;
  }
  // An SPRT is a stopping rule for one run: its verdict on games pooled from several runs would
  // not hold its error rates.
  if (paths.size() > 1) out.sprt.reset();
  return out;
}

}  // namespace arena::tournament
