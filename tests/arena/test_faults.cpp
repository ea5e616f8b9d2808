// Every kind of broken engine, in a real tournament run by the arena executable: the faulty
// engine loses each of its games with the right termination reason, nobody else loses a game
// to a fault, the tournament completes, the arena's wall time and peak memory stay bounded, and
// no process of the tournament is left behind.
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "measured_run.h"
#include "test_helpers.h"

using arena_test::Measured;
using arena_test::run_measured;
using arena_test::TempDir;
using nlohmann::json;

namespace {

struct Scenario {
  std::string name;
  std::vector<std::string> args;  // fault-bot arguments
  std::string termination;        // of every game the faulty engine plays ("normal": it never loses by a fault)
  json faulty_tc = nullptr;       // the faulty engine's own time control, if not the tournament's
  std::string detail = "";        // text each of its fault losses' detail holds
  bool ponder = false;            // the faulty engine ponders ("ponder": true)
};

void PrintTo(const Scenario& s, std::ostream* os) { *os << s.name; }

using arena_test::sanitized;

// A clock for a faulty engine whose fault takes time to deliver (64-70 KiB of bytes to make or to
// read): room to be caught for its fault rather than on time.
json clock_with_room_for_the_fault() { return {{"movetime_ms", sanitized() ? 3000 : 1000}}; }

class FaultyEngineInATournament : public ::testing::TestWithParam<Scenario> {};

}  // namespace

TEST_P(FaultyEngineInATournament, LosesItsGamesAndNothingElseBreaks) {
  const Scenario sc = GetParam();
  TempDir d;
  const std::string tag = "--tag=faults-" + std::to_string(::getpid()) + "-" + sc.name;
  json faulty_args = json::array({"--state", d / "starts"});
  for (const auto& a : sc.args) faulty_args.push_back(a == "kLateMs" ? std::string(sanitized() ? "700" : "400") : a);
  faulty_args.push_back(tag);
  json faulty = {{"name", "faulty"}, {"command", FAULT_BOT}, {"args", faulty_args}};
  if (!sc.faulty_tc.is_null()) faulty["time_control"] = sc.faulty_tc;
  if (sc.ponder) faulty["ponder"] = true;
  const json config = {
      {"name", "faults"},
      {"engines",
       {faulty,
        {{"name", "random"}, {"command", RANDOM_BOT}, {"args", {tag}}},
        {{"name", "greedy"}, {"command", GREEDY_BOT}, {"args", {tag}}}}},
      {"rounds", 2},
      {"time_control", "0.3+0.01"},
      {"concurrency", 2},
      {"seed", 11},
      // Startup allows the late-ready engine's handshake (its readyok comes after kLateMs), a
      // game's isready does not. Sanitizer builds start and answer more slowly.
      {"timeouts",
       {{"startup_ms", sanitized() ? 1500 : 600}, {"ready_ms", sanitized() ? 500 : 200}, {"quit_grace_ms", 200}, {"move_timeout_ms", 2000}}},
      {"output", {{"dir", d.path.string()}, {"results", "r.jsonl"}, {"progress", false}}}};
  std::ofstream(d / "faults.json") << config.dump(2);

  const Measured m = run_measured({ARENA_EXE, "run", d / "faults.json"}, d);
  ASSERT_EQ(m.code, 0) << m.err << m.out;

  // Every scheduled game exactly once.
  const auto lines = arena_test::lines_of(d / "r.jsonl");
  ASSERT_EQ(lines.size(), 13u) << m.out;
  std::set<std::int64_t> ids;
  int faulty_games = 0, fault_losses = 0, wrong = 0, ponderhits = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const json g = json::parse(lines[i]);
    EXPECT_TRUE(ids.insert(g["id"].get<std::int64_t>()).second);
    const bool involved = g["south"] == "faulty" || g["north"] == "faulty";
    const std::string termination = g["termination"];
    const bool fault = g.contains("loser");
    const std::string loser = fault ? g[g["loser"].get<std::string>()].get<std::string>() : "";  // "loser" is a colour
    const bool lost_by_its_fault = fault && loser == "faulty" && termination == sc.termination;
    faulty_games += involved;
    for (const auto& m : g["moves"]) ponderhits += m.value("ponderhit", false);
    if (lost_by_its_fault) {
      ++fault_losses;
      EXPECT_NE(g.value("detail", "").find(sc.detail), std::string::npos) << sc.name << ": " << g.value("detail", "");
    }
    // A game "lost that should not have been": a fault charged to an innocent engine, a
    // faulty engine's game ending otherwise than with its fault, or a fault where there was none.
    const bool ok = involved ? (sc.termination == "normal" ? !fault : lost_by_its_fault) : !fault;
    if (!ok) {
      ++wrong;
      ADD_FAILURE() << sc.name << ": game " << g["id"] << " " << g["south"] << " vs " << g["north"] << ": " << termination << " "
                    << g.value("detail", "") << (fault ? " (lost by " + loser + ")" : "");
    }
  }
  EXPECT_EQ(ids.size(), 12u);
  EXPECT_EQ(faulty_games, 8);
  EXPECT_EQ(fault_losses, sc.termination == "normal" ? 0 : 8);
  EXPECT_EQ(wrong, 0);
  // A ponderer that loses nothing did ponder: its expected replies were played sometimes.
  if (sc.ponder && sc.termination == "normal") {
    EXPECT_GT(ponderhits, 0);
  }

  // Bounded: time (every fault costs at most a deadline or a grace period) and memory.
  const auto wall_limit = std::chrono::seconds(sanitized() ? 60 : 20);
  // AddressSanitizer keeps freed memory in quarantine (256 MB by default): its builds get room for it.
  const long rss_limit_kb = sanitized() ? 768 * 1024 : 64 * 1024;
  EXPECT_LT(m.wall, wall_limit);
  EXPECT_LT(m.max_rss_kb, rss_limit_kb);
  EXPECT_LT(m.hwm_kb, rss_limit_kb);

  // Nothing left behind: not the engines, not their helpers (the grandchild faults).
  const int left = arena_test::processes_after(tag);
  EXPECT_EQ(left, 0);
  std::cout << "fault-summary " << sc.name << " games=12 faulty_games=" << faulty_games << " fault_losses=" << fault_losses
            << " wrong=" << wrong << " left_behind=" << left << " wall_ms=" << m.wall.count() << " arena_peak_rss_kb=" << m.hwm_kb << " wait4_maxrss_kb=" << m.max_rss_kb
            << std::endl;
}

