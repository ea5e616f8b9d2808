#include "check/compliance.h"

#include <sys/wait.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <utility>

#include "check/positions.h"
#include "check/probe.h"
#include "protocol/ponder_reply.h"
#include "protocol/umi.h"
#include "rules/game.h"
#include "text/tokens.h"

namespace arena::check {

namespace {

using Clock = process::Clock;
using std::chrono::milliseconds;
using mancala::text::split_tokens;

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

constexpr const char* kStartExpected = "the program starts and is still running to answer 'umi'";

class Checker {
 public:
  Checker(const CheckOptions& o, process::ChildRegistry& registry, const std::function<void(const Item&)>& report)
      : o_(o), engine_(o, registry), report_(report) {}

  std::vector<Item> run() {
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
    ponder(specs.front());
    finished_position(specs.front());
    gameover_notice();
    unknown_command();
    malformed_go(specs.front());
    long_line();
    long_position_line(specs.front());
    cr_line_endings();
    quit();
    return items_;
  }

 private:
  void add(std::string name, Verdict v, std::string expected, std::string got) {
    if (v != Verdict::Pass && !engine_.alive() && !engine_.death().empty() && got.empty()) got = engine_.death();
    if (!restart_note_.empty() && v != Verdict::Skip) got += std::exchange(restart_note_, "");
    items_.push_back(Item{std::move(name), v, std::move(expected), std::move(got)});
    engine_.note(format_item(items_.back()));
    if (report_) report_(items_.back());
  }
  // An item that cannot be run because an earlier one left no engine to talk to, and a fresh
  // one could not be had.
  bool skipped(const std::string& name, const std::string& expected) {
    if (engine_.alive() || restart()) return false;
    std::string why = engine_.death().empty() ? std::string("the engine is not running") : engine_.death();
    add(name, Verdict::Skip, expected, "not run: " + why + no_more_restarts_);
    return true;
  }

