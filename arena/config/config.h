#pragma once
// Everything that defines a tournament, as plain values. Read from a JSON file (config_json.h)
// and/or command-line flags (cli/); validated once, then passed down read-only.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "config/time_control.h"
#include "text/tokens.h"

namespace arena::config {

// Every malformed field or flag ends up as one of these, with the field named in the message.
// The message quotes what it refuses, so its control characters (an escape sequence, a newline,
// a NUL) are shown as '?': it stays one line that cannot recolour the terminal.
class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(const std::string& message) : std::runtime_error(mancala::text::printable(message)) {}
};

struct EngineConfig {
  std::string name;
  std::string command;                 // executable: a path, or a name looked up in PATH
  std::vector<std::string> args;
  std::string dir;                     // working directory; empty = the arena's
  std::vector<std::pair<std::string, std::string>> options;  // setoption name -> value, in order
  std::int64_t time_margin_ms = 20;    // grace beyond the clock before a time forfeit
  std::optional<TimeControl> tc;       // overrides the tournament's time control
  bool restart = false;                // a fresh process for every game (engines that leak or keep state)
  bool ponder = false;                 // thinks on the opponent's time (sets its Ponder option; go ponder)
};

enum class Kind { RoundRobin, Gauntlet };

struct OpeningsConfig {
  enum class Source { Start, Random, File } source = Source::Start;
  int plies = 4;                 // random: moves played from the start position
  int count = 0;                 // random: openings to generate (0 = one per round)
  std::string file;              // file: one position notation per line
  bool shuffle = false;          // file: shuffle with the seed instead of file order
  std::string filter_engine;     // random: engine name whose short search judges balance ("" = no filter)
  int filter_depth = 4;
  int filter_max_score = 2;      // keep openings with |score| <= this many seeds
  // The config file gave filter_depth or filter_max_score (not part of the schedule): without a
  // filter engine, once the flags are applied too, nothing would use them.
  bool filter_settings_given = false;
};

struct Adjudication {
  int max_moves = 1000;          // 0 = off; a game that reaches it is a draw
  bool decided = false;          // a side holding more than half the seeds wins at once
};

struct SprtConfig {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
  bool normalized = false;       // elo0/elo1 in normalized Elo instead of logistic
};

struct Timeouts {
  std::int64_t startup_ms = 10000;      // process start to "umiok" and the first "readyok"
  std::int64_t ready_ms = 10000;        // "isready" before each game
  std::int64_t quit_grace_ms = 1000;    // "quit" to kill
  std::int64_t move_timeout_ms = 60000; // a move without a clock or movetime (depth/nodes limits)
};

struct OutputConfig {
  std::string dir = "arena-out";        // everything the arena writes goes below this folder
  std::string results;                  // file name inside dir; default "<name>.jsonl"
  bool log_traffic = false;             // protocol transcript per engine in dir/logs/
  bool log_stderr = false;              // engines' stderr in the same logs
  std::int64_t log_limit_mb = 64;       // per log file
  int report_every = 0;                 // standings every N games while running (0 = only at the end)
  bool progress = true;                 // live progress line when stdout is a terminal
};

struct TournamentConfig {
  std::string name = "tournament";
  Kind kind = Kind::RoundRobin;
  int gauntlet_players = 1;             // gauntlet: the first N engines each play all others
  bool gauntlet_players_given = false;  // set in the file or by a flag (refused for a round robin)
  std::string variant = "kalah(6,4)";
  std::vector<EngineConfig> engines;
  int rounds = 1;                       // colour-swapped game pairs per engine pair
  TimeControl tc{10000, 100, 0, {}, {}, {}};  // 10+0.1 unless the config or flags say otherwise
  int concurrency = 1;
  std::uint64_t seed = 1;
  OpeningsConfig openings;
  Adjudication adjudication;
  std::optional<SprtConfig> sprt;       // head-to-head test that stops when decided
  std::string anchor;                   // engine rated 0 in the joint fit ("" = mean 0)
  Timeouts timeouts;
  OutputConfig output;
  std::int64_t max_line_bytes = 65536;  // longest line accepted from an engine

  const TimeControl& tc_for(const EngineConfig& e) const { return e.tc ? *e.tc : tc; }
  std::string results_path() const;     // dir/results
};

// Cross-field checks (engine names unique, SPRT has two engines, options well formed, ...).
// Throws ConfigError naming the field.
void validate(const TournamentConfig& config);

// A warning when more engines think at once than the machine has cores (0: unknown): one per
// game, two when an engine ponders. The engines then wait for a CPU while their clocks run.
// Empty when there is nothing to say.
std::string concurrency_warning(int concurrency, unsigned cores, bool pondering = false);

// A note (or "") when every round starts from the same position: engines without randomness then
// play the same games again, which the ratings would count as independent evidence.
std::string repeated_start_note(const TournamentConfig& cfg);

// A note when there are more rounds than openings (each opening then starts several rounds),
// or "".
std::string reused_openings_note(const TournamentConfig& cfg, std::size_t openings);

// The time control for the run's first line: the tournament's, or what the engines have.
std::string describe_time_controls(const TournamentConfig& cfg);

}  // namespace arena::config
