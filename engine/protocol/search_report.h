#pragma once
// The engine's search output as UMI text: `info` lines and the `bestmove` line.
#include <cstdint>
#include <string>
#include <vector>

#include "rules/game.h"
#include "search/bench.h"
#include "search/search.h"

namespace mancala::protocol {

// A score in 1/100 seeds as UMI writes it: at most two decimals, no trailing zeros ("1.5", "-3").
std::string format_seeds(int centiseeds);

// `info depth .. seldepth .. score .. nodes .. nps .. time .. hashfull .. pv ..`. The pv is cut
// at its first move that is not legal, so a GUI never sees an impossible line. A progress report
// is `info nodes .. nps .. time .. hashfull ..`.
std::string format_info(const Game& root, const search::Info& info);

// `info nodes .. nps .. time .. pv <m>`: what a search that ended before its first iteration
// (`go nodes 1`, a Bedouin set-up ranking cut short) did, so that no `bestmove` comes unexplained.
std::string format_summary_info(const Game& root, const search::Result& result, std::int64_t time_ms);

// `bestmove <m> [ponder <m>]`, or `bestmove none` when there is no move. The ponder move is only
// sent when it is legal and is the opponent's reply (after an extra turn there is nothing to ponder).
std::string format_bestmove(const Game& root, const search::Result& result);

// `eval seeds <x>`: the static evaluation from the side to move's view.
std::string eval_report(const search::Searcher& searcher, const Game& game);

// `bench`'s report, a line each: every position with its move, depth and nodes, then the totals,
// ending with "<nodes> nodes <nps> nps" (the line scripts read), as Stockfish's bench does.
std::vector<std::string> format_bench(const search::BenchResult& result);

}  // namespace mancala::protocol
