#pragma once
// `arena games`: a results file's games for people, one line each, or one game move by move,
// replayed through the rules library (so a line edited by hand cannot show a game that was not
// played). The results file is for programs; this is for looking into a loss or a forfeit after
// an overnight run, as one opens a PGN file in a chess GUI.
#include <string>
#include <vector>

#include "match/game_record.h"

namespace arena::output {

// Which games to list. A game is listed when every named engine played in it, it ended by one of
// the terminations (any, if none is named) and its result is the one asked for.
struct GameFilter {
  enum class Result { Any, Win, Loss, Draw };  // Win and Loss: for engines[0]
  std::vector<std::string> engines;
  std::vector<match::Termination> terminations;
  Result result = Result::Any;

  bool matches(const match::GameRecord& game) const;
};

// A header line, then one line per game: id, round, South, North, result (1-0, 0-1, 1/2-1/2),
// score, termination, moves, seconds, and for a fault the arena's detail.
std::string format_game_list(const std::vector<match::GameRecord>& games);

// The game: who played which side, the opening, the result, then every move with the mover's
// last reported score, depth, nodes and time, the board at the start and at the end (after every
// move with every_board), and the `position` command that sets up the final position in an
// engine. Throws std::runtime_error when the moves do not replay (a move not legal, or a final
// position other than the recorded one): the line was edited or damaged.
std::string format_game(const match::GameRecord& game, bool every_board);

}  // namespace arena::output
