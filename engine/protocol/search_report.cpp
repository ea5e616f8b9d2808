#include "protocol/search_report.h"

#include <cstdlib>

namespace mancala::protocol {

std::string format_seeds(int centiseeds) {
  const int unit = search::kScoreUnit;
  const int magnitude = std::abs(centiseeds);
  std::string out = centiseeds < 0 ? "-" : "";
  out += std::to_string(magnitude / unit);
  const int fraction = magnitude % unit * 100 / unit;  // hundredths of a seed
  if (fraction != 0) {
    out += '.';
    out += static_cast<char>('0' + fraction / 10);
    if (fraction % 10 != 0) out += static_cast<char>('0' + fraction % 10);
  }
  return out;
}

namespace {

std::string format_score(const search::Info& info) {
  std::string out = " score ";
  if (info.proven) {
    // A proven score is a final margin, a whole number of seeds.
    const int unit = search::kScoreUnit;
    const int rounded = (info.score >= 0 ? info.score + unit / 2 : info.score - unit / 2) / unit;
    out += "proven " + std::to_string(rounded);
  } else {
    out += "seeds " + format_seeds(info.score);
  }
  if (info.bound == search::Bound::Lower) out += " lowerbound";
  if (info.bound == search::Bound::Upper) out += " upperbound";
  return out;
}

// " nodes <n> nps <n> time <ms>"
std::string format_effort(std::uint64_t nodes, std::int64_t time_ms) {
  const std::int64_t time = time_ms < 0 ? 0 : time_ms;
  const std::uint64_t nps = nodes * 1000 / static_cast<std::uint64_t>(time > 0 ? time : 1);
  return " nodes " + std::to_string(nodes) + " nps " + std::to_string(nps) + " time " + std::to_string(time);
}

}  // namespace

std::string format_info(const Game& root, const search::Info& info) {
  if (info.progress) return "info" + format_effort(info.nodes, info.time_ms) + " hashfull " + std::to_string(info.hashfull);
  std::string out = "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth);
  if (info.multipv > 0) out += " multipv " + std::to_string(info.multipv);
  out += format_score(info);
  out += format_effort(info.nodes, info.time_ms);
  out += " hashfull " + std::to_string(info.hashfull);
  Game line = root;
  std::string pv;
  for (Move mv : info.pv) {
    if (line.over() || !line.is_legal(mv)) break;
    pv += " " + line.move_text(mv);
    line.play(mv);
  }
  if (!pv.empty()) out += " pv" + pv;
  return out;
}

std::string format_summary_info(const Game& root, const search::Result& result, std::int64_t time_ms) {
  std::string out = "info" + format_effort(result.nodes, time_ms);
  if (!root.over() && !result.best.is_none() && root.is_legal(result.best)) out += " pv " + root.move_text(result.best);
  return out;
}

std::string format_bestmove(const Game& root, const search::Result& result) {
  if (root.over()) return "bestmove none";
  Move best = result.best;
  if (best.is_none() || !root.is_legal(best)) best = root.legal_moves().front();  // never forfeit a live game
  std::string out = "bestmove " + root.move_text(best);
  Game after = root;
  after.play(best);
  // A ponder move is the opponent's whole turn: the engine must be to move after it. Not after a
  // move that gives the opponent another move (or passes back to it), nor after one that ends the
  // game: a GUI would send `go ponder` on a position the engine does not move in.
  if (result.ponder.is_none() || after.over() || after.side_to_move() == root.side_to_move() ||
      !after.is_legal(result.ponder))
    return out;
  Game reply = after;
  reply.play(result.ponder);
  if (!reply.over() && reply.side_to_move() == root.side_to_move()) out += " ponder " + after.move_text(result.ponder);
  return out;
}

std::vector<std::string> format_bench(const search::BenchResult& result) {
  std::vector<std::string> lines;
  for (const auto& p : result.positions) {
    lines.push_back("position " + p.notation);
    lines.push_back("  bestmove " + p.best + " depth " + std::to_string(p.depth) + " nodes " + std::to_string(p.nodes));
  }
  const std::string nodes = std::to_string(result.nodes), nps = std::to_string(result.nodes_per_second());
  lines.push_back("===========================");
  lines.push_back("Total time (ms) : " + std::to_string(static_cast<std::uint64_t>(result.seconds * 1000)));
  lines.push_back("Nodes searched  : " + nodes);
  lines.push_back("Nodes/second    : " + nps);
  lines.push_back(nodes + " nodes " + nps + " nps");
  return lines;
}

std::string eval_report(const search::Searcher& searcher, const Game& game) {
  return "eval seeds " + format_seeds(searcher.evaluate(game.variant(), game.position()));
}

}  // namespace mancala::protocol
