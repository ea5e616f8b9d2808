#pragma once
// Plays the scheduled games that are not recorded yet on `concurrency` worker threads, each with
// its own engine processes (a few kept alive between games, least recently used stopped first),
// appends every finished game to the results file at once, prints progress, and stops early
// when an SPRT decides, the registry is interrupted, or a worker fails.
#include <vector>

#include "config/config.h"
#include "match/game_record.h"
#include "output/console.h"
#include "tournament/results_file.h"
#include "tournament/schedule.h"
#include "tournament/tournament.h"

namespace arena::tournament {

struct GamesPlayed {
  RunSummary summary;
  std::vector<match::GameRecord> records;  // every game now recorded, without their moves
};

// `existing`: the games the results file already holds. Rethrows a worker's exception.
GamesPlayed play_games(const config::TournamentConfig& cfg, const RunEnv& env, const std::string& variant,
                       const std::vector<match::Opening>& openings, const Schedule& schedule, ResultsWriter writer,
                       std::vector<match::GameRecord> existing, output::Console& console);

}  // namespace arena::tournament
