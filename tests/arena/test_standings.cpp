// The standings table from game records: who is rated, in which group, and what is left out.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "output/standings.h"

using arena::match::GameRecord;
using arena::match::Winner;

namespace {

// `wins` wins of a over b, `draws` draws, `losses` losses (a always South: colours do not
// matter to the table).
void play(std::vector<GameRecord>& games, const std::string& a, const std::string& b, int wins, int draws, int losses) {
  auto add = [&](Winner w) {
    GameRecord g;
    g.id = static_cast<std::int64_t>(games.size());
    g.south = a;
    g.north = b;
    g.winner = w;
    games.push_back(g);
  };
  for (int i = 0; i < wins; ++i) add(Winner::South);
  for (int i = 0; i < draws; ++i) add(Winner::Draw);
  for (int i = 0; i < losses; ++i) add(Winner::North);
}

const arena::output::Row& row(const arena::output::Standings& s, const std::string& name) {
  for (const auto& r : s.rows)
    if (r.name == name) return r;
  throw std::runtime_error("no row " + name);
}

// The table's lines that start with `start` (the ranked rows start with the padded rank).
std::vector<std::string> lines_starting(const std::string& table, const std::string& start) {
  std::istringstream lines(table);
  std::vector<std::string> found;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(start, 0) == 0) found.push_back(line);
  return found;
}

std::ptrdiff_t characters(const std::string& text) {
  return std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

}  // namespace

TEST(Standings, AnEngineWithoutGamesDoesNotHideTheOthersRatings) {
  std::vector<GameRecord> games;
  play(games, "A", "B", 5, 3, 2);
  const auto s = arena::output::compute({"A", "B", "C"}, games, "");
  ASSERT_TRUE(row(s, "A").elo && row(s, "B").elo);
  EXPECT_NEAR(*row(s, "A").elo, -*row(s, "B").elo, 1e-9);
  EXPECT_GT(*row(s, "A").elo, 30.0);
  EXPECT_FALSE(row(s, "C").elo);
  EXPECT_EQ(s.groups, 1);
  EXPECT_EQ(s.rows.back().name, "C");  // unrated engines come last
  const std::string table = arena::output::format_standings(s);
  EXPECT_EQ(table.find("No games link"), std::string::npos) << table;
}

TEST(Standings, UnlinkedGroupsAreRatedWithinEachGroupAndSaidSo) {
  std::vector<GameRecord> games;
  play(games, "A", "B", 6, 2, 2);
  play(games, "C", "D", 2, 2, 6);
  const auto s = arena::output::compute({"A", "B", "C", "D"}, games, "");
  EXPECT_EQ(s.groups, 2);
  EXPECT_EQ(row(s, "A").group, 1);
  EXPECT_EQ(row(s, "D").group, 2);
  EXPECT_NEAR(*row(s, "A").elo, *row(s, "D").elo, 1e-6);  // the same result, each group at mean 0
  // Grouped, then by rating within each group.
  std::vector<std::string> order;
  for (const auto& r : s.rows) order.push_back(r.name);
  EXPECT_EQ(order, (std::vector<std::string>{"A", "B", "D", "C"}));
  const std::string table = arena::output::format_standings(s);
  EXPECT_NE(table.find("A [1]"), std::string::npos) << table;
  EXPECT_NE(table.find("No games link the groups [1] to [2] yet"), std::string::npos) << table;
}

TEST(Standings, AnAnchorWithoutGamesIsNotClaimedAsTheOrigin) {
  std::vector<GameRecord> games;
  play(games, "A", "B", 5, 3, 2);
  const std::string with_games = arena::output::format_standings(arena::output::compute({"A", "B", "C"}, games, "B"));
  EXPECT_NE(with_games.find("fit, B = 0, 95%"), std::string::npos) << with_games;
  const std::string without = arena::output::format_standings(arena::output::compute({"A", "B", "C"}, games, "C"));
  EXPECT_NE(without.find("fit, mean 0 (the anchor C has no games yet), 95%"), std::string::npos) << without;
}

TEST(Standings, GameLinesNamingUnknownEnginesAreCountedAsLeftOut) {
  std::vector<GameRecord> games;
  play(games, "A", "B", 1, 0, 1);
  play(games, "A", "Z", 1, 0, 0);
  play(games, "A", "A", 1, 0, 0);
  const auto s = arena::output::compute({"A", "B"}, games, "");
  EXPECT_EQ(s.games, 2);
  EXPECT_EQ(s.ignored, 2);
  EXPECT_NE(arena::output::format_standings(s).find("2 game lines were left out"), std::string::npos);
}

