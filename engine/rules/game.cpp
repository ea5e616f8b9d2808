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

std::string Game::drawing() const {
  const int m = variant_.pits;
  const bool stores = variant_.has_stores();
  const int north_first = stores ? m + 1 : m;
  auto cell = [](int n) {
    std::string s = std::to_string(n);
    return std::string(s.size() < 3 ? 3 - s.size() : 0, ' ') + s + " ";
  };
  std::string top = "        ", bottom = "        ", labels_n = "  N:    ", labels_s = "  S:    ";
  for (int i = m - 1; i >= 0; --i) {
    top += cell(position_.cell[north_first + i]);
    labels_n += " " + std::string(i + 1 < 10 ? " " : "") + std::to_string(i + 1) + " ";
  }
  for (int i = 0; i < m; ++i) {
    bottom += cell(position_.cell[i]);
    labels_s += " " + std::string(i + 1 < 10 ? " " : "") + std::to_string(i + 1) + " ";
  }
  const std::string north_score = std::to_string(score(Side::North)), south_score = std::to_string(score(Side::South));
  std::string out;
  out += labels_n + "  (North's pits, numbered from North's left)\n";
  auto trimmed = [](std::string row) { return row.erase(row.find_last_not_of(' ') + 1); };
  out += trimmed(top) + "\n";
  out += (stores ? " [" : " (") + std::string(north_score.size() < 3 ? 3 - north_score.size() : 0, ' ') + north_score +
         (stores ? "]" : ")") + std::string(4 * m, ' ') + (stores ? "[" : "(") +
         std::string(south_score.size() < 3 ? 3 - south_score.size() : 0, ' ') + south_score + (stores ? "]" : ")") +
         (stores ? "   North store left, South store right\n" : "   captured: North left, South right\n");
  out += trimmed(bottom) + "\n";
  out += labels_s + "  (South's pits)\n";
  return out;
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
