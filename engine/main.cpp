// mancala-engine: speaks UMI (PROTOCOL.md) on stdin/stdout, or runs one helper command given on
// the command line (`bench`, `perft`) and exits.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "protocol/helper_commands.h"
#include "protocol/protocol.h"
#include "protocol/search_report.h"
#include "rules/game.h"
#include "search/bench.h"
#include "text/cli_number.h"

namespace {

// `perft <variant|notation> <depth>`: the words before the depth form the variant spec or the
// position notation, so a notation may be given quoted or unquoted (a spec has no blanks).
int run_perft(const std::vector<std::string>& words) {
  if (words.size() < 2) {
    std::cerr << "perft: expected <variant|notation> <depth>\n";
    return 2;
  }
  std::string text;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) text += (i ? " " : "") + words[i];
  const auto depth = mancala::text::parse_count(words.back());  // digits only, as the protocol's perft
  if (!depth || *depth > 64) {
    std::cerr << "perft: depth " << mancala::text::quote(words.back()) << " is not a number from 0 to 64\n";
    return 2;
  }
  auto game = text.find(' ') == std::string::npos ? mancala::Game::from_spec(text) : mancala::Game::from_notation(text);
  if (!game) {
    std::cerr << "perft: " << game.error() << "\n";
    return 2;
  }
  std::cout << mancala::protocol::perft_report(*game, static_cast<int>(*depth)) << std::endl;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "mancala-engine: a mancala engine (Kalah, Mangala, Mangala II, Bedouin Mangala).\n"
      "Without a command it speaks UMI, the Universal Mancala Interface (see PROTOCOL.md),\n"
      "on standard input and output."};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", mancala::protocol::engine_name_and_version());

  int bench_depth = mancala::search::kDefaultBenchDepth;
  auto* bench = app.add_subcommand("bench", "Search the fixed bench positions and print total nodes and nodes/second");
  mancala::text::add_whole_number(*bench, "depth", bench_depth, "Search depth", 1, 64)->capture_default_str();

  std::vector<std::string> perft_words;
  auto* perft = app.add_subcommand("perft", "Count the move sequences of <depth> moves from a start or a position");
  perft->add_option("args", perft_words, "<variant|notation> <depth>, e.g. 'kalah(6,4)' 5")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // --help and --version end well; any bad command line is exit 2, like perft's errors
  }

  if (*bench) {
    for (const auto& line : mancala::protocol::format_bench(mancala::search::run_bench(bench_depth))) std::cout << line << '\n';
    std::cout.flush();
    return 0;
  }
  if (*perft) return run_perft(perft_words);

  std::ios::sync_with_stdio(false);  // the loop reads through std::cin's own buffer
  mancala::protocol::Session session(std::cout);
  session.run(std::cin);
  return 0;
}
