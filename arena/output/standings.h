#pragma once
// Every table the arena prints, computed from game records alone (so `arena ratings` on a
// results file prints exactly what the live run printed): standings with a joint rating fit,
// a crosstable, terminations by reason, and for two engines the head-to-head figures with
// pentanomial pair statistics and an optional SPRT.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "match/game_record.h"
#include "stats/elo.h"

namespace arena::output {

struct Row {
  std::string name;
  stats::Wdl wdl;
  double points = 0;
  std::optional<double> elo, elo_error;  // joint fit; empty for an engine without games
  int group = 0;                         // 1, 2, ... when the rated engines form several groups
  bool on_virtual_draws = false;         // its rating rests on virtual draws (a perfect score)
  std::optional<double> los;             // head-to-head only, or vs. the next engine in the table
};

struct Standings {
  std::vector<Row> rows;                          // sorted by rating (or points)
  std::vector<std::vector<stats::Wdl>> cross;     // [i][j] in the input order of engines, i's view
  std::vector<std::string> engines;               // input order
  std::map<std::string, int> terminations;        // reason -> games
  std::int64_t games = 0;
  std::int64_t ignored = 0;  // game lines naming an engine not in the list, or one engine twice
  // Head-to-head (exactly two engines), from the first engine's view.
  std::optional<stats::Pentanomial> pentanomial;
  std::string anchor;                             // "" = mean
  std::int64_t virtual_draws = 0;
  int groups = 1;  // groups of rated engines with no games between them (Elo compares only within one)
};

// The game's result for the named engine (which must have played it).
stats::GameResult result_for(const match::GameRecord& g, const std::string& engine);

Standings compute(const std::vector<std::string>& engines, const std::vector<match::GameRecord>& games,
                  const std::string& anchor);

// Whether the anchor holds the scale: it is named and has games (else the fit centres on the mean).
bool anchor_rated(const Standings& s);

std::string format_standings(const Standings& s);
std::string format_crosstable(const Standings& s);
std::string format_terminations(const Standings& s);
// Empty unless two engines. With `sprt`, adds the LLR line and the decision.
std::string format_head_to_head(const Standings& s, const std::optional<config::SprtConfig>& sprt);

enum class SprtState { Continue, AcceptH0, AcceptH1 };
struct SprtStatus {
  SprtState state = SprtState::Continue;
  double llr = 0, lower = 0, upper = 0;
};
// The SPRT on pentanomial pair counts (first engine's view).
std::optional<SprtStatus> sprt_status(const stats::Pentanomial& p, const config::SprtConfig& sprt);
// "continue", "H0 accepted" or "H1 accepted", as the head-to-head line prints it.
const char* sprt_state_name(SprtState state);

}  // namespace arena::output
