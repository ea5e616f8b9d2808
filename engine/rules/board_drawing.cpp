#include "board_drawing.h"

namespace mancala {

std::vector<std::string> board_drawing(const Game& game) {
  const Variant& variant = game.variant();
  const Position& position = game.position();
  const int m = variant.pits;
  const bool stores = variant.has_stores();
  const int north_first = stores ? m + 1 : m;
  auto cell = [](int n) {
    std::string s = std::to_string(n);
    return std::string(s.size() < 3 ? 3 - s.size() : 0, ' ') + s + " ";
  };
  std::string top = "        ", bottom = "        ", labels_n = "  N:    ", labels_s = "  S:    ";
  for (int i = m - 1; i >= 0; --i) {
    top += cell(position.cell[north_first + i]);
    labels_n += " " + std::string(i + 1 < 10 ? " " : "") + std::to_string(i + 1) + " ";
  }
  for (int i = 0; i < m; ++i) {
    bottom += cell(position.cell[i]);
    labels_s += " " + std::string(i + 1 < 10 ? " " : "") + std::to_string(i + 1) + " ";
  }
  auto score = [&](Side side) {  // right-aligned in 3, in brackets (stores) or parentheses (captures)
    const std::string n = std::to_string(game.score(side));
    return (stores ? "[" : "(") + std::string(n.size() < 3 ? 3 - n.size() : 0, ' ') + n + (stores ? "]" : ")");
  };
  const std::string scores = " " + score(Side::North) + std::string(4 * m, ' ') + score(Side::South) +
                             (stores ? "   North store left, South store right" : "   captured: North left, South right");
  auto trimmed = [](std::string row) { return row.erase(row.find_last_not_of(' ') + 1); };
  return {labels_n + "  (North's pits, numbered from North's left)", trimmed(top), scores,
          trimmed(bottom), labels_s + "  (South's pits)"};
}

}  // namespace mancala
