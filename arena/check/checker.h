#pragma once
// The items of `arena check` (compliance.h) as one object: the engine under test, what earlier
// items learnt of it (its families and options, the searches read for the info-lines item), and
// the restarts. Its members are defined in three files: checker.cpp (the frame: items, restarts,
// the handshake, options, one search, quit), search_items.cpp (positions, go limits, stop,
// isready during a search, pondering, a finished position) and error_items.cpp (the notices and
// PROTOCOL.md's error rules and line endings).
#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "check/compliance.h"
#include "check/positions.h"
#include "check/probe.h"
#include "protocol/umi.h"
#include "rules/game.h"

namespace arena::check {

std::string join(const std::vector<std::string>& words);  // separated by single spaces

class Checker {
 public:
  Checker(const CheckOptions& o, process::ChildRegistry& registry, const std::function<void(const Item&)>& report)
      : o_(o), engine_(o, registry), report_(report) {}

  std::vector<Item> run();  // every item, in order

 private:
  // The frame (checker.cpp).
  void add(std::string name, Verdict v, std::string expected, std::string got);
  bool skipped(const std::string& name, const std::string& expected);
  bool restart();
  Reply answer(const std::string& token, std::chrono::milliseconds limit, const std::string& request);
  void handshake();
  void simple_ready(const std::string& item, const std::string& command);
  void options();
  bool search(const std::string& item, const mancala::Game& g, const std::string& position, const std::string& go,
              std::chrono::milliseconds limit, const std::optional<TurnLine>& turn = std::nullopt);
  static std::optional<std::string> ponder_problem(const mancala::Game& g, const protocol::BestMove& bm);
  void check_info_lines(const std::vector<std::string>& lines, const mancala::Game& g, const std::string& go);
  void info_lines();
  void quit();

  // Searches (search_items.cpp).
  void positions(const std::string& spec);
  void go_limits(const std::string& spec);
  void stop_infinite(const std::string& spec);
  struct Problem {
    std::string expected, got;
  };
  Reply ready_noting_bestmove(std::optional<std::string>& bestmove);
  std::optional<Problem> extra_bestmove(const std::string& expected);
  void ready_during_search(const std::string& spec);
  void refused_during_search(const std::string& spec);
  void ponder(const std::string& spec);
  void finished_position(const std::string& spec);

  // Notices, errors and line endings (error_items.cpp).
  void gameover_notice();
  void one_error_line(const std::string& item, const std::string& line, const std::string& what);
  void unknown_command();
  void unknown_option();
  void bad_option_value();
  void illegal_move(const std::string& spec);
  void malformed_go(const std::string& spec);
  void long_line();
  void long_position_line(const std::string& spec);
  void cr_line_endings();

  const CheckOptions& o_;
  Probe engine_;
  const std::function<void(const Item&)>& report_;
  std::vector<Item> items_;
  std::vector<std::string> families_;
  std::vector<protocol::OptionSpec> options_;
  std::vector<std::string> bad_options_;
  bool restartable_ = false;  // the handshake worked, and so did every restart
  int restarts_ = 0;
  std::size_t items_at_restart_ = 0;  // items decided before the last restart
  std::string restart_note_;  // for the first item decided on a restarted engine
  std::string no_more_restarts_;  // why the items skipped are not run on a restarted engine
  int searches_read_ = 0;
  int info_lines_ = 0;
  std::optional<std::string> info_problem_;
};

}  // namespace arena::check
