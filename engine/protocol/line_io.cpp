#include "protocol/line_io.h"

namespace mancala::protocol {

bool InputLine::is_position() const {
  constexpr std::string_view kWord = "position";
  const std::string_view h = head;
  return h.starts_with(kWord) && (h.size() == kWord.size() || h[kWord.size()] == ' ' || h[kWord.size()] == '\t');
}

std::optional<InputLine> LineReader::next() {
  std::streambuf* buffer = in_.rdbuf();
  InputLine line;
  bool seen_any = false;
  for (;;) {
    const int c = buffer->sbumpc();
    const bool end_of_input = c == std::char_traits<char>::eof();
    if (end_of_input) in_.setstate(std::ios::eofbit);
    if (end_of_input || c == '\n' || c == '\r') {
      // A last line without a terminator still counts. Empty lines are skipped, and so is a line
      // of blanks too long to keep (it has no head); shorter blank lines are the session's to ignore.
      if (seen_any && !(line.too_long && line.head.empty())) return line;
      if (end_of_input) return std::nullopt;
      line = InputLine{};
      seen_any = false;  // an empty line, the LF of a CRLF, or a long blank line
      continue;
    }
    seen_any = true;
    if (line.head.size() < InputLine::kHeadBytes && (!line.head.empty() || (c != ' ' && c != '\t')))
      line.head += static_cast<char>(c);
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
