// `arena games`' views of a results file's games: the filter, the list, and one game replayed.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "match/match.h"
#include "output/game_view.h"
#include "rules/game.h"

using arena::match::GameRecord;
using arena::match::MoveRecord;
using arena::match::Termination;
using arena::match::Winner;
using arena::output::format_game;
using arena::output::format_game_list;
using arena::output::GameFilter;

namespace {

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// A real game played out by the rules, recorded as the arena records it: each side plays its
// last legal move (the first distribution in the Bedouin set-up), or with a `stride` the legal
// move (ply x stride) modulo their number.
GameRecord played_out(const std::string& variant, const arena::match::Opening& opening, std::size_t max_moves = 1000,
                      std::size_t stride = 0) {
  GameRecord g;
  g.id = 7;
  g.round = 3;
  g.opening_index = 1;
  g.south = "alpha";
  g.north = "beta";
  g.variant = variant;
  g.opening = opening;
  mancala::Game game = arena::match::start_game(variant, opening);
  while (!game.over() && g.moves.size() < max_moves) {
    const auto legal = game.legal_moves();
    const bool setup = game.variant().family == mancala::Family::Bedouin && game.position().phase == mancala::Phase::Distribute;
    const mancala::Move mv = setup ? legal.front() : stride ? legal[(g.moves.size() * stride) % legal.size()] : legal.back();
    MoveRecord m;
    m.side = game.side_to_move() == mancala::Side::South ? 's' : 'n';
    m.move = game.move_text(mv);
    m.ms = 1.25;
    m.score = 2.5;
    m.depth = 4;
    m.nodes = 321;
    g.moves.push_back(m);
    game.play(mv);
  }
  g.south_score = game.score(mancala::Side::South);
  g.north_score = game.score(mancala::Side::North);
  if (const auto outcome = game.outcome()) {
    g.winner = arena::match::winner_of(*outcome);
  } else {
    g.termination = Termination::MaxMoves;
  }
  g.final_position = game.notation();
  g.duration_ms = 1234.0;
  return g;
}

GameRecord with(GameRecord g, const std::string& south, const std::string& north, Winner w, Termination t = Termination::Normal) {
  g.south = south;
  g.north = north;
  g.winner = w;
  g.termination = t;
  return g;
}

}  // namespace

TEST(GameView, FilterNeedsEveryNamedEngineTheTerminationAndTheResult) {
  const GameRecord base = played_out("kalah(3,3)", {});
  const GameRecord a_beats_b = with(base, "a", "b", Winner::South);
  const GameRecord b_beats_a_on_time = with(base, "a", "b", Winner::North, Termination::TimeForfeit);
  const GameRecord c_draws_a = with(base, "c", "a", Winner::Draw);

  GameFilter any;
  EXPECT_TRUE(any.matches(a_beats_b));
  GameFilter a_and_b{{"a", "b"}, {}, GameFilter::Result::Any};
  EXPECT_TRUE(a_and_b.matches(b_beats_a_on_time));
  EXPECT_FALSE(a_and_b.matches(c_draws_a)) << "b did not play";
  GameFilter a_won{{"a"}, {}, GameFilter::Result::Win};
  EXPECT_TRUE(a_won.matches(a_beats_b));
  EXPECT_FALSE(a_won.matches(b_beats_a_on_time));
  EXPECT_FALSE(a_won.matches(c_draws_a));
  GameFilter a_lost{{"a"}, {}, GameFilter::Result::Loss};
  EXPECT_FALSE(a_lost.matches(a_beats_b));
  EXPECT_TRUE(a_lost.matches(b_beats_a_on_time));
  GameFilter b_lost{{"b"}, {}, GameFilter::Result::Loss};
  EXPECT_TRUE(b_lost.matches(a_beats_b)) << "the result is the named engine's, whichever side it played";
  GameFilter draws{{}, {}, GameFilter::Result::Draw};
  EXPECT_TRUE(draws.matches(c_draws_a));
  EXPECT_FALSE(draws.matches(a_beats_b));
  GameFilter forfeits{{}, {Termination::TimeForfeit, Termination::Crash}, GameFilter::Result::Any};
  EXPECT_TRUE(forfeits.matches(b_beats_a_on_time));
  EXPECT_FALSE(forfeits.matches(a_beats_b));
}

