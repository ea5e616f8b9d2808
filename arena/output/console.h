#pragma once
// Serialises everything the arena prints while games run in parallel, and keeps the live
// progress line (games done/total, running, rate, ETA) at the bottom of a terminal: any other
// output first erases it, and it is redrawn afterwards.
#include <chrono>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>

namespace arena::output {

class Console {
 public:
  Console(std::ostream& out, bool live_progress) : out_(out), live_(live_progress) {}
  bool live() const { return live_; }

  void print(const std::string& text);  // text should end with '\n'
  // Redraws the progress line (no-op unless live).
  void progress(std::int64_t done, std::int64_t total, int running, double games_per_second);
  void end_progress();                  // leaves the terminal on a clean line

 private:
  std::mutex mutex_;
  std::ostream& out_;
  bool live_;
  bool drawn_ = false;
};

std::string format_duration(double seconds);  // "1:02:03", "4:05"

}  // namespace arena::output
