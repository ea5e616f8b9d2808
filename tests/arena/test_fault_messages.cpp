// Broken engines one at a time, at start-up and in a game: the arena's message or the game's
// recorded detail names what went wrong (the engine's exit, its last stderr line, the last line
// it sent, the position of an illegal move). Every kind of fault in a whole tournament is in
// test_faults.cpp.
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "measured_run.h"
#include "rules/game.h"
#include "test_helpers.h"

using arena_test::Measured;
using arena_test::run_measured;
using arena_test::TempDir;
using nlohmann::json;

// An engine that never finishes the handshake from its very first start is a configuration
// error, found before the first game: one clear line, quickly, and nothing left running.
TEST(FaultyEngineAtStart, NoHandshakeIsRefusedBeforeTheFirstGame) {
  TempDir d;
  const std::string tag = "--tag=faults-start-" + std::to_string(::getpid());
  const json config = {{"engines",
                        {{{"name", "mute"}, {"command", FAULT_BOT}, {"args", {"--fault", "no-handshake", tag}}},
                         {{"name", "random"}, {"command", RANDOM_BOT}, {"args", {tag}}}}},
                       {"timeouts", {{"startup_ms", 1000}}},
                       {"output", {{"dir", d.path.string()}, {"progress", false}}}};
  std::ofstream(d / "mute.json") << config.dump();
  const auto r = run_measured({ARENA_EXE, "run", d / "mute.json"}, d);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("engines[0] 'mute': no 'umiok' within"), std::string::npos) << r.err;
  EXPECT_LT(r.wall, std::chrono::seconds(5));
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

// An engine that dies at start-up (a Python traceback, a missing file): the message carries its
// last line on stderr, which names the cause, even without --log-stderr.
TEST(FaultyEngineAtStart, ItsLastStderrLineIsInTheMessage) {
  TempDir d;
  const json config = {{"engines",
                        {{{"name", "broken"}, {"command", "/bin/sh"},
                          // (reads 'umi' first, so it always dies during the handshake, not before it)
                          {"args", {"-c", "read line; echo 'Traceback (most recent call last):' >&2; echo 'SyntaxError: invalid syntax' >&2; exit 1"}}},
                         {{"name", "random"}, {"command", RANDOM_BOT}}}},
                       {"output", {{"dir", d.path.string()}, {"progress", false}}}};
  std::ofstream(d / "broken.json") << config.dump();
  const auto r = run_measured({ARENA_EXE, "run", d / "broken.json"}, d);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("engines[0] 'broken': the engine exited during the handshake (exited with code 1); its last line "
                       "on stderr: 'SyntaxError: invalid syntax'"),
            std::string::npos)
      << r.err;
}

// An engine that dies during the handshake: the message says how it ended, as arena check does.
TEST(FaultyEngineAtStart, ItsExitCodeOrSignalIsInTheMessage) {
  for (const auto& [script, how] : {std::pair{"read line; echo 'id name x'; exit 7", "(exited with code 7)"},
                                    std::pair{"read line; kill -SEGV $$", "(killed by signal 11)"}}) {
    SCOPED_TRACE(script);
    TempDir d;
    const json config = {{"engines",
                          {{{"name", "broken"}, {"command", "/bin/sh"}, {"args", {"-c", script}}},
                           {{"name", "random"}, {"command", RANDOM_BOT}}}},
                         {"output", {{"dir", d.path.string()}, {"progress", false}}}};
    std::ofstream(d / "broken.json") << config.dump();
    const auto r = run_measured({ARENA_EXE, "run", d / "broken.json"}, d);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(std::string("engines[0] 'broken': the engine exited during the handshake ") + how), std::string::npos)
        << r.err;
  }
}

// An engine that dies in the middle of a game: the crash's detail in the results file says how
// it ended and carries its last line on stderr, as at start-up.
TEST(FaultyEngineInAGame, ACrashRecordsItsExitAndLastStderrLine) {
  TempDir d;
  const std::string script =
      "while read -r cmd rest; do case \"$cmd\" in "
      "umi) echo 'id name dying'; echo 'protocol 1'; echo 'variants kalah'; echo umiok;; "
      "isready) echo readyok;; "
      "go) echo 'Traceback (most recent call last):' >&2; echo 'ZeroDivisionError: division by zero' >&2; exit 7;; "
      "quit) exit 0;; esac; done";
  const json config = {{"engines", {{{"name", "dying"}, {"command", "/bin/sh"}, {"args", {"-c", script}}},
                                    {{"name", "random"}, {"command", RANDOM_BOT}}}},
                       {"output", {{"dir", d.path.string()}, {"progress", false}}}};
  std::ofstream(d / "dying.json") << config.dump();
  const auto r = run_measured({ARENA_EXE, "run", d / "dying.json"}, d);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto games = arena_test::games_of(d / "tournament.jsonl");
  ASSERT_EQ(games.size(), 2u);
  for (const auto& [id, g] : games) {
    EXPECT_EQ(g["termination"], "crash") << g.dump();
    EXPECT_EQ(g["detail"],
              "the engine exited or closed its output during its search (exited with code 7); its last line on stderr: "
              "'ZeroDivisionError: division by zero'")
        << g.dump();
  }
}

