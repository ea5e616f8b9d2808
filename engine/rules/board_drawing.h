#pragma once
// A drawing of the board for people, five lines: North's pit numbers, North's row, the stores or
// captures, South's row, South's pit numbers. North's row is drawn right to left, as it faces
// South across the board; the pits are numbered as moves name them. The engine's `d` command and
// the arena's `games --show` print it.
#include <string>
#include <vector>

#include "game.h"

namespace mancala {

std::vector<std::string> board_drawing(const Game& game);

}  // namespace mancala
