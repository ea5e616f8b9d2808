#include "output/standings_json.h"

#include <nlohmann/json.hpp>

namespace arena::output {

using json = nlohmann::ordered_json;

namespace {

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

json wdl_json(const stats::Wdl& w) { return {{"wins", w.wins}, {"draws", w.draws}, {"losses", w.losses}}; }

// {"value": 40.7, "error": 30.4}; an infinite value is the string "+inf" or "-inf" (JSON has no
// infinity), and an unbounded error is null, as the text prints "+/- inf".
json estimate_json(const stats::Estimate& e) {
  json value = e.infinity == stats::Infinity::Positive   ? json("+inf")
               : e.infinity == stats::Infinity::Negative ? json("-inf")
                                                         : json(e.value);
  return {{"value", std::move(value)}, {"error", optional_number(e.error)}};
}

json summary_json(const std::optional<stats::MatchSummary>& m) {
  if (!m) return nullptr;
  return {{"score", m->score}, {"elo", estimate_json(m->elo)}, {"nelo", estimate_json(m->nelo)}, {"los", m->los}};
}

json sprt_json(const stats::Pentanomial& p, const config::SprtConfig& c) {
  const auto st = sprt_status(p, c);
  if (!st) return nullptr;
  return {{"elo0", c.elo0},   {"elo1", c.elo1},   {"alpha", c.alpha}, {"beta", c.beta},
          {"model", c.normalized ? "normalized" : "logistic"},      {"llr", st->llr},
          {"lower", st->lower}, {"upper", st->upper}, {"state", sprt_state_name(st->state)}};
}

json head_to_head_json(const Standings& s, const std::optional<config::SprtConfig>& sprt) {
  if (s.engines.size() != 2) return nullptr;
  json h = {{"engines", s.engines}};
  h.update(wdl_json(s.cross[0][1]));
  h["per_game"] = summary_json(stats::summarize(s.cross[0][1]));
  const bool pairs = s.pentanomial && s.pentanomial->pair_count();
  h["pentanomial"] = pairs ? json(s.pentanomial->pairs) : json(nullptr);
  h["per_pair"] = pairs ? summary_json(stats::summarize(*s.pentanomial)) : json(nullptr);
  h["sprt"] = sprt && s.pentanomial ? sprt_json(*s.pentanomial, *sprt) : json(nullptr);
  return h;
}

}  // namespace

json standings_json(const Standings& s, const std::optional<config::SprtConfig>& sprt) {
  json rows = json::array();
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const Row& r = s.rows[i];
    json row = {{"rank", i + 1}, {"name", r.name}, {"games", r.wdl.games()}};
    row.update(wdl_json(r.wdl));
    row["points"] = r.points;
    row["score"] = r.wdl.games() ? json(r.points / static_cast<double>(r.wdl.games())) : json(nullptr);
    row["elo"] = optional_number(r.elo);
    row["elo_error"] = optional_number(r.elo_error);
    row["on_virtual_draws"] = r.on_virtual_draws;
    row["group"] = r.group ? json(r.group) : json(nullptr);
    row["los_vs_next"] = optional_number(r.los);
    rows.push_back(std::move(row));
  }
  json cross = json::array();
  for (std::size_t i = 0; i < s.engines.size(); ++i) {
    json line = json::array();
    for (std::size_t j = 0; j < s.engines.size(); ++j)
      line.push_back(i != j && s.cross[i][j].games() ? wdl_json(s.cross[i][j]) : json(nullptr));
    cross.push_back(std::move(line));
  }
  return {{"format", "mancala-arena-standings"},
          {"version", 1},
          {"games", s.games},
          {"left_out", s.ignored},
          {"anchor", s.anchor.empty() ? json(nullptr) : json(s.anchor)},
          {"origin", anchor_rated(s) ? "anchor" : "mean"},
          {"virtual_draws", s.virtual_draws},
          {"groups", s.groups},
          {"standings", std::move(rows)},
          {"crosstable", {{"engines", s.engines}, {"results", std::move(cross)}}},
          {"terminations", s.terminations},
          {"head_to_head", head_to_head_json(s, sprt)}};
}

}  // namespace arena::output
