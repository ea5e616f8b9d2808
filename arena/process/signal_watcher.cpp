#include "process/signal_watcher.h"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>

namespace arena::process {

namespace {
sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  return set;
}
// A stop that has not ended the arena by then is stuck where the signal cannot reach it: a
// config or openings file that is a named pipe nobody writes blocks in open() or read().
constexpr std::chrono::seconds kGrace{10};
static_assert(kGrace == std::chrono::seconds{10}, "exit_at_once's message says 10 s");

[[noreturn]] void exit_at_once() {
  static constexpr char kMessage[] =
      "arena: still running 10 s after the stop signal (waiting on a pipe that nobody writes?); exiting now\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  std::_Exit(130);  // engines were killed by the stop; the kernel releases the results file's lock
}
}  // namespace

SignalWatcher::SignalWatcher(std::function<void(int)> on_signal) : on_signal_(std::move(on_signal)) {
  // Writing to an engine that died must be an error return, not the end of the arena.
  ::signal(SIGPIPE, SIG_IGN);
  // So must a write past the file-size limit (ulimit -f): the results file's write then fails
  // with EFBIG and the run stops with a message, its file intact, instead of dying unannounced.
  // Caught, not ignored: engines are spawned with default dispositions either way, but a
  // caught signal is reset by exec without the spawner's help.
  struct sigaction quiet {};
  quiet.sa_handler = [](int) {};
  sigemptyset(&quiet.sa_mask);
  ::sigaction(SIGXFSZ, &quiet, nullptr);
  const sigset_t set = stop_signals();
  ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
  thread_ = std::thread([this, set] {
    const timespec tick{0, 100'000'000};
    std::chrono::steady_clock::time_point signalled{};
    while (!done_.load()) {
      const int sig = ::sigtimedwait(&set, nullptr, &tick);
      if (sig > 0 && received_.exchange(sig) == 0) {
        on_signal_(sig);
        signalled = std::chrono::steady_clock::now();
      }
      if (received_.load() != 0 && std::chrono::steady_clock::now() - signalled > kGrace) exit_at_once();
    }
  });
}

SignalWatcher::~SignalWatcher() {
  done_.store(true);
  thread_.join();
}

}  // namespace arena::process
