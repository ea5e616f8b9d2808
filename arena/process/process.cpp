#include "process/process.h"

#include <fcntl.h>
#include <poll.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <thread>

#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/process/child.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/handles.hpp>
#include <boost/process/io.hpp>
#include <boost/process/search_path.hpp>
#include <boost/process/start_dir.hpp>
#include <boost/process/args.hpp>
#include <boost/process/exe.hpp>

namespace arena::process {

namespace bp = boost::process;
namespace asio = boost::asio;

namespace {

// A command with a '/' names a file: relative to the engine's working directory when it has one
// (as in cutechess and fastchess, where "dir=... cmd=./engine" is the usual form), otherwise to
// the arena's. A bare name is looked up in PATH.
std::string resolve_program(const std::string& program, const std::string& workdir) {
  if (program.empty()) throw SpawnError("empty command");
  // "node bot.js" as the command is the commonest mistake of all: say where the words go.
  const std::string hint = program.find_first_of(" \t") == std::string::npos
                               ? ""
                               : " (the command is one program, not a shell line: its arguments go in \"args\", or "
                                 "arg=... with --engine)";
  if (program.find('/') != std::string::npos) {
    const std::string path = program.front() == '/' || workdir.empty() ? program : workdir + "/" + program;
    const std::string shown = path == program ? "'" + program + "'" : "'" + program + "' (in '" + workdir + "')";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
      if (errno == ENOENT || errno == ENOTDIR) throw SpawnError(shown + " does not exist" + hint);
      throw SpawnError(shown + " cannot be reached: " + std::strerror(errno));  // a folder on the way is closed, say
    }
    if (S_ISDIR(st.st_mode)) throw SpawnError(shown + " is a folder, not a program");
    if (::access(path.c_str(), X_OK) != 0) throw SpawnError(shown + " is not an executable file (no execute permission)" + hint);
    // Absolute, so that exec after the change of directory finds the same file.
    return std::filesystem::absolute(path).lexically_normal().string();
  }
  auto found = bp::search_path(program);
  if (found.empty()) throw SpawnError("'" + program + "' was not found in PATH" + hint);
  return found.string();
}

// The program a script's "#!" line names, or "" if the file does not start with one.
std::string interpreter_of(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::string first;
  if (!in || !std::getline(in, first) || !first.starts_with("#!")) return "";
  const auto start = first.find_first_not_of(" \t", 2);
  if (start == std::string::npos) return "";
  return first.substr(start, first.find_first_of(" \t\r", start) - start);
}

// Why exec refused `exe`, which exists and is executable (resolve_program checked). For a
// script, exec reports its interpreter's errors as its own ("No such file or directory").
std::string exec_failure(const std::string& exe, const std::system_error& e) {
  // (boost names the failed call first: "fork() failed: ..." is no fault of the interpreter)
  const std::string interpreter = std::string_view(e.what()).starts_with("execve") ? interpreter_of(exe) : "";
  if (interpreter.empty()) return "cannot start '" + exe + "': " + e.what();
  const std::string start = "'" + exe + "' exists, but its interpreter '" + interpreter + "' (from its #! line) ";
  if (e.code().value() == ENOENT) return start + "cannot be found";
  return start + "cannot be started: " + e.code().message();
}

// Async-signal-safe: runs between fork and exec.
void mark_descriptors_cloexec() {
  if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
  rlimit lim{};
  int top = 65536;
  if (::getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur < 65536)
    top = static_cast<int>(lim.rlim_cur);
  for (int fd = 3; fd < top; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
}

}  // namespace

Process::Process(const SpawnSpec& spec, ChildRegistry& registry, std::shared_ptr<LogSink> log)
    : in_(io_), out_(io_), err_(io_), timer_(io_), registry_(registry), log_(std::move(log)),
      max_line_(spec.max_line) {
  // A write to an engine that died must fail with EPIPE, not kill whoever spawned it: the
  // arena's signal watcher ignores SIGPIPE, but so must every other user of this class (a test,
  // a tool). Children get the default back before exec.
  // (At every spawn, without a static flag: a host's own SIGPIPE handler installed later would be
  // replaced, which the arena, ignoring SIGPIPE anyway, does not mind.)
  ::signal(SIGPIPE, SIG_IGN);

  if (!spec.workdir.empty() && ::access(spec.workdir.c_str(), X_OK) != 0)
    throw SpawnError("working directory '" + spec.workdir + "' is not accessible");
  const std::string exe = resolve_program(spec.program, spec.workdir);

  // Runs in the child between fork and exec: its own process group (so Ctrl-C on the terminal
  // reaches only the arena, and a kill reaches the engine's helpers too), default signal
  // dispositions and mask (the arena blocks SIGINT/SIGTERM and ignores SIGPIPE).
  // Every descriptor above stderr is marked close-on-exec (pipes of sibling engines, the
  // arena's results file...): a sibling holding our pipe ends would hide an engine's death.
  // Boost's own exec-error pipe is close-on-exec already, so failed execs are still reported.
  // If the arena itself is killed outright (kill -9), the kernel kills the engine too (the
  // signal follows the spawning thread; every engine is stopped before that thread ends).
  // The engine is a child subreaper (kept across exec): a helper it daemonizes (fork, setsid,
  // fork) stays in its tree while it runs, and reaches the arena's stray sweep only once the
  // engine itself is gone, so the sweep after another engine's end never takes it.
  const pid_t arena_pid = ::getpid();
  auto in_child = [arena_pid](auto&) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != arena_pid) ::_exit(127);  // the arena died before prctl took effect
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    ::setpgid(0, 0);
    mark_descriptors_cloexec();
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::signal(SIGPIPE, SIG_DFL);
  };
  auto spawning = registry_.spawning();  // no stray sweep sees this child before it is registered
  try {
    bp::child child(bp::exe = exe, bp::args = spec.args, bp::start_dir = spec.workdir.empty() ? std::string(".") : spec.workdir,
                    bp::std_in < in_, bp::std_out > out_, bp::std_err > err_,
                    bp::extend::on_exec_setup = in_child);
    pid_ = child.id();
    child.detach();  // this class waits for and reaps the child itself
  } catch (const std::system_error& e) {  // boost's process_error: the errno of fork or exec
    throw SpawnError(exec_failure(exe, e));
  } catch (const std::exception& e) {
    throw SpawnError("cannot start '" + exe + "': " + e.what());
  }
  ::setpgid(pid_, pid_);  // also from the parent, so the group exists before we may signal it
  const bool added = registry_.add(pid_);
  spawning.unlock();
  if (!added) {
    shutdown("", std::chrono::milliseconds(0));
    throw SpawnError("the arena is shutting down");
  }
  try {
    if (log_) log_->line('#', "started pid " + std::to_string(pid_) + ": " + exe);
    start_stderr_read();
  } catch (...) {  // (out of memory) no destructor will run for a constructor that throws: reap the child here
    shutdown("", std::chrono::milliseconds(0));
    throw;
  }
}