namespace {

// A shell-script engine for the tests below: a correct handshake (with `extra` lines before
// umiok, ending with `last` instead of umiok if given), and `on` as extra case arms.
std::string script_engine(const std::string& extra, const std::string& on, const std::string& last = "umiok") {
  return "while read -r cmd rest; do case \"$cmd\" in "
         "umi) echo 'id name script'; echo 'protocol 1'; echo 'variants kalah'; " + extra + " echo " + last + ";; "
         "isready) echo readyok;; " + on + " quit) exit 0;; esac; done";
}

// Runs a two-engine tournament of `script` against the random bot; one round at 1+0.01.
Measured run_script_engine(const TempDir& d, const std::string& script, json options = json::object()) {
  const json config = {{"engines", {{{"name", "script"}, {"command", "/bin/sh"}, {"args", {"-c", script}}, {"options", options}},
                                    {{"name", "random"}, {"command", RANDOM_BOT}}}},
                       {"time_control", "1+0.01"},
                       {"timeouts", {{"startup_ms", 1000}, {"ready_ms", 1000}}},
                       {"output", {{"dir", d.path.string()}, {"progress", false}}}};
  std::ofstream(d / "script.json") << config.dump();
  return run_measured({ARENA_EXE, "run", d / "script.json"}, d);
}

}  // namespace

// An engine that answers a setoption with "info string error: ..." has refused the value: the
// run must stop before the first game, not play the whole tournament without the setting.
TEST(FaultyEngineAtStart, AnOptionTheEngineRefusesIsAConfigError) {
  TempDir d;
  const auto r = run_script_engine(
      d, script_engine("echo 'option name Seed type spin default 0 min 0 max 10';", "setoption) echo 'info string error: Seed: not today';;"),
      {{"Seed", 3}});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("engines[0] 'script': the engine refused an option setting: 'info string error: Seed: not today'"),
            std::string::npos)
      << r.err;
}

// A declaration the arena cannot read (a spin without min and max, or without a default) is
// named as the cause, rather than "the engine does not declare it".
TEST(FaultyEngineAtStart, AnUnreadableOptionDeclarationIsShown) {
  TempDir d;
  const auto r = run_script_engine(d, script_engine("echo 'option name Seed type spin default 0';", ""), {{"Seed", 3}});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("option 'Seed': the engine's declaration cannot be read: 'option name Seed type spin default 0'"),
            std::string::npos)
      << r.err;
  // A name of several words, matched whole and regardless of case.
  const auto words = run_script_engine(d, script_engine("echo 'option name Move Overhead type spin default 10';", ""),
                                       {{"move overhead", 30}});
  EXPECT_EQ(words.code, 2);
  EXPECT_NE(words.err.find("option 'move overhead': the engine's declaration cannot be read: 'option name Move Overhead "
                           "type spin default 10'"),
            std::string::npos)
      << words.err;
  // A spin without its default (PROTOCOL.md section 5), and what the message says a line needs.
  const auto no_default = run_script_engine(d, script_engine("echo 'option name Seed type spin min 0 max 10';", ""), {{"Seed", 3}});
  EXPECT_EQ(no_default.code, 2);
  EXPECT_NE(no_default.err.find("option 'Seed': the engine's declaration cannot be read: 'option name Seed type spin min 0 max 10' "
                                "(PROTOCOL.md section 5: every type but a button needs a default"),
            std::string::npos)
      << no_default.err;
}

