#pragma once
// Text forms of moves and positions (specified in PROTOCOL.md, "Notation").
//   move:     "1".."m" (pit from the mover's own left), Bedouin "a,b,c,d", "keep", "flip"
//   position: <variant> <south pits>:<south store> <north pits>:<north store> <side s|n|-> [extra]
//             extra: mangala2 "<quiet>", bedouin "<phase> <quiet>"
#include <string>
#include <string_view>

#include "expected.h"
#include "move.h"
#include "position.h"
#include "variant.h"

namespace mancala {

struct VariantPosition {
  Variant variant;
  Position position;
};

std::string move_to_text(const Variant& v, Move mv);
// Parses a move and checks that it is legal in `pos`; the error says why not.
Expected<Move> parse_move(const Variant& v, const Position& pos, std::string_view text);

std::string position_to_text(const Variant& v, const Position& pos);
// Parses and validates (seed totals, counts, side, phase); the error names the field at fault.
Expected<VariantPosition> parse_position(std::string_view text);

const char* phase_name(Phase p);

}  // namespace mancala
