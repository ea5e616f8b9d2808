#include "check/probe.h"

#include <algorithm>
#include <thread>

#include "protocol/umi.h"
#include "text/tokens.h"

namespace arena::check {

using process::Clock;
using mancala::text::split_tokens;
using std::chrono::milliseconds;


bool starts_with(std::string_view line, std::string_view word) {
  const auto t = split_tokens(line);
  return !t.empty() && t[0] == word;
}

std::vector<std::string> Reply::errors() const {
  std::vector<std::string> out;
  for (const auto& l : lines)
    if (is_error_line(l)) out.push_back(l);
  return out;
}

std::optional<std::string> Probe::start() {
  try {
    proc_ = std::make_unique<process::Process>(process::SpawnSpec{o_.program, o_.args, o_.workdir, o_.max_line}, registry_, o_.log);
  } catch (const process::SpawnError& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

std::optional<std::string> Probe::restart() {
  if (proc_) (void)proc_->shutdown("", milliseconds(0));
  proc_.reset();
  dead_ = exited_ = false;
  death_.clear();
  death_detail_.clear();
  return start();
}

void Probe::note(const std::string& text) {
  if (o_.log) o_.log->line('#', text);
}

bool Probe::send_raw(const std::string& bytes) {
  if (!alive()) return false;
  if (!proc_->write(bytes, Clock::now() + milliseconds(1000))) {
    // An engine that exits at once closes its input a moment before it can be reaped.
    // (500 ms: a loaded machine may take a while to let it be reaped; only failures wait.)
    const auto until = Clock::now() + milliseconds(500);
    while (!proc_->exited() && Clock::now() < until) std::this_thread::sleep_for(milliseconds(1));
    if (proc_->exited()) {  // it exited before reading this: what it printed first is still there
      // Only its last line is wanted; one second in all, should a helper it left keep writing.
      Reply unread;
      std::string line;
      const auto read_until = Clock::now() + milliseconds(1000);
      while (proc_->read_line(line, std::min(read_until, Clock::now() + milliseconds(100))) == process::ReadStatus::Line)
        unread.lines.assign(1, line);
      ended(tail(unread));  // the same words as when a reply is cut short
    }
    else mark_dead("the engine does not read its input (closed or full pipe)");
    return false;
  }
  return true;
}

Reply Probe::until(const std::string& token, milliseconds limit) {
  return until_line([&](const std::string& l) { return starts_with(l, token); }, limit);
}

std::optional<int> Probe::quit(milliseconds grace) {
  if (!proc_) return std::nullopt;
  send("quit");
  const auto deadline = Clock::now() + grace;
  while (Clock::now() < deadline && !proc_->exited()) {
    std::string ignored;
    // Keeps its stdout flowing; once that is closed, shutdown waits out the rest (without spinning).
    if (proc_->read_line(ignored, std::min(deadline, Clock::now() + milliseconds(10))) == process::ReadStatus::Closed) break;
  }
  const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
  auto status = proc_->shutdown("", std::max(milliseconds(0), left));
  proc_.reset();
  dead_ = true;
  return status;
}

std::string Probe::ended(const std::string& output_tail) {
  const auto ending = proc_->end_after_output_closed();
  std::string how = ending.status ? process::Process::describe_exit(*ending.status) : "closed its output (and was killed)";
  if (how.starts_with("killed")) how = "was " + how;
  exited_ = ending.status.has_value();
  mark_dead("the engine " + how);
  death_detail_ = death_ + output_tail + protocol::stderr_note(ending.last_stderr);
  return death_detail_;
}

std::string Probe::tail(const Reply& r) {
  if (r.lines.empty()) return " (no output)";
  return " (last line: '" + shown(r.lines.back()) + "')";
}

}  // namespace arena::check