TEST(Standings, TheFooterCountsVirtualDrawsInGoodEnglish) {
  std::vector<GameRecord> one, two;
  play(one, "A", "B", 2, 0, 0);  // a whitewash: one pairing across the divide
  const std::string single = arena::output::format_standings(arena::output::compute({"A", "B"}, one, ""));
  EXPECT_NE(single.find("(1 virtual draw for perfect scores; * marks the ratings that rest on it)"), std::string::npos) << single;
  play(two, "A", "B", 2, 0, 0);
  play(two, "A", "C", 2, 0, 0);
  const std::string plural = arena::output::format_standings(arena::output::compute({"A", "B", "C"}, two, ""));
  EXPECT_NE(plural.find("(2 virtual draws for perfect scores; * marks the ratings that rest on them)"), std::string::npos)
      << plural;
  // The ratings resting on them are marked (a review found the rows of a whitewashed group
  // unmarked); a rating the games alone bound is not.
  std::vector<GameRecord> three;
  play(three, "A", "B", 2, 0, 0);
  play(three, "C", "D", 1, 1, 1);
  play(three, "B", "C", 1, 1, 1);
  const std::string marked = arena::output::format_standings(arena::output::compute({"A", "B", "C", "D"}, three, ""));
  int starred = 0;
  for (const std::string& line : lines_starting(marked, "   ")) {
    if (line.find(" A ") != std::string::npos || line.find(" B ") != std::string::npos) {
      EXPECT_NE(line.find("* "), std::string::npos) << line;
      ++starred;
    }
    if (line.find(" C ") != std::string::npos || line.find(" D ") != std::string::npos) {
      EXPECT_EQ(line.find("*"), std::string::npos) << line;
    }
  }
  EXPECT_EQ(starred, 2) << marked;
}

TEST(Standings, NamesThatDifferOnlyAtTheEndStayApart) {
  // The default tournament has engine-level-3 and engine-level-8: cut to a fixed width they
  // were one name in the crosstable.
  const std::string a = "engine-level-3-with-a-long-tail", b = "engine-level-8-with-a-long-tail";
  std::vector<GameRecord> games;
  play(games, a, b, 1, 1, 1);
  const auto s = arena::output::compute({a, b}, games, "");
  const std::string table = arena::output::format_standings(s), cross = arena::output::format_crosstable(s);
  const std::string header = cross.substr(0, cross.find('\n'));
  for (const auto& name : {a, b}) {
    EXPECT_NE(table.find(name), std::string::npos) << table;
    EXPECT_NE(header.find(" " + name), std::string::npos) << cross;  // the column
    EXPECT_NE(cross.find("\n" + name + " "), std::string::npos) << cross;  // the row
  }
  // Columns line up: every row of the crosstable is as long as the header.
  std::vector<std::size_t> lengths;
  for (std::size_t pos = 0, nl; (nl = cross.find('\n', pos)) != std::string::npos && lengths.size() < 3; pos = nl + 1)
    lengths.push_back(nl - pos);
  ASSERT_EQ(lengths.size(), 3u);
  EXPECT_EQ(lengths[0], lengths[1]);
  EXPECT_EQ(lengths[1], lengths[2]);
  // A rating that rounds to zero from below prints without a sign.
  auto tiny = s;
  tiny.rows[0].elo = -0.01;
  const std::string tiny_table = arena::output::format_standings(tiny);
  EXPECT_NE(tiny_table.find(" 0.0 "), std::string::npos) << tiny_table;
  EXPECT_EQ(tiny_table.find("-0.0"), std::string::npos) << tiny_table;
}

TEST(Standings, TheFooterCountsOneGameInTheSingular) {
  std::vector<GameRecord> one, two;
  play(one, "A", "B", 1, 0, 0);
  play(two, "A", "B", 1, 0, 1);
  const std::string single = arena::output::format_standings(arena::output::compute({"A", "B"}, one, ""));
  EXPECT_NE(single.find("\n1 game. Elo:"), std::string::npos) << single;
  const std::string plural = arena::output::format_standings(arena::output::compute({"A", "B"}, two, ""));
  EXPECT_NE(plural.find("\n2 games. Elo:"), std::string::npos) << plural;
}

// The LOS column is the row's engine against the one ranked next (from their direct games), so
// the leader's is above one half and the last row has none.
TEST(Standings, LosIsOfEachRowOverTheNextAndTheLastHasNone) {
  std::vector<GameRecord> games;
  play(games, "A", "B", 5, 3, 2);
  const auto s = arena::output::compute({"B", "A"}, games, "");
  ASSERT_EQ(s.rows.size(), 2u);
  EXPECT_EQ(s.rows[0].name, "A");
  ASSERT_TRUE(s.rows[0].los);
  EXPECT_NEAR(*s.rows[0].los, 0.8878, 5e-4);
  EXPECT_FALSE(s.rows[1].los);
  // The last row has no LOS, and no line of the tables ends in blanks: neither that row (it
  // did, padded for its empty LOS cell) nor the heading (its trim was unpinned, a mutation review
  // found).
  const std::string tables = arena::output::format_standings(s) + arena::output::format_crosstable(s);
  std::istringstream in(tables);
  for (std::string line; std::getline(in, line);) EXPECT_TRUE(line.empty() || line.back() != ' ') << "'" << line << "'";
  EXPECT_NE(tables.find("LOS\n"), std::string::npos) << tables;
}

