#include "process/log_sink.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace arena::process {

namespace {

// Room for notes past the limit: enough for every event of a long run, bounded all the same.
constexpr std::size_t kNoteReserve = std::size_t{1} << 20;

// `text` with its control characters written as escapes; most lines have none. They are the C0
// controls but tab, DEL, and the C1 controls in UTF-8 (0xc2 0x80-0x9f: U+009B is CSI, which some
// terminals obey like ESC [), both of whose bytes are escaped.
std::string_view printable(std::string_view text, std::string& buffer) {
  // (A backslash too, so that an escape in the log always stands for a byte that was not text.)
  const auto escaped_length = [&](std::size_t i) -> std::size_t {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7f || c == '\\') return 1;
    const bool c1 = c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9f;
    return c1 ? 2 : 0;
  };
  std::size_t first = 0;
  while (first < text.size() && escaped_length(first) == 0) ++first;
  if (first == text.size()) return text;
  buffer.assign(text.substr(0, first));
  for (std::size_t i = first; i < text.size();) {
    const std::size_t n = escaped_length(i);
    if (n == 0) {
      buffer += text[i++];
      continue;
    }
    for (std::size_t k = 0; k < n; ++k, ++i) {
      const auto c = static_cast<unsigned char>(text[i]);
      if (c == '\r') buffer += "\\r";
      else if (c == '\\') buffer += "\\\\";
      else {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02x", c);
        buffer += hex;
      }
    }
  }
  return buffer;
}

// A file the user named, emptied first if it is a regular file. Our own stdout or stderr (named
// as /dev/stderr, or as the file the shell redirected it to) is written through that descriptor
// instead, neither emptied nor written over from its start.
int open_replacing(const std::string& path) {
  struct stat named{};
  const bool exists = ::stat(path.c_str(), &named) == 0;
  if (exists)
    for (const int std_fd : {1, 2}) {
      struct stat ours{};
      if (::fstat(std_fd, &ours) == 0 && ours.st_dev == named.st_dev && ours.st_ino == named.st_ino)
        return ::fcntl(std_fd, F_DUPFD_CLOEXEC, 3);
    }
  const bool regular = !exists || S_ISREG(named.st_mode);
  return ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_APPEND | (regular ? O_TRUNC : 0), 0644);
}

}  // namespace

LogSink::LogSink(const std::string& path, std::size_t limit, bool traffic, bool stderr_lines, Open open)
    : limit_(limit), traffic_(traffic), stderr_(stderr_lines), note_limit_(limit + std::min(limit, kNoteReserve)) {
  // A run's log: never through a symbolic link planted in the log folder (logs stay inside the
  // output folder). A file the user named may be a link (/dev/stderr is one).
  const int fd = open == Open::Append ? ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_APPEND | O_NOFOLLOW, 0644)
                                      : open_replacing(path);
  file_ = fd >= 0 ? ::fdopen(fd, "a") : nullptr;
  if (!file_) {
    const int error = errno;
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("cannot open log file '" + path + "' (" + std::strerror(error) + ")");
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

void LogSink::line(char direction, std::string_view raw) {
  std::lock_guard lock(mutex_);
  std::string buffer;
  const std::string_view text = printable(raw, buffer);
  if (direction == '#') {
    if (written_ + text.size() > note_limit_) return;
  } else if (truncated_) {
    return;
  } else if (written_ + text.size() > limit_) {
    static constexpr char kNote[] = "# log size limit reached; traffic dropped, notes kept\n";
    std::fputs(kNote, file_);
    std::fflush(file_);
    written_ += sizeof kNote - 1;
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
