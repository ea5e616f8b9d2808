#pragma once
// One engine process as `arena check` sees it: line I/O with a deadline on every wait, and the
// lines read while waiting for an answer (so an item can report what came back instead).
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "check/compliance.h"
#include "protocol/umi.h"
#include "process/process.h"

namespace arena::check {

// Engine text inside a report line: printable ASCII, at most `limit` characters.
using protocol::shown;
bool starts_with(std::string_view line, std::string_view word);  // the line's first token is `word`
using protocol::is_error_line;                                    // "info string error: ..."

struct Reply {
  std::vector<std::string> lines;  // every line read, the awaited one last when found
  bool found = false;
  std::string failure;             // why not found: "nothing within N ms", "the engine exited", ...
  std::chrono::milliseconds elapsed{};
  const std::string& last() const { return lines.back(); }
  std::vector<std::string> errors() const;
};

class Probe {
 public:
  Probe(const CheckOptions& o, process::ChildRegistry& registry) : o_(o), registry_(registry) {}

  std::optional<std::string> start();  // an error message if the program cannot be started
  // Ends the current process, if any (killed at once and reaped), and starts a fresh one.
  std::optional<std::string> restart();
  // A '#' line in the traffic log, if there is one.
  void note(const std::string& text);
  bool alive() const { return proc_ && !dead_; }
  bool exited() const { return exited_; }  // its process ended (not just fell silent or misbehaved)
  const std::string& death() const { return death_; }

  bool send(const std::string& line) { return send_raw(line + "\n"); }
  bool send_raw(const std::string& bytes);  // exactly these bytes (line endings included)

  // Reads lines until one whose first token is `token`, or one `done` accepts, within `limit`.
  Reply until(const std::string& token, std::chrono::milliseconds limit);
  template <class Pred>
  Reply until_line(Pred done, std::chrono::milliseconds limit);
  // Whatever arrives within `limit` (no line is awaited).
  Reply drain(std::chrono::milliseconds limit) {
    return until_line([](const std::string&) { return false; }, limit);
  }

  // quit, then the exit status if it exits within the grace period.
  std::optional<int> quit(std::chrono::milliseconds grace);
  void mark_dead(const std::string& why) {
    if (dead_) return;
    dead_ = true;
    death_ = why;
  }

 private:
  static std::string tail(const Reply& r);
  // Once the engine's output is closed: how it ended ("exited with code 4", "killed by signal
  // 11") and its last stderr line, which usually says why (a usage error, a traceback).
  std::string ended(const std::string& output_tail);

  const CheckOptions& o_;
  process::ChildRegistry& registry_;
  std::unique_ptr<process::Process> proc_;
  bool dead_ = false;
  bool exited_ = false;
  std::string death_;
  std::string death_detail_;  // death_ with the engine's last stderr line, for the first item to see it
};

template <class Pred>
Reply Probe::until_line(Pred done, std::chrono::milliseconds limit) {
  using Clock = process::Clock;
  Reply r;
  const auto t0 = Clock::now();
  const auto deadline = t0 + limit;
  if (!alive()) {
    r.failure = !death_detail_.empty() ? death_detail_ : death_.empty() ? "the engine is not running" : death_;
    return r;
  }
  for (std::string line;;) {
    const auto st = proc_->read_line(line, deadline);
    r.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0);
    if (st == process::ReadStatus::Line) {
      if (r.lines.size() < 4096) r.lines.push_back(line);
      else r.lines.back() = line;  // a flood: keep memory bounded, keep the latest
      if (done(line)) {
        r.found = true;
        return r;
      }
      continue;
    }
    if (st == process::ReadStatus::Timeout) {
      r.failure = "nothing matching within " + std::to_string(limit.count()) + " ms" + tail(r);
    } else if (st == process::ReadStatus::Closed) {
      r.failure = ended(tail(r));
    } else {
      r.failure = "a line longer than " + std::to_string(o_.max_line) + " bytes";
      mark_dead("it wrote a line longer than " + std::to_string(o_.max_line) + " bytes");
    }
    return r;
  }
}

}  // namespace arena::check
