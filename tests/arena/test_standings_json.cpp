// `arena ratings --json`: the printed tables as one JSON document, figure for figure.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "output/standings.h"
#include "output/standings_json.h"

using arena::match::GameRecord;
using arena::match::Winner;
using json = nlohmann::ordered_json;

namespace {

// Games in colour-swapped pairs (2k and 2k+1): in each pair `a` is South first. `results` holds
// a's result in each game: 'w', 'd' or 'l'.
void pairs(std::vector<GameRecord>& games, const std::string& a, const std::string& b, const std::string& results) {
  for (char c : results) {
    GameRecord g;
    g.id = static_cast<std::int64_t>(games.size());
    const bool a_south = g.id % 2 == 0;
    g.south = a_south ? a : b;
    g.north = a_south ? b : a;
    const Winner a_side = a_south ? Winner::South : Winner::North, b_side = a_south ? Winner::North : Winner::South;
    g.winner = c == 'w' ? a_side : c == 'l' ? b_side : Winner::Draw;
    games.push_back(g);
  }
}

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

// A JSON number as the text tables print it ("%.1f", "-0.0" shown as "0.0").
std::string printed(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return arena::stats::without_negative_zero(buf);
}

// An estimate as stats::to_string prints it: "40.70 +/- 30.43", "+inf", "512.00 +/- inf".
std::string printed_estimate(const json& e) {
  if (e["value"].is_string()) return e["value"].get<std::string>();
  return printed("%.2f", e["value"].get<double>()) + " +/- " +
         (e["error"].is_null() ? std::string("inf") : printed("%.2f", e["error"].get<double>()));
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The text the tables print, rebuilt from the JSON alone and checked against the tables: each
// standings row word for word, and the head-to-head lines whole.
void expect_json_reads_as_the_tables(const arena::output::Standings& s, const std::optional<arena::config::SprtConfig>& sprt) {
  const json j = arena::output::standings_json(s, sprt);
  std::istringstream table(arena::output::format_standings(s));
  std::string line;
  std::getline(table, line);  // the heading
  for (const json& row : j["standings"]) {
    ASSERT_TRUE(std::getline(table, line));
    std::vector<std::string> expected{std::to_string(row["rank"].get<int>()), row["name"]};
    if (!row["group"].is_null()) expected.push_back("[" + std::to_string(row["group"].get<int>()) + "]");
    expected.push_back(row["elo"].is_null() ? "-"
                                            : printed("%.1f", row["elo"].get<double>()) + (row["on_virtual_draws"] ? "*" : ""));
    expected.push_back(row["elo_error"].is_null() ? "-" : printed("%.1f", row["elo_error"].get<double>()));
    for (const char* count : {"games", "wins", "draws", "losses"}) expected.push_back(std::to_string(row[count].get<int>()));
    expected.push_back(printed("%.1f", row["points"].get<double>()));
    expected.push_back(row["score"].is_null() ? "-" : printed("%.1f%%", 100.0 * row["score"].get<double>()));
    if (!row["los_vs_next"].is_null()) expected.push_back(printed("%.1f%%", 100.0 * row["los_vs_next"].get<double>()));
    EXPECT_EQ(words(line), expected) << line;
  }
  const std::string h2h = arena::output::format_head_to_head(s, sprt);
  const json& h = j["head_to_head"];
  if (h.is_null()) {
    EXPECT_EQ(h2h, "");
    return;
  }
  auto summary_line = [](const json& m, const char* what) {
    return "Elo " + printed_estimate(m["elo"]) + ", nElo " + printed_estimate(m["nelo"]) + ", LOS " +
           printed("%.2f%%", 100.0 * m["los"].get<double>()) + " (" + what + ")\n";
  };
  if (!h["per_game"].is_null()) {
    EXPECT_NE(h2h.find("  " + summary_line(h["per_game"], "per game")), std::string::npos) << h2h;
  }
  if (!h["pentanomial"].is_null()) {
    std::string ptnml = "  Ptnml(0-2): [";
    for (std::size_t k = 0; k < 5; ++k) ptnml += (k ? ", " : "") + std::to_string(h["pentanomial"][k].get<int>());
    EXPECT_NE(h2h.find(ptnml + "]  " + summary_line(h["per_pair"], "per pair")), std::string::npos) << ptnml << "\n" << h2h;
  }
  if (!h["sprt"].is_null()) {
    const json& t = h["sprt"];
    const std::string llr = ": LLR " + printed("%.2f", t["llr"].get<double>()) + " (" + printed("%.2f", t["lower"].get<double>()) +
                            ", " + printed("%.2f", t["upper"].get<double>()) + ") " + t["state"].get<std::string>() + "\n";
    EXPECT_NE(h2h.find(" " + t["model"].get<std::string>() + " alpha "), std::string::npos) << h2h;
    EXPECT_NE(h2h.find(llr), std::string::npos) << llr << h2h;
  }
}

}  // namespace

// Each row holds the table's figures at full precision, in the table's order.
TEST(StandingsJson, RowsCrosstableAndTerminationsAreTheTables) {
  std::vector<GameRecord> games;
  pairs(games, "A", "B", "wwdlwd");
  pairs(games, "B", "C", "wdwwlw");
  pairs(games, "A", "C", "wwwdwl");
  const auto s = arena::output::compute({"A", "B", "C"}, games, "");
  const json j = arena::output::standings_json(s, std::nullopt);
  EXPECT_EQ(j["format"], "mancala-arena-standings");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["games"], 18);
  EXPECT_EQ(j["left_out"], 0);
  EXPECT_EQ(j["anchor"], nullptr);
  EXPECT_EQ(j["origin"], "mean");
  EXPECT_EQ(j["groups"], 1);
  EXPECT_EQ(j["virtual_draws"], 0);
  ASSERT_EQ(j["standings"].size(), 3u);
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const auto& r = s.rows[i];
    const json& row = j["standings"][i];
    EXPECT_EQ(row["rank"], i + 1);
    EXPECT_EQ(row["name"], r.name);
    EXPECT_EQ(row["games"], r.wdl.games());
    EXPECT_EQ(row["wins"], r.wdl.wins);
    EXPECT_EQ(row["draws"], r.wdl.draws);
    EXPECT_EQ(row["losses"], r.wdl.losses);
    EXPECT_EQ(row["points"], r.points);
    EXPECT_EQ(row["score"], r.points / static_cast<double>(r.wdl.games()));
    EXPECT_EQ(row["elo"], optional_number(r.elo));
    EXPECT_EQ(row["elo_error"], optional_number(r.elo_error));
    EXPECT_EQ(row["los_vs_next"], optional_number(r.los));
    EXPECT_EQ(row["group"], nullptr);
    EXPECT_EQ(row["on_virtual_draws"], false);
  }
  EXPECT_EQ(j["standings"][0]["name"], "A");  // 5.5 + 4 points of 12, the best
  EXPECT_EQ(j["standings"][2]["los_vs_next"], nullptr) << "the last row has no next engine";
  EXPECT_EQ(j["crosstable"]["engines"], json({"A", "B", "C"}));
  const json& cross = j["crosstable"]["results"];
  EXPECT_EQ(cross[0][0], nullptr);
  EXPECT_EQ(cross[0][1], json({{"wins", 3}, {"draws", 2}, {"losses", 1}}));
  EXPECT_EQ(cross[1][0], json({{"wins", 1}, {"draws", 2}, {"losses", 3}}));
  EXPECT_EQ(cross[2][1], json({{"wins", 1}, {"draws", 1}, {"losses", 4}}));
  EXPECT_EQ(j["terminations"], json({{"normal", 18}}));
  EXPECT_EQ(j["head_to_head"], nullptr) << "three engines";
}

