// The referee's decisions, with real processes: every fault is charged to the engine that
// committed it, with the right reason, the engine is restarted for its next game, and no
// process is left behind.
#include <gtest/gtest.h>

#include "engine/engine_client.h"
#include "match/match.h"
#include "process/log_sink.h"
#include "test_helpers.h"

using namespace arena;
using match::Termination;
using match::Winner;

namespace {

engine::ClientEnv env(process::ChildRegistry& reg) {
  engine::ClientEnv e;
  e.registry = &reg;
  e.timeouts.startup_ms = 1000;
  e.timeouts.ready_ms = 300;
  e.timeouts.quit_grace_ms = 200;
  e.timeouts.move_timeout_ms = 2000;
  e.variant_family = "kalah";
  return e;
}

config::EngineConfig fault_bot(const std::string& fault, int at = 1) {
  return {"faulty", FAULT_BOT, {"--fault", fault, "--at", std::to_string(at)}, "", {}, 20, std::nullopt};
}

config::EngineConfig random_bot() { return {"random", RANDOM_BOT, {}, "", {}, 20, std::nullopt}; }

match::MatchParams params() {
  match::MatchParams p;
  p.variant = "kalah(6,4)";
  p.south_tc.movetime_ms = 200;
  p.north_tc.movetime_ms = 200;
  return p;
}

struct Case {
  std::string fault;
  int at;
  Termination expected;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.fault << " at move " << c.at; }

class FaultyEngine : public ::testing::TestWithParam<Case> {};

}  // namespace

TEST_P(FaultyEngine, LosesWithTheRightReasonAndIsRestarted) {
  const Case c = GetParam();
  process::ChildRegistry reg;
  {
    engine::EngineClient faulty(fault_bot(c.fault, c.at), env(reg)), opponent(random_bot(), env(reg));
    for (int game = 0; game < 2; ++game) {  // the second game needs a restarted engine
      const bool faulty_south = game == 0;
      const auto rec = faulty_south ? match::play_game(params(), faulty, opponent) : match::play_game(params(), opponent, faulty);
      SCOPED_TRACE(c.fault + " game " + std::to_string(game) + ": " + rec.detail);
      EXPECT_EQ(rec.termination, c.expected);
      const mancala::Side faulty_side = faulty_south ? mancala::Side::South : mancala::Side::North;
      ASSERT_TRUE(rec.loser_side);
      EXPECT_EQ(*rec.loser_side, faulty_side);
      EXPECT_EQ(rec.winner, arena::match::winner_of(~faulty_side));
      EXPECT_FALSE(rec.detail.empty());
      if (game == 1) {
        EXPECT_TRUE(opponent.running());  // the innocent engine keeps its process
      }
    }
  }
  EXPECT_EQ(reg.size(), 0u);
  EXPECT_EQ(arena_test::processes_after(std::string(FAULT_BOT) + " --fault " + c.fault), 0);
}

INSTANTIATE_TEST_SUITE_P(Referee, FaultyEngine,
                         ::testing::Values(Case{"illegal", 3, Termination::IllegalMove}, Case{"crash", 2, Termination::Crash},
                                           Case{"hang", 2, Termination::TimeForfeit},
                                           Case{"slow", 2, Termination::TimeForfeit},
                                           Case{"empty-bestmove", 1, Termination::Malformed},
                                           Case{"long-line", 2, Termination::Malformed},
                                           Case{"grandchild", 2, Termination::Crash},
                                           Case{"no-handshake", 1, Termination::NoHandshake},
                                           Case{"stall-ready", 1, Termination::Stalled}),
                         [](const auto& info) {
                           std::string n = info.param.fault;
                           for (char& ch : n)
                             if (ch == '-') ch = '_';
                           return n;
                         });

TEST(Referee, FloodOfInfoLinesIsReadAndTheGameGoesOn) {
  process::ChildRegistry reg;
  engine::EngineClient flood(fault_bot("flood", 1), env(reg)), opponent(random_bot(), env(reg));
  auto p = params();
  p.south_tc.movetime_ms = 5000;
  p.adjudication.max_moves = 6;
  const auto rec = match::play_game(p, flood, opponent);
  EXPECT_FALSE(match::is_fault(rec.termination)) << rec.detail;
}

TEST(Referee, AdjudicationMaxMovesAndDecided) {
  process::ChildRegistry reg;
  engine::EngineClient a(random_bot(), env(reg)), b(config::EngineConfig{"greedy", GREEDY_BOT, {}, "", {}, 20, std::nullopt}, env(reg));
  auto p = params();
  p.adjudication.max_moves = 5;
  auto rec = match::play_game(p, a, b);
  EXPECT_EQ(rec.termination, Termination::MaxMoves);
  EXPECT_EQ(rec.winner, Winner::Draw);
  EXPECT_EQ(rec.moves.size(), 5u);

  p.adjudication.max_moves = 0;
  p.adjudication.decided = true;
  rec = match::play_game(p, a, b);
  ASSERT_EQ(rec.termination, Termination::Decided);
  EXPECT_GT(2 * std::max(rec.south_score, rec.north_score), 48);
  EXPECT_EQ(rec.winner, rec.south_score > rec.north_score ? Winner::South : Winner::North);
}

