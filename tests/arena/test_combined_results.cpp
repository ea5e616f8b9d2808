// Several results files read as one set of games (`arena ratings a.jsonl b.jsonl`).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include "output/standings.h"
#include "test_helpers.h"
#include "tournament/combined_results.h"

using namespace arena::tournament;
using arena::match::GameRecord;
using arena::match::Winner;
using nlohmann::json;
namespace fs = std::filesystem;
using arena_test::TempDir;

namespace {

GameRecord game(std::int64_t id, const std::string& south, const std::string& north, Winner w) {
  GameRecord g;
  g.id = id;
  g.south = south;
  g.north = north;
  g.variant = "kalah(6,4)";
  g.winner = w;
  g.south_score = w == Winner::South ? 30 : w == Winner::North ? 18 : 24;
  g.north_score = 48 - g.south_score;
  g.final_position = "kalah(6,4) 0,0,0,0,0,0:" + std::to_string(g.south_score) + " 0,0,0,0,0,0:" + std::to_string(g.north_score) + " -";
  return g;
}

json header(std::uint64_t seed, const std::vector<std::string>& engines, const std::string& variant = "kalah(6,4)",
            const std::string& anchor = "") {
  json list = json::array();
  for (const auto& e : engines) list.push_back({{"name", e}, {"command", "/bin/" + e}});
  json h = {{"type", "header"},
            {"format", kResultsFormat},
            {"version", kResultsVersion},
            {"tournament", {{"seed", seed}, {"variant", variant}, {"engines", list}, {"rounds", 2}}},
            {"openings", json::array({{{"position", ""}, {"moves", json::array()}}})}};
  if (!anchor.empty()) h["anchor"] = anchor;
  return h;
}

void write(const std::string& path, const json& h, const std::vector<GameRecord>& games) {
  auto w = ResultsWriter::create(path, h);
  for (const auto& g : games) w.append(g);
}

}  // namespace

TEST(CombinedResults, GamesOfAllFilesWithIdsThatKeepPairsApart) {
  TempDir d;
  // File 1: one pair (ids 0, 1) and the first game of a second pair (id 2, its partner missing).
  // (Its header's SPRT is a stopping rule for that run alone: the pooled games have none.)
  json a = header(1, {"x", "y"}, "kalah(6,4)", "y");
  a["tournament"]["sprt"] = {{"elo0", 0}, {"elo1", 5}};
  write(d / "a.jsonl", a, {game(0, "x", "y", Winner::South), game(1, "y", "x", Winner::North), game(2, "x", "y", Winner::Draw)});
  // File 2: a new seed, one more engine, and a pair that reuses ids 0 and 1 and game 3 without
  // its partner 2: the lone games of the two files must not be paired with each other.
  write(d / "b.jsonl", header(2, {"y", "z", "x"}, "kalah"),
        {game(0, "x", "y", Winner::North), game(1, "y", "x", Winner::South), game(3, "y", "z", Winner::South)});

  const auto c = combine_results({d / "a.jsonl", d / "b.jsonl"});
  EXPECT_EQ(c.engines, (std::vector<std::string>{"x", "y", "z"}));
  ASSERT_EQ(c.games.size(), 6u);
  EXPECT_EQ(c.games_per_file, (std::vector<std::size_t>{3, 3}));
  std::vector<std::int64_t> ids;
  for (const auto& g : c.games) ids.push_back(g.id);
  EXPECT_EQ(ids, (std::vector<std::int64_t>{0, 1, 2, 4, 5, 7})) << "file 2 starts at the first even id after file 1's";
  EXPECT_EQ(c.anchor, "y") << "the first file's anchor";
  EXPECT_FALSE(c.sprt) << "no SPRT for games pooled from two runs";
  EXPECT_TRUE(c.notes.empty()) << "x and y are set up the same in both files";

  // Two engines only (z's game left out): the pairs are (0,1) of file 1 and (4,5) of file 2.
  const auto s = arena::output::compute({"x", "y"}, c.games, "");
  ASSERT_TRUE(s.pentanomial);
  EXPECT_EQ(s.pentanomial->pair_count(), 2);
  EXPECT_EQ(s.games, 5);
  EXPECT_EQ(s.ignored, 1);
}

// A file may hold any id up to 2^63 - 1. Ids offset file by file overflowed there (a review found
// five files, each with a pair and a game of id 2^62 - 2, whose fifth pair took the second's ids):
// renumbered pair by pair, every file's pair stays one pair of its own.
TEST(CombinedResults, HugeIdsKeepEveryFilesPairs) {
  TempDir d;
  const std::int64_t huge[] = {(std::int64_t{1} << 62) - 2, std::numeric_limits<std::int64_t>::max()};
  std::vector<std::string> paths;
  for (int k = 0; k < 5; ++k) {
    paths.push_back(d / ("f" + std::to_string(k) + ".jsonl"));
    write(paths.back(), header(static_cast<std::uint64_t>(k + 1), {"x", "y"}),
          {game(0, "x", "y", Winner::South), game(1, "y", "x", k == 4 ? Winner::North : Winner::South),
           game(huge[k % 2], "x", "y", Winner::Draw)});
  }
  const auto c = combine_results(paths);
  ASSERT_EQ(c.games.size(), 15u);
  std::set<std::int64_t> ids;
  for (const auto& g : c.games) {
    ids.insert(g.id);
    EXPECT_GE(g.id, 0);
    EXPECT_LT(g.id, 20);
  }
  EXPECT_EQ(ids.size(), 15u) << "no two games share an id";
  const auto s = arena::output::compute({"x", "y"}, c.games, "");
  ASSERT_TRUE(s.pentanomial);
  EXPECT_EQ(s.pentanomial->pair_count(), 5) << "one pair a file";
}

