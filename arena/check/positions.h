#pragma once
// The positions `arena check` asks an engine about: the variants to try, short lines from the
// start, and lines after which the same side moves again (PROTOCOL.md section 7), where an
// engine that alternates the sides as in chess answers with a move for the wrong side.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game.h"

namespace arena::check {

// One or two variant specs per family the engine lists.
std::vector<std::string> default_specs(const std::vector<std::string>& families);

// Plays the first legal move `plies` times (a Bedouin distribution: one from the middle of the
// list), returning the move texts; stops early if the game ends.
std::vector<std::string> first_moves(mancala::Game& g, int plies);

// Up to `plies` moves that leave the game running (the first legal move that does, in
// first_moves' order).
std::vector<std::string> moves_keeping_the_game_on(mancala::Game& g, int plies);

// A line from the start position whose last move gives the mover another move: an extra turn
// (the last seed fell into the mover's store), or an automatic pass of the opponent, who has
// no legal move (no token is written for it).
struct TurnLine {
  std::string moves;  // space-separated
  bool pass;          // the opponent passes (else: an extra turn)
};

// The line for this variant, if it has one (kalah(6,4), mangala, mangala2). The players
// alternate before its last move, so an engine that ignores the rule has the board right and
// only the side to move wrong; and no move is legal for both sides at its end, so that
// engine's answer cannot be legal by chance.
std::optional<TurnLine> turn_line(const mancala::Variant& v);

// The same for any line `moves` from `before` (the position before its last move) to `after`,
// if its last move gave the mover another move.
std::optional<TurnLine> as_turn_line(const std::vector<std::string>& moves, const mancala::Game& before,
                                     const mancala::Game& after);

// "after 'moves ...' North moves again (its last seed fell into its own store: an extra turn)";
// `after` is the position at the end of the line.
std::string turn_story(const TurnLine& line, const mancala::Game& after);

// What is wrong with answering `move` (not legal in `after`), in a bot author's terms: above
// all, whether the move or 'none' fits the other side, the engine's likely mistake.
std::string wrong_side_answer(const TurnLine& line, const mancala::Game& after, std::string_view move);

const char* side_name(mancala::Side s);  // "South", "North"

// The same board with the other side to move: what an engine that ignores the rule sees.
mancala::Game with_other_side_to_move(const mancala::Game& g);

}  // namespace arena::check
