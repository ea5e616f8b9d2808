// `arena check`: the notices, PROTOCOL.md's error rules, long lines and line endings.
#include "check/checker.h"

#include <algorithm>

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

// PROTOCOL.md 8: an unknown command gets one error line, and the engine carries on.
void Checker::unknown_command() {
  const std::string item = "unknown command";
  const std::string expected = "one 'info string error: ...' line for 'xyzzy', then 'readyok' to 'isready'";
  if (skipped(item, expected)) return;
  engine_.send("xyzzy");
  engine_.send("isready");
  const Reply r = answer("readyok", o_.ready, "isready");
  if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
  if (r.errors().size() != 1) return add(item, Verdict::Fail, expected, std::to_string(r.errors().size()) + " error lines");
  add(item, Verdict::Pass, expected, "'" + shown(r.errors().front()) + "'");
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
