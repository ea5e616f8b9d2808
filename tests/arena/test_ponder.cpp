// Pondering in a tournament (`ponder`: PROTOCOL.md section 3): the arena sends `go ponder` on the
// position after an engine's move and its expected reply, then `ponderhit` when that reply is
// played and `stop` otherwise, and times a hit from `ponderhit`.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "protocol/ponder_reply.h"
#include "rules/game.h"
#include "test_helpers.h"

using arena_test::arena_run;
using arena_test::games_of;
using arena_test::run;
using arena_test::TempDir;

namespace {

const std::string kPonderBot = std::string("cmd=") + FAULT_BOT + " arg=--fault arg=ponder ponder=on";

// What the arena wrote to one engine, in order (the traffic log's "> ..." lines).
std::vector<std::string> sent_to(const TempDir& d, const std::string& engine) {
  std::vector<std::string> sent;
  for (const auto& line : arena_test::lines_of(d / ("logs/" + engine + ".0.log"))) {
    const auto at = line.find(" > ");
    if (at != std::string::npos) sent.push_back(line.substr(at + 3));
  }
  return sent;
}

// How the ponder searches sent to one engine ended. Each `go ponder` must be followed by
// `ponderhit` or by `stop`, and a stop by the real `position` (the game goes on) or `gameover`.
struct PonderOrder {
  int ponders = 0, hits = 0, stops_in_game = 0, stops_at_end = 0;
  std::vector<std::string> wrong;  // "<line> then <line>"
};

PonderOrder ponder_order(const std::vector<std::string>& sent) {
  PonderOrder o;
  auto starts = [](const std::string& line, const char* word) { return line.rfind(word, 0) == 0; };
  for (std::size_t i = 0; i < sent.size(); ++i) {
    if (!starts(sent[i], "go ponder ")) continue;
    ++o.ponders;
    const std::string next = i + 1 < sent.size() ? sent[i + 1] : "(nothing)";
    const std::string after = i + 2 < sent.size() ? sent[i + 2] : "(nothing)";
    if (next == "ponderhit") ++o.hits;
    else if (next == "stop" && starts(after, "position ")) ++o.stops_in_game;
    else if (next == "stop" && starts(after, "gameover ")) ++o.stops_at_end;
    else o.wrong.push_back(sent[i] + " then " + next + " then " + after);
  }
  return o;
}

int moves_with_ponderhit(const TempDir& d) {
  int hits = 0;
  for (const auto& [id, g] : games_of(d / "r.jsonl"))
    for (const auto& m : g["moves"]) hits += m.value("ponderhit", false);
  return hits;
}

}  // namespace

