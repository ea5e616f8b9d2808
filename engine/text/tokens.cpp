#include "text/tokens.h"

#include <algorithm>
#include <charconv>

namespace mancala::text {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }
char lower_ascii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

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
  std::string out(text);
  for (char& c : out) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) c = '?';
  }
  return out;
}

std::string quote(std::string_view text) {
  constexpr std::size_t kShown = 60;
  std::string out = "'";
  for (char c : text.substr(0, kShown)) {
    const auto byte = static_cast<unsigned char>(c);
    out += byte < 0x20 || byte == 0x7f ? '?' : c;
  }
  out += text.size() > kShown ? "...'" : "'";
  return out;
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
