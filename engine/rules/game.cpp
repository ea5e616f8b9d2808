#include "game.h"

#include "rules.h"

namespace mancala {

Game::Game(const Variant& v)
    : variant_(v), position_(visit_rules(v, [](const auto& rules) { return rules.start(); })) {}

Expected<Game> Game::from_spec(std::string_view variant_spec) {
  auto v = parse_variant(variant_spec);
  if (!v) return Error{v.error()};
  return Game(*v);
}

Expected<Game> Game::from_notation(std::string_view notation) {
  auto vp = parse_position(notation);
  if (!vp) return Error{vp.error()};
  return Game(vp->variant, vp->position);
}

int Game::score(Side s) const {
  return visit_rules(variant_, [&](const auto& rules) { return rules.score(position_, s); });
}

std::optional<Outcome> Game::outcome() const {
  if (!position_.over) return std::nullopt;
  return visit_rules(variant_, [&](const auto& rules) { return outcome_of(rules, position_); });
}

std::vector<Move> Game::legal_moves() const {
  std::vector<Move> moves;
  visit_rules(variant_, [&](const auto& rules) { rules.for_each_move(position_, [&](Move mv) { moves.push_back(mv); }); });
  return moves;
}

bool Game::is_legal(Move mv) const {
  return visit_rules(variant_, [&](const auto& rules) { return rules.is_legal(position_, mv); });
}

void Game::play(Move mv) {
  visit_rules(variant_, [&](const auto& rules) { rules.make(position_, mv); });
}

std::optional<std::string> Game::play(std::string_view text) {
  auto mv = parse_move(text);
  if (!mv) return mv.error();
  play(*mv);
  return std::nullopt;
}

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::SouthWins: return "south";
    case Outcome::NorthWins: return "north";
    case Outcome::Draw: return "draw";
  }
  return "?";
}

}  // namespace mancala
