#pragma once
// The result of a finished game.

namespace mancala {

enum class Outcome { SouthWins, NorthWins, Draw };

}  // namespace mancala
