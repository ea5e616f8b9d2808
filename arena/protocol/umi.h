#pragma once
// The arena's side of UMI (the Universal Mancala Interface): parsing what engines print and
// formatting what the arena sends. Pure functions, no I/O, so every rule is unit-tested.
// Numbers are parsed strictly and bounded: a malformed field is dropped, never trusted.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arena::protocol {

// The version of PROTOCOL.md the arena speaks, sent by engines as `protocol <n>`.
constexpr int kVersion = 1;


// What a reported score says about the true value: it is the value, or a bound on it.
enum class ScoreBound { Exact, Lower, Upper };

// An engine's search report: only the fields the arena records.
struct SearchInfo {
  std::optional<int> depth;
  // "score seeds <x>" (a decimal, PROTOCOL.md section 4) or "score proven <n>", in seeds from
  // the side to move's view. `has_score` says the line had a score field even if it could
  // not be read: a newer unreadable score must not leave an older one standing.
  std::optional<double> score;
  bool has_score = false;
  bool proven = false;       // "score proven": a game-theoretic margin (or a bound on it)
  ScoreBound bound = ScoreBound::Exact;
  std::optional<std::int64_t> nodes;
  std::optional<std::int64_t> time_ms;
  int multipv = 1;  // a MultiPV search's line number: only line 1's score is the move's
};

// A score's number: a decimal such as 3, -0.5 or 1.25 (more digits are read too), within
// +-1,000,000 seeds; no exponent, no hex, no inf or nan.
std::optional<double> parse_seeds(std::string_view token);

// "info ..." lines (not "info string"); fields it cannot read are left empty.
std::optional<SearchInfo> parse_info(std::string_view line);

// What is wrong with an "info" line (not "info string") by PROTOCOL.md section 4, for
// `arena check`: an unknown field (UCI's "cp", "currmove"), a number that is not a
// non-negative integer, a score that is not "seeds <decimal with at most two decimals>" or
// "proven <integer>", an empty pv. Empty if it is well formed; `pv` gets its moves.
std::optional<std::string> info_line_problem(std::string_view line, std::vector<std::string>& pv);
// Folds a newer report into an older one (fields the newer one lacks are kept; a score field
// that is there but unreadable clears the older score).
void merge_info(SearchInfo& into, const SearchInfo& newer);

struct BestMove {
  std::string move;    // may be "none"
  std::string ponder;  // the reply the engine expects ("bestmove <m> ponder <p>"); empty if none
};
// "bestmove <move> [ponder <move>]"; empty if the line is not a well-formed bestmove line.
std::optional<BestMove> parse_bestmove(std::string_view line);

enum class OptionType { Check, Spin, Combo, String, Button };

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::String;
  std::string default_value;
  std::optional<std::int64_t> min, max;
  std::vector<std::string> vars;
};
// "option name <N...> type <t> [default <d...>] [min <x>] [max <y>] [var <v...>]..."
// The name may contain spaces; it ends at the first " type " token. Nothing unless the line has
// what its type needs (PROTOCOL.md section 5): a spin its min and max, and every type but a
// button a default that is one of its own values.
std::optional<OptionSpec> parse_option(std::string_view line);
// The name an "option name <N...> [type ...]" line declares, even if the rest cannot be parsed;
// empty if it is no such line.
std::string declared_option_name(std::string_view line);
// The declared option of that name (names compare without case, PROTOCOL.md section 5), or null.
const OptionSpec* find_option(const std::vector<OptionSpec>& declared, std::string_view name);
// The engine's `Ponder` option if it is a check option, or null: only such an engine is sent
// `go ponder` (PROTOCOL.md section 3).
const OptionSpec* ponder_option(const std::vector<OptionSpec>& declared);

// An engine's text quoted in a message: printable ASCII only (no escape sequences reach a
// terminal, and the results file stays valid UTF-8), cut to `limit` characters plus "...".
std::string shown(std::string_view text, std::size_t limit = 80);
// "; its last line on stderr: '...'" (shown, up to 200 characters) for a message about an
// engine that failed, or "" if it said nothing there.
std::string stderr_note(std::string_view last_stderr_line);

// "info string error: ..." (PROTOCOL.md section 8): how an engine reports a problem.
bool is_error_line(std::string_view line);

// Checks `value` against what the engine declared; returns the value to send (canonical form
// for check options) or an error message.
struct OptionValue {
  std::optional<std::string> value;  // empty for a button
  std::string error;
  bool ok() const { return error.empty(); }
};
OptionValue validate_option(const OptionSpec& spec, const std::string& value);
// "setoption name <name> [value <value>]" (an empty string is sent as "value" with nothing after).
std::string format_setoption(const OptionSpec& spec, const std::optional<std::string>& value);
// "setoption" back to the declared default, spelt as the "option" line spelt it: an empty
// default as "<empty>", a button with no value.
std::string format_setoption_default(const OptionSpec& spec);

// The time fields of one "go" command.
struct GoLimits {
  std::optional<std::int64_t> stime, ntime, sinc, ninc, movestogo, movetime, depth, nodes;
};
// "go [ponder] <limits>" (ponder: the search on the opponent's time, PROTOCOL.md section 3).
std::string format_go(const GoLimits& limits, bool ponder = false);
// "gameover <south|north|draw> <south-score> <north-score> <reason>" (PROTOCOL.md section 3).
std::string format_gameover(const std::string& result, int south_score, int north_score, const std::string& reason);

// A `protocol <n>` token (PROTOCOL.md section 3, umi): is it a whole number, and is it this arena's
// version? A number too large for 64 bits is a whole number, and not version 1.
bool is_whole_number(std::string_view token);
bool is_this_version(std::string_view token);

}  // namespace arena::protocol
