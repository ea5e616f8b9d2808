#pragma once
// One child process with line-based pipes, driven by asio with an absolute deadline on every
// wait. Spawned from an argument vector (never through a shell), in its own process group, with
// only stdin/stdout/stderr inherited. stdout is read as bounded lines. stderr is drained (to the
// log, or discarded) only while this class is reading from, writing to or shutting down the
// child: a child that writes more than the pipe holds (64 KB on Linux) between those calls waits
// until the next one.
//
// Shutdown: the quit command, a grace period, then SIGKILL to the whole process group, then
// the child is reaped. The destructor does this too, so no child outlives its Process.
#include <sys/types.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/process/async_pipe.hpp>
#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "process/child_registry.h"
#include "process/log_sink.h"

namespace arena::process {

using Clock = std::chrono::steady_clock;

struct SpawnSpec {
  std::string program;             // a path, or a bare name looked up in PATH
  std::vector<std::string> args;   // argv[1..]
  std::string workdir;             // empty: the arena's own working directory
  std::size_t max_line = 1 << 16;  // longest stdout line accepted, in bytes
};

class SpawnError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class ReadStatus { Line, Timeout, Closed, TooLong };

class Process {
 public:
  // Throws SpawnError when the program cannot be found or started. `log` may be null.
  Process(const SpawnSpec& spec, ChildRegistry& registry, std::shared_ptr<LogSink> log);
  ~Process();
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  pid_t pid() const { return pid_; }

  // Writes all of `data` or fails (closed pipe, deadline passed). After a failure the
  // process is unusable for protocol work.
  bool write(std::string_view data, Clock::time_point deadline);
  // Next stdout line without its line ending (LF, CR or CR LF). A line longer than the spec's
  // max_line bytes is TooLong, however it arrives.
  ReadStatus read_line(std::string& line, Clock::time_point deadline);
  // Reads and drops the lines the engine has already sent (a second bestmove, say), without
  // waiting for more, and stops at `deadline` if it is still sending; returns how many.
  // Called before a request whose answer must be fresh.
  int discard_unread_lines(Clock::time_point deadline);
  // Whether a line the child has already written starts with the word `word`, leaving every line
  // unread: what the pipe holds now is taken in (up to 1 MB, without waiting) and looked at.
  // For an answer that came before its question (a ponder search's bestmove before ponderhit).
  bool has_sent_line_starting(std::string_view word);

  // True once the child has exited (it is not reaped until shutdown).
  bool exited() const;
  // Waits until the child has exited or the deadline has passed; true if it exited.
  bool exited_by(Clock::time_point deadline) const;
  // The last line the child wrote to stderr that has text, as it wrote it (from its last 2 KB),
  // after reading what stderr still holds until its end or the deadline. For messages about an
  // engine that failed (protocol::stderr_note): a traceback's last line says more than its exit.
  std::string last_stderr_line(Clock::time_point deadline);

  // quit_command (may be empty) → close stdin → wait up to `grace` → kill group → reap.
  // Idempotent. Returns the exit status (as from waitpid) if the child exited by itself.
  std::optional<int> shutdown(std::string_view quit_command, std::chrono::milliseconds grace);

  // After the child's output closed: its last stderr line (given 300 ms to arrive) and its exit
  // status (given 200 ms, then killed and reaped), for a message about how it ended.
  struct Ending {
    std::optional<int> status;
    std::string last_stderr;
  };
  Ending end_after_output_closed();

  // "exited with code 1", "killed by signal 11": a waitpid status for people.
  static std::string describe_exit(int status);

 private:
  void start_stderr_read();
  void run_until_done(const bool& done);
  // What one pipe operation ended with: its error (operation_aborted when the deadline
  // cancelled it) and the bytes it moved.
  struct Transfer {
    boost::system::error_code error;
    std::size_t bytes = 0;
  };
  // Starts an asynchronous operation on `pipe` and waits for it; at `deadline` the timer cancels
  // it. `start(handler)` initiates the operation with the given completion handler.
  template <class Start>
  Transfer transfer_by(boost::process::async_pipe& pipe, Clock::time_point deadline, Start start);
  void log_line(char direction, std::string_view text);

  boost::asio::io_context io_;
  boost::process::async_pipe in_, out_, err_;
  boost::asio::steady_timer timer_;
  ChildRegistry& registry_;
  std::shared_ptr<LogSink> log_;
  pid_t pid_ = -1;
  bool reaped_ = false;
  std::size_t max_line_;

  std::string out_buf_;        // unread stdout bytes starting at out_pos_
  std::size_t out_pos_ = 0;
  std::size_t scan_pos_ = 0;   // bytes after out_pos_ already known to hold no line ending
  bool out_eof_ = false;
  bool child_gone_ = false;    // the child exited; its stdout may still be held open by others
  bool pending_cr_ = false;    // the last line ended with a CR at the end of the buffer
  std::array<char, 16384> chunk_{};
  std::array<char, 4096> err_chunk_{};
  std::string err_partial_;
  std::string err_tail_;       // the last bytes of stderr, kept whether or not it is logged
  bool err_reading_ = false;
  bool err_eof_ = false;
};

}  // namespace arena::process
