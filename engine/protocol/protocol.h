#pragma once
// The UMI command loop (PROTOCOL.md): reads command lines, answers on `out`, and drives one
// Searcher through a SearchThread. All text handling lives here and in its helpers; the search
// core sees only positions, limits and settings.
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/line_io.h"
#include "protocol/options.h"
#include "protocol/search_thread.h"
#include "text/tokens.h"
#include "rules/game.h"
#include "search/search.h"

namespace mancala::protocol {

// "mancala-engine <version>": the handshake's `id name` and `mancala-engine --version` say the same.
std::string engine_name_and_version();

class Session {
 public:
  explicit Session(std::ostream& out);
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Executes commands until `quit` or the end of input, then returns (the engine exits).
  void run(std::istream& in);
  // Executes one command line; false after `quit`.
  bool execute(std::string_view line);

 private:
  using Args = std::vector<std::string_view>;

  // Messages may carry text from the rules library that quotes the input it refused: control
  // bytes are replaced here too, so no error line ever holds one (PROTOCOL.md section 8).
  // One error line per input line (PROTOCOL.md section 8): the first fault found is reported.
  void error(const std::string& message) {
    if (line_has_error_) return;
    line_has_error_ = true;
    out_.write("info string error: " + text::printable(message));
  }
  // Commands that use the searcher or the CPU wait for no search; they are refused during one.
  bool idle_for(std::string_view command);
  bool idle_for(std::string_view command, const Args& no_args);  // and reports any words given
  void wait_for_task();
  void reject_arguments(std::string_view command, const Args& args);

  void handshake();
  void setoption(std::string_view text);
  void go(const Args& args);
  void position(const Args& args);
  void gameover(const Args& args);
  void show_position();
  void perft(const Args& args);
  void eval();
  void bench(const Args& args);

  LineWriter out_;
  OptionRegistry options_;
  search::Searcher searcher_;
  SearchThread search_;
  std::optional<Game> game_;  // empty until a valid `position`, and after an invalid one
  bool line_has_error_ = false;  // the current input line has had its error line
};

}  // namespace mancala::protocol
