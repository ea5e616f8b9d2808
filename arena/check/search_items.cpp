// `arena check`: the items that search (positions in every family, go limits, stop, pondering).
#include "check/checker.h"

#include <algorithm>

#include "text/tokens.h"

namespace arena::check {

using std::chrono::milliseconds;
using mancala::text::split_tokens;

void Checker::positions(const std::string& spec) {
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

void Checker::go_limits(const std::string& spec) {
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

void Checker::stop_infinite(const std::string& spec) {
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
  if (auto p = extra_bestmove(expected)) return add(item, Verdict::Fail, p->expected, p->got);
  if (early.found)  // a GUI that analyses would get an answer it did not ask for
    return add(item, Verdict::Fail, expected, "bestmove " + bm->move + " came before 'stop'");
  add(item, Verdict::Pass, expected, "bestmove " + bm->move + " after stop");
}

// `readyok` to `isready`, and the first `bestmove` read before it, if any: noted as it comes,
// since a flood of lines can push it out of the reply's kept lines.
Reply Checker::ready_noting_bestmove(std::optional<std::string>& bestmove) {
  engine_.send("isready");
  Reply r = engine_.until_line(
      [&](const std::string& l) {
        if (!bestmove && starts_with(l, "bestmove")) bestmove = l;
        return starts_with(l, "readyok");
      },
      o_.ready);
  if (!r.found) engine_.mark_dead("it did not answer 'isready'");
  return r;
}

// After a search's bestmove: isready gets readyok, and no second bestmove comes. The problem, if
// any, as the expectation and what came instead.
std::optional<Checker::Problem> Checker::extra_bestmove(const std::string& expected) {
  std::optional<std::string> second;
  const Reply r = ready_noting_bestmove(second);
  if (!r.found) return Problem{expected + ", then 'readyok'", r.failure};
  if (second) return Problem{"exactly one 'bestmove' per 'go'", "a second one: '" + shown(*second) + "'"};
  return std::nullopt;
}

void Checker::ready_during_search(const std::string& spec) {
  const std::string item = "isready during search";
  const std::string expected = "'readyok' within " + std::to_string(o_.ready.count()) + " ms while a search runs, and its one 'bestmove' after 'stop'";
  if (skipped(item, expected)) return;
  engine_.send("position startpos " + spec);
  engine_.send("go movetime 5000");
  std::optional<std::string> early;
  const Reply r = ready_noting_bestmove(early);
  if (!r.found) {
    engine_.mark_dead("no readyok during a search");
    return add(item, Verdict::Fail, expected, r.failure);
  }
  engine_.send("stop");
  if (!early) {
    const Reply b = engine_.until("bestmove", o_.ready);
    if (!b.found) {
      engine_.mark_dead("it did not answer 'stop'");
      return add(item, Verdict::Fail, expected, "readyok, then after stop: " + b.failure);
    }
  }
  if (auto p = extra_bestmove(expected)) return add(item, Verdict::Fail, p->expected, p->got);
  add(item, Verdict::Pass, expected, "readyok in " + std::to_string(r.elapsed.count()) + " ms");
}

// PROTOCOL.md section 6: during a search, `go`, `setoption` and `newgame` are refused with one
// error line each and the search goes on (a second go would otherwise get a second bestmove, and
// a GUI could not tell which answers which). The setoption sets a declared option to its
// default, so that only the search can be why it is refused. Each command is followed by
// `isready` (answered during a search too), so that its error line is counted as its own.
void Checker::refused_during_search(const std::string& spec) {
  const std::string item = "refused during search";
  std::vector<std::string> refused = {"go depth 1", "newgame"};
  const auto settable = std::find_if(options_.begin(), options_.end(), [](const protocol::OptionSpec& o) { return o.type != protocol::OptionType::Button; });
  if (settable != options_.end())
    refused.insert(refused.begin(), protocol::format_setoption_default(*settable));
  std::string quoted;
  for (const auto& line : refused) quoted += (quoted.empty() ? "'" : ", '") + line + "'";
  const std::string expected = "during 'go infinite', one error line each for " + quoted +
                               " and no 'bestmove' until 'stop', then exactly one, legal";
  if (skipped(item, expected)) return;
  mancala::Game g = *mancala::Game::from_spec(spec);
  engine_.send("position startpos " + spec);
  engine_.send("go infinite");
  std::string first_error;
  for (const auto& line : refused) {
    engine_.send(line);
    std::optional<std::string> early;
    const Reply r = ready_noting_bestmove(early);
    if (!r.found) return add(item, Verdict::Fail, expected, "after '" + line + "': " + r.failure);
    if (early) {
      // How many more bestmoves stop would bring is anyone's guess: the next item gets a fresh engine.
      engine_.mark_dead("it answered a 'go' during a search");
      return add(item, Verdict::Fail, expected, "'" + shown(*early) + "' before 'stop' (after '" + line + "')");
    }
    if (r.errors().size() != 1)
      return add(item, Verdict::Fail, expected, std::to_string(r.errors().size()) + " error lines for '" + line + "'");
    if (first_error.empty()) first_error = r.errors().front();
  }
  engine_.send("stop");
  const Reply b = answer("bestmove", o_.ready, "stop");
  if (!b.found) return add(item, Verdict::Fail, expected, "after stop: " + b.failure);
  const auto bm = protocol::parse_bestmove(b.last());
  if (!bm || !g.parse_move(bm->move)) return add(item, Verdict::Fail, expected, "after stop: '" + shown(b.last()) + "'");
  if (auto p = extra_bestmove(expected)) return add(item, Verdict::Fail, p->expected, p->got);
  add(item, Verdict::Pass, expected, "'" + shown(first_error) + "' and the others, bestmove " + bm->move + " after stop");
}

// PROTOCOL.md section 3, pondering: only for an engine with a Ponder check option (a GUI
// sends no other engine `go ponder`). A ponder search never ends by itself; `ponderhit` turns
// it into a normal search with the go line's limits, `stop` ends it at once.
void Checker::ponder(const std::string& spec) {
  const std::string item = "ponder";
  const protocol::OptionSpec* declared = protocol::ponder_option(options_);
  if (!declared)
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
      (void)extra_bestmove(expected);  // (reads the stop's answer; the early one is the failure)
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
    if (auto p = extra_bestmove(expected)) return add(item, Verdict::Fail, p->expected, p->got);
  }
  add(item, Verdict::Pass, expected, "no bestmove before 'ponderhit' or 'stop', a legal one after each");
}

void Checker::finished_position(const std::string& spec) {
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

}  // namespace arena::check
