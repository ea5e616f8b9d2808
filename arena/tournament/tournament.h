#pragma once
// Runs a whole tournament: checks the engines, prepares the openings, creates or resumes the
// results file, plays the scheduled games on `concurrency` worker threads (each with its own
// engine processes), appends every finished game to the results file at once, prints progress
// and standings, and stops early when an SPRT decides or the registry is interrupted.
#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "config/config.h"
#include "match/game_record.h"
#include "process/child_registry.h"

namespace arena::tournament {

enum class Outcome { Finished, SprtDecided, Interrupted };

struct RunSummary {
  Outcome outcome = Outcome::Finished;
  std::int64_t games_total = 0;      // in the schedule
  std::int64_t games_recorded = 0;   // in the results file now
  std::int64_t games_played = 0;     // by this run
  double seconds = 0;
};

struct RunEnv {
  process::ChildRegistry* registry = nullptr;
  std::ostream* out = nullptr;
  bool terminal = false;             // stdout is a TTY: live progress line instead of per-game lines
  std::string program = "arena";     // as started (argv[0]), in the command suggested at the end
};

// Throws config::ConfigError (bad config, engine fails its first start, foreign results file)
// and ResultsError (the results file cannot be written).
RunSummary run(const config::TournamentConfig& config, const RunEnv& env);

// Resolves the output folder and results path, refusing anything that leaves the folder.
std::string prepare_output(const config::TournamentConfig& config);

}  // namespace arena::tournament