// Two bots that each expect the other's first legal move, which is what the other plays: every
// ponder search is a hit, but the last of a game, which the game's end may cut short.
TEST(Ponder, AnExpectedReplyIsAPonderhit) {
  TempDir d;
  const auto r = run(arena_run(d, {"--engine", "name=a " + kPonderBot, "--engine", "name=b " + kPonderBot, "--rounds", "1",
                                   "--tc", "2+0.05", "--log-traffic"}),
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  for (const auto& [id, g] : games_of(d / "r.jsonl")) EXPECT_EQ(g["termination"], "normal") << g.dump();
  EXPECT_GT(moves_with_ponderhit(d), 10);
  for (const std::string engine : {"a", "b"}) {
    SCOPED_TRACE(engine);
    const auto sent = sent_to(d, engine);
    const PonderOrder o = ponder_order(sent);
    EXPECT_TRUE(o.wrong.empty()) << o.wrong.front();
    EXPECT_GT(o.hits, 5);
    EXPECT_EQ(o.stops_in_game, 0) << "every reply was the expected one";
    EXPECT_LE(o.stops_at_end, 2);  // at most one per game
    // The engine's Ponder option is set before the first game.
    EXPECT_NE(std::find(sent.begin(), sent.end(), "setoption name Ponder value true"), sent.end());
  }
}

// Against a bot whose moves it does not expect: stop, then the real position and go.
TEST(Ponder, AnotherReplyStopsThePonderSearch) {
  TempDir d;
  const auto r = run(arena_run(d, {"--engine", "name=p " + kPonderBot, "--engine", "name=r cmd=" RANDOM_BOT, "--rounds", "2",
                                   "--tc", "2+0.05", "--log-traffic"}),
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  for (const auto& [id, g] : games_of(d / "r.jsonl")) EXPECT_EQ(g["termination"], "normal") << g.dump();
  const auto sent = sent_to(d, "p");
  const PonderOrder o = ponder_order(sent);
  EXPECT_TRUE(o.wrong.empty()) << o.wrong.front();
  EXPECT_GT(o.stops_in_game, 3);
  for (std::size_t i = 0; i + 3 < sent.size(); ++i) {
    if (sent[i].rfind("go ponder ", 0) == 0 && sent[i + 1] == "stop" && sent[i + 2].rfind("position ", 0) == 0) {
      EXPECT_EQ(sent[i + 3].rfind("go stime ", 0), 0u) << "after the stop, the real search: " << sent[i + 3];
    }
  }
  // The random bot ponders on nothing.
  const auto other = sent_to(d, "r");
  EXPECT_EQ(std::count_if(other.begin(), other.end(), [](const std::string& l) { return l.rfind("go ponder", 0) == 0; }), 0);
}

// Pondering needs the engine's Ponder option (PROTOCOL.md): a config that asks for it anyway, or
// sets the option against it, is refused before the first game.
TEST(Ponder, NeedsAPonderOptionSetToTrue) {
  TempDir d;
  auto r = run(arena_run(d, {"--engine", "name=r cmd=" RANDOM_BOT " ponder=on", "--engine", "name=g cmd=" GREEDY_BOT}), d, "none");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("engines[0] 'r': ponder: the engine declares no check option 'Ponder'"), std::string::npos) << r.err;
  r = run(arena_run(d, {"--engine", "name=p " + kPonderBot + " option.Ponder=false", "--engine", "name=g cmd=" GREEDY_BOT}), d,
          "contradiction");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("engines[0].options.Ponder: 'false' contradicts \"ponder\": true"), std::string::npos) << r.err;
  r = run(arena_run(d, {"--engine", "name=p " + kPonderBot + " option.ponder=TRUE", "--engine", "name=g cmd=" GREEDY_BOT,
                        "--rounds", "1"}),
          d, "agreeing");
  EXPECT_EQ(r.code, 0) << r.err;
  r = run(arena_run(d, {"--engine", "name=p cmd=" RANDOM_BOT " ponder=maybe", "--engine", "name=g cmd=" GREEDY_BOT}), d, "flag");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("ponder=maybe: expected on or off"), std::string::npos) << r.err;
}

