// `arena check`: the notices, PROTOCOL.md's error rules, long lines and line endings.
#include "check/checker.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>

#include "text/tokens.h"

namespace arena::check {

using std::chrono::milliseconds;
using mancala::text::split_tokens;

void Checker::gameover_notice() {
  const std::string item = "gameover notice";
  const std::string expected = "no answer to 'gameover south 30 18 normal', then 'readyok' to 'isready'";
  if (skipped(item, expected)) return;
  engine_.send("gameover south 30 18 normal");
  engine_.send("isready");
  const Reply r = answer("readyok", o_.ready, "isready");
  if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
  if (!r.errors().empty()) return add(item, Verdict::Fail, expected, "'" + shown(r.errors().front()) + "'");
  add(item, Verdict::Pass, expected, "readyok");
}

// PROTOCOL.md 8: a line that cannot be executed gets exactly one error line, and the engine
// carries on (`what` names the line in the expectation).
void Checker::one_error_line(const std::string& item, const std::string& line, const std::string& what) {
  const std::string expected = "one 'info string error: ...' line for " + what + ", then 'readyok' to 'isready'";
  if (skipped(item, expected)) return;
  engine_.send(line);
  engine_.send("isready");
  const Reply r = answer("readyok", o_.ready, "isready");
  if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
  if (r.errors().size() != 1) return add(item, Verdict::Fail, expected, std::to_string(r.errors().size()) + " error lines");
  add(item, Verdict::Pass, expected, "'" + shown(r.errors().front()) + "'");
}

void Checker::unknown_command() { one_error_line("unknown command", "xyzzy", "'xyzzy'"); }

// PROTOCOL.md 3 (setoption) and 8: an option the engine did not declare is refused (the name has
// spaces, as names may).
void Checker::unknown_option() {
  one_error_line("unknown option", "setoption name No Such Option value 1", "'setoption name No Such Option value 1' (not declared)");
}

namespace {

// A value `o` must refuse (PROTOCOL.md section 3, setoption: no clamping): a spin's max + 1 (or
// min - 1, or a word, for a spin as wide as 64 bits), a check's "maybe", a combo value none of
// its vars; none for a string or a button.
std::optional<std::string> refused_value(const protocol::OptionSpec& o) {
  switch (o.type) {
    case protocol::OptionType::Spin:
      if (o.max && *o.max < std::numeric_limits<std::int64_t>::max()) return std::to_string(*o.max + 1);
      if (o.min && *o.min > std::numeric_limits<std::int64_t>::min()) return std::to_string(*o.min - 1);
      return "x";
    case protocol::OptionType::Check: return "maybe";
    case protocol::OptionType::Combo:
      for (std::string v = "no-such-choice";; v += "-x")
        if (std::none_of(o.vars.begin(), o.vars.end(), [&](const std::string& var) { return mancala::text::iequals(var, v); })) return v;
    case protocol::OptionType::String:
    case protocol::OptionType::Button: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

// A declared option set to a value outside its type is refused with one error line (and keeps its
// old value, which the protocol gives no way to read back; the default is set again afterwards,
// for an engine that took the bad value).
void Checker::bad_option_value() {
  for (const auto& o : options_)
    if (const auto value = refused_value(o)) {
      const std::string line = protocol::format_setoption(o, value);
      one_error_line("bad option value", line, "'" + shown(line, 120) + "' (outside the option's values)");
      if (engine_.alive()) engine_.send(protocol::format_setoption_default(o));
      return;
    }
  if (skipped("bad option value", "")) return;
  add("bad option value", Verdict::Pass, "", "no spin, check or combo option: no value to refuse");
}

// PROTOCOL.md 8: a position with an illegal move leaves no position, so that the next go cannot
// run (its own error line, and bestmove none) rather than answer for a position the GUI did not
// mean (the one before, or the moves up to the bad one). Each line's error lines are counted
// apart (isready after the position).
void Checker::illegal_move(const std::string& spec) {
  const std::string item = "illegal move";
  const std::string position = "position startpos " + spec + " moves 99";
  const std::string expected = "one error line for '" + position + "', then one for 'go depth 1' and 'bestmove none' (no position)";
  if (skipped(item, expected)) return;
  engine_.send("position startpos " + spec);
  engine_.send(position);
  engine_.send("isready");
  const Reply p = answer("readyok", o_.ready, "isready");
  if (!p.found) return add(item, Verdict::Fail, expected, p.failure);
  if (p.errors().size() != 1) return add(item, Verdict::Fail, expected, std::to_string(p.errors().size()) + " error lines for the position");
  engine_.send("go depth 1");
  const Reply r = answer("bestmove", o_.ready, "go depth 1");
  if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
  const auto bm = protocol::parse_bestmove(r.last());
  if (!bm || bm->move != "none") return add(item, Verdict::Fail, expected, "'" + shown(r.last()) + "' (the engine kept a position)");
  if (r.errors().size() != 1) return add(item, Verdict::Fail, expected, std::to_string(r.errors().size()) + " error lines for the go");
  add(item, Verdict::Pass, expected, "'" + shown(p.errors().front()) + "', bestmove none");
}

// PROTOCOL.md 3: a go that cannot run still gets its bestmove, so no GUI waits for ever.
void Checker::malformed_go(const std::string& spec) {
  const std::string item = "malformed go";
  const std::string expected = "one error line and 'bestmove none' for 'go depth x'";
  if (skipped(item, expected)) return;
  engine_.send("position startpos " + spec);
  engine_.send("go depth x");
  const Reply r = engine_.until("bestmove", o_.ready);
  if (!r.found) {
    engine_.mark_dead("it did not answer a malformed 'go'");
    return add(item, Verdict::Fail, expected, r.failure);
  }
  const auto bm = protocol::parse_bestmove(r.last());
  if (!bm || bm->move != "none") return add(item, Verdict::Fail, expected, "'" + shown(r.last()) + "'");
  if (r.errors().size() != 1) return add(item, Verdict::Fail, expected, std::to_string(r.errors().size()) + " error lines");
  add(item, Verdict::Pass, expected, "'" + shown(r.errors().front()) + "', bestmove none");
}

// PROTOCOL.md 1: a line over 65536 bytes is discarded whole, with one error line.
void Checker::long_line() {
  const std::string item = "long line";
  const std::string expected = "one error line for a 70000-byte line, nothing of it executed, then 'readyok'";
  if (skipped(item, expected)) return;
  // 'isready' and its (invalid) arguments: an engine that executed the line, or a cut-off
  // part of it, would answer readyok to it as well (with the no-arguments error line).
  engine_.send("isready " + std::string(70000, 'x'));
  engine_.send("isready");
  const Reply r = answer("readyok", o_.ready, "isready");
  if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
  // Output is in order: a readyok of the long line would come before the handshake's umiok.
  engine_.send("umi");
  const Reply sync = answer("umiok", o_.ready, "umi");
  if (!sync.found) return add(item, Verdict::Fail, expected + ", then 'umiok' to 'umi'", sync.failure);
  const auto readies = std::count_if(sync.lines.begin(), sync.lines.end(), [](const auto& l) { return starts_with(l, "readyok"); });
  if (readies > 0 || r.errors().size() != 1)
    return add(item, Verdict::Fail, expected,
               std::to_string(r.errors().size()) + " error lines, " + std::to_string(1 + readies) + " readyok (the line was executed)");
  add(item, Verdict::Pass, expected, "'" + shown(r.errors().front()) + "'");
}

// PROTOCOL.md 1: a discarded `position` line leaves no position, so a GUI that missed the error
// line never gets a move for the game before. The line would be valid if it were executed.
void Checker::long_position_line(const std::string& spec) {
  const std::string item = "long position line";
  const std::string expected = "'bestmove none' to 'go depth 1' after a 70000-byte position line was discarded";
  if (skipped(item, expected)) return;
  engine_.send("position startpos " + spec);
  engine_.send("position startpos " + spec + std::string(70000, ' ') + "moves");
  engine_.send("go depth 1");
  const Reply r = answer("bestmove", o_.ready, "go depth 1");
  if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
  const auto bm = protocol::parse_bestmove(r.last());
  if (!bm || bm->move != "none") return add(item, Verdict::Fail, expected, "'" + shown(r.last()) + "' (the old position was kept)");
  add(item, Verdict::Pass, expected, "bestmove none");
}

// PROTOCOL.md 1: LF, CR and CR LF all end a line.
void Checker::cr_line_endings() {
  const std::string item = "CR line endings";
  const std::string expected = "'readyok' to 'isready' ended by a bare CR, and to one ended by CR LF";
  if (skipped(item, expected)) return;
  engine_.send_raw("isready\r");
  const Reply cr = engine_.until("readyok", o_.ready);
  if (!cr.found) {
    engine_.send("");  // ends the line for an engine that waits for LF, so later items still run
    engine_.drain(milliseconds(50));
    return add(item, Verdict::Fail, expected, "bare CR: " + cr.failure);
  }
  engine_.send_raw("isready\r\n");
  const Reply crlf = answer("readyok", o_.ready, "isready");
  if (!crlf.found) return add(item, Verdict::Fail, expected, "CR LF: " + crlf.failure);
  if (!cr.errors().empty() || !crlf.errors().empty())
    return add(item, Verdict::Fail, expected, "'" + shown(cr.errors().empty() ? crlf.errors().front() : cr.errors().front()) + "'");
  add(item, Verdict::Pass, expected, "readyok to both");
}

}  // namespace arena::check
