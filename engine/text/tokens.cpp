#include "text/tokens.h"

#include <algorithm>
#include <charconv>

namespace mancala::text {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }
char lower_ascii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The bytes of a control character at text[i], 0 if there is none: 1 for a C0 control or DEL,
// 2 for a C1 control in UTF-8 (U+0080-U+009F), which a terminal may obey like ESC: U+009B is CSI.
std::size_t control_length(std::string_view text, std::size_t i) {
  const auto byte = static_cast<unsigned char>(text[i]);
  if (byte < 0x20 || byte == 0x7f) return 1;
  if (byte == 0xc2 && i + 1 < text.size()) {
    const auto next = static_cast<unsigned char>(text[i + 1]);
    if (next >= 0x80 && next <= 0x9f) return 2;
  }
  return 0;
}

}  // namespace

std::vector<std::string_view> split_tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t end = i;
    while (end < line.size() && !is_blank(line[end])) ++end;
    if (end > i) out.push_back(line.substr(i, end - i));
    i = end;
  }
  return out;
}

std::string_view after_first_token(std::string_view line) {
  line = trim(line);
  const std::size_t end = line.find_first_of(" \t");
  return end == std::string_view::npos ? std::string_view() : line.substr(end);
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

std::optional<std::int64_t> parse_integer(std::string_view token) {
  if (!token.empty() && token.front() == '+') {
    token.remove_prefix(1);
    if (!token.empty() && token.front() == '-') return std::nullopt;  // one sign at most
  }
  if (token.empty() || token.front() == '+') return std::nullopt;
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc() || end != token.data() + token.size()) return std::nullopt;
  return value;
}

bool is_integer_text(std::string_view token) {
  if (!token.empty() && (token.front() == '+' || token.front() == '-')) token.remove_prefix(1);
  return !token.empty() && token.find_first_not_of("0123456789") == std::string_view::npos;
}

std::optional<std::int64_t> parse_count(std::string_view token) {
  if (token.empty() || token.front() < '0' || token.front() > '9') return std::nullopt;
  return parse_integer(token);
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t control = control_length(text, i);
    out += control > 0 ? std::string_view("?") : text.substr(i, 1);
    i += control > 0 ? control : 1;
  }
  return out;
}

std::string quote(std::string_view text) {
  constexpr std::size_t kShown = 60;
  if (text.size() <= kShown) return "'" + printable(text) + "'";
  std::size_t cut = kShown;  // not inside a UTF-8 character: back to its first byte
  while (cut > kShown - 3 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
  return "'" + printable(text.substr(0, cut)) + "...'";
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower_ascii(x) == lower_ascii(y); });
}

std::string to_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = lower_ascii(c);
  return out;
}

}  // namespace mancala::text
