#include "engine_pipe.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <thread>

namespace mancala::testing {

namespace {

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now()).count();
  return left > 0 ? static_cast<int>(left) : 0;
}

}  // namespace

EnginePipe::EnginePipe(const std::string& path, const std::vector<std::string>& args) {
  ::signal(SIGPIPE, SIG_IGN);  // a dead engine must fail a write, not kill the test
  int to_engine[2], from_engine[2];
  if (::pipe2(to_engine, O_CLOEXEC) != 0 || ::pipe2(from_engine, O_CLOEXEC) != 0)
    throw std::runtime_error("pipe failed");
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(path.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    ::dup2(to_engine[0], STDIN_FILENO);
    ::dup2(from_engine[1], STDOUT_FILENO);
    ::execv(path.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(to_engine[0]);
  ::close(from_engine[1]);
  in_fd_ = to_engine[1];
  out_fd_ = from_engine[0];
  ::fcntl(in_fd_, F_SETFL, O_NONBLOCK);
  ::fcntl(out_fd_, F_SETFL, O_NONBLOCK);
}

EnginePipe::~EnginePipe() {
  close_input();
  if (!wait_exit(Millis(3000))) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  if (out_fd_ >= 0) ::close(out_fd_);
}

bool EnginePipe::send(std::string_view bytes, Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!bytes.empty()) {
    if (in_fd_ < 0) return false;
    const ssize_t n = ::write(in_fd_, bytes.data(), bytes.size());
    if (n > 0) {
      bytes.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno != EAGAIN && errno != EINTR) return false;
    // The pipe is full: keep draining the engine's output so neither side can block the other.
    pollfd fds[2] = {{in_fd_, POLLOUT, 0}, {out_fd_, POLLIN, 0}};
    const int waited = ::poll(fds, out_fd_ >= 0 ? 2 : 1, remaining_ms(deadline));
    if (waited == 0 && remaining_ms(deadline) == 0) return false;
    if (out_fd_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP))) fill(Millis(0));
  }
  return true;
}

void EnginePipe::close_input() {
  if (in_fd_ >= 0) ::close(in_fd_);
  in_fd_ = -1;
}

bool EnginePipe::fill(Millis timeout) {
  if (out_fd_ < 0) return false;
  pollfd fd{out_fd_, POLLIN, 0};
  const int ready = ::poll(&fd, 1, static_cast<int>(timeout.count()));
  if (ready <= 0) return false;
  char chunk[4096];
  const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
  if (n > 0) {
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return true;
  }
  if (n == 0) {  // end of output: the engine closed stdout or exited
    ::close(out_fd_);
    out_fd_ = -1;
  }
  return false;
}

std::optional<std::string> EnginePipe::read_line(Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    if (const auto end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return line;
    }
    if (out_fd_ < 0) return std::nullopt;
    fill(Millis(remaining_ms(deadline)));
    if (remaining_ms(deadline) == 0 && buffer_.find('\n') == std::string::npos) return std::nullopt;
  }
}

std::vector<std::string> EnginePipe::read_until(std::string_view prefix, Millis timeout, bool* found) {
  const auto deadline = Clock::now() + timeout;
  std::vector<std::string> lines;
  *found = false;
  while (auto line = read_line(Millis(remaining_ms(deadline)))) {
    lines.push_back(*line);
    if (line->rfind(prefix, 0) == 0) {
      *found = true;
      break;
    }
  }
  return lines;
}

std::optional<int> EnginePipe::wait_exit(Millis timeout) {
  if (exit_status_) return exit_status_;
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return exit_status_;
    }
    if (remaining_ms(deadline) == 0) return std::nullopt;
    std::this_thread::sleep_for(Millis(5));
  }
}

}  // namespace mancala::testing