// An anchor with games is the origin; one without, or an engine without games, is not rated.
TEST(StandingsJson, AnchorAndUnratedEngines) {
  std::vector<GameRecord> games;
  pairs(games, "A", "B", "wdlw");
  const json anchored = arena::output::standings_json(arena::output::compute({"A", "B", "C"}, games, "B"), std::nullopt);
  EXPECT_EQ(anchored["anchor"], "B");
  EXPECT_EQ(anchored["origin"], "anchor");
  const json& c = anchored["standings"][2];
  EXPECT_EQ(c["name"], "C");
  EXPECT_EQ(c["games"], 0);
  EXPECT_EQ(c["score"], nullptr);
  EXPECT_EQ(c["elo"], nullptr);
  EXPECT_EQ(c["elo_error"], nullptr);
  EXPECT_EQ(anchored["standings"][1]["elo"], 0.0);  // B, the anchor
  const json unrated_anchor = arena::output::standings_json(arena::output::compute({"A", "B", "C"}, games, "C"), std::nullopt);
  EXPECT_EQ(unrated_anchor["anchor"], "C");
  EXPECT_EQ(unrated_anchor["origin"], "mean");
  // No anchor is the mean, even for an engine named "" (a hand-edited results file), as the footer.
  std::vector<GameRecord> unnamed;
  pairs(unnamed, "", "B", "wdlw");
  const auto u = arena::output::compute({"", "B"}, unnamed, "");
  const json no_anchor = arena::output::standings_json(u, std::nullopt);
  EXPECT_EQ(no_anchor["anchor"], nullptr);
  EXPECT_EQ(no_anchor["origin"], "mean");
  EXPECT_NE(arena::output::format_standings(u).find("fit, mean 0,"), std::string::npos);
}

