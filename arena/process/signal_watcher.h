#pragma once
// Turns SIGINT, SIGTERM and SIGHUP into an orderly stop. Construct it in main() before any other
// thread exists: it blocks those signals for the whole process (threads inherit the mask; children
// get a clean mask back before exec) and waits for them on its own thread. On the first signal it
// calls `on_signal` once, which typically interrupts the ChildRegistry and sets a stop flag. If
// the process is still running 10 s later (blocked where the stop cannot reach, such as the
// open() of a named pipe with no writer), it says so and exits with status 130.
#include <atomic>
#include <functional>
#include <thread>

namespace arena::process {

class SignalWatcher {
 public:
  explicit SignalWatcher(std::function<void(int signal)> on_signal);
  ~SignalWatcher();
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;

  int received() const { return received_.load(); }  // 0 if none

 private:
  std::function<void(int)> on_signal_;
  std::atomic<bool> done_{false};
  std::atomic<int> received_{0};
  std::thread thread_;
};

}  // namespace arena::process