// Equal ratings are ordered by points. A scores 1-1 against both B and C: all three are rated 0
// (the fit starts there and the games give it no reason to move), A with two points, B and C one.
TEST(Standings, EqualRatingsAreOrderedByPoints) {
  std::vector<GameRecord> games;
  play(games, "A", "B", 1, 0, 1);
  play(games, "A", "C", 1, 0, 1);
  const auto s = arena::output::compute({"B", "C", "A"}, games, "");
  ASSERT_EQ(s.rows.size(), 3u);
  for (const auto& r : s.rows) {
    ASSERT_TRUE(r.elo) << r.name;
    EXPECT_EQ(*r.elo, 0.0) << r.name;
  }
  EXPECT_EQ(s.rows[0].name, "A");
  EXPECT_EQ(s.rows[0].points, 2.0);
}

// Names with accents line up like the others: the columns count characters, not UTF-8 bytes (a
// review saw the table shift by a column for each accented letter).
TEST(Standings, AccentedNamesLineUp) {
  std::vector<GameRecord> games;
  play(games, "Zoë-Ångström", "Zoe", 1, 0, 1);
  const auto s = arena::output::compute({"Zoë-Ångström", "Zoe"}, games, "");
  // The standings: each row's games count (2) in the same character column.
  const auto standings = arena::output::format_standings(s);
  const auto ranked = lines_starting(standings, "   ");
  ASSERT_EQ(ranked.size(), 2u) << standings;
  std::vector<std::ptrdiff_t> games_column;
  for (const auto& line : ranked) {
    const auto at = line.find("      2 ");
    ASSERT_NE(at, std::string::npos) << line;
    games_column.push_back(characters(line.substr(0, at)));
  }
  EXPECT_EQ(games_column[0], games_column[1]) << standings;
  // The crosstable: both rows equally wide in characters.
  const auto cross = arena::output::format_crosstable(s);
  const auto cross_rows = lines_starting(cross, "Zo");
  ASSERT_EQ(cross_rows.size(), 2u) << cross;
  EXPECT_EQ(characters(cross_rows[0]), characters(cross_rows[1])) << cross;
}

// A cell wider than its column widens the column instead of pushing the rest of its row (a
// marked rating below -1000 did).
TEST(Standings, ColumnsWidenForWideCells) {
  std::vector<GameRecord> games;
  play(games, "A", "B", 100, 0, 0);
  play(games, "B", "C", 100, 0, 0);
  play(games, "C", "D", 100, 0, 0);
  const auto s = arena::output::compute({"A", "B", "C", "D"}, games, "");
  ASSERT_TRUE(row(s, "D").elo.has_value());
  ASSERT_LE(*row(s, "D").elo, -1000.0);  // so its cell, with the mark, is "-1xxx.x*"
  const std::string table = arena::output::format_standings(s);
  const auto ranked = lines_starting(table, "   ");
  ASSERT_EQ(ranked.size(), 4u) << table;
  // Where the n-th blank-separated cell of a line ends (rank, name, Elo, +/-, games, ...).
  auto cell_end = [](const std::string& line, int n) {
    std::size_t at = 0;
    for (int i = 0; i <= n; ++i) at = line.find(' ', line.find_first_not_of(' ', at));
    return at;
  };
  for (const auto& line : ranked) {
    if (&line != &ranked.back()) {  // (the last row has no LOS)
      EXPECT_EQ(characters(line), characters(ranked[0])) << table;
    }
    EXPECT_EQ(cell_end(line, 4), cell_end(ranked[0], 4)) << table;  // the games column
  }
  // The headings move with their columns: "Games" stands where it stands over a table that
  // needs no widening, relative to the games counts.
  auto games_heading_offset = [&](const std::string& t) {
    return static_cast<std::ptrdiff_t>(cell_end(lines_starting(t, "   ")[0], 4)) -
           static_cast<std::ptrdiff_t>(t.find("Games"));
  };
  std::vector<GameRecord> narrow_games;
  play(narrow_games, "A", "B", 1, 0, 1);
  const std::string narrow = arena::output::format_standings(arena::output::compute({"A", "B"}, narrow_games, ""));
  EXPECT_EQ(games_heading_offset(table), games_heading_offset(narrow)) << table << narrow;
}

// Games 2k and 2k+1 are counted as a pair only when they swapped colours (a review found a file
// whose games 0 and 1 both had A as South counted as one pair).
TEST(Standings, OnlyColourSwappedGamesMakeAPair) {
  std::vector<GameRecord> games;
  play(games, "A", "B", 2, 0, 0);  // games 0 and 1, both with A as South
  const auto unswapped = arena::output::compute({"A", "B"}, games, "");
  ASSERT_TRUE(unswapped.pentanomial);
  EXPECT_EQ(unswapped.pentanomial->pair_count(), 0);
  EXPECT_EQ(unswapped.games, 2) << "both still count as games";
  std::swap(games[1].south, games[1].north);
  EXPECT_EQ(arena::output::compute({"A", "B"}, games, "").pentanomial->pair_count(), 1);
}
