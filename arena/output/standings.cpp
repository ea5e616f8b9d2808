#include "output/standings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include "output/columns.h"
#include "stats/elo.h"
#include "stats/ratings.h"
#include "stats/sprt.h"

namespace arena::output {

using match::GameRecord;
using match::Winner;

namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return stats::without_negative_zero(buf);
}

}  // namespace

stats::GameResult result_for(const GameRecord& g, const std::string& engine) {
  const double pts = g.points_for(engine);
  return pts == 1.0 ? stats::GameResult::Win : pts == 0.5 ? stats::GameResult::Draw : stats::GameResult::Loss;
}

Standings compute(const std::vector<std::string>& engines, const std::vector<GameRecord>& games, const std::string& anchor) {
  Standings s;
  s.engines = engines;
  s.anchor = anchor;
  const std::size_t n = engines.size();
  s.cross.assign(n, std::vector<stats::Wdl>(n));
  auto index = [&](const std::string& name) -> std::optional<std::size_t> {
    auto it = std::find(engines.begin(), engines.end(), name);
    if (it == engines.end()) return std::nullopt;
    return static_cast<std::size_t>(it - engines.begin());
  };
  std::map<std::int64_t, const GameRecord*> by_id;
  for (const auto& g : games) {
    const auto a = index(g.south), b = index(g.north);
    if (!a || !b || *a == *b) {
      ++s.ignored;
      continue;
    }
    s.cross[*a][*b].add(result_for(g, g.south));
    s.cross[*b][*a].add(result_for(g, g.north));
    ++s.terminations[match::termination_name(g.termination)];
    ++s.games;
    by_id[g.id] = &g;
  }

  stats::ResultTable table;
  for (const auto& e : engines) (void)table.add_player(e);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (s.cross[i][j].games()) (void)table.add(i, j, s.cross[i][j]);
  stats::Anchor anc;
  if (!anchor.empty()) anc.player = anchor;
  const auto fit = s.games ? stats::fit_ratings(table, anc) : std::nullopt;
  if (fit) s.virtual_draws = fit->virtual_draws;

  for (std::size_t i = 0; i < n; ++i) {
    Row r;
    r.name = engines[i];
    for (std::size_t j = 0; j < n; ++j) {
      r.wdl.wins += s.cross[i][j].wins;
      r.wdl.draws += s.cross[i][j].draws;
      r.wdl.losses += s.cross[i][j].losses;
    }
    r.points = static_cast<double>(r.wdl.wins) + 0.5 * static_cast<double>(r.wdl.draws);
    if (fit && r.wdl.games()) {
      r.elo = fit->players[i].elo;
      r.elo_error = fit->players[i].error;
      r.on_virtual_draws = fit->players[i].regularized;
    }
    s.rows.push_back(r);
  }
  // An engine without games is a group of its own in the fit but is simply not rated here.
  // Engines with games but no chain of games between them (an early table of a big round
  // robin, say) are rated within their groups, numbered in the engines' order.
  std::map<std::size_t, int> group_number;
  for (std::size_t i = 0; i < n; ++i)
    if (s.rows[i].elo) group_number.emplace(fit->players[i].group, static_cast<int>(group_number.size()) + 1);
  s.groups = std::max<int>(1, static_cast<int>(group_number.size()));
  if (s.groups > 1)
    for (std::size_t i = 0; i < n; ++i)
      if (s.rows[i].elo) s.rows[i].group = group_number.at(fit->players[i].group);
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto& ra = s.rows[a];
    const auto& rb = s.rows[b];
    if (ra.elo.has_value() != rb.elo.has_value()) return ra.elo.has_value();
    if (ra.group != rb.group) return ra.group < rb.group;
    if (ra.elo && *ra.elo != *rb.elo) return *ra.elo > *rb.elo;
    return ra.points > rb.points;
  });
  std::vector<Row> sorted;
  for (std::size_t k = 0; k < n; ++k) {
    Row r = s.rows[order[k]];
    if (k + 1 < n) {  // LOS against the engine ranked next, from their direct games
      if (auto sum = stats::summarize(s.cross[order[k]][order[k + 1]])) r.los = sum->los;
    }
    sorted.push_back(r);
  }
  s.rows = std::move(sorted);

  if (n == 2) {
    stats::Pentanomial p;
    for (const auto& [id, g] : by_id) {
      if (match::partner_game(id) < id) continue;  // each pair once
      auto it = by_id.find(match::partner_game(id));
      if (it == by_id.end()) continue;
      // Only a colour-swapped pair is a pair: games that share an opening but not swapped colours
      // (a hand-edited or foreign file) would hide the colour advantage the pair cancels.
      if (g->south != it->second->north || g->north != it->second->south) continue;
      p.add(result_for(*g, engines[0]), result_for(*it->second, engines[0]));
    }
    s.pentanomial = p;
  }
  return s;
}

