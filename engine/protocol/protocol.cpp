#include "protocol/protocol.h"

#include <algorithm>
#include <chrono>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocol/commands.h"
#include "protocol/engine_options.h"
#include "protocol/helper_commands.h"
#include "protocol/search_report.h"
#include "text/tokens.h"
#include "search/bench.h"

#ifndef MANCALA_VERSION
#define MANCALA_VERSION "dev"
#endif

namespace mancala::protocol {

namespace {

constexpr int kProtocolVersion = 1;

}  // namespace

Session::Session(std::ostream& out)
    : out_(out), options_(make_engine_options()), searcher_(search_settings(options_)), search_(searcher_, out_) {}

void Session::run(std::istream& in) {
  LineReader reader(in);
  while (auto line = reader.next()) {
    line_has_error_ = false;
    if (line->too_long) {
      error("line longer than " + std::to_string(kMaxLineBytes) + " bytes discarded");
      // None of it runs, but a `position` the GUI believes sent must not leave the old position
      // to be searched by mistake: as after any bad position, there is none.
      if (line->is_position()) game_.reset();
      continue;
    }
    try {
      if (!execute(line->text)) return;
    } catch (const std::exception& e) {  // e.g. no memory for a table: report it and go on
      line_has_error_ = false;  // an internal fault is always reported
      error(std::string("internal: ") + e.what());
    }
  }
  search_.finish();
}

bool Session::execute(std::string_view line) {
  line_has_error_ = false;
  const Args tokens = text::split_tokens(line);
  if (tokens.empty()) return true;
  const std::string_view command = tokens[0];
  const Args args(tokens.begin() + 1, tokens.end());
  // Extra words are reported and the command still runs. One refused during a search reports
  // only that (a line gets one error line), so those two report their words once they run.
  const bool refused_while_searching = command == "newgame" || command == "eval";
  if (takes_no_arguments(command) && !refused_while_searching) reject_arguments(command, args);

  if (command == "quit") {
    search_.stop();
    return false;
  }
  if (command == "isready") {
    out_.write("readyok");
  } else if (command == "umi") {
    handshake();
  } else if (command == "stop") {
    search_.stop();
  } else if (command == "ponderhit") {
    search_.ponderhit();
  } else if (command == "setoption") {
    if (idle_for(command)) setoption(text::after_first_token(line));
  } else if (command == "newgame") {
    if (idle_for(command, args)) searcher_.new_game();
  } else if (command == "position") {
    position(args);
  } else if (command == "go") {
    go(args);
  } else if (command == "gameover") {
    gameover(args);
  } else if (command == "d") {
    show_position();
  } else if (command == "perft") {
    if (idle_for(command)) perft(args);
  } else if (command == "eval") {
    if (idle_for(command, args)) eval();
  } else if (command == "bench") {
    if (idle_for(command)) bench(args);
  } else {
    const bool uci = command == "uci" || command == "ucinewgame";
    error("unknown command " + text::quote(command) + (uci ? " (UMI says umi and newgame)" : ""));
  }
  return true;
}

bool Session::idle_for(std::string_view command) {
  wait_for_task();
  if (search_.busy()) {
    error(std::string(command) + ": not while searching (send stop first)");
    return false;
  }
  search_.join();
  return true;
}

bool Session::idle_for(std::string_view command, const Args& args) {
  if (!idle_for(command)) return false;
  reject_arguments(command, args);  // reported; the command still runs
  return true;
}

void Session::wait_for_task() {
  // perft and bench keep their order in a script: what comes after them waits for them (a
  // search would refuse it instead). `stop`, `quit` and `isready` do not come here.
  if (search_.busy_with_task()) search_.join();
}

void Session::reject_arguments(std::string_view command, const Args& args) {
  if (!args.empty()) error(std::string(command) + " takes no arguments; ignored " + text::quote(args[0]) + " and after");
}

std::string engine_name_and_version() { return "mancala-engine " MANCALA_VERSION; }

void Session::handshake() {
  std::vector<std::string> lines = {"id name " + engine_name_and_version(), "id author the mancala project"};
  for (const std::string& line : options_.describe()) lines.push_back(line);
  lines.push_back("protocol " + std::to_string(kProtocolVersion));
  lines.push_back("variants " + all_family_names());
  lines.push_back("umiok");
  out_.write(lines);  // one block, also during a search
}

void Session::setoption(std::string_view text) {
  auto cmd = parse_setoption(text);
  if (!cmd) return error(cmd.error());
  const search::Settings before = search_settings(options_);
  if (auto why = options_.set(cmd->name, cmd->value)) return error(*why);
  if (options_.take_presses(option_names::kClearHash) > 0) searcher_.new_game();
  try {
    searcher_.configure(search_settings(options_));
  } catch (const std::bad_alloc&) {
    options_.set(option_names::kHash, std::to_string(before.hash_mb));
    searcher_.configure(before);
    error("setoption: Hash: not enough memory (kept " + std::to_string(before.hash_mb) + ")");
  }
}

void Session::position(const Args& args) {
  game_.reset();  // a bad position must not leave an old one to search by mistake
  auto game = parse_position(args, options_.check_value(option_names::kKalahEmptyCapture));
  if (!game) return error(game.error());
  game_ = *game;
}

void Session::go(const Args& args) {
  const auto received = std::chrono::steady_clock::now();  // the GUI's clock runs from here
  wait_for_task();
  if (search_.busy()) return error("go: a search is already running (send stop first)");
  auto decision = decide_go(args, game_);
  if (!decision) {
    error(decision.error());
    return out_.write("bestmove none");  // every go gets its bestmove, so no GUI waits for ever
  }
  if (decision->game_over) return out_.write("bestmove none");
  GoCommand cmd = decision->command;
  search::Limits& limits = cmd.limits;
  limits.start = received;
  // MoveOverhead is kept in reserve for the GUI's and the pipe's delays.
  const std::int64_t overhead = options_.spin_value(option_names::kMoveOverhead);
  for (int side = 0; side < 2; ++side)
    if (cmd.clock_given[side]) limits.clock_ms[side] = std::max<std::int64_t>(1, limits.clock_ms[side] - overhead);
  if (limits.movetime_ms > 0) limits.movetime_ms = std::max<std::int64_t>(1, limits.movetime_ms - overhead);

  search_.join();
  try {
    search_.start(SearchJob{*game_, limits, cmd.ponder});
  } catch (const std::exception& e) {  // no thread for it: still one bestmove for this go
    error(std::string("internal: ") + e.what());
    out_.write("bestmove none");
  }
}

void Session::gameover(const Args& args) {
  // A notice: this engine keeps nothing between games that the result could change.
  if (auto notice = parse_gameover(args); !notice) error(notice.error());
}

void Session::show_position() {
  if (!game_) return error("d: no position (send position first)");
  out_.write(describe_position(*game_));  // one block: a running search's info lines come before or after it
}

void Session::perft(const Args& args) {
  auto depth = parse_depth("perft", args, 0, kMaxHelperDepth);
  if (!depth) return error(depth.error());
  if (!game_) return error("perft: no position (send position first)");
  // On the worker, so that `isready` is answered and `stop` or `quit` end it (perft 30 would
  // otherwise hold the engine for years).
  search_.start_task([game = *game_, d = *depth](const std::atomic<bool>& stop) {
    return std::vector<std::string>{perft_report(game, d, stop).value_or("info string perft " + std::to_string(d) + " stopped")};
  });
}

void Session::eval() {
  if (!game_) return error("eval: no position (send position first)");
  if (game_->over()) return error("eval: the game is over");
  out_.write(eval_report(searcher_, *game_));
}

void Session::bench(const Args& args) {
  int depth = search::kDefaultBenchDepth;
  if (!args.empty()) {
    auto parsed = parse_depth("bench", args, 1, kMaxHelperDepth);
    if (!parsed) return error(parsed.error());
    depth = *parsed;
  }
  search_.start_task([depth](const std::atomic<bool>& stop) {
    const auto result = search::run_bench(depth, stop);
    return result.stopped ? std::vector<std::string>{"info string bench stopped"} : format_bench(result);
  });
}

}  // namespace mancala::protocol
