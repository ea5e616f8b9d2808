#pragma once
// What a bestmove's `ponder <move>` must be (PROTOCOL.md section 4): a legal move of the
// opponent that is its whole turn, after which the engine moves again. Both the referee (which
// ponders only on such a move) and `arena check` (which fails an engine that names another) ask.
#include <string_view>

#include "rules/expected.h"
#include "rules/game.h"

namespace arena::protocol {

// `after` is the game after the engine's own move, `mover` the engine's side. The reply, or why
// `text` is not a ponder move there.
mancala::Expected<mancala::Move> ponder_reply(const mancala::Game& after, mancala::Side mover, std::string_view text);

}  // namespace arena::protocol
