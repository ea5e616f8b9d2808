// The whole-number flags of the arena and the engine (text/cli_number.h, add_whole_number): decimal
// only, whatever CLI11's own conversion would make of the word.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "text/cli_number.h"

namespace {

// The value `--n <word>` gives, or the parse error's message.
std::string parsed(const std::string& word) {
  CLI::App app;
  std::int64_t n = -1;
  mancala::text::add_whole_number(app, "--n", n, "", 0, 100);
  std::vector<std::string> args = {word, "--n"};  // CLI11 reads a vector of arguments last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return std::string("error: ") + e.what();
  }
  return std::to_string(n);
}

}  // namespace

TEST(CliNumbers, LeadingZerosAreDecimalNotOctal) {
  EXPECT_EQ(parsed("010"), "10") << "CLI11 alone reads 010 as 8";
  EXPECT_EQ(parsed("08"), "8") << "CLI11 alone refuses 08 as a bad octal number";
  EXPECT_EQ(parsed("+7"), "7");
  EXPECT_EQ(parsed("0"), "0");
  EXPECT_EQ(parsed("100"), "100");
}

TEST(CliNumbers, WordsFractionsAndOtherBasesAreNamed) {
  EXPECT_EQ(parsed("0x1"), "error: --n: '0x1' is not a whole number (0 to 100)");
  EXPECT_EQ(parsed("1.5"), "error: --n: '1.5' is not a whole number (0 to 100)");
  EXPECT_EQ(parsed("many"), "error: --n: 'many' is not a whole number (0 to 100)");
  EXPECT_EQ(parsed("101"), "error: --n: '101' is out of range (0 to 100)");
  EXPECT_EQ(parsed("-1"), "error: --n: '-1' is out of range (0 to 100)");
}
