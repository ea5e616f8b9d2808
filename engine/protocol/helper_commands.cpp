#include "protocol/helper_commands.h"

#include <chrono>

#include "rules/board_drawing.h"
#include "rules/perft.h"

namespace mancala::protocol {

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