bool anchor_rated(const Standings& s) {
  // An anchor without games cannot hold the others' scale: the fit centres their groups instead.
  return !s.anchor.empty() &&
         std::any_of(s.rows.begin(), s.rows.end(), [&](const Row& r) { return r.name == s.anchor && r.elo; });
}

std::string format_standings(const Standings& s) {
  // Names are never cut: engines that differ only at the end (engine-level-3, engine-level-8)
  // must stay apart.
  auto shown = [](const Row& r) { return r.group ? r.name + " [" + std::to_string(r.group) + "]" : r.name; };
  std::size_t name_width = 20;
  for (const auto& r : s.rows) name_width = std::max(name_width, display_width(shown(r)));
  // The number columns, right-aligned; a column widens (and its heading moves right with it)
  // when a cell does not fit, such as a marked rating below -1000.
  struct Column {
    std::string heading;  // with the space before the column; as wide as that space and the column
    std::size_t width;
    std::vector<std::string> cells;
  };
  std::vector<Column> columns{{"   Elo  ", 7, {}},  {"  +/-  ", 6, {}}, {" Games  ", 7, {}},
                              {"   W  ", 5, {}},    {"   D  ", 5, {}}, {"   L  ", 5, {}},
                              {" Points  ", 8, {}}, {"Score  ", 6, {}}, {"  LOS  ", 6, {}}};
  for (const auto& r : s.rows) {
    // A rating held finite only by virtual draws is marked: the data alone bound it on one side.
    columns[0].cells.push_back(r.elo ? fmt("%.1f", *r.elo) + (r.on_virtual_draws ? "*" : "") : "-");
    columns[1].cells.push_back(r.elo_error ? fmt("%.1f", *r.elo_error) : "-");
    columns[2].cells.push_back(std::to_string(r.wdl.games()));
    columns[3].cells.push_back(std::to_string(r.wdl.wins));
    columns[4].cells.push_back(std::to_string(r.wdl.draws));
    columns[5].cells.push_back(std::to_string(r.wdl.losses));
    columns[6].cells.push_back(fmt("%.1f", r.points));
    columns[7].cells.push_back(r.wdl.games() ? fmt("%.1f%%", 100.0 * r.points / static_cast<double>(r.wdl.games())) : "-");
    columns[8].cells.push_back(r.los ? fmt("%.1f%%", 100.0 * *r.los) : "");
  }
  for (auto& c : columns)
    for (const auto& cell : c.cells) c.width = std::max(c.width, display_width(cell));
  std::string out = "Rank " + pad("Name", name_width, false);
  for (const auto& c : columns) out += pad(c.heading, c.width + 1);
  while (out.back() == ' ') out.pop_back();
  out += "\n";
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    out += pad(std::to_string(i + 1), 4) + " " + pad(shown(s.rows[i]), name_width, false);
    for (const auto& c : columns) out += " " + pad(c.cells[i], c.width);
    while (out.back() == ' ') out.pop_back();  // the last row's empty LOS cell
    out += "\n";
  }
  const std::string origin = s.anchor.empty()  ? "mean 0"
                             : anchor_rated(s) ? s.anchor + " = 0"
                                               : "mean 0 (the anchor " + s.anchor + " has no games yet)";
  out += std::to_string(s.games) + (s.games == 1 ? " game" : " games") + ". Elo: joint maximum-likelihood fit, " + origin + ", 95% error bars";
  if (s.virtual_draws)
    out += " (" + std::to_string(s.virtual_draws) + (s.virtual_draws == 1 ? " virtual draw" : " virtual draws") +
           " for perfect scores; * marks the ratings that rest on " + (s.virtual_draws == 1 ? "it)" : "them)");
  out += ". LOS: vs. the next engine, from their direct games.\n";
  if (s.ignored)
    out += std::to_string(s.ignored) + " game lines were left out: they name an engine that is not in the tournament, or one engine "
           "on both sides.\n";
  if (s.groups > 1)
    out += "No games link the groups [1] to [" + std::to_string(s.groups) +
           "] yet: Elo compares only within a group (each group without the anchor has mean 0).\n";
  return out;
}

