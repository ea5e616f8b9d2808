#pragma once
// Whole-number options for the CLI11 programs (the engine and the arena). CLI11's own Range reads
// a word or a fraction as a number out of range ("Value abc not in range 1 to 64"); these say
// which of the two is wrong, and read "010" as ten where CLI11 reads octal. The check must be
// attached with ->transform(), which lets it rewrite the value (->check() would hand it a copy and
// the octal reading would come back), so the programs add such options only through
// add_whole_number(). Header-only: only the programs that use CLI11 include it.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <utility>

#include "text/tokens.h"

namespace mancala::text {

namespace cli_detail {

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

}  // namespace cli_detail

// app.add_option(name, target, description) for a whole number in [lo, hi], read in decimal.
template <class Target>
CLI::Option* add_whole_number(CLI::App& app, std::string name, Target& target, std::string description,
                              std::int64_t lo, std::int64_t hi) {
  return app.add_option(std::move(name), target, std::move(description))
      ->transform(cli_detail::whole_number_in(lo, hi));
}

}  // namespace mancala::text
