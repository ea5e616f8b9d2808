#pragma once
// Small text helpers shared by every parser of UMI lines (the engine's, the bots' and the
// arena's reading of engine output): whitespace splitting, strict integers, and
// quoting of untrusted input inside error messages.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::text {

// Splits on runs of spaces and tabs (UMI allows any amount of white space between tokens).
std::vector<std::string_view> split_tokens(std::string_view line);

// Removes leading and trailing spaces and tabs.
std::string_view trim(std::string_view text);

// The text after the first token, exactly as received (setoption values keep their spacing).
std::string_view after_first_token(std::string_view line);

// A whole token as a decimal integer: optional sign, digits only, no overflow.
std::optional<std::int64_t> parse_integer(std::string_view token);
// An optional sign and at least one digit, whatever the size (for "out of range" messages).
bool is_integer_text(std::string_view token);
// The same as parse_integer without a sign: where PROTOCOL.md allows none (every number but stime/ntime and spins).
std::optional<std::int64_t> parse_count(std::string_view token);

// 'text' for an error message: cut to a readable length, control characters shown as '?', so an
// error line never carries what made the input bad (NUL, escape sequences) back to the GUI.
std::string quote(std::string_view text);

// The text with every control character replaced by one '?': the bytes below 0x20, DEL (0x7f),
// and the C1 controls U+0080-U+009F written in UTF-8 (0xc2 0x80-0x9f). Other bytes are kept.
std::string printable(std::string_view text);

bool iequals(std::string_view a, std::string_view b);
std::string to_lower(std::string_view text);

}  // namespace mancala::text