// The project's engine ponders in a real tournament without losing anything. (At a fixed depth,
// which no clock of a sanitized build can run out of: `go ponder depth 6` searches on until
// `ponderhit`, then to depth 6.)
TEST(Ponder, TheEnginePondersWithoutFaults) {
  TempDir d;
  const auto r = run(arena_run(d, {"--engine", "name=e cmd=" ENGINE_EXE " ponder=on option.Hash=16", "--engine", "name=g cmd=" GREEDY_BOT,
                                   "--rounds", "1", "--depth", "6", "--log-traffic"}),
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  for (const auto& [id, g] : games_of(d / "r.jsonl")) EXPECT_EQ(g["termination"], "normal") << g.dump();
  const PonderOrder o = ponder_order(sent_to(d, "e"));
  EXPECT_TRUE(o.wrong.empty()) << o.wrong.front();
  EXPECT_GT(o.ponders, 0);
  EXPECT_EQ(o.ponders, o.hits + o.stops_in_game + o.stops_at_end);
}

// A ponder search whose stop goes unanswered loses a game that goes on, not one that has just
// ended: by the last move (as when the stop comes after the game) or by adjudication.
TEST(Ponder, AnUnansweredStopDoesNotUndoAnAdjudication) {
  TempDir d;
  const nlohmann::json config = {
      {"engines",
       {{{"name", "mute"}, {"command", FAULT_BOT}, {"args", {"--fault", "ponder-ignore-stop"}}, {"ponder", true}},
        {{"name", "r"}, {"command", RANDOM_BOT}}}},
      {"rounds", 4},
      {"adjudication", {{"max_moves", 2}}},
      {"timeouts", {{"ready_ms", 300}}},
      {"output", {{"dir", d.path.string()}, {"results", "r.jsonl"}, {"progress", false}}}};
  std::ofstream(d / "adjudicated.json") << config.dump();
  const auto r = run({ARENA_EXE, "run", d / "adjudicated.json"}, d);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto games = games_of(d / "r.jsonl");
  EXPECT_EQ(games.size(), 8u);
  for (const auto& [id, g] : games) EXPECT_EQ(g["termination"], "max_moves") << g.dump();
}

// A ponderer that never answers ponderhit loses on time, and the detail says the clock ran from
// ponderhit (not from a go it never got).
TEST(Ponder, NoAnswerToPonderhitIsATimeLossSaidAsSuch) {
  TempDir d;
  const auto r = run(arena_run(d, {"--engine", "name=mute cmd=" FAULT_BOT " arg=--fault arg=ponder-ignore-hit ponder=on", "--engine",
                                   "name=p " + kPonderBot, "--rounds", "1", "--tc", "0.3+0.01"}),
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto games = games_of(d / "r.jsonl");
  ASSERT_EQ(games.size(), 2u);
  for (const auto& [id, g] : games) {
    EXPECT_EQ(g["termination"], "time_forfeit") << g.dump();
    EXPECT_EQ(g[g["loser"].get<std::string>()], "mute") << g.dump();
    EXPECT_NE(g.value("detail", "").find(" ms after 'ponderhit'"), std::string::npos) << g.dump();
  }
}

// A ponder move that is not one by the rules is not pondered on; the engine's log says why.
TEST(Ponder, AnImpossiblePonderMoveIsNotPonderedAndTheLogSaysWhy) {
  TempDir d;
  const auto r = run(arena_run(d, {"--engine", "name=bad cmd=" FAULT_BOT " arg=--fault arg=ponder-illegal ponder=on", "--engine",
                                   "name=g cmd=" GREEDY_BOT, "--rounds", "1", "--log-traffic"}),
                     d);
  ASSERT_EQ(r.code, 0) << r.err;
  for (const auto& [id, g] : games_of(d / "r.jsonl")) EXPECT_EQ(g["termination"], "normal") << g.dump();
  const auto log = arena_test::read_file(d / "logs/bad.0.log");
  EXPECT_NE(log.find("# not pondering on 'ponder 99': "), std::string::npos) << log;
  const auto sent = sent_to(d, "bad");
  EXPECT_EQ(std::count_if(sent.begin(), sent.end(), [](const std::string& l) { return l.rfind("go ponder", 0) == 0; }), 0);
}

// A bestmove sent for `go ponder` before `ponderhit` or `stop` breaks PROTOCOL.md section 3. The
// tournament takes it as the answer (the games go on), and the engine's log says so at every such
// ponder search (its opponent takes 300 ms a move, so the early answer is always there first);
// a correct ponderer's log never says so.
TEST(Ponder, AnEarlyAnswerIsTakenAndTheLogSaysItIsABreach) {
  TempDir d;
  auto r = run(arena_run(d, {"--engine", "name=early cmd=" FAULT_BOT " arg=--fault arg=ponder-early ponder=on", "--engine",
                             "name=slow cmd=" FAULT_BOT " arg=--fault arg=slow", "--rounds", "1", "--tc", "10+0.1", "--max-moves",
                             "8", "--log-traffic"}),
               d);
  ASSERT_EQ(r.code, 0) << r.err;
  for (const auto& [id, g] : games_of(d / "r.jsonl")) EXPECT_NE(g["termination"], "stalled") << g.dump();
  const auto count = [](const std::string& text, const std::string& part) {
    int n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
  };
  const auto early = arena_test::read_file(d / "logs/early.0.log");
  const int breaches = count(early, "# protocol breach: a 'bestmove' for 'go ponder' came before '");
  EXPECT_GT(breaches, 0) << early;
  EXPECT_EQ(breaches, count(early, "> go ponder ")) << early;
  r = run(arena_run(d, {"--engine", "name=good " + kPonderBot, "--engine", "name=g cmd=" GREEDY_BOT, "--rounds", "1", "--log-traffic"},
                    "good.jsonl"),
          d, "good");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto good = arena_test::read_file(d / "logs/good.0.log");
  EXPECT_GT(count(good, "> go ponder "), 0) << good;
  EXPECT_EQ(count(good, "protocol breach"), 0) << good;
}

// What a ponder move must be: the opponent's whole turn, after which the engine moves again.
TEST(Ponder, APonderMoveIsTheOpponentsWholeTurn) {
  using arena::protocol::ponder_reply;
  const auto start = *mancala::Game::from_spec("kalah(6,4)");
  mancala::Game after = start;
  after.play(*after.parse_move("1"));  // South's 1: North to move
  EXPECT_TRUE(ponder_reply(after, mancala::Side::South, "1"));
  EXPECT_NE(ponder_reply(after, mancala::Side::South, "99").error().find("99"), std::string::npos);
  // North's 3 ends in its store: North moves again, so it is not North's whole turn.
  EXPECT_EQ(ponder_reply(after, mancala::Side::South, "3").error(), "after the reply '3' the opponent moves again: not its whole turn");
  mancala::Game extra = start;
  extra.play(*extra.parse_move("3"));  // South's 3 ends in its store: South moves again
  EXPECT_EQ(ponder_reply(extra, mancala::Side::South, "1").error(), "the engine moves again after its move: there is no reply to ponder on");
}