  // A fresh engine in place of one an item left dead or untrusted: started, `umi` answered, and
  // `readyok`. Not before a handshake has worked (a restart would fail the same way), never again
  // once a restart has failed, and not when the first item after the last restart failed the
  // engine again (one that fails every search would cost a restart and a timeout per item).
  bool restart() {
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
  Reply answer(const std::string& token, milliseconds limit, const std::string& request) {
    Reply r = engine_.until(token, limit);
    if (!r.found) engine_.mark_dead("it did not answer '" + request + "'");
    return r;
  }

  void handshake() {
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
  void simple_ready(const std::string& item, const std::string& command) {
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

  void options() {
    const std::string expected = "every declared option parses, and 'setoption' with its default value gives no error line";
    if (skipped("options", expected)) return;
    if (!bad_options_.empty()) return add("options", Verdict::Fail, expected, "cannot parse '" + bad_options_.front() + "'");
    for (const auto& o : options_) {
      std::optional<std::string> value;
      if (o.type != protocol::OptionType::Button) value = o.default_value.empty() ? "<empty>" : o.default_value;
      engine_.send(protocol::format_setoption(o, value));
    }
    engine_.send("isready");
    const Reply r = answer("readyok", o_.ready, "isready");
    if (!r.found) return add("options", Verdict::Fail, expected + ", then 'readyok'", r.failure);
    if (!r.errors().empty()) return add("options", Verdict::Fail, expected, "'" + shown(r.errors().front()) + "'");
    add("options", Verdict::Pass, expected, std::to_string(options_.size()) + " options set to their defaults");
  }

  // position + go: a legal bestmove within the limit and the grace. After a TurnLine the
  // expectation and an illegal answer are told in terms of whose turn it is.
  bool search(const std::string& item, const mancala::Game& g, const std::string& position, const std::string& go,
              milliseconds limit, const std::optional<TurnLine>& turn = std::nullopt) {
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
  static std::optional<std::string> ponder_problem(const mancala::Game& g, const protocol::BestMove& bm) {
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
  void check_info_lines(const std::vector<std::string>& lines, const mancala::Game& g, const std::string& go) {
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

  void info_lines() {
    const std::string expected = "every 'info' line of the searches above as PROTOCOL.md section 4 defines it "
                                 "(fields depth seldepth multipv score nodes nps time hashfull pv in this order, score seeds <decimal> "
                                 "or proven <integer>, a legal pv)";
    if (info_problem_) return add("info lines", Verdict::Fail, expected, *info_problem_);
    if (searches_read_ == 0) {  // nothing to judge: say so rather than pass
      if (skipped("info lines", expected)) return;
      return add("info lines", Verdict::Skip, expected, "not run: no search above ended with a legal bestmove");
    }
    add("info lines", Verdict::Pass, expected,
        info_lines_ ? std::to_string(info_lines_) + " info lines in " + std::to_string(searches_read_) + " searches, all well formed"
                    : "no info lines in " + std::to_string(searches_read_) + " searches (allowed)");
  }

  void positions(const std::string& spec) {
    auto start = mancala::Game::from_spec(spec);
    if (!start) return add("position " + spec, Verdict::Fail, "a variant spec", start.error());
    const milliseconds limit(100);
    search("position startpos " + spec, *start, "position startpos " + spec, "go movetime 100", limit);
    mancala::Game g = *start;
    const auto moves = moves_keeping_the_game_on(g, 3);
    if (!moves.empty()) {
      // Its last move may give the mover another move (kalah(6,4): 1 1 2); if so, say so.
      mancala::Game before = *start;
      for (std::size_t i = 0; i + 1 < moves.size(); ++i) (void)before.play(moves[i]);
      search("position moves " + spec, g, "position startpos " + spec + " moves " + join(moves), "go movetime 100", limit,
             as_turn_line(moves, before, g));
    }
    first_moves(g, 3);
    if (!g.over()) search("position fen " + spec, g, "position fen " + g.notation(), "go movetime 100", limit);
    if (const auto turn = turn_line(start->variant())) {
      mancala::Game after = *start;
      for (const auto& mv : split_tokens(turn->moves)) (void)after.play(mv);  // legal: TurnLines.AreWhatTheySay
      search(std::string(turn->pass ? "pass " : "extra turn ") + spec, after, "position startpos " + spec + " moves " + turn->moves,
             "go movetime 100", limit, turn);
    }
  }

  void go_limits(const std::string& spec) {
    mancala::Game g = *mancala::Game::from_spec(spec);
    first_moves(g, 4);
    if (g.over()) g = *mancala::Game::from_spec(spec);
    const std::string pos = "position fen " + g.notation();
    search("go stime/ntime/sinc/ninc", g, pos, "go stime 1000 ntime 1000 sinc 10 ninc 10", milliseconds(1000));
    search("go movestogo", g, pos, "go stime 2000 ntime 2000 movestogo 20", milliseconds(2000));
    search("go movetime", g, pos, "go movetime 200", milliseconds(200));
    search("go depth", g, pos, "go depth 2", milliseconds(2000));
    search("go nodes", g, pos, "go nodes 2000", milliseconds(2000));
  }

  void stop_infinite(const std::string& spec) {
    const std::string item = "go infinite + stop";
    const std::string expected = "no 'bestmove' before 'stop', then one legal 'bestmove' within " + std::to_string(o_.ready.count()) + " ms";
    if (skipped(item, expected)) return;
    mancala::Game g = *mancala::Game::from_spec(spec);
    engine_.send("position startpos " + spec);
    engine_.send("go infinite");
    Reply early = engine_.until("bestmove", milliseconds(100));
    if (!engine_.alive()) return add(item, Verdict::Fail, expected, early.failure);
    engine_.send("stop");
    Reply r = early.found ? early : engine_.until("bestmove", o_.ready);
    if (!r.found) {
      engine_.mark_dead("it did not answer 'stop'");
      return add(item, Verdict::Fail, expected, r.failure);
    }
    const auto bm = protocol::parse_bestmove(r.last());
    if (!bm || !g.parse_move(bm->move)) return add(item, Verdict::Fail, expected, "'" + shown(r.last()) + "'");
    if (!no_extra_bestmove(item, expected)) return;
    if (early.found)  // a GUI that analyses would get an answer it did not ask for
      return add(item, Verdict::Fail, expected, "bestmove " + bm->move + " came before 'stop'");
    add(item, Verdict::Pass, expected, "bestmove " + bm->move + " after stop");
  }

  // After a search's bestmove: isready gets readyok, and no second bestmove comes.
  bool no_extra_bestmove(const std::string& item, const std::string& expected) {
    engine_.send("isready");
    const Reply r = answer("readyok", o_.ready, "isready");
    if (!r.found) {
      add(item, Verdict::Fail, expected + ", then 'readyok'", r.failure);
      return false;
    }
    for (const auto& l : r.lines)
      if (starts_with(l, "bestmove")) {
        add(item, Verdict::Fail, "exactly one 'bestmove' per 'go'", "a second one: '" + shown(l) + "'");
        return false;
      }
    return true;
  }

  void ready_during_search(const std::string& spec) {
    const std::string item = "isready during search";
    const std::string expected = "'readyok' within " + std::to_string(o_.ready.count()) + " ms while a search runs, and its one 'bestmove' after 'stop'";
    if (skipped(item, expected)) return;
    engine_.send("position startpos " + spec);
    engine_.send("go movetime 5000");
    engine_.send("isready");
    const Reply r = engine_.until("readyok", o_.ready);
    if (!r.found) {
      engine_.mark_dead("no readyok during a search");
      return add(item, Verdict::Fail, expected, r.failure);
    }
    bool have_bestmove = std::any_of(r.lines.begin(), r.lines.end(), [](const auto& l) { return starts_with(l, "bestmove"); });
    engine_.send("stop");
    if (!have_bestmove) {
      const Reply b = engine_.until("bestmove", o_.ready);
      if (!b.found) {
        engine_.mark_dead("it did not answer 'stop'");
        return add(item, Verdict::Fail, expected, "readyok, then after stop: " + b.failure);
      }
    }
    if (!no_extra_bestmove(item, expected)) return;
    add(item, Verdict::Pass, expected, "readyok in " + std::to_string(r.elapsed.count()) + " ms");
  }

  // PROTOCOL.md section 3, pondering: only for an engine with a Ponder check option (a GUI
  // sends no other engine `go ponder`). A ponder search never ends by itself; `ponderhit` turns
  // it into a normal search with the go line's limits, `stop` ends it at once.
  void ponder(const std::string& spec) {
    const std::string item = "ponder";
    const auto declared = std::find_if(options_.begin(), options_.end(), [](const protocol::OptionSpec& o) {
      return o.type == protocol::OptionType::Check && mancala::text::iequals(o.name, "Ponder");
    });
    if (declared == options_.end())
      return add(item, Verdict::Pass, "", "no 'Ponder' option: not offered (a GUI sends it no 'go ponder')");
    const std::string limit = std::to_string(o_.ready.count()) + " ms";
    const std::string expected = "no 'bestmove' for 'go ponder' until 'ponderhit' (then a legal one within 1000 ms + " + limit +
                                 ") or 'stop' (then one within " + limit + ")";
    if (skipped(item, expected)) return;
    mancala::Game g = *mancala::Game::from_spec(spec);
    first_moves(g, 4);
    if (g.over()) g = *mancala::Game::from_spec(spec);
    engine_.send("setoption name " + declared->name + " value true");
    struct Restore {  // the option's default again, however the item ends
      Probe& engine;
      std::string line;
      ~Restore() {
        if (engine.alive()) engine.send(line);
      }
    } restore{engine_, "setoption name " + declared->name + " value " + declared->default_value};
    for (const std::string ending : {"ponderhit", "stop"}) {
      engine_.send("position fen " + g.notation());
      engine_.send("go ponder stime 1000 ntime 1000 sinc 10 ninc 10");
      // (Long enough for an engine that answers at once to be caught on a loaded machine.)
      const Reply early = engine_.until("bestmove", milliseconds(500));
      if (!engine_.alive()) return add(item, Verdict::Fail, expected, early.failure);
      if (early.found) {
        engine_.send("stop");
        (void)no_extra_bestmove(item, expected);
        return add(item, Verdict::Fail, expected, "'" + shown(early.last()) + "' before '" + ending + "'");
      }
      engine_.send(ending);
      const Reply r = engine_.until("bestmove", ending == "stop" ? o_.ready : milliseconds(1000) + o_.ready);
      if (!r.found) {
        engine_.mark_dead("it did not answer '" + ending + "' of a ponder search");
        return add(item, Verdict::Fail, expected, "after '" + ending + "': " + r.failure);
      }
      const auto bm = protocol::parse_bestmove(r.last());
      if (!bm || !g.parse_move(bm->move))
        return add(item, Verdict::Fail, expected, "after '" + ending + "': '" + shown(r.last()) + "'");
      if (auto problem = ponder_problem(g, *bm)) return add(item, Verdict::Fail, expected, "after '" + ending + "': " + *problem);
      if (!no_extra_bestmove(item, expected)) return;
    }
    add(item, Verdict::Pass, expected, "no bestmove before 'ponderhit' or 'stop', a legal one after each");
  }

  void finished_position(const std::string& spec) {
    const std::string item = "finished position";
    const std::string expected = "'bestmove none' for a game that is over";
    if (skipped(item, expected)) return;
    mancala::Game g = *mancala::Game::from_spec(spec);
    while (!g.over()) first_moves(g, 1);
    engine_.send("position fen " + g.notation());
    engine_.send("go movetime 100");
    const Reply r = answer("bestmove", milliseconds(100) + o_.ready, "go movetime 100");
    if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
    const auto bm = protocol::parse_bestmove(r.last());
    if (!bm || bm->move != "none") return add(item, Verdict::Fail, expected, "'" + shown(r.last()) + "'");
    add(item, Verdict::Pass, expected, "bestmove none");
  }

  void gameover_notice() {
    const std::string item = "gameover notice";
    const std::string expected = "no answer to 'gameover south 30 18 normal', then 'readyok' to 'isready'";
    if (skipped(item, expected)) return;
    engine_.send("gameover south 30 18 normal");
    engine_.send("isready");
    const Reply r = answer("readyok", o_.ready, "isready");
    if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
    if (!r.errors().empty()) return add(item, Verdict::Fail, expected, "'" + shown(r.errors().front()) + "'");
    add(item, Verdict::Pass, expected, "readyok");
  }

  // PROTOCOL.md 8: an unknown command gets one error line, and the engine carries on.
  void unknown_command() {
    const std::string item = "unknown command";
    const std::string expected = "one 'info string error: ...' line for 'xyzzy', then 'readyok' to 'isready'";
    if (skipped(item, expected)) return;
    engine_.send("xyzzy");
    engine_.send("isready");
    const Reply r = answer("readyok", o_.ready, "isready");
    if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
    if (r.errors().size() != 1) return add(item, Verdict::Fail, expected, std::to_string(r.errors().size()) + " error lines");
    add(item, Verdict::Pass, expected, "'" + shown(r.errors().front()) + "'");
  }

  // PROTOCOL.md 3: a go that cannot run still gets its bestmove, so no GUI waits for ever.
  void malformed_go(const std::string& spec) {
    const std::string item = "malformed go";
    const std::string expected = "one error line and 'bestmove none' for 'go depth x'";
    if (skipped(item, expected)) return;
    engine_.send("position startpos " + spec);
    engine_.send("go depth x");
    const Reply r = engine_.until("bestmove", o_.ready);
    if (!r.found) {
      engine_.mark_dead("it did not answer a malformed 'go'");
      return add(item, Verdict::Fail, expected, r.failure);
    }
    const auto bm = protocol::parse_bestmove(r.last());
    if (!bm || bm->move != "none") return add(item, Verdict::Fail, expected, "'" + shown(r.last()) + "'");
    if (r.errors().size() != 1) return add(item, Verdict::Fail, expected, std::to_string(r.errors().size()) + " error lines");
    add(item, Verdict::Pass, expected, "'" + shown(r.errors().front()) + "', bestmove none");
  }

  // PROTOCOL.md 1: a line over 65536 bytes is discarded whole, with one error line.
  void long_line() {
    const std::string item = "long line";
    const std::string expected = "one error line for a 70000-byte line, nothing of it executed, then 'readyok'";
    if (skipped(item, expected)) return;
    // 'isready' and its (invalid) arguments: an engine that executed the line, or a cut-off
    // part of it, would answer readyok to it as well (with the no-arguments error line).
    engine_.send("isready " + std::string(70000, 'x'));
    engine_.send("isready");
    const Reply r = answer("readyok", o_.ready, "isready");
    if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
    // Output is in order: a readyok of the long line would come before the handshake's umiok.
    engine_.send("umi");
    const Reply sync = answer("umiok", o_.ready, "umi");
    if (!sync.found) return add(item, Verdict::Fail, expected + ", then 'umiok' to 'umi'", sync.failure);
    const auto readies = std::count_if(sync.lines.begin(), sync.lines.end(), [](const auto& l) { return starts_with(l, "readyok"); });
    if (readies > 0 || r.errors().size() != 1)
      return add(item, Verdict::Fail, expected,
                 std::to_string(r.errors().size()) + " error lines, " + std::to_string(1 + readies) + " readyok (the line was executed)");
    add(item, Verdict::Pass, expected, "'" + shown(r.errors().front()) + "'");
  }

  // PROTOCOL.md 1: a discarded `position` line leaves no position, so a GUI that missed the error
  // line never gets a move for the game before. The line would be valid if it were executed.
  void long_position_line(const std::string& spec) {
    const std::string item = "long position line";
    const std::string expected = "'bestmove none' to 'go depth 1' after a 70000-byte position line was discarded";
    if (skipped(item, expected)) return;
    engine_.send("position startpos " + spec);
    engine_.send("position startpos " + spec + std::string(70000, ' ') + "moves");
    engine_.send("go depth 1");
    const Reply r = answer("bestmove", o_.ready, "go depth 1");
    if (!r.found) return add(item, Verdict::Fail, expected, r.failure);
    const auto bm = protocol::parse_bestmove(r.last());
    if (!bm || bm->move != "none") return add(item, Verdict::Fail, expected, "'" + shown(r.last()) + "' (the old position was kept)");
    add(item, Verdict::Pass, expected, "bestmove none");
  }

  // PROTOCOL.md 1: LF, CR and CR LF all end a line.
  void cr_line_endings() {
    const std::string item = "CR line endings";
    const std::string expected = "'readyok' to 'isready' ended by a bare CR, and to one ended by CR LF";
    if (skipped(item, expected)) return;
    engine_.send_raw("isready\r");
    const Reply cr = engine_.until("readyok", o_.ready);
    if (!cr.found) {
      engine_.send("");  // ends the line for an engine that waits for LF, so later items still run
      engine_.drain(milliseconds(50));
      return add(item, Verdict::Fail, expected, "bare CR: " + cr.failure);
    }
    engine_.send_raw("isready\r\n");
    const Reply crlf = answer("readyok", o_.ready, "isready");
    if (!crlf.found) return add(item, Verdict::Fail, expected, "CR LF: " + crlf.failure);
    if (!cr.errors().empty() || !crlf.errors().empty())
      return add(item, Verdict::Fail, expected, "'" + shown(cr.errors().empty() ? crlf.errors().front() : cr.errors().front()) + "'");
    add(item, Verdict::Pass, expected, "readyok to both");
  }

  void quit() {
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

}  // namespace

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Pass: return "PASS";
    case Verdict::Fail: return "FAIL";
    case Verdict::Skip: return "SKIP";
  }
  return "?";
}

std::string format_item(const Item& item) {
  std::string line = std::string("[") + verdict_name(item.verdict) + "] " + item.name + ": ";
  if (item.verdict == Verdict::Pass) return line + item.got;
  if (item.verdict == Verdict::Skip) return line + item.got;
  return line + "expected " + item.expected + "; got " + item.got;
}

std::vector<Item> run_check(const CheckOptions& options, process::ChildRegistry& registry,
                            const std::function<void(const Item&)>& report) {
  return Checker(options, registry, report).run();
}

}  // namespace arena::check
