// Runs the arena executable to its end and measures it, for the fault tests.
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "test_helpers.h"

namespace arena_test {

// Runs argv to its end and measures it: wall time, the arena's own peak resident memory (VmHWM
// from /proc, sampled every 5 ms while it runs), and wait4's ru_maxrss (an upper bound: it also
// counts the children it reaped, and this test process's size at the spawn).
struct Measured {
  int code = -1;
  std::chrono::milliseconds wall{};
  long max_rss_kb = 0, hwm_kb = 0;
  std::string out, err;
};

inline long vm_hwm_kb(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  return 0;
}

inline Measured run_measured(const std::vector<std::string>& argv, const TempDir& d) {
  Measured m;
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = arena_test::start(argv, d / "arena.out", d / "arena.err");
  if (pid < 0) return m;
  int status = 0;
  rusage ru{};
  for (;;) {
    const pid_t r = ::wait4(pid, &status, WNOHANG, &ru);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) break;
    m.hwm_kb = std::max(m.hwm_kb, vm_hwm_kb(pid));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  m.wall = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
  m.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  m.max_rss_kb = ru.ru_maxrss;
  m.out = arena_test::read_file(d / "arena.out");
  m.err = arena_test::read_file(d / "arena.err");
  return m;
}

}  // namespace arena_test
