#pragma once
// A size-bounded, thread-safe, timestamped log file for one engine: protocol traffic and its
// stderr. Once the file holds `limit` bytes (counting what earlier sinks appended to it) it
// notes the truncation and drops the rest, so a chatty engine cannot fill the disk overnight.
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

namespace arena::process {

class LogSink {
 public:
  // Opens (appends to) `path`; throws std::runtime_error if it cannot be opened.
  LogSink(const std::string& path, std::size_t limit, bool traffic, bool stderr_lines);
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
  bool truncated_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace arena::process
