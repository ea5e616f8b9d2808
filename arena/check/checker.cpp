// The frame of `arena check`: the item list, restarts, the handshake, options, one search and quit.
#include "check/checker.h"

#include <sys/wait.h>

#include <algorithm>
#include <iterator>
#include <utility>

#include "protocol/ponder_reply.h"
#include "text/tokens.h"

namespace arena::check {

using std::chrono::milliseconds;
using mancala::text::split_tokens;

namespace {

constexpr const char* kStartExpected = "the program starts and is still running to answer 'umi'";

}  // namespace

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

std::vector<Item> Checker::run() {
  if (auto err = engine_.start()) {
    add("start", Verdict::Fail, kStartExpected, *err);
    return items_;
  }
  handshake();  // reports "start" too: a program that exits before answering did not start
  simple_ready("isready", "isready");
  options();
  simple_ready("newgame", "newgame");
  std::vector<std::string> specs = o_.variants.empty() ? default_specs(families_) : o_.variants;
  if (specs.empty()) specs.push_back("kalah(6,4)");
  for (const auto& spec : specs) positions(spec);
  // The later items need a variant the rules library knows (a bad one failed just above).
  std::erase_if(specs, [](const std::string& spec) { return !mancala::Game::from_spec(spec); });
  if (specs.empty()) specs.push_back("kalah(6,4)");
  go_limits(specs.front());
  info_lines();
  stop_infinite(specs.front());
  ready_during_search(specs.front());
  refused_during_search(specs.front());
  ponder(specs.front());
  finished_position(specs.front());
  gameover_notice();
  unknown_command();
  unknown_option();
  bad_option_value();
  illegal_move(specs.front());
  malformed_go(specs.front());
  long_line();
  long_position_line(specs.front());
  cr_line_endings();
  quit();
  return items_;
}

void Checker::add(std::string name, Verdict v, std::string expected, std::string got) {
  if (v != Verdict::Pass && !engine_.alive() && !engine_.death().empty() && got.empty()) got = engine_.death();
  if (!restart_note_.empty() && v != Verdict::Skip) got += std::exchange(restart_note_, "");
  items_.push_back(Item{std::move(name), v, std::move(expected), std::move(got)});
  engine_.note(format_item(items_.back()));
  if (report_) report_(items_.back());
}

// An item that cannot be run because an earlier one left no engine to talk to, and a fresh
// one could not be had.
bool Checker::skipped(const std::string& name, const std::string& expected) {
  if (engine_.alive() || restart()) return false;
  std::string why = engine_.death().empty() ? std::string("the engine is not running") : engine_.death();
  add(name, Verdict::Skip, expected, "not run: " + why + no_more_restarts_);
  return true;
}

// A fresh engine in place of one an item left dead or untrusted: started, `umi` answered, and
// `readyok`. Not before a handshake has worked (a restart would fail the same way), never again
// once a restart has failed, and not when the first item after the last restart failed the
// engine again (one that fails every search would cost a restart and a timeout per item).
bool Checker::restart() {
  if (!restartable_) return false;
  if (restarts_ == kMaxRestarts || (restarts_ > 0 && items_.size() <= items_at_restart_ + 1)) {
    restartable_ = false;
    no_more_restarts_ = restarts_ == kMaxRestarts ? " (after " + std::to_string(kMaxRestarts) + " restarts, no more)"
                                                  : " (also in the first item after a restart: not restarted again)";
    return false;
  }
  ++restarts_;
  const std::string why = engine_.death().empty() ? "it stopped answering" : engine_.death();
  engine_.note("restarting the engine for the next item: " + why);
  restartable_ = false;  // until this one has answered
  if (auto err = engine_.restart()) {
    engine_.mark_dead("a restart failed: " + *err);
    return false;
  }
  engine_.send("umi");
  if (const Reply r = engine_.until("umiok", o_.startup); !r.found) {
    engine_.mark_dead("a restarted engine did not answer 'umi': " + r.failure);
    return false;
  }
  engine_.send("isready");
  if (const Reply r = engine_.until("readyok", o_.ready); !r.found) {
    engine_.mark_dead("a restarted engine did not answer 'isready': " + r.failure);
    return false;
  }
  restartable_ = true;
  restart_note_ = " (on a restarted engine: " + why + ")";
  items_at_restart_ = items_.size();
  return true;
}

// The answer to `request`. An engine that does not give it in time is not asked anything more:
// its late answer would be taken for the next item's.
Reply Checker::answer(const std::string& token, milliseconds limit, const std::string& request) {
  Reply r = engine_.until(token, limit);
  if (!r.found) engine_.mark_dead("it did not answer '" + request + "'");
  return r;
}

void Checker::handshake() {
  const std::string expected = "'umi' answered by 'id name ...', 'protocol 1', 'variants ...' and 'umiok' within " +
                               std::to_string(o_.startup.count()) + " ms";
  engine_.send("umi");
  const Reply r = engine_.until("umiok", o_.startup);
  if (!r.found && engine_.exited() && r.lines.empty()) {  // (one that said something did start)
    add("start", Verdict::Fail, kStartExpected, r.failure);
    return add("handshake", Verdict::Skip, expected, "not run: " + engine_.death());
  }
  add("start", Verdict::Pass, kStartExpected, "started");
  restartable_ = r.found;
  if (!r.found) {
    engine_.mark_dead("no handshake");
    return add("handshake", Verdict::Fail, expected, r.failure);
  }
  std::string name;
  std::optional<std::string> version;  // the token after 'protocol', as sent
  for (const auto& l : r.lines) {
    const auto t = split_tokens(l);
    if (t.size() >= 3 && t[0] == "id" && t[1] == "name") name = shown(l.substr(l.find("name") + 5), 40);
    if (t.size() >= 2 && t[0] == "protocol") version = std::string(t[1]);
    if (t.size() >= 1 && t[0] == "variants")
      for (std::size_t i = 1; i < t.size(); ++i) families_.emplace_back(t[i]);
    if (t.size() >= 2 && t[0] == "option") {
      if (auto spec = protocol::parse_option(l)) options_.push_back(*spec);
      else bad_options_.push_back(shown(l));
    }
  }
  std::vector<std::string> problems;
  if (name.empty()) problems.push_back("no 'id name'");
  if (!version) problems.push_back("no 'protocol <n>'");
  else if (!protocol::is_whole_number(*version))
    problems.push_back("'protocol " + shown(*version, 20) + "', not a whole-number version");
  else if (!protocol::is_this_version(*version))
    problems.push_back("protocol " + shown(*version, 24) + ", not " + std::to_string(protocol::kVersion));
  if (families_.empty()) problems.push_back("no 'variants' line");
  for (const auto& f : families_)
    if (std::none_of(std::begin(mancala::kAllFamilies), std::end(mancala::kAllFamilies),
                     [&](mancala::Family known) { return mancala::family_name(known) == f; }))
      problems.push_back("unknown family '" + shown(f, 20) + "'");
  if (!problems.empty()) return add("handshake", Verdict::Fail, expected, join(problems));
  add("handshake", Verdict::Pass, expected,
      "'" + name + "', protocol 1, variants " + join(families_) + ", " + std::to_string(options_.size()) + " options, in " +
          std::to_string(r.elapsed.count()) + " ms");
}

// Sends `command` (and isready after it unless it is isready); expects readyok and no error.
void Checker::simple_ready(const std::string& item, const std::string& command) {
  const std::string expected = (command == "isready" ? std::string("'readyok'") : "no answer to '" + command + "', then 'readyok' to 'isready'") +
                               " within " + std::to_string(o_.ready.count()) + " ms";
  if (skipped(item, expected)) return;
  engine_.send(command);
  if (command != "isready") engine_.send("isready");
  const Reply r = answer("readyok", o_.ready, "isready");
  if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
  if (!r.errors().empty()) return add(item, Verdict::Fail, expected, "'" + shown(r.errors().front()) + "'");
  add(item, Verdict::Pass, expected, "readyok in " + std::to_string(r.elapsed.count()) + " ms");
}

void Checker::options() {
  const std::string expected = "every declared option parses, and 'setoption' with its default value gives no error line";
  if (skipped("options", expected)) return;
  if (!bad_options_.empty()) return add("options", Verdict::Fail, expected, "cannot parse '" + bad_options_.front() + "'");
  for (const auto& o : options_) engine_.send(protocol::format_setoption_default(o));
  engine_.send("isready");
  const Reply r = answer("readyok", o_.ready, "isready");
  if (!r.found) return add("options", Verdict::Fail, expected + ", then 'readyok'", r.failure);
  if (!r.errors().empty()) return add("options", Verdict::Fail, expected, "'" + shown(r.errors().front()) + "'");
  add("options", Verdict::Pass, expected, std::to_string(options_.size()) + " options set to their defaults");
}

// position + go: a legal bestmove within the limit and the grace. After a TurnLine the
// expectation and an illegal answer are told in terms of whose turn it is.
bool Checker::search(const std::string& item, const mancala::Game& g, const std::string& position, const std::string& go,
            milliseconds limit, const std::optional<TurnLine>& turn) {
  const std::string within = " within " + std::to_string((limit + o_.ready).count()) + " ms";
  const std::string expected = turn ? turn_story(*turn, g) + ": a 'bestmove' legal for " + side_name(g.side_to_move()) + within
                                    : "a legal 'bestmove'" + within;
  if (skipped(item, expected)) return false;
  engine_.send(position);
  engine_.send(go);
  const Reply r = engine_.until("bestmove", limit + o_.ready);
  if (!r.found) {
    add(item, Verdict::Fail, expected, r.failure);
    engine_.mark_dead("it did not answer '" + go + "'");
    return false;
  }
  const auto bm = protocol::parse_bestmove(r.last());
  if (!bm) {
    add(item, Verdict::Fail, expected, "'" + shown(r.last()) + "' (no move)");
    return false;
  }
  if (auto mv = g.parse_move(bm->move); !mv) {
    add(item, Verdict::Fail, expected,
        turn ? wrong_side_answer(*turn, g, bm->move) : "'bestmove " + shown(bm->move, 40) + "': " + mv.error());
    return false;
  }
  if (!r.errors().empty()) {
    add(item, Verdict::Fail, expected + " and no error line", "'" + shown(r.errors().front()) + "'");
    return false;
  }
  if (auto problem = ponder_problem(g, *bm)) {
    add(item, Verdict::Fail, expected + " (and a ponder move, if any, that is the opponent's whole turn)", *problem);
    return false;
  }
  check_info_lines(r.lines, g, go);
  add(item, Verdict::Pass, expected, "bestmove " + bm->move + " in " + std::to_string(r.elapsed.count()) + " ms");
  return true;
}

// A bestmove's `ponder <move>` that is not the opponent's whole turn (PROTOCOL.md section 4).
std::optional<std::string> Checker::ponder_problem(const mancala::Game& g, const protocol::BestMove& bm) {
  const auto mv = g.parse_move(bm.move);
  if (bm.ponder.empty() || !mv) return std::nullopt;
  mancala::Game after = g;
  after.play(*mv);
  const auto reply = protocol::ponder_reply(after, g.side_to_move(), bm.ponder);
  if (reply) return std::nullopt;
  return "'bestmove " + shown(bm.move, 20) + " ponder " + shown(bm.ponder, 20) + "': " + reply.error();
}

// The `info` lines of one search, read as PROTOCOL.md section 4 writes them (what a GUI or the
// arena can parse), with a pv that is legal from the searched position; the first problem is
// kept for the "info lines" item.
void Checker::check_info_lines(const std::vector<std::string>& lines, const mancala::Game& g, const std::string& go) {
  ++searches_read_;
  for (const auto& l : lines) {
    const auto t = split_tokens(l);
    if (t.empty() || t[0] != "info" || (t.size() >= 2 && t[1] == "string")) continue;
    ++info_lines_;
    if (info_problem_) continue;
    std::vector<std::string> pv;
    auto problem = protocol::info_line_problem(l, pv);
    mancala::Game line = g;
    for (std::size_t i = 0; !problem && i < pv.size(); ++i)
      if (auto err = line.play(pv[i])) problem = "pv move " + std::to_string(i + 1) + " '" + shown(pv[i], 20) + "': " + *err;
    // (The engine's text is in the problem too: shown() keeps escapes off the terminal.)
    if (problem) info_problem_ = "'" + shown(l) + "' (after '" + go + "'): " + shown(*problem, 200);
  }
}

void Checker::info_lines() {
  const std::string expected = "every 'info' line of the searches above as PROTOCOL.md section 4 defines it "
                               "(fields depth seldepth multipv score nodes nps time hashfull pv in this order, score seeds <decimal> "
                               "or proven <integer>, a legal pv)";
  if (info_problem_) return add("info lines", Verdict::Fail, expected, *info_problem_);
  if (searches_read_ == 0)  // nothing to judge: say so rather than pass (and start no engine for it)
    return add("info lines", Verdict::Skip, expected, "not run: no search above ended with a legal bestmove");
  add("info lines", Verdict::Pass, expected,
      info_lines_ ? std::to_string(info_lines_) + " info lines in " + std::to_string(searches_read_) + " searches, all well formed"
                  : "no info lines in " + std::to_string(searches_read_) + " searches (allowed)");
}

void Checker::quit() {
  const std::string expected = "the engine exits with status 0 within " + std::to_string(o_.quit_grace.count()) + " ms of 'quit'";
  if (skipped("quit", expected)) {
    engine_.quit(milliseconds(0));
    return;
  }
  const auto status = engine_.quit(o_.quit_grace);
  if (!status) return add("quit", Verdict::Fail, expected, "still running after " + std::to_string(o_.quit_grace.count()) + " ms (killed)");
  if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0)
    return add("quit", Verdict::Fail, expected,
               WIFEXITED(*status) ? "exit status " + std::to_string(WEXITSTATUS(*status)) : "killed by signal " + std::to_string(WTERMSIG(*status)));
  add("quit", Verdict::Pass, expected, "exited with status 0");
}

}  // namespace arena::check
