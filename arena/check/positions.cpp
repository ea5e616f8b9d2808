#include "check/positions.h"

#include <algorithm>

namespace arena::check {

std::vector<std::string> default_specs(const std::vector<std::string>& families) {
  std::vector<std::string> out;
  for (const auto& f : families) {
    if (f == "kalah") out.insert(out.end(), {"kalah(6,4)", "kalah(4,3,empty)"});
    else if (f == "mangala") out.push_back("mangala");
    else if (f == "mangala2") out.push_back("mangala2");
    else if (f == "bedouin") out.push_back("bedouin(70)");
  }
  return out;
}

std::vector<std::string> first_moves(mancala::Game& g, int plies) {
  std::vector<std::string> moves;
  for (int i = 0; i < plies && !g.over(); ++i) {
    const auto legal = g.legal_moves();
    const auto mv = legal.size() > 100 ? legal[legal.size() / 3] : legal.front();
    moves.push_back(g.move_text(mv));
    g.play(mv);
  }
  return moves;
}

// Tiny variants such as bedouin(1) can end within three plies, and a position that is over has
// no legal bestmove to ask for.
std::vector<std::string> moves_keeping_the_game_on(mancala::Game& g, int plies) {
  std::vector<std::string> moves;
  for (int i = 0; i < plies && !g.over(); ++i) {
    auto legal = g.legal_moves();
    if (legal.size() > 100) std::rotate(legal.begin(), legal.begin() + static_cast<long>(legal.size() / 3), legal.end());
    const auto on = std::find_if(legal.begin(), legal.end(), [&](auto mv) {
      mancala::Game next = g;
      next.play(mv);
      return !next.over();
    });
    if (on == legal.end()) break;
    moves.push_back(g.move_text(*on));
    g.play(*on);
  }
  return moves;
}

// Found with the rules library by two million random playouts from the start position
// (mt19937_64 seeded 1, uniform legal moves, each stopped at the first move after which the same
// side moves again), keeping the shortest whose end meets turn_line's conditions. (An exhaustive
// search finds no extra turn with disjoint moves within 7 plies, and the first Mangala II pass at
// 12.) TurnLines.AreWhatTheySay in tests/arena/test_check.cpp checks every condition again.
std::optional<TurnLine> turn_line(const mancala::Variant& v) {
  if (v == mancala::Variant::kalah()) return TurnLine{"4 6 3 2 5 1 4 6", false};
  if (v == mancala::Variant::mangala()) return TurnLine{"2 1 1 4 5 1 6 2 6", false};
  if (v == mancala::Variant::mangala2()) return TurnLine{"4 4 6 2 1 2 2 3 3 3 5 4", true};
  return std::nullopt;
}

std::optional<TurnLine> as_turn_line(const std::vector<std::string>& moves, const mancala::Game& before,
                                     const mancala::Game& after) {
  // In the Bedouin set-up the chooser (keep/flip) also sows first: the same side moves twice
  // there by the turn order, not by an extra turn or a pass.
  if (after.over() || after.side_to_move() != before.side_to_move() || before.position().phase != mancala::Phase::Play)
    return std::nullopt;
  std::string line;
  for (const auto& m : moves) line += (line.empty() ? "" : " ") + m;
  return TurnLine{line, with_other_side_to_move(after).legal_moves().empty()};
}

const char* side_name(mancala::Side s) { return s == mancala::Side::South ? "South" : "North"; }

mancala::Game with_other_side_to_move(const mancala::Game& g) {
  mancala::Position p = g.position();
  p.side = ~p.side;
  return mancala::Game(g.variant(), p);
}

std::string turn_story(const TurnLine& line, const mancala::Game& after) {
  const char* mover = side_name(after.side_to_move());
  const char* other = side_name(~after.side_to_move());
  const std::string moves = "after 'moves " + std::string(line.moves) + "' ";
  if (line.pass)
    return moves + other + " has no legal move and passes (automatically; no token is written for a pass), so " + mover +
           " moves again";
  return moves + mover + " moves again (its last seed fell into its own store: an extra turn)";
}

std::string wrong_side_answer(const TurnLine& line, const mancala::Game& after, std::string_view move) {
  const char* mover = side_name(after.side_to_move());
  const char* other = side_name(~after.side_to_move());
  const std::string hint = line.pass ? " (does it apply automatic passes? PROTOCOL.md section 7)"
                                     : " (does it apply extra turns? PROTOCOL.md section 7)";
  const std::string text = mancala::quoted(move);  // the engine's text: no control bytes on the terminal
  const std::string answer = "'bestmove " + text.substr(1, text.size() - 2) + "'";
  if (move == "none")
    return answer + ", but " + mover + " has legal moves: the engine seems to think " + other + " is to move" +
           (line.pass ? ", who has none" : "") + hint;
  const mancala::Game flipped = with_other_side_to_move(after);
  const auto mine = after.parse_move(move);
  const std::string why = mine ? std::string() : " (" + mine.error() + ")";
  if (flipped.parse_move(move))
    return answer + ", which " + mover + " cannot play" + why + " but " + other + " could: the engine gave the turn to " + other + hint;
  if (line.pass)  // a bot that skips the pass has no move of its own, and says so as it can
    return answer + ", which is not legal for " + mover + why + ": the engine seems to think " + other + " is to move, who has none" + hint;
  return answer + ", which is not legal for " + mover + why + hint;
}

}  // namespace arena::check