Process::~Process() { shutdown("", std::chrono::milliseconds(0)); }

void Process::log_line(char direction, std::string_view text) {
  if (log_ && log_->wants_traffic()) log_->line(direction, text);
}

void Process::start_stderr_read() {
  if (err_reading_ || !err_.is_open()) return;
  err_reading_ = true;
  err_.async_read_some(asio::buffer(err_chunk_), [this](const boost::system::error_code& ec, std::size_t n) {
    err_reading_ = false;
    if (ec) {  // EOF or cancelled: stop draining
      err_eof_ = ec != asio::error::operation_aborted;
      return;
    }
    constexpr std::size_t kTailBytes = 2048;
    err_tail_.append(err_chunk_.data(), n);
    if (err_tail_.size() > kTailBytes) err_tail_.erase(0, err_tail_.size() - kTailBytes);
    if (log_ && log_->wants_stderr()) {
      err_partial_.append(err_chunk_.data(), n);
      std::size_t start = 0, nl;
      while ((nl = err_partial_.find('\n', start)) != std::string::npos) {
        log_->line('!', std::string_view(err_partial_).substr(start, nl - start));
        start = nl + 1;
      }
      err_partial_.erase(0, start);
      if (err_partial_.size() > max_line_) {
        log_->line('!', err_partial_);
        err_partial_.clear();
      }
    }
    start_stderr_read();
  });
}

