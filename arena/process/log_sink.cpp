#include "process/log_sink.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <stdexcept>

namespace arena::process {

LogSink::LogSink(const std::string& path, std::size_t limit, bool traffic, bool stderr_lines)
    : limit_(limit), traffic_(traffic), stderr_(stderr_lines) {
  // Never through a symbolic link planted in the log folder: logs stay inside the output folder.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
  file_ = fd >= 0 ? ::fdopen(fd, "a") : nullptr;
  if (!file_) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("cannot open log file '" + path + "'");
  }
  // The limit is on the file, not on this sink: an engine restarted (or a run resumed) appends
  // to the log its earlier processes wrote.
  struct stat st{};
  if (::fstat(fd, &st) == 0 && st.st_size > 0) written_ = static_cast<std::size_t>(st.st_size);
  truncated_ = written_ >= limit_;  // already full: its note is there, nothing more to add
}

LogSink::~LogSink() {
  if (file_) std::fclose(file_);
}

void LogSink::line(char direction, std::string_view text) {
  std::lock_guard lock(mutex_);
  if (truncated_) return;
  if (written_ + text.size() > limit_) {
    std::fputs("# log size limit reached; further output dropped\n", file_);
    std::fflush(file_);
    truncated_ = true;
    return;
  }
  const auto ms = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start_).count();
  const int n = std::fprintf(file_, "%10.3f %c %.*s\n", static_cast<double>(ms) / 1000.0, direction,
                             static_cast<int>(text.size()), text.data());
  if (n > 0) written_ += static_cast<std::size_t>(n);
  std::fflush(file_);
}

}  // namespace arena::process