INSTANTIATE_TEST_SUITE_P(
    Faults, FaultyEngineInATournament,
    ::testing::Values(Scenario{"crash", {"--fault", "crash", "--at", "2"}, "crash"},
                      Scenario{"hang", {"--fault", "hang", "--at", "2"}, "time_forfeit", nullptr, "no bestmove after"},
                      Scenario{"no_handshake", {"--fault", "no-handshake", "--from-start", "2"}, "no_handshake"},
                      Scenario{"late_ready", {"--fault", "late-ready", "--delay-ms", "kLateMs"}, "stalled"},
                      Scenario{"stall_ready", {"--fault", "stall-ready"}, "stalled"},
                      // (Reading 10 MiB of info lines under AddressSanitizer took over 2 s on a slow machine.)
                      Scenario{"flood", {"--fault", "flood", "--at", "1", "--every", "4"}, "normal",
                               {{"movetime_ms", sanitized() ? 6000 : 2000}}},
                      Scenario{"flood_forever", {"--fault", "flood-forever", "--at", "2"}, "time_forfeit", nullptr,
                               "other lines received meanwhile"},
                      // Flooding while the opponent thinks: reading it before the next move is its time.
                      // (Its detail varies: the lines may all be read before the go, or during the search.)
                      Scenario{"flood_after_move", {"--fault", "flood-after-move"}, "time_forfeit"},
                      // (Making 64 KiB of random bytes took over 400 ms under ThreadSanitizer on a busy machine.)
                      Scenario{"garbage", {"--fault", "garbage", "--at", "2"}, "illegal_move",
                               clock_with_room_for_the_fault()},
                      // (Under ThreadSanitizer on a busy machine one of these games once ended on
                      // time, after 321 ms.)
                      Scenario{"long_line", {"--fault", "long-line", "--at", "2"}, "malformed_output",
                               clock_with_room_for_the_fault()},
                      Scenario{"line_70k", {"--fault", "line-70k", "--at", "2"}, "malformed_output",
                               clock_with_room_for_the_fault()},
                      Scenario{"double_bestmove", {"--fault", "double-bestmove"}, "normal"},
                      Scenario{"cr_endings", {"--fault", "cr-endings"}, "normal"},
                      Scenario{"empty_bestmove", {"--fault", "empty-bestmove", "--at", "2"}, "malformed_output"},
                      Scenario{"illegal", {"--fault", "illegal", "--at", "2"}, "illegal_move"},
                      Scenario{"bestmove_none", {"--fault", "bestmove-none", "--at", "2"}, "illegal_move"},
                      Scenario{"wrong_position", {"--fault", "wrong-position", "--at", "1"}, "illegal_move"},
                      Scenario{"exit_after_handshake", {"--fault", "exit-after-handshake"}, "crash"},
                      // Ending between games loses nothing: it is started again for the next.
                      Scenario{"quit_after_gameover", {"--fault", "quit-after-gameover"}, "normal"},
                      // ... even when it takes longer than a game's isready to go, or never goes.
                      Scenario{"slow_quit_after_gameover", {"--fault", "slow-quit-after-gameover", "--delay-ms", "kLateMs"}, "normal"},
                      Scenario{"hang_after_gameover", {"--fault", "hang-after-gameover"}, "normal"},
                      Scenario{"ignore_quit", {"--fault", "ignore-quit"}, "normal"},
                      // Pondering: a correct ponderer loses nothing; one that does not answer the stop
                      // of a ponder search whose move was not played stalls.
                      Scenario{"ponder", {"--fault", "ponder"}, "normal", nullptr, "", true},
                      Scenario{"ponder_ignore_stop", {"--fault", "ponder-ignore-stop"}, "stalled", nullptr,
                               "of 'stop' ending its ponder search", true},
                      Scenario{"grandchild", {"--fault", "grandchild", "--at", "2"}, "crash"},
                      Scenario{"grandchild_escape", {"--fault", "grandchild-escape", "--at", "2"}, "crash"}),
    [](const auto& info) { return info.param.name; });
