#pragma once
// Several results files read as one set of games, for `arena ratings a.jsonl b.jsonl ...`: the
// way to add games to a finished tournament is another run with its own seed and results file,
// and the tables then come from both (as Ordo and BayesElo read several PGN files).
#include <optional>
#include <string>
#include <vector>

#include "match/game_record.h"
#include "tournament/results_file.h"

namespace arena::tournament {

struct CombinedResults {
  std::vector<std::string> engines;        // every file's engines, in order of first appearance
  std::vector<match::GameRecord> games;    // ids renumbered so that files never share one
  std::string anchor;                      // the first file's anchor ("" for the mean)
  std::optional<nlohmann::json> sprt;      // the SPRT settings, only when there is one file
  std::vector<std::string> torn_tails;     // files whose last line was incomplete and ignored
  std::vector<std::size_t> games_per_file;
  // Engines matched by name whose settings differ between files (a new version under an old
  // name, say): one line each, for the reader to judge.
  std::vector<std::string> notes;
};

// One results file read and checked as the tables need it: a header with named engines, a
// variant and a list of openings, and every game of that variant from one of those openings.
// Throws ResultsError naming the file. (`arena games` reads one file so, keeping its ids.)
struct CheckedResults {
  ResultsContent content;
  std::string variant;               // as the rules library spells it
  std::vector<std::string> engines;  // the header's engine names, in order
};
CheckedResults read_checked(const std::string& path);

// Reads each file (ResultsError names the file that is missing, damaged or not a results file)
// and refuses what would give wrong tables: a file given twice (also through a link), two files
// with the same seed and openings that both have games of one pair of engines (the schedule
// replays the same openings in the same order, so those games repeat each other), and files of
// different variants.
CombinedResults combine_results(const std::vector<std::string>& paths);

}  // namespace arena::tournament
