#include "protocol/line_io.h"

namespace mancala::protocol {

std::optional<InputLine> LineReader::next() {
  std::streambuf* buffer = in_.rdbuf();
  InputLine line;
  bool seen_any = false;
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in_.setstate(std::ios::eofbit);
      if (!seen_any) return std::nullopt;
      return line;  // a last line without a terminator still counts
    }
    if (c == '\n' || c == '\r') {
      if (!seen_any) continue;  // empty line, or the LF of a CRLF
      return line;
    }
    seen_any = true;
    if (line.too_long) continue;
    if (line.text.size() == max_bytes_) {
      line.too_long = true;
      line.text.clear();
      line.text.shrink_to_fit();
      continue;
    }
    line.text += static_cast<char>(c);
  }
}

}  // namespace mancala::protocol