// "Decided" is more than half of the seeds: exactly half still leaves the game open. Both moves
// here are forced, so the result is known whatever the bots choose.
TEST(Referee, ExactlyHalfTheSeedsIsNotYetDecided) {
  process::ChildRegistry reg;
  engine::EngineClient a(random_bot(), env(reg)), b(random_bot(), env(reg));
  auto p = params();
  p.adjudication.decided = true;
  p.opening.position = "kalah(6,4) 1,0,0,0,0,0:24 0,0,0,0,0,1:22 s";
  const auto rec = match::play_game(p, a, b);
  EXPECT_EQ(rec.termination, Termination::Normal) << rec.detail;
  EXPECT_EQ(rec.moves.size(), 2u);
  EXPECT_EQ(rec.south_score, 25);
  EXPECT_EQ(rec.north_score, 23);
  EXPECT_EQ(rec.winner, Winner::South);
}

// An engine's time margin is grace beyond its clock: 300 ms against 200 ms to move is a forfeit
// with the default 20 ms (FaultyEngine.slow) and no fault with 1000 ms.
TEST(Referee, AReplyWithinTheTimeMarginIsNoForfeit) {
  process::ChildRegistry reg;
  config::EngineConfig slow = fault_bot("slow", 1);
  slow.time_margin_ms = 1000;
  engine::EngineClient a(slow, env(reg)), b(random_bot(), env(reg));
  auto p = params();
  p.adjudication.max_moves = 4;
  const auto rec = match::play_game(p, a, b);
  EXPECT_EQ(rec.termination, Termination::MaxMoves) << rec.detail;
  EXPECT_EQ(rec.moves.size(), 4u);
}

TEST(Referee, OpeningFromAPositionAndAGameOverNotice) {
  process::ChildRegistry reg;
  engine::EngineClient a(random_bot(), env(reg)), b(random_bot(), env(reg));
  auto p = params();
  p.opening.position = "kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s";
  const auto rec = match::play_game(p, a, b);
  EXPECT_EQ(rec.termination, Termination::Normal);
  EXPECT_EQ(rec.south_score + rec.north_score, 48);
  EXPECT_EQ(rec.moves.front().side, 's');  // South still had its extra turn
  EXPECT_EQ(match::position_command("kalah(6,4)", p.opening, " 3"), "position fen kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s moves 3");
  EXPECT_EQ(match::position_command("kalah(6,4)", {}, ""), "position startpos kalah(6,4)");
}

// One engine on a clock, the other with its own depth limit (a per-engine time control): the
// depth engine is sent no clocks, since UMI refuses a go naming only the opponent's clock.
TEST(Referee, AClockAgainstAFixedDepthGetsLegalGoLines) {
  process::ChildRegistry reg;
  config::EngineConfig greedy{"greedy", GREEDY_BOT, {}, "", {}, 20, std::nullopt};
  engine::EngineClient a(random_bot(), env(reg)), b(greedy, env(reg));
  match::MatchParams p;
  p.variant = "kalah(6,4)";
  p.south_tc.base_ms = 5000;
  p.south_tc.increment_ms = 10;
  p.north_tc.depth = 2;
  for (int game = 0; game < 2; ++game) {
    const auto rec = game == 0 ? match::play_game(p, a, b) : match::play_game(p, b, a);
    EXPECT_EQ(rec.termination, Termination::Normal) << rec.detail;
    std::swap(p.south_tc, p.north_tc);
  }
}

// A program that cannot be executed is the machine's fault, not the engine's: no game is
// decided by it (the tournament stops and a resume plays the game; test_integration.cpp).
TEST(Referee, AnEngineThatCannotBeExecutedDecidesNoGame) {
  process::ChildRegistry reg;
  engine::EngineClient missing({"missing", "/no/such/engine", {}, "", {}, 20, std::nullopt}, env(reg)), b(random_bot(), env(reg));
  try {
    match::play_game(params(), b, missing);
    FAIL() << "a game was decided";
  } catch (const engine::EngineUnavailable& e) {
    EXPECT_EQ(std::string(e.what()), "engine 'missing' cannot be started: '/no/such/engine' does not exist");
  }
}

// Each side's clock and increment go under its own name in `go` (stime/sinc for South,
// ntime/ninc for North), and movestogo is the mover's own: with two different clocks, a swap
// would give an engine its opponent's time. Each engine's first search starts from its own
// full clock, so those numbers are exact.
TEST(Referee, GoNamesEachSidesOwnClock) {
  arena_test::TempDir d;
  process::ChildRegistry reg;
  auto logged = [&](const std::string& file) {
    engine::ClientEnv e = env(reg);
    e.log = std::make_shared<process::LogSink>(d / file, 1 << 20, true, false);
    return e;
  };
  {
    engine::EngineClient a(random_bot(), logged("south.log")), b(random_bot(), logged("north.log"));
    match::MatchParams p;
    p.variant = "kalah(6,4)";
    p.south_tc.base_ms = 5000;
    p.south_tc.increment_ms = 10;
    p.south_tc.moves_per_period = 40;
    p.north_tc.base_ms = 3000;
    p.north_tc.increment_ms = 20;
    const auto rec = match::play_game(p, a, b);
    ASSERT_EQ(rec.termination, Termination::Normal) << rec.detail;
  }
  auto first_go = [&](const std::string& file) {
    for (const auto& line : arena_test::lines_of(d / file))
      if (const auto at = line.find(" > go "); at != std::string::npos) return line.substr(at + 3);
    return std::string("(no go)");
  };
  EXPECT_EQ(first_go("south.log"), "go stime 5000 ntime 3000 sinc 10 ninc 20 movestogo 40");
  const std::string north = first_go("north.log");  // South's clock has run by then
  EXPECT_EQ(north.rfind("go stime ", 0), 0u) << north;
  EXPECT_NE(north.find(" ntime 3000 sinc 10 ninc 20"), std::string::npos) << north;
  EXPECT_EQ(north.find("movestogo"), std::string::npos) << "North's clock has no periods: " << north;
}
