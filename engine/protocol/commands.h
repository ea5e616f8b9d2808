#pragma once
// Parsers for the arguments of the UMI commands that take any. Each returns the parsed value
// or one error message naming what is wrong; none of them touches engine state.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"
#include "rules/game.h"
#include "search/limits.h"

namespace mancala::protocol {

struct SetOptionCommand {
  std::string name;                  // the name's words joined by single spaces
  std::optional<std::string> value;  // absent without `value`; may be empty
};
// `text` is everything after the word "setoption", as received (the value keeps its inner spacing).
Expected<SetOptionCommand> parse_setoption(std::string_view text);

struct GoCommand {
  search::Limits limits;  // clocks as received; the caller keeps MoveOverhead in reserve
  bool ponder = false;
  bool clock_given[2] = {false, false};
};
Expected<GoCommand> parse_go(const std::vector<std::string_view>& args);

// What a `go` asks of an engine whose position is `game` (PROTOCOL.md section 3), in the spec's
// order: malformed limits or no position are errors (answered with an error line and
// `bestmove none`); a finished game is answered `bestmove none` at once; a clock given for
// the other side only is an error; otherwise a search. A `go` without any limit, and any
// `infinite` one, becomes `limits.infinite` with no other limit: it ends only at `stop`.
struct GoDecision {
  bool game_over = false;  // answer `bestmove none` at once
  GoCommand command;       // the search, when the game is not over
};
Expected<GoDecision> decide_go(const std::vector<std::string_view>& args, const std::optional<Game>& game);

// `position startpos <variant> [moves ...]` or `position fen <notation> [moves ...]`: the game
// after every move. With empty_capture_default, plain Kalah specs get the empty-capture rule.
Expected<Game> parse_position(const std::vector<std::string_view>& args, bool empty_capture_default);

struct GameOverNotice {
  std::string result;  // south, north or draw
  int south = 0, north = 0;
  std::string reason;
};
Expected<GameOverNotice> parse_gameover(const std::vector<std::string_view>& args);

// The commands that take no arguments (PROTOCOL.md section 8: extra tokens get an error line,
// and the command still runs).
bool takes_no_arguments(std::string_view command);

// The deepest `perft` or `bench` a GUI may ask for.
inline constexpr int kMaxHelperDepth = 64;

// One depth argument `<n>` with lo <= n <= hi, for perft and bench.
Expected<int> parse_depth(const char* command, const std::vector<std::string_view>& args, int lo, int hi);

}  // namespace mancala::protocol
