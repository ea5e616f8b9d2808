#pragma once
// A variant together with a position: the convenient value for the protocol layer, the arena's
// referee and tests. Hot code uses the rules classes of rules.h directly.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "expected.h"
#include "move.h"
#include "notation.h"
#include "outcome.h"
#include "position.h"
#include "variant.h"

namespace mancala {

class Game {
 public:
  explicit Game(const Variant& v);  // the start position
  Game(const Variant& v, const Position& p) : variant_(v), position_(p) {}
  static Expected<Game> from_spec(std::string_view variant_spec);
  static Expected<Game> from_notation(std::string_view notation);

  const Variant& variant() const { return variant_; }
  const Position& position() const { return position_; }
  std::string notation() const { return position_to_text(variant_, position_); }

  bool over() const { return position_.over; }
  Side side_to_move() const { return position_.side; }
  int score(Side s) const;  // store or captures; final once over()
  std::optional<Outcome> outcome() const;  // empty while the game runs

  std::vector<Move> legal_moves() const;  // Bedouin distribution: all of them (tens of thousands)
  bool is_legal(Move mv) const;
  Expected<Move> parse_move(std::string_view text) const { return mancala::parse_move(variant_, position_, text); }
  std::string move_text(Move mv) const { return move_to_text(variant_, mv); }

  void play(Move mv);  // mv must be legal
  // Parses, checks and plays one move; on error the game is unchanged.
  std::optional<std::string> play(std::string_view move_text);

  bool operator==(const Game&) const = default;

 private:
  Variant variant_;
  Position position_;
};

const char* outcome_name(Outcome o);  // "south", "north", "draw"

}  // namespace mancala
