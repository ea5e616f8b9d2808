#pragma once
// A size-bounded, thread-safe, timestamped log file for one engine: protocol traffic and its
// stderr. Once the file holds `limit` bytes (counting what earlier sinks appended to it) it
// notes the truncation and drops the rest of the traffic and stderr, so a chatty engine cannot
// fill the disk overnight; the arena's own `#` notes (a few per event) go on, up to a reserve of
// their own, so that what happened to a flooding engine is still told. Control characters (and
// backslashes) in a line are written as escapes (`\r`, `\x1b`, `\\`): shown, not acted on.
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

namespace arena::process {

class LogSink {
 public:
  enum class Open {
    Append,   // a run's log: appended to (runs resume), never through a symbolic link
    Replace,  // a file the user named (arena check --log): a regular file is emptied first, links
              // are followed, and our own stdout or stderr is written through its descriptor
  };
  // Throws std::runtime_error if `path` cannot be opened.
  LogSink(const std::string& path, std::size_t limit, bool traffic, bool stderr_lines, Open open = Open::Append);
  ~LogSink();
  LogSink(const LogSink&) = delete;
  LogSink& operator=(const LogSink&) = delete;

  bool wants_traffic() const { return traffic_; }
  bool wants_stderr() const { return stderr_; }
  // direction: '>' arena to engine, '<' engine to arena, '!' engine's stderr, '#' arena note.
  void line(char direction, std::string_view text);

 private:
  std::mutex mutex_;
  std::FILE* file_ = nullptr;
  std::size_t written_ = 0;
  std::size_t limit_;
  bool traffic_, stderr_;
  bool truncated_ = false;  // the traffic and stderr are dropped from here on
  std::size_t note_limit_;   // the limit for `#` notes: `limit` and a reserve
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace arena::process