// A handshake that ends with UCI's "uciok": the message shows the last line received and
// where the time limit is set, instead of only guessing at output buffering.
TEST(FaultyEngineAtStart, AHandshakeTimeoutShowsTheLastLineReceived) {
  TempDir d;
  const auto r = run_script_engine(d, script_engine("", "", "uciok"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("no 'umiok' within 1000 ms; the last line received: 'uciok'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("timeouts.startup_ms"), std::string::npos) << r.err;
}

// An engine of another protocol version is refused before the first game, by name and version;
// a version past 32 bits is not cut down to 1, one past 64 bits is another version, and one
// that is no whole number is not taken for a missing line.
TEST(FaultyEngineAtStart, AnotherProtocolVersionIsAConfigError) {
  const auto speaking = [](const std::string& version) {
    return "while read -r cmd rest; do case \"$cmd\" in "
           "umi) echo 'id name script'; echo 'protocol " + version + "'; echo 'variants kalah'; echo umiok;; "
           "isready) echo readyok;; quit) exit 0;; esac; done";
  };
  const std::pair<std::string, std::string> cases[] = {
      {"2", "engines[0] 'script': the engine speaks protocol 2; this arena speaks protocol 1"},
      {"4294967297", "engines[0] 'script': the engine speaks protocol 4294967297; this arena speaks protocol 1"},
      {"99999999999999999999", "engines[0] 'script': the engine speaks protocol 99999999999999999999; this arena speaks protocol 1"},
      {"1.0", "engines[0] 'script': the engine's 'protocol 1.0' is not a whole-number version; this arena speaks protocol 1"},
  };
  for (const auto& [version, message] : cases) {
    TempDir d;
    const auto r = run_script_engine(d, speaking(version));
    EXPECT_EQ(r.code, 2) << version;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(d / "tournament.jsonl")) << version;
  }
}

// A handshake without the `protocol` and `variants` lines is played, as a quiet UCI engine is
// by cutechess, but the run says so once, before the games.
TEST(FaultyEngineAtStart, AHandshakeWithoutProtocolOrVariantsIsPlayedWithANote) {
  TempDir d;
  const auto r = run_script_engine(d, std::string(RANDOM_BOT) + " | sed -u -e '/^protocol /d' -e '/^variants /d'");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Note: engines[0] 'script' sent no 'protocol 1' and 'variants ...' line before 'umiok'; playing it "
                       "as a protocol 1 engine for kalah."),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("Note: engines[1]"), std::string::npos) << r.out;
  const auto games = arena_test::games_of(d / "tournament.jsonl");
  ASSERT_EQ(games.size(), 2u);
  for (const auto& [id, g] : games) EXPECT_EQ(g["termination"], "normal") << g.dump();
}

namespace {

// Plays `script` against the random bot (2 games, both lost by the script engine with
// `termination`) and returns the details of those games.
std::vector<std::string> details_of_lost_games(const std::string& script, const std::string& termination) {
  TempDir d;
  const auto r = run_script_engine(d, script);
  EXPECT_EQ(r.code, 0) << r.err;
  std::vector<std::string> details;
  for (const auto& [id, g] : arena_test::games_of(d / "tournament.jsonl")) {
    EXPECT_EQ(g["termination"], termination) << g.dump();
    details.push_back(g.value("detail", ""));
  }
  EXPECT_EQ(details.size(), 2u);
  return details;
}

}  // namespace

// An engine that dies on "newgame" (the start-up check does not send it): each game's crash
// detail says how it ended and what it last said, as a crash in a search does.
TEST(FaultyEngineInAGame, ACrashOnNewgameRecordsItsExitAndLastStderrLine) {
  for (const auto& detail : details_of_lost_games(script_engine("", "newgame) echo 'KeyError: newgame' >&2; exit 5;;"), "crash"))
    EXPECT_EQ(detail,
              "the engine exited before the game (on 'newgame' or 'isready') (exited with code 5); its last line on "
              "stderr: 'KeyError: newgame'");
}

// An engine that closes its input at start-up (before its readyok, so that the arena writes
// `newgame` to a closed pipe) but keeps running is not reported as exited.
TEST(FaultyEngineInAGame, AnEngineThatClosedItsInputIsNotCalledExited) {
  for (const auto& detail :
       details_of_lost_games("while read -r cmd rest; do case \"$cmd\" in "
                             "umi) echo 'id name script'; echo 'protocol 1'; echo 'variants kalah'; echo umiok;; "
                             "isready) exec 0<&-; echo readyok; sleep 30;; esac; done",
                             "crash"))
    EXPECT_EQ(detail, "the engine closed its input before the game (it is still running)");
}

// One that closes its input on its way out is given a moment to exit, and is reported as
// exited, with its exit code, rather than as still running.
TEST(FaultyEngineInAGame, AnEngineThatClosesItsInputAndExitsIsCalledExited) {
  for (const auto& detail :
       details_of_lost_games("while read -r cmd rest; do case \"$cmd\" in "
                             "umi) echo 'id name script'; echo 'protocol 1'; echo 'variants kalah'; echo umiok;; "
                             "isready) exec 0<&-; echo readyok; sleep 0.05; exit 4;; esac; done",
                             "crash"))
    EXPECT_EQ(detail, "the engine exited before the game (on 'newgame' or 'isready') (exited with code 4)");
}