std::string format_crosstable(const Standings& s) {
  const std::size_t n = s.engines.size();
  auto cell = [&](std::size_t i, std::size_t j) -> std::string {
    const auto& w = s.cross[i][j];
    return i == j ? "-" : w.games() ? std::to_string(w.wins) + "-" + std::to_string(w.draws) + "-" + std::to_string(w.losses) : ".";
  };
  // Each column as wide as its engine's whole name or its widest cell, whichever is wider.
  std::size_t name_width = 20;
  std::vector<std::size_t> width(n, 8);
  for (std::size_t j = 0; j < n; ++j) {
    name_width = std::max(name_width, display_width(s.engines[j]));
    width[j] = std::max(width[j], display_width(s.engines[j]));
    for (std::size_t i = 0; i < n; ++i) width[j] = std::max(width[j], cell(i, j).size());
  }
  std::string out = pad("", name_width + 1);
  for (std::size_t j = 0; j < n; ++j) out += " " + pad(s.engines[j], width[j]);
  out += "\n";
  for (std::size_t i = 0; i < n; ++i) {
    out += pad(s.engines[i], name_width, false) + " ";
    for (std::size_t j = 0; j < n; ++j) out += " " + pad(cell(i, j), width[j]);
    out += "\n";
  }
  out += "(wins-draws-losses of the row engine against the column engine)\n";
  return out;
}

std::string format_terminations(const Standings& s) {
  std::string out = "Terminations:";
  for (const auto& [reason, count] : s.terminations) out += " " + reason + " " + std::to_string(count) + ",";
  if (!s.terminations.empty()) out.pop_back();
  else out += " none";
  return out + "\n";
}

std::optional<SprtStatus> sprt_status(const stats::Pentanomial& p, const config::SprtConfig& c) {
  stats::SprtParams params;
  params.elo0 = c.elo0;
  params.elo1 = c.elo1;
  params.alpha = c.alpha;
  params.beta = c.beta;
  params.model = c.normalized ? stats::EloModel::Normalized : stats::EloModel::Logistic;
  auto sprt = stats::Sprt::create(params);
  if (!sprt) return std::nullopt;
  SprtStatus st;
  st.lower = sprt->lower_bound();
  st.upper = sprt->upper_bound();
  const auto llr = sprt->llr(p);
  st.llr = llr.value_or(0.0);
  if (llr) {
    const auto d = sprt->decide(*llr);
    st.state = d == stats::SprtDecision::AcceptH0 ? SprtState::AcceptH0 : d == stats::SprtDecision::AcceptH1 ? SprtState::AcceptH1 : SprtState::Continue;
  }
  return st;
}

const char* sprt_state_name(SprtState state) {
  return state == SprtState::AcceptH1 ? "H1 accepted" : state == SprtState::AcceptH0 ? "H0 accepted" : "continue";
}

std::string format_head_to_head(const Standings& s, const std::optional<config::SprtConfig>& sprt) {
  if (s.engines.size() != 2) return "";
  const auto& w = s.cross[0][1];
  std::string out = s.engines[0] + " vs " + s.engines[1] + ": " + std::to_string(w.wins) + " - " + std::to_string(w.draws) +
                    " - " + std::to_string(w.losses) + " (W - D - L, as in the table)\n";
  if (auto tri = stats::summarize(w))
    out += "  Elo " + stats::to_string(tri->elo) + ", nElo " + stats::to_string(tri->nelo) + ", LOS " +
           fmt("%.2f%%", 100.0 * tri->los) + " (per game)\n";
  if (s.pentanomial && s.pentanomial->pair_count()) {
    const auto& p = s.pentanomial->pairs;
    out += "  Ptnml(0-2): [" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " + std::to_string(p[2]) + ", " +
           std::to_string(p[3]) + ", " + std::to_string(p[4]) + "]";
    if (auto pen = stats::summarize(*s.pentanomial))
      out += "  Elo " + stats::to_string(pen->elo) + ", nElo " + stats::to_string(pen->nelo) + ", LOS " + fmt("%.2f%%", 100.0 * pen->los);
    out += " (per pair)\n";
  }
  if (sprt && s.pentanomial) {
    if (auto st = sprt_status(*s.pentanomial, *sprt)) {
      out += "  SPRT [" + fmt("%g", sprt->elo0) + ", " + fmt("%g", sprt->elo1) + "] " + (sprt->normalized ? "normalized" : "logistic") +
             " alpha " + fmt("%g", sprt->alpha) + " beta " + fmt("%g", sprt->beta) + ": LLR " + fmt("%.2f", st->llr) + " (" +
             fmt("%.2f", st->lower) + ", " + fmt("%.2f", st->upper) + ") ";
      out += std::string(sprt_state_name(st->state)) + "\n";
    }
  }
  return out;
}

}  // namespace arena::output