// Two engines: the head-to-head lines, pentanomial and SPRT, as format_head_to_head prints them.
TEST(StandingsJson, HeadToHeadWithPairsAndSprt) {
  std::vector<GameRecord> games;
  pairs(games, "new", "old", "wdwlwwddwlwwdw");
  const auto s = arena::output::compute({"new", "old"}, games, "");
  arena::config::SprtConfig sprt;
  sprt.elo0 = 0;
  sprt.elo1 = 20;
  const json h = arena::output::standings_json(s, sprt)["head_to_head"];
  EXPECT_EQ(h["engines"], json({"new", "old"}));
  EXPECT_EQ(h["wins"], 8);
  EXPECT_EQ(h["draws"], 4);
  EXPECT_EQ(h["losses"], 2);
  const auto tri = arena::stats::summarize(s.cross[0][1]);
  ASSERT_TRUE(tri);
  EXPECT_EQ(h["per_game"]["score"], tri->score);
  EXPECT_EQ(h["per_game"]["elo"]["value"], tri->elo.value);
  EXPECT_EQ(h["per_game"]["elo"]["error"], optional_number(tri->elo.error));
  EXPECT_EQ(h["per_game"]["nelo"]["value"], tri->nelo.value);
  EXPECT_EQ(h["per_game"]["los"], tri->los);
  // Pairs: wd, wl, ww, dd, wl, ww, dw -> [LL, LD, WL+DD, WD, WW] = [0, 0, 3, 2, 2].
  EXPECT_EQ(h["pentanomial"], json({0, 0, 3, 2, 2}));
  const auto pen = arena::stats::summarize(*s.pentanomial);
  ASSERT_TRUE(pen);
  EXPECT_EQ(h["per_pair"]["elo"]["value"], pen->elo.value);
  EXPECT_EQ(h["per_pair"]["elo"]["error"], optional_number(pen->elo.error));
  const auto st = arena::output::sprt_status(*s.pentanomial, sprt);
  ASSERT_TRUE(st);
  EXPECT_EQ(h["sprt"]["elo0"], 0.0);
  EXPECT_EQ(h["sprt"]["elo1"], 20.0);
  EXPECT_EQ(h["sprt"]["alpha"], 0.05);
  EXPECT_EQ(h["sprt"]["model"], "logistic");
  EXPECT_EQ(h["sprt"]["llr"], st->llr);
  EXPECT_EQ(h["sprt"]["lower"], st->lower);
  EXPECT_EQ(h["sprt"]["upper"], st->upper);
  EXPECT_EQ(h["sprt"]["state"], "continue");
  EXPECT_EQ(arena::output::standings_json(s, std::nullopt)["head_to_head"]["sprt"], nullptr);
}

// JSON has no infinity: a whitewash's Elo is the string "+inf" (or "-inf"), and an error the
// data cannot bound is null, where the text prints "+inf" and "+/- inf".
TEST(StandingsJson, InfiniteEloIsAStringAndTheVirtualDrawsAreCounted) {
  std::vector<GameRecord> games;
  pairs(games, "A", "B", "wwww");
  const json j = arena::output::standings_json(arena::output::compute({"A", "B"}, games, ""), std::nullopt);
  EXPECT_EQ(j["head_to_head"]["per_game"]["elo"]["value"], "+inf");
  EXPECT_EQ(j["head_to_head"]["per_game"]["elo"]["error"], nullptr);
  EXPECT_NEAR(j["head_to_head"]["per_game"]["los"].get<double>(), 0.977, 0.001);  // 4-0-0, the classical formula
  EXPECT_EQ(j["virtual_draws"], 1);
  EXPECT_EQ(j["standings"][0]["on_virtual_draws"], true);
  EXPECT_TRUE(j["standings"][0]["elo"].is_number()) << "the fit's rating is finite, held by the virtual draw";
  std::vector<GameRecord> lost;
  pairs(lost, "A", "B", "ll");
  const json l = arena::output::standings_json(arena::output::compute({"A", "B"}, lost, ""), std::nullopt);
  EXPECT_EQ(l["head_to_head"]["per_game"]["elo"]["value"], "-inf");
}