// "BESTMOVE 3" is an unknown line (commands and keywords are lower case) and is ignored; the
// time forfeit that follows names it.

TEST(FaultyEngineInAGame, ATimeForfeitNamesTheLastIgnoredLine) {
  for (const auto& detail : details_of_lost_games(script_engine("", "go) echo 'BESTMOVE 3';;"), "time_forfeit"))
    EXPECT_NE(detail.find("; the last line it sent, ignored as unknown: 'BESTMOVE 3'"), std::string::npos) << detail;
}

// An illegal move's detail gives the position it was played in, in the notation `position`
// takes, so that the bot's author can replay it.
TEST(FaultyEngineInAGame, AnIllegalMoveRecordsThePosition) {
  for (const auto& detail : details_of_lost_games(script_engine("", "go) echo 'bestmove 9';;"), "illegal_move")) {
    const auto at = detail.find(" (position kalah(6,4) ");
    ASSERT_NE(at, std::string::npos) << detail;
    const std::string notation = detail.substr(at + 11, detail.size() - at - 12);  // " (position " ... ")"
    const auto replay = mancala::Game::from_notation(notation);
    ASSERT_TRUE(replay) << notation;
    EXPECT_EQ(replay->notation(), notation);
  }
}

// An engine that refused the position says why on an error line before its `bestmove none`: the
// illegal-move detail repeats that line, the likelier cause (an extra turn it did not apply, say).
TEST(FaultyEngineInAGame, AnIllegalMoveRepeatsTheEnginesErrorLine) {
  TempDir d;
  const auto r = run_script_engine(
      d, script_engine("", "go) echo \"info string error: position: move 3 ('6') is illegal\"; echo 'bestmove none';;"));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto games = arena_test::games_of(d / "tournament.jsonl");
  ASSERT_EQ(games.size(), 2u);
  for (const auto& [id, g] : games) {
    EXPECT_EQ(g["termination"], "illegal_move") << g.dump();
    const std::string detail = g["detail"];
    EXPECT_EQ(detail.rfind("'bestmove none' in a position with legal moves (position kalah(6,4) ", 0), 0u) << detail;
    EXPECT_NE(detail.find("); the engine said: 'info string error: position: move 3 ('6') is illegal'"), std::string::npos)
        << detail;
  }
}

// An engine with the side to move wrong after an extra turn plays the other side's move: the
// illegal-move detail says so, as arena check does.
TEST(FaultyEngineInAGame, AMoveForTheOtherSideIsNamedAsSuch) {
  TempDir d;
  const json config = {{"engines", {{{"name", "alternating"}, {"command", FAULT_BOT}, {"args", {"--fault", "ignore-extra-turns"}}},
                                    {{"name", "greedy"}, {"command", GREEDY_BOT}}}},
                       {"rounds", 2},
                       {"output", {{"dir", d.path.string()}, {"progress", false}}}};
  std::ofstream(d / "alternating.json") << config.dump();
  const auto r = run_measured({ARENA_EXE, "run", d / "alternating.json"}, d);
  ASSERT_EQ(r.code, 0) << r.err;
  int named = 0;
  for (const auto& [id, g] : arena_test::games_of(d / "tournament.jsonl"))
    if (g["termination"] == "illegal_move")
      named += g["detail"].get<std::string>().find("is to move, and the move is one for the other side: does the engine apply "
                                                   "extra turns and passes? PROTOCOL.md section 7") != std::string::npos;
  EXPECT_GT(named, 0);
}

// PROTOCOL.md section 1: leading blanks do not matter. An engine that indents its lines plays
// normal games (the arena once ignored an indented bestmove and forfeited it on time), and passes
// arena check.
TEST(FaultyEngineInAGame, IndentedLinesAreRead) {
  TempDir d;
  auto r = run({ARENA_EXE, "run", "--engine", "name=indent cmd=" FAULT_BOT " arg=--fault arg=indent", "--engine",
                "name=greedy cmd=" GREEDY_BOT, "--rounds", "2", "--out", d.path.string(), "--results", "r.jsonl", "--no-progress"},
               d);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto games = arena_test::games_of(d / "r.jsonl");
  EXPECT_EQ(games.size(), 4u);
  for (const auto& [id, g] : games) EXPECT_EQ(g["termination"], "normal") << g.dump();
  r = run({ARENA_EXE, "check", FAULT_BOT, "--fault", "indent"}, d, "check");
  EXPECT_EQ(r.code, 0) << r.out;
}