std::string Process::last_stderr_line(Clock::time_point deadline) {
  while (!err_eof_ && err_.is_open() && Clock::now() < deadline) {  // only the stderr read is pending here
    if (io_.stopped()) io_.restart();
    io_.run_one_until(deadline);
  }
  std::string_view tail = err_tail_;
  while (!tail.empty() && std::isspace(static_cast<unsigned char>(tail.back()))) tail.remove_suffix(1);
  const std::size_t start = tail.find_last_of("\r\n");
  if (start != std::string_view::npos) tail.remove_prefix(start + 1);
  return std::string(tail);
}

// Runs handlers of this process's io_context until `done` is set. The caller has armed the
// timer, whose handler cancels the pending operation, so this always ends by the deadline.
void Process::run_until_done(const bool& done) {
  while (!done) {
    if (io_.stopped()) io_.restart();
    io_.run_one();
  }
}

template <class Start>
Process::Transfer Process::transfer_by(boost::process::async_pipe& pipe, Clock::time_point deadline, Start start) {
  Transfer result;
  bool done = false, timer_done = false;
  start([&](const boost::system::error_code& ec, std::size_t n) {
    result = {ec, n};
    done = true;
    timer_.cancel();
  });
  // (asio never runs a handler inside the call that starts its operation: `done` is false here.)
  timer_.expires_at(deadline);
  timer_.async_wait([&](const boost::system::error_code& ec) {
    timer_done = true;
    if (!ec) pipe.cancel();
  });
  run_until_done(done);
  run_until_done(timer_done);
  return result;
}

bool Process::write(std::string_view data, Clock::time_point deadline) {
  if (!in_.is_open()) return false;
  // One log line per protocol line (a search sends `position` and `go` in one write).
  for (std::string_view rest = data; !rest.empty();) {
    const std::size_t end = rest.find('\n');
    log_line('>', rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  const bool ok = !transfer_by(in_, deadline, [&](auto handler) {
                    asio::async_write(in_, asio::buffer(data.data(), data.size()), std::move(handler));
                  }).error;
  if (!ok) {
    boost::system::error_code ignored;
    in_.close(ignored);
  }
  return ok;
}

ReadStatus Process::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    if (pending_cr_ && out_pos_ < out_buf_.size()) {  // the LF of a CR LF split between two reads
      if (out_buf_[out_pos_] == '\n') ++out_pos_;
      pending_cr_ = false;
    }
    // A line ends at LF, CR or CR LF (PROTOCOL.md section 1).
    const std::size_t eol = out_buf_.find_first_of("\r\n", out_pos_ + scan_pos_);
    if (eol != std::string::npos) {
      if (eol - out_pos_ > max_line_) {  // (also when the whole line came in one read)
        log_line('#', "stdout line longer than " + std::to_string(max_line_) + " bytes");
        return ReadStatus::TooLong;
      }
      line.assign(out_buf_, out_pos_, eol - out_pos_);
      std::size_t next = eol + 1;
      if (out_buf_[eol] == '\r') {
        if (next < out_buf_.size()) {
          if (out_buf_[next] == '\n') ++next;
        } else {
          pending_cr_ = true;
        }
      }
      out_pos_ = next;
      scan_pos_ = 0;
      if (out_pos_ == out_buf_.size()) {
        out_buf_.clear();
        out_pos_ = 0;
      } else if (out_pos_ > (1u << 16)) {
        out_buf_.erase(0, out_pos_);
        out_pos_ = 0;
      }
      log_line('<', line);
      return ReadStatus::Line;
    }
    scan_pos_ = out_buf_.size() - out_pos_;
    if (scan_pos_ > max_line_) {
      log_line('#', "stdout line longer than " + std::to_string(max_line_) + " bytes");
      return ReadStatus::TooLong;
    }
    if (out_eof_) return ReadStatus::Closed;
    const auto now = Clock::now();
    if (now >= deadline) return ReadStatus::Timeout;

    // Waits in slices so that the death of the child is noticed even when its stdout stays
    // open (a helper process it started may hold it): once it has exited, whatever is still
    // in the pipe is read and then the stream counts as closed.
    const auto slice_end = std::min(deadline, now + (child_gone_ ? std::chrono::milliseconds(5) : std::chrono::milliseconds(25)));
    const auto [read_ec, got] =
        transfer_by(out_, slice_end, [&](auto handler) { out_.async_read_some(asio::buffer(chunk_), std::move(handler)); });
    if (got) {
      out_buf_.append(chunk_.data(), got);
    } else if (read_ec && read_ec != asio::error::operation_aborted) {
      out_eof_ = true;
    } else if (child_gone_) {
      out_eof_ = true;
    } else if (exited()) {
      child_gone_ = true;
    }
  }
}