TEST(GameView, ListHasOneAlignedLineAGameAndTheFaultsDetail) {
  GameRecord normal = played_out("kalah(3,3)", {});
  GameRecord forfeit = with(normal, "a-long-engine-name", "beta", Winner::North, Termination::TimeForfeit);
  forfeit.id = 12;
  forfeit.loser_side = mancala::Side::South;
  forfeit.detail = "bestmove after 1034 ms, allowed 1000 ms + margin";
  const std::string text = format_game_list({normal, forfeit});
  std::istringstream in(text);
  std::string header, first, second, extra;
  ASSERT_TRUE(std::getline(in, header));
  ASSERT_TRUE(std::getline(in, first));
  ASSERT_TRUE(std::getline(in, second));
  EXPECT_FALSE(std::getline(in, extra));
  EXPECT_EQ(header.find("Id"), 0u);
  // The columns line up: each line's South name starts where the header's "South" does.
  EXPECT_EQ(first.find("alpha"), header.find("South"));
  EXPECT_EQ(second.find("a-long-engine-name"), header.find("South"));
  EXPECT_EQ(first.find("beta"), second.find("beta"));
  const std::string score = std::to_string(normal.south_score) + "-" + std::to_string(normal.north_score);
  EXPECT_EQ(first.find(score), header.find("Score"));
  EXPECT_EQ(second.find("0-1"), header.find("Result"));
  EXPECT_EQ(second.find("time_forfeit"), header.find("Termination"));
  // Right-aligned numbers end where their heading ends.
  EXPECT_EQ(first.find(std::to_string(normal.moves.size()) + "      1.2") + std::to_string(normal.moves.size()).size(),
            header.find("Moves") + 5)
      << first;
  EXPECT_EQ(first.size(), header.size()) << "the seconds end the line, under their heading's end";
  EXPECT_EQ(first.find('{'), std::string::npos);
  EXPECT_NE(second.find("{bestmove after 1034 ms, allowed 1000 ms + margin}"), std::string::npos) << second;
  EXPECT_EQ(format_game_list({}), "Id  Round  South  North  Result  Score  Termination  Moves  Seconds\n") << "no game: the header alone";
}

