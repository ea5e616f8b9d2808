#pragma once
// A command-line check for a whole number in a range, for the CLI11 programs (the engine and the
// arena). CLI11's own Range reads a word or a fraction as a number out of range ("Value abc not
// in range 1 to 64"); this one says which of the two is wrong, and reads "010" as ten where CLI11
// reads octal. Attach it with ->transform(), which lets it rewrite the value (->check() would
// hand it a copy). Header-only: only the programs that use CLI11 include it.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "text/tokens.h"

namespace mancala::text {

inline CLI::Validator whole_number_in(std::int64_t lo, std::int64_t hi) {
  const std::string range = std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, range](std::string& value) -> std::string {
        if (!is_integer_text(value)) return quote(value) + " is not a whole number (" + range + ")";
        const auto n = parse_integer(value);
        if (!n || *n < lo || *n > hi) return quote(value) + " is out of range (" + range + ")";
        value = std::to_string(*n);  // CLI11 would read "010" as octal 8: hand it the decimal digits
        return "";
      },
      "INT in [" + std::to_string(lo) + " - " + std::to_string(hi) + "]");
}

}  // namespace mancala::text