int Process::discard_unread_lines(Clock::time_point deadline) {
  int dropped = 0;
  std::string line;
  // The deadline ends it even while the engine keeps writing: one that floods between moves
  // would otherwise keep the pipe ready, and this loop going, for ever.
  while (Clock::now() < deadline) {
    const bool buffered = out_buf_.find_first_of("\r\n", out_pos_ + scan_pos_) != std::string::npos;
    pollfd ready{out_.native_source(), POLLIN, 0};
    if (!buffered && (out_eof_ || ::poll(&ready, 1, 0) <= 0)) break;
    // Buffered lines come at once; bytes in the pipe are given a millisecond to make a line.
    if (read_line(line, std::min(deadline, Clock::now() + std::chrono::milliseconds(1))) != ReadStatus::Line) break;
    ++dropped;
  }
  if (dropped) log_line('#', "ignored " + std::to_string(dropped) + " line(s) sent while no answer was expected");
  return dropped;
}

bool Process::has_sent_line_starting(std::string_view word) {
  for (std::size_t taken = 0; !out_eof_ && taken < (std::size_t{1} << 20);) {
    pollfd ready{out_.native_source(), POLLIN, 0};
    if (::poll(&ready, 1, 0) <= 0) break;
    const ssize_t got = ::read(out_.native_source(), chunk_.data(), chunk_.size());
    if (got == 0) out_eof_ = true;  // read_line reports it once the buffered lines are read
    if (got <= 0) break;            // (or EAGAIN: nothing after all)
    out_buf_.append(chunk_.data(), static_cast<std::size_t>(got));
    taken += static_cast<std::size_t>(got);
  }
  for (std::size_t pos = out_pos_; pos < out_buf_.size();) {
    const std::size_t eol = out_buf_.find_first_of("\r\n", pos);
    if (eol == std::string::npos) break;
    std::string_view line(out_buf_.data() + pos, eol - pos);
    line.remove_prefix(std::min(line.size(), line.find_first_not_of(" \t")));
    if (line.starts_with(word) && (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t')) return true;
    pos = eol + 1;
  }
  return false;
}

bool Process::exited() const {
  if (reaped_) return true;
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return true;
  return info.si_pid == pid_;
}

bool Process::exited_by(Clock::time_point deadline) const {
  while (!exited()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

Process::Ending Process::end_after_output_closed() {
  Ending e;
  e.last_stderr = last_stderr_line(Clock::now() + std::chrono::milliseconds(300));
  e.status = shutdown("", std::chrono::milliseconds(200));
  return e;
}

std::optional<int> Process::shutdown(std::string_view quit_command, std::chrono::milliseconds grace) {
  if (reaped_ || pid_ < 0) return std::nullopt;
  if (!quit_command.empty() && in_.is_open() && !exited())
    write(std::string(quit_command) + "\n", Clock::now() + std::chrono::milliseconds(100));
  boost::system::error_code ignored;
  in_.close(ignored);  // EOF on stdin: well-behaved engines quit on it too

  const auto deadline = Clock::now() + grace;
  bool by_itself = exited();
  for (auto pause = std::chrono::microseconds(50); !by_itself && Clock::now() < deadline;) {
    io_.poll();  // keep draining stderr: an engine blocked on a full pipe could not exit
    if (io_.stopped()) io_.restart();
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(5000));
    by_itself = exited();
  }
  // The group goes even when the leader exited by itself: helpers it left behind die with it.
  registry_.kill_and_remove(pid_);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  registry_.reaped(pid_);
  reaped_ = true;
  // A helper that left the engine's process group is the arena's child now (the arena is a
  // child subreaper): it goes too.
  registry_.reap_strays();
  out_.close(ignored);
  err_.close(ignored);
  timer_.cancel();
  if (log_) log_->line('#', by_itself ? describe_exit(status) : std::string("killed"));
  return by_itself ? std::optional<int>(status) : std::nullopt;
}

std::string Process::describe_exit(int status) {
  if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "exited, status " + std::to_string(status);
}

}  // namespace arena::process
