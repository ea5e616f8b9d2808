#pragma once
// Test helper: the real engine executable behind two pipes. Every read and write waits at most
// until a deadline (poll), so a hung or crashed engine fails a test instead of hanging it.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::testing {

using Millis = std::chrono::milliseconds;

class EnginePipe {
 public:
  explicit EnginePipe(const std::string& path, const std::vector<std::string>& args = {});
  ~EnginePipe();  // closes the input, waits briefly, then kills and reaps the engine
  EnginePipe(const EnginePipe&) = delete;
  EnginePipe& operator=(const EnginePipe&) = delete;

  // Writes the bytes as given (add the line ending yourself); false if the engine stopped reading.
  bool send(std::string_view bytes, Millis timeout = Millis(5000));
  bool send_line(std::string_view line) { return send(std::string(line) + "\n"); }
  void close_input();

  // The next output line (without '\n'); nothing on timeout or end of output.
  std::optional<std::string> read_line(Millis timeout);
  // Lines up to and including the first that starts with `prefix`; `found` says whether it came.
  std::vector<std::string> read_until(std::string_view prefix, Millis timeout, bool* found);
  bool output_closed() const { return out_fd_ < 0 && buffer_.empty(); }

  // The exit status once the engine has exited by itself, within the timeout.
  std::optional<int> wait_exit(Millis timeout);

 private:
  bool fill(Millis timeout);  // reads what is available; false on timeout or end of output

  pid_t pid_ = -1;
  int in_fd_ = -1;   // the engine's stdin
  int out_fd_ = -1;  // the engine's stdout
  std::string buffer_;
  std::optional<int> exit_status_;
};

}  // namespace mancala::testing
