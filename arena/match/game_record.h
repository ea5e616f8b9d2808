#pragma once
// One finished game as the results file stores it (one JSON line per game, see README).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "protocol/umi.h"
#include "rules/game.h"
#include "rules/position.h"

namespace arena::match {

// Why a game ended. The order is the priority when several could apply: the rules end a game
// before an adjudication is considered, and a fault is only charged to the engine to move.
enum class Termination {
  Normal,        // the rules ended the game
  Decided,       // adjudicated: one side holds more than half the seeds
  MaxMoves,      // adjudicated draw: the game reached the move limit
  TimeForfeit,   // the mover's clock ran out (or no bestmove by the deadline)
  IllegalMove,   // the move is not legal (or not a move at all)
  Malformed,     // unusable output: a bestmove without a move, a line over the size limit
  Crash,         // the engine's process ended
  NoHandshake,   // the engine could not be (re)started: no umiok / readyok
  Stalled,       // no readyok to the isready before the game
};
const char* termination_name(Termination t);
std::optional<Termination> termination_from_name(const std::string& name);
// Every termination's name, in the enum's order (for help texts and error messages).
std::vector<std::string> termination_names();
// Faults are charged to an engine; adjudications and normal ends are not.
inline bool is_fault(Termination t) { return t >= Termination::TimeForfeit; }

enum class Winner { South, North, Draw };
// "south", "north" or "draw": the results file's and the gameover line's word for a result.
const char* winner_name(Winner w);
// "1-0", "0-1" or "1/2-1/2", South's result first: the result as people read it.
const char* result_text(Winner w);
// The result "that side won".
inline Winner winner_of(mancala::Side s) { return s == mancala::Side::South ? Winner::South : Winner::North; }
// The rules' result of a finished game.
inline Winner winner_of(mancala::Outcome o) {
  return o == mancala::Outcome::SouthWins ? Winner::South : o == mancala::Outcome::NorthWins ? Winner::North : Winner::Draw;
}

struct Opening {
  std::string position;             // notation of the start; empty = the variant's start position
  std::vector<std::string> moves;   // moves played from it before the engines take over
  bool operator==(const Opening&) const = default;
};

struct MoveRecord {
  char side = 's';                  // 's' or 'n': who moved (extra turns repeat a side)
  std::string move;
  double ms = 0;                    // wall time from "go" to "bestmove", as the arena measured it
  std::optional<double> score;      // engine's last reported score (seeds, mover's view)
  bool proven = false;              // "score proven": a game-theoretic margin
  protocol::ScoreBound bound = protocol::ScoreBound::Exact;  // or only a bound on the value
  std::optional<int> depth;
  std::optional<std::int64_t> nodes;
  bool ponderhit = false;           // the engine had pondered on this position: ms counts from "ponderhit"
};

struct GameRecord {
  std::int64_t id = 0;              // position in the schedule
  int round = 0;
  int opening_index = 0;
  std::string south, north;         // engine names
  std::string variant;
  Opening opening;
  std::vector<MoveRecord> moves;
  Winner winner = Winner::Draw;
  int south_score = 0, north_score = 0;
  Termination termination = Termination::Normal;
  std::optional<mancala::Side> loser_side;  // the engine charged with a fault
  std::string detail;                // what went wrong, for faults
  std::string final_position;
  double duration_ms = 0;

  // Points for the named engine: 1, 0.5 or 0. Throws if the engine did not play.
  double points_for(const std::string& engine) const;
};

// The other game of a colour-swapped pair: the schedule plays one opening as ids 2k and 2k+1.
inline std::int64_t partner_game(std::int64_t id) { return id ^ 1; }

nlohmann::json to_json(const GameRecord& g);
// Throws std::runtime_error naming the missing or bad field.
GameRecord game_from_json(const nlohmann::json& j);

}  // namespace arena::match
