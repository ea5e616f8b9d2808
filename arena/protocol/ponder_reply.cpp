#include "protocol/ponder_reply.h"

#include <string>

namespace arena::protocol {

mancala::Expected<mancala::Move> ponder_reply(const mancala::Game& after, mancala::Side mover, std::string_view text) {
  using mancala::Error;
  if (after.over()) return Error{"the engine's move ends the game: there is no reply to ponder on"};
  if (after.side_to_move() == mover) return Error{"the engine moves again after its move: there is no reply to ponder on"};
  const auto reply = after.parse_move(std::string(text));
  if (!reply) return Error{reply.error()};
  mancala::Game then = after;
  then.play(*reply);
  if (then.over()) return Error{"the reply " + mancala::quoted(text) + " ends the game: nothing is left to ponder"};
  if (then.side_to_move() != mover)
    return Error{"after the reply " + mancala::quoted(text) + " the opponent moves again: not its whole turn"};
  return *reply;
}

}  // namespace arena::protocol
