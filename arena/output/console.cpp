#include "output/console.h"

#include <cmath>
#include <cstdio>

namespace arena::output {

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const long s = std::lround(seconds);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

void Console::print(const std::string& text) {
  std::lock_guard lock(mutex_);
  if (drawn_) out_ << "\r\033[K";
  drawn_ = false;
  out_ << text << std::flush;
}

void Console::progress(std::int64_t done, std::int64_t total, int running, double rate) {
  if (!live_) return;
  std::lock_guard lock(mutex_);
  char buf[160];
  const double eta = rate > 0 ? static_cast<double>(total - done) / rate : NAN;
  std::snprintf(buf, sizeof buf, "\r\033[K[%lld/%lld games] %d running, %.2f games/s, ETA %s",
                static_cast<long long>(done), static_cast<long long>(total), running, rate, format_duration(eta).c_str());
  out_ << buf << std::flush;
  drawn_ = true;
}

void Console::end_progress() {
  std::lock_guard lock(mutex_);
  if (drawn_) out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace arena::output