TEST(CombinedResults, OneFileIsReadAsItIs) {
  TempDir d;
  json h = header(7, {"x", "y"});
  h["tournament"]["sprt"] = {{"elo0", 0}, {"elo1", 5}};
  write(d / "a.jsonl", h, {game(0, "x", "y", Winner::South), game(1, "y", "x", Winner::South)});
  const auto c = combine_results({d / "a.jsonl"});
  ASSERT_EQ(c.games.size(), 2u);
  EXPECT_EQ(c.games[1].id, 1);
  ASSERT_TRUE(c.sprt) << "one run's SPRT is still reported";
  EXPECT_EQ((*c.sprt)["elo1"], 5);
  EXPECT_TRUE(c.anchor.empty());
}

TEST(CombinedResults, RefusesWhatWouldCountGamesTwiceOrMixGames) {
  TempDir d;
  write(d / "a.jsonl", header(1, {"x", "y"}), {game(0, "x", "y", Winner::South)});
  fs::copy_file(d / "a.jsonl", d / "copy.jsonl");
  write(d / "m.jsonl", header(2, {"x", "y"}, "mangala"), {});
  auto message = [](const std::vector<std::string>& paths) {
    try {
      (void)combine_results(paths);
    } catch (const ResultsError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message({d / "a.jsonl", d / "copy.jsonl"}),
            "'" + d / "copy.jsonl" + "' and '" + d / "a.jsonl" +
                "' play x vs y from the same openings in the same order (the same seed), so their games repeat each "
                "other and would count twice; a run that adds games needs its own seed");
  // Whatever else differs: more rounds, another spelling of the variant, an SPRT, another
  // engine, other engine settings or adjudication. The schedule gives x and y the same
  // openings in the same order.
  json longer = header(1, {"y", "x", "z"}, "kalah");
  longer["tournament"]["rounds"] = 9;
  longer["tournament"]["sprt"] = {{"elo0", 0}, {"elo1", 5}};
  longer["tournament"]["engines"][1]["command"] = "./x";
  longer["tournament"]["adjudication"] = {{"max_moves", 999}};
  write(d / "longer.jsonl", longer, {game(0, "z", "y", Winner::South), game(1, "y", "x", Winner::South)});
  EXPECT_NE(message({d / "a.jsonl", d / "longer.jsonl"}).find("' play x vs y from the same openings"), std::string::npos);
  // The same seed for another pair of engines is no replay: x vs z is new.
  write(d / "other-pair.jsonl", header(1, {"x", "z"}), {game(0, "x", "z", Winner::South)});
  EXPECT_EQ(message({d / "a.jsonl", d / "other-pair.jsonl"}), "no error");
  // Nor are other openings with the same seed.
  json plies = header(1, {"x", "y"});
  plies["openings"] = json::array({{{"position", ""}, {"moves", json::array({"3"})}}});
  GameRecord from_plies = game(0, "x", "y", Winner::South);
  from_plies.opening.moves = {"3"};  // (a game of that file is played from its opening)
  write(d / "plies.jsonl", plies, {from_plies});
  EXPECT_EQ(message({d / "a.jsonl", d / "plies.jsonl"}), "no error");

  const std::string dotted = (d.path / "." / "a.jsonl").string();
  EXPECT_EQ(message({d / "a.jsonl", dotted}),
            "'" + dotted + "' is given twice (as '" + d / "a.jsonl" + "' too); its games would count twice");
  fs::create_hard_link(d / "a.jsonl", d / "hard.jsonl");
  EXPECT_EQ(message({d / "a.jsonl", d / "hard.jsonl"}),
            "'" + d / "hard.jsonl" + "' is given twice (as '" + d / "a.jsonl" + "' too); its games would count twice");
  EXPECT_EQ(message({d / "a.jsonl", d / "m.jsonl"}),
            "'" + d / "m.jsonl" + "' is a mangala tournament but '" + d / "a.jsonl" +
                "' is kalah(6,4); ratings from different games cannot be combined");
  EXPECT_NE(message({d / "a.jsonl", d / "missing.jsonl"}).find("missing.jsonl"), std::string::npos);

  std::ofstream(d / "bad.jsonl") << R"({"type":"header","format":"mancala-arena-results","version":1,"tournament":{"seed":3}})"
                                 << "\n";
  EXPECT_NE(message({d / "a.jsonl", d / "bad.jsonl"}).find("'" + d / "bad.jsonl" + "' has a damaged header"), std::string::npos);
  json numbered = header(4, {"x", "y"});
  numbered["tournament"]["variant"] = 5;
  write(d / "numbered.jsonl", numbered, {});
  EXPECT_EQ(message({d / "a.jsonl", d / "numbered.jsonl"}).rfind("'" + d / "numbered.jsonl" + "' has a damaged header", 0), 0u)
      << "the later file is named, not the first";
}

TEST(CombinedResults, AnEngineSetUpAnotherWayUnderTheSameNameIsNoted) {
  TempDir d;
  write(d / "a.jsonl", header(1, {"x", "y"}), {game(0, "x", "y", Winner::South)});
  json h = header(2, {"x", "y"});
  h["tournament"]["engines"][0]["command"] = "/opt/x-v2";
  h["tournament"]["engines"][0]["options"] = {{"Hash", "128"}};
  write(d / "b.jsonl", h, {game(0, "x", "y", Winner::North)});
  const auto c = combine_results({d / "a.jsonl", d / "b.jsonl"});
  ASSERT_EQ(c.notes.size(), 1u);
  EXPECT_EQ(c.notes[0], "Note: 'x' is not set up the same in '" + d / "b.jsonl" + "' as in '" + d / "a.jsonl" +
                            "' (command, options); its games are rated as one engine's");
  EXPECT_EQ(c.games.size(), 2u);
}