TEST(GameView, ShowReplaysEveryMoveAndEndsWithTheCommandThatSetsItUp) {
  const GameRecord g = played_out("kalah(4,3)", {"", {"2", "4"}});
  const std::string text = format_game(g, false);
  EXPECT_EQ(text.rfind("Game 7 (round 3), kalah(4,3): alpha (South) against beta (North)\n"
                       "Opening 1: the start position, then 2 4 (played by the arena)\n",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find(std::string("Result: ") + (g.winner == Winner::South ? "1-0" : g.winner == Winner::North ? "0-1" : "1/2-1/2")),
            std::string::npos);
  EXPECT_EQ(count_of(text, "(South's pits)"), 2u) << "the boards at the start and at the end";
  EXPECT_EQ(count_of(text, "  +2.50      4    321    1.2"), g.moves.size()) << text;
  // A side that moves twice in a row had an extra turn (Kalah), and the line says so.
  std::size_t again = 0;
  for (std::size_t i = 0; i + 1 < g.moves.size(); ++i) again += g.moves[i].side == g.moves[i + 1].side;
  ASSERT_GT(again, 0u);
  EXPECT_EQ(count_of(text, "1.2  (extra turn)\n"), again) << text;
  // The command, pasted after the engine's own `position`, gives the recorded final position.
  const std::string prefix = "To set it up in an engine: position startpos kalah(4,3) moves 2 4";
  const auto at = text.find(prefix);
  ASSERT_NE(at, std::string::npos) << text;
  std::istringstream moves(text.substr(at + prefix.size() - 3));
  mancala::Game game = *mancala::Game::from_spec("kalah(4,3)");
  for (std::string mv; moves >> mv;) ASSERT_FALSE(game.play(mv)) << mv;
  EXPECT_EQ(game.notation(), g.final_position);
  EXPECT_NE(text.find("Final position: " + g.final_position + "\n"), std::string::npos);
  // Every board on request: one before each move and the last one.
  EXPECT_EQ(count_of(format_game(g, true), "(South's pits)"), g.moves.size() + 1);
}

TEST(GameView, ShowFollowsExtraTurnsTheBedouinSetUpAndFaults) {
  // Kalah(6,4) from the start: pit 3 ends in the store, so South moves twice.
  GameRecord kalah = played_out("kalah(6,4)", {}, 6);
  kalah.moves.resize(2);
  kalah.moves[0].move = "3";
  kalah.moves[1].move = "6";
  kalah.moves[0].side = kalah.moves[1].side = 's';
  mancala::Game game = *mancala::Game::from_spec("kalah(6,4)");
  ASSERT_FALSE(game.play("3"));
  ASSERT_FALSE(game.play("6"));
  kalah.final_position = game.notation();
  kalah.south_score = game.score(mancala::Side::South);
  kalah.north_score = game.score(mancala::Side::North);
  kalah.termination = Termination::IllegalMove;
  kalah.winner = Winner::South;
  kalah.loser_side = mancala::Side::North;
  kalah.detail = "'7\x1b[2J' is not a legal move";  // an engine's bytes, as a hand-edited file could hold them
  kalah.south = "génie";  // columns count characters: 5, not 6 bytes
  const std::string text = format_game(kalah, false);
  EXPECT_NE(text.find("Result: 1-0 2-0 {illegal_move by North (beta): '7?[2J' is not a legal move}"), std::string::npos) << text;
  EXPECT_NE(text.find("    1  South  génie   3     +2.50      4    321    1.2  (extra turn)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    2  South  génie   6     +2.50      4    321    1.2\n"), std::string::npos) << text;

  // South puts all 70 counters in North's pit 4 (the first distribution) and North keeps them
  // (stride 2 picks the first choice): North then sows first.
  const GameRecord bedouin = played_out("bedouin", {}, 1000, 2);
  ASSERT_GT(bedouin.moves.size(), 2u);
  ASSERT_EQ(bedouin.moves[0].move, "0,0,0,70");
  ASSERT_EQ(bedouin.moves[1].move, "keep");
  const std::string shown = format_game(bedouin, false);
  EXPECT_NE(shown.find("    1  South  alpha   " + bedouin.moves[0].move), std::string::npos) << shown;
  EXPECT_NE(shown.find("    2  North  beta    " + bedouin.moves[1].move), std::string::npos) << shown;
  EXPECT_NE(shown.find("1.2  (North sows first)\n    3  North  beta    4"), std::string::npos) << shown;
  EXPECT_NE(shown.find("Final position: " + bedouin.final_position), std::string::npos);
}

TEST(GameView, ShowNamesTheSideThatPasses) {
  // Mangala II has no extra turns: a side that moves twice in a row did so because the other
  // side's row was empty and it passed. Find such a game among deterministic playouts.
  for (std::size_t stride = 1; stride < 40; ++stride) {
    const GameRecord g = played_out("mangala2", {}, 1000, stride);
    std::size_t again = 0;
    for (std::size_t i = 0; i + 1 < g.moves.size(); ++i) again += g.moves[i].side == g.moves[i + 1].side;
    if (again == 0) continue;
    const std::string text = format_game(g, false);
    EXPECT_EQ(count_of(text, "  (North passes)\n") + count_of(text, "  (South passes)\n"), again) << text;
    EXPECT_EQ(count_of(text, "(extra turn)"), 0u);
    return;
  }
  FAIL() << "no Mangala II playout with a pass";
}

TEST(GameView, ShowRefusesMovesThatDoNotReplay) {
  const GameRecord good = played_out("kalah(3,3)", {});
  ASSERT_GT(good.moves.size(), 3u);
  auto message = [](const GameRecord& g) {
    try {
      format_game(g, false);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  GameRecord illegal = good;
  illegal.moves[1].move = "9";
  EXPECT_EQ(message(illegal), "game 7 cannot be replayed: move 2: move '9': there is no pit 9 (pits are 1 to 3)");
  illegal.moves[1].move = "3\x1b[2J";
  EXPECT_EQ(message(illegal).find('\x1b'), std::string::npos) << "no control byte from the file in the message";
  GameRecord wrong_side = good;
  wrong_side.moves[0].side = 'n';
  EXPECT_EQ(message(wrong_side), "game 7 cannot be replayed: move 1 ('" + good.moves[0].move + "') is recorded for North, but South is to move");
  GameRecord short_of_final = good;
  short_of_final.moves.pop_back();
  EXPECT_NE(message(short_of_final).find("but the file records the final position '" + good.final_position + "'"), std::string::npos)
      << message(short_of_final);
  GameRecord bad_opening = good;
  bad_opening.opening.moves = {"0"};
  EXPECT_EQ(message(bad_opening).rfind("game 7 cannot be replayed: opening move '0': ", 0), 0u) << message(bad_opening);
  GameRecord past_the_end = good;
  past_the_end.moves.push_back(good.moves.back());
  EXPECT_NE(message(past_the_end).find("is recorded for"), std::string::npos);
  EXPECT_NE(message(past_the_end).find("but the game is over"), std::string::npos) << message(past_the_end);
}
