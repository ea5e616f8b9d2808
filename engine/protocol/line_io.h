#pragma once
// Whole lines in and out. Input: LF, CR or CRLF end a line, and a line longer than the limit is
// discarded as it streams in (memory stays bounded whatever the GUI sends). Output: each line is
// written and flushed under a mutex, so the search thread's `info` lines and the command loop's
// answers never interleave mid-line.
#include <cstddef>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::protocol {

inline constexpr std::size_t kMaxLineBytes = 65536;

struct InputLine {
  std::string text;
  bool too_long = false;  // text is empty: the line was discarded
  // The line's first bytes after any leading blanks, kept also when it is discarded: a discarded
  // `position` must still clear the position (PROTOCOL.md, section 1).
  static constexpr std::size_t kHeadBytes = 16;
  std::string head;

  // Whether the line's first token is `position`.
  bool is_position() const;
};

class LineReader {
 public:
  explicit LineReader(std::istream& in, std::size_t max_bytes = kMaxLineBytes) : in_(in), max_bytes_(max_bytes) {}
  // The next line without its terminator; empty lines, and lines of blanks too long to keep, are
  // skipped. Nothing at end of input.
  std::optional<InputLine> next();

 private:
  std::istream& in_;
  std::size_t max_bytes_;
};

class LineWriter {
 public:
  explicit LineWriter(std::ostream& out) : out_(out) {}
  void write(std::string_view line) {
    std::lock_guard lock(mutex_);
    out_ << line << '\n';
    out_.flush();
  }
  // Several lines as one block: no other line comes between them (bench's report, `d`, the `umi` answer).
  void write(const std::vector<std::string>& lines) {
    std::lock_guard lock(mutex_);
    for (const std::string& line : lines) out_ << line << '\n';
    out_.flush();
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace mancala::protocol
