#include "output/game_view.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "match/match.h"
#include "rules/board_drawing.h"
#include "rules/game.h"

namespace arena::output {

namespace {

using match::GameRecord;

std::string padded(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

std::string right(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

std::string fixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

const char* result_text(match::Winner w) {
  return w == match::Winner::South ? "1-0" : w == match::Winner::North ? "0-1" : "1/2-1/2";
}

std::string score_text(const GameRecord& g) { return std::to_string(g.south_score) + "-" + std::to_string(g.north_score); }

// The mover's last reported score as the engine meant it: a proven value says so, a bound shows
// its direction ("+3.50", "proven +8", ">= +2.00").
std::string move_score(const match::MoveRecord& m) {
  if (!m.score) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, m.proven ? "%+.0f" : "%+.2f", *m.score);
  const std::string bound = m.bound == protocol::ScoreBound::Lower ? ">= " : m.bound == protocol::ScoreBound::Upper ? "<= " : "";
  return (m.proven ? "proven " : "") + bound + buf;
}

std::string engine_of(const GameRecord& g, char side) { return side == 's' ? g.south : g.north; }

std::string opening_text(const GameRecord& g) {
  std::string text = "Opening " + std::to_string(g.opening_index) + ": " +
                     (g.opening.position.empty() ? "the start position" : "position " + g.opening.position);
  if (g.opening.moves.empty()) return text;
  text += ", then";
  for (const auto& m : g.opening.moves) text += " " + m;
  return text + " (played by the arena)";
}

std::string result_line(const GameRecord& g) {
  std::string line = std::string("Result: ") + result_text(g.winner) + " " + score_text(g) + " {" + match::termination_name(g.termination);
  if (g.loser_side) {
    const bool south = *g.loser_side == mancala::Side::South;
    line += std::string(" by ") + (south ? "South" : "North") + " (" + (south ? g.south : g.north) + ")";
  }
  if (!g.detail.empty()) line += ": " + g.detail;
  return line + "}";
}

void add_board(std::string& out, const mancala::Game& game) {
  for (const auto& line : mancala::board_drawing(game)) out += line + "\n";
}

}  // namespace

bool GameFilter::matches(const GameRecord& g) const {
  for (const auto& e : engines)
    if (g.south != e && g.north != e) return false;
  if (!terminations.empty() && std::find(terminations.begin(), terminations.end(), g.termination) == terminations.end()) return false;
  switch (result) {
    case Result::Any: return true;
    case Result::Draw: return g.winner == match::Winner::Draw;
    case Result::Win: return g.winner != match::Winner::Draw && g.points_for(engines.at(0)) == 1.0;
    case Result::Loss: return g.winner != match::Winner::Draw && g.points_for(engines.at(0)) == 0.0;
  }
  return false;
}

std::string format_game_list(const std::vector<GameRecord>& games) {
  std::size_t south_w = 5, north_w = 5, termination_w = 11;
  for (const auto& g : games) {
    south_w = std::max(south_w, g.south.size());
    north_w = std::max(north_w, g.north.size());
    termination_w = std::max(termination_w, std::string(match::termination_name(g.termination)).size());
  }
  std::string out = right("Id", 6) + right("Round", 7) + "  " + padded("South", south_w) + "  " + padded("North", north_w) + "  " +
                    padded("Result", 7) + "  " + padded("Score", 7) + "  " + padded("Termination", termination_w) + right("Moves", 7) +
                    right("Seconds", 9) + "\n";
  for (const auto& g : games) {
    std::string line = right(std::to_string(g.id), 6) + right(std::to_string(g.round), 7) + "  " + padded(g.south, south_w) + "  " +
                       padded(g.north, north_w) + "  " + padded(result_text(g.winner), 7) + "  " + padded(score_text(g), 7) + "  " +
                       padded(match::termination_name(g.termination), termination_w) + right(std::to_string(g.moves.size()), 7) +
                       right(fixed(g.duration_ms / 1000.0, 1), 9);
    if (!g.detail.empty()) line += "  {" + g.detail + "}";
    out += line + "\n";
  }
  return out;
}

std::string format_game(const GameRecord& g, bool every_board) {
  mancala::Game game = [&] {
    try {
      return match::start_game(g.variant, g.opening);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error("game " + std::to_string(g.id) + " cannot be replayed: " + e.what());
    }
  }();
  std::string out = "Game " + std::to_string(g.id) + " (round " + std::to_string(g.round) + "), " + g.variant + ": " + g.south +
                    " (South) against " + g.north + " (North)\n" + opening_text(g) + "\n" + result_line(g) + "\n\n";
  add_board(out, game);

  std::size_t engine_w = 6, move_w = 4, score_w = 5;
  for (const auto& m : g.moves) {
    engine_w = std::max(engine_w, engine_of(g, m.side).size());
    move_w = std::max(move_w, m.move.size());
    score_w = std::max(score_w, move_score(m).size());
  }
  const std::string header = right("Ply", 5) + "  " + padded("Side", 5) + "  " + padded("Engine", engine_w) + "  " + padded("Move", move_w) +
                             "  " + right("Score", score_w) + right("Depth", 7) + right("Nodes", 13) + right("ms", 11) + "\n";
  out += "\n" + header;
  std::string game_moves;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const auto& m = g.moves[i];
    const mancala::Side mover = m.side == 's' ? mancala::Side::South : mancala::Side::North;
    // The file's own record of who moved must be what the rules say: extra turns and passes
    // decide it, and a mismatch means the line was edited.
    if (game.over() || game.side_to_move() != mover)
      throw std::runtime_error("game " + std::to_string(g.id) + " cannot be replayed: move " + std::to_string(i + 1) + " ('" + m.move +
                               "') is recorded for " + (mover == mancala::Side::South ? "South" : "North") + ", but " +
                               (game.over() ? std::string("the game is over") :
                                              std::string(game.side_to_move() == mancala::Side::South ? "South" : "North") + " is to move"));
    if (const auto err = game.play(m.move))
      throw std::runtime_error("game " + std::to_string(g.id) + " cannot be replayed: move " + std::to_string(i + 1) + " ('" + m.move +
                               "'): " + *err);
    game_moves += " " + m.move;
    out += right(std::to_string(i + 1), 5) + "  " + padded(m.side == 's' ? "South" : "North", 5) + "  " + padded(engine_of(g, m.side), engine_w) +
           "  " + padded(m.move, move_w) + "  " + right(move_score(m), score_w) + right(m.depth ? std::to_string(*m.depth) : "-", 7) +
           right(m.nodes ? std::to_string(*m.nodes) : "-", 13) + right(fixed(m.ms, 1), 11) + (m.ponderhit ? "  (ponder hit)" : "") + "\n";
    if (every_board && i + 1 < g.moves.size()) {
      out += "\n";
      add_board(out, game);
      out += "\n" + header;
    }
  }
  if (game.notation() != g.final_position)
    throw std::runtime_error("game " + std::to_string(g.id) + " cannot be replayed: its moves lead to '" + game.notation() +
                             "', but the file records the final position '" + g.final_position + "'");
  out += "\n";
  add_board(out, game);
  out += "Final position: " + g.final_position + "\n";
  out += "To set it up in an engine: " + match::position_command(g.variant, g.opening, game_moves) + "\n";
  return out;
}

}  // namespace arena::output
