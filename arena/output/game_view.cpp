#include "output/game_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "match/match.h"
#include "output/columns.h"
#include "rules/board_drawing.h"
#include "rules/game.h"
#include "text/tokens.h"

namespace arena::output {

namespace {

using match::GameRecord;
using mancala::Side;

const char* side_title(Side s) { return s == Side::South ? "South" : "North"; }

// Text from the file shown as it is, but for control bytes: a line edited by hand must not
// reach the terminal's escape sequences.
std::string shown(const std::string& text) { return mancala::text::printable(text); }

std::string fixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, std::fabs(value) < 1e12 ? "%.*f" : "%.*e", decimals, value);
  return buf;
}

std::string score_text(const GameRecord& g) { return std::to_string(g.south_score) + "-" + std::to_string(g.north_score); }

// The mover's last reported score as the engine meant it: a proven value says so, a bound shows
// its direction ("+3.50", "proven +8", ">= +2.00").
std::string move_score(const match::MoveRecord& m) {
  if (!m.score) return "-";
  const std::string value = (*m.score >= 0 ? "+" : "") + fixed(*m.score, m.proven ? 0 : 2);
  const std::string bound = m.bound == protocol::ScoreBound::Lower ? ">= " : m.bound == protocol::ScoreBound::Upper ? "<= " : "";
  return (m.proven ? "proven " : "") + bound + value;
}

// Why the side that moved is to move again (RULES.md): a last seed in its own store (the
// variants with stores), North's first sowing after its keep or flip (Bedouin), or else the
// other side cannot move and passes (Mangala II, Bedouin).
std::string moves_again(const mancala::Game& after, mancala::Move played, Side mover) {
  if (after.variant().has_stores()) return "extra turn";
  if (played.is_keep() || played.is_flip()) return "North sows first";
  return std::string(side_title(~mover)) + " passes";
}

std::string engine_of(const GameRecord& g, Side side) { return shown(side == Side::South ? g.south : g.north); }

std::string opening_text(const GameRecord& g) {
  std::string text = "Opening " + std::to_string(g.opening_index) + ": " +
                     (g.opening.position.empty() ? "the start position" : "position " + g.opening.position);
  if (g.opening.moves.empty()) return text;
  text += ", then";
  for (const auto& m : g.opening.moves) text += " " + m;
  return text + " (played by the arena)";
}

std::string result_line(const GameRecord& g) {
  std::string line = std::string("Result: ") + match::result_text(g.winner) + " " + score_text(g) + " {" + match::termination_name(g.termination);
  if (g.loser_side) line += std::string(" by ") + side_title(*g.loser_side) + " (" + engine_of(g, *g.loser_side) + ")";
  if (!g.detail.empty()) line += ": " + shown(g.detail);
  return line + "}";
}

void add_board(std::string& out, const mancala::Game& game) {
  for (const auto& line : mancala::board_drawing(game)) out += line + "\n";
}

[[noreturn]] void cannot_replay(const GameRecord& g, const std::string& why) {
  throw std::runtime_error("game " + std::to_string(g.id) + " cannot be replayed: " + why);
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
  TextTable table({{"Id"}, {"Round"}, {"South", false}, {"North", false}, {"Result", false}, {"Score", false},
                   {"Termination", false}, {"Moves"}, {"Seconds"}});
  std::vector<std::vector<std::string>> rows;
  for (const auto& g : games) {
    rows.push_back({std::to_string(g.id), std::to_string(g.round), shown(g.south), shown(g.north), match::result_text(g.winner),
                    score_text(g), match::termination_name(g.termination), std::to_string(g.moves.size()), fixed(g.duration_ms / 1000.0, 1)});
    table.fit(rows.back());
  }
  std::string out = table.heading_line() + "\n";
  for (std::size_t i = 0; i < games.size(); ++i)
    out += table.line(rows[i]) + (games[i].detail.empty() ? "" : "  {" + shown(games[i].detail) + "}") + "\n";
  return out;
}

std::string format_game(const GameRecord& g, bool every_board) {
  mancala::Game game = [&] {
    try {
      return match::start_game(g.variant, g.opening);
    } catch (const std::invalid_argument& e) {
      cannot_replay(g, e.what());
    }
  }();
  std::string out = "Game " + std::to_string(g.id) + " (round " + std::to_string(g.round) + "), " + g.variant + ": " + engine_of(g, Side::South) +
                    " (South) against " + engine_of(g, Side::North) + " (North)\n" + opening_text(g) + "\n" + result_line(g) + "\n\n";
  add_board(out, game);

  // Each move's line, then (with every_board) the board after it; printed once the widths are known.
  struct MoveLine {
    std::vector<std::string> cells;
    std::string notes;
    std::string board_after;
  };
  TextTable table({{"Ply", true, 5}, {"Side", false, 5}, {"Engine", false}, {"Move", false}, {"Score"}, {"Depth"}, {"Nodes"}, {"ms", true, 5}});
  std::vector<MoveLine> lines;
  std::string game_moves;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const auto& m = g.moves[i];
    const std::string ply = "move " + std::to_string(i + 1);
    const Side mover = m.side == 's' ? Side::South : Side::North;
    // The file's own record of who moved must be what the rules say: extra turns and passes
    // decide it, and a mismatch means the line was edited.
    if (game.over()) cannot_replay(g, ply + " (" + mancala::text::quote(m.move) + ") is recorded for " + side_title(mover) + ", but the game is over");
    if (game.side_to_move() != mover)
      cannot_replay(g, ply + " (" + mancala::text::quote(m.move) + ") is recorded for " + side_title(mover) + ", but " +
                           side_title(game.side_to_move()) + " is to move");
    const auto mv = game.parse_move(m.move);
    if (!mv) cannot_replay(g, ply + ": " + mv.error());  // the rules' message quotes the move
    game.play(*mv);
    game_moves += " " + m.move;
    const bool again = !game.over() && game.side_to_move() == mover;
    MoveLine line{{std::to_string(i + 1), side_title(mover), engine_of(g, mover), m.move, move_score(m),
                   m.depth ? std::to_string(*m.depth) : "-", m.nodes ? std::to_string(*m.nodes) : "-", fixed(m.ms, 1)},
                  std::string(m.ponderhit ? "  (ponder hit)" : "") + (again ? "  (" + moves_again(game, *mv, mover) + ")" : ""),
                  ""};
    if (every_board && i + 1 < g.moves.size()) add_board(line.board_after, game);
    table.fit(line.cells);
    lines.push_back(std::move(line));
  }
  const std::string heading = table.heading_line() + "\n";
  out += "\n" + heading;
  for (const auto& line : lines) {
    out += table.line(line.cells) + line.notes + "\n";
    if (!line.board_after.empty()) out += "\n" + line.board_after + "\n" + heading;
  }
  if (game.notation() != g.final_position)
    cannot_replay(g, "its moves lead to '" + game.notation() + "', but the file records the final position '" + shown(g.final_position) + "'");
  out += "\n";
  add_board(out, game);
  out += "Final position: " + g.final_position + "\n";
  out += "To set it up in an engine: " + match::position_command(g.variant, g.opening, game_moves) + "\n";
  return out;
}

}  // namespace arena::output
