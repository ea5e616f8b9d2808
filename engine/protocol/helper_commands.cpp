#include "protocol/helper_commands.h"

#include <chrono>

#include "rules/perft.h"

namespace mancala::protocol {

namespace {

// A drawing of the board for people: North on top, each row in board order, the stores or
// captures between them.
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

}  // namespace

std::vector<std::string> describe_position(const Game& game) {
  std::vector<std::string> lines = board_drawing(game);
  lines.push_back("notation " + game.notation());
  lines.push_back(std::string("tomove ") +
                  (game.over() ? "none" : game.side_to_move() == Side::South ? "south" : "north"));
  const Position& p = game.position();
  if (game.variant().family == Family::Bedouin && p.phase == Phase::Distribute && !p.over) {
    lines.push_back("legal distributions " + std::to_string(game.legal_moves().size()));
  } else {
    std::string legal = "legal";
    for (Move mv : game.legal_moves()) legal += " " + game.move_text(mv);
    lines.push_back(legal);
  }
  if (auto outcome = game.outcome())
    lines.push_back(std::string("result ") + outcome_name(*outcome) + " " + std::to_string(game.score(Side::South)) +
                    " " + std::to_string(game.score(Side::North)));
  return lines;
}

std::optional<std::string> perft_report(const Game& game, int depth, const std::atomic<bool>& stop) {
  const auto start = std::chrono::steady_clock::now();
  const auto counted = perft_until(game.variant(), game.position(), depth, stop);
  if (!counted) return std::nullopt;
  const std::uint64_t nodes = *counted;
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t nps = nodes * 1000 / static_cast<std::uint64_t>(ms > 0 ? ms : 1);
  return "perft depth " + std::to_string(depth) + " nodes " + std::to_string(nodes) + " time " + std::to_string(ms) +
         " nps " + std::to_string(nps);
}

std::string perft_report(const Game& game, int depth) {
  const std::atomic<bool> never_stop{false};
  return *perft_report(game, depth, never_stop);
}

}  // namespace mancala::protocol