// Groups of engines with no games between them are numbered, as the table marks them [1], [2].
TEST(StandingsJson, UnlinkedGroupsAreNumbered) {
  std::vector<GameRecord> games;
  pairs(games, "A", "B", "wdlw");
  pairs(games, "C", "D", "dwld");
  const json j = arena::output::standings_json(arena::output::compute({"A", "B", "C", "D"}, games, ""), std::nullopt);
  EXPECT_EQ(j["groups"], 2);
  for (const json& row : j["standings"]) {
    const int expected = row["name"] == "A" || row["name"] == "B" ? 1 : 2;
    EXPECT_EQ(row["group"], expected) << row.dump();
  }
}

// Read back as text, the JSON prints what the tables print, in every case the tables handle:
// unrated engines, groups, virtual draws, infinite and unbounded estimates, the SPRT's states.
TEST(StandingsJson, ReadBackItIsWhatTheTablesPrint) {
  std::vector<GameRecord> three;
  pairs(three, "A", "B", "wwdlwd");
  pairs(three, "B", "C", "wdwwlw");
  pairs(three, "A", "C", "wwwdwl");
  expect_json_reads_as_the_tables(arena::output::compute({"A", "B", "C", "D"}, three, "B"), std::nullopt);
  std::vector<GameRecord> groups;
  pairs(groups, "A", "B", "wwww");  // a whitewash: virtual draws
  pairs(groups, "C", "D", "dwld");
  expect_json_reads_as_the_tables(arena::output::compute({"A", "B", "C", "D", "E"}, groups, ""), std::nullopt);

  arena::config::SprtConfig sprt;
  sprt.elo0 = 0;
  sprt.elo1 = 10;
  std::vector<GameRecord> strong;
  std::string mostly_won;
  for (int k = 0; k < 40; ++k) mostly_won += "wwwdwwdwwl";  // pairs ww, wd, ww, dw, wl
  pairs(strong, "new", "old", mostly_won);
  expect_json_reads_as_the_tables(arena::output::compute({"new", "old"}, strong, ""), sprt);
  EXPECT_EQ(arena::output::standings_json(arena::output::compute({"new", "old"}, strong, ""), sprt)["head_to_head"]["sprt"]["state"],
            "H1 accepted");
  std::vector<GameRecord> weak;
  std::string mostly_lost;
  for (int k = 0; k < 40; ++k) mostly_lost += "llldllldlw";
  pairs(weak, "new", "old", mostly_lost);
  sprt.normalized = true;
  expect_json_reads_as_the_tables(arena::output::compute({"new", "old"}, weak, ""), sprt);
  EXPECT_EQ(arena::output::standings_json(arena::output::compute({"new", "old"}, weak, ""), sprt)["head_to_head"]["sprt"]["state"],
            "H0 accepted");
  std::vector<GameRecord> one;
  pairs(one, "new", "old", "d");  // one game, no pair: an error nothing bounds
  const auto single = arena::output::compute({"new", "old"}, one, "");
  expect_json_reads_as_the_tables(single, sprt);
  const json h = arena::output::standings_json(single, sprt)["head_to_head"];
  EXPECT_EQ(h["per_game"]["elo"]["error"], nullptr);
  EXPECT_TRUE(h["per_game"]["elo"]["value"].is_number());
  EXPECT_EQ(h["pentanomial"], nullptr);
  EXPECT_EQ(h["per_pair"], nullptr);
  std::vector<GameRecord> all_won;
  pairs(all_won, "new", "old", "wwww");
  expect_json_reads_as_the_tables(arena::output::compute({"new", "old"}, all_won, ""), std::nullopt);
}
