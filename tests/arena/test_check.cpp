// `arena check`: the bundled engine and the bots pass it; each faulty engine fails it in the
// item its fault breaks, with the expectation and what came back on that line.
#include <nlohmann/json.hpp>

#include "check/compliance.h"
#include "check/positions.h"
#include "config/config.h"
#include "protocol/umi.h"
#include "test_helpers.h"
#include "text/tokens.h"

using arena_test::run;
using arena_test::count_of;
using arena_test::TempDir;

namespace {

struct Expect {
  std::string name;
  std::vector<std::string> fault_args;
  std::string item;  // the first item that fails
  std::string got{};  // if given, the start of what its line says came back
};

void PrintTo(const Expect& e, std::ostream* os) { *os << e.name; }

// A /bin/sh engine for one behaviour: `umi` is answered by `id name script`, the `handshake`
// lines and `umiok`; `isready` and `quit` as they should be; `cases` are further sh case
// branches ("go) echo 'bestmove 1';; "); anything else is ignored.
std::string sh_engine(const std::vector<std::string>& handshake, const std::string& cases = "") {
  std::string script = "while read -r cmd rest; do case \"$cmd\" in umi) echo 'id name script';";
  for (const std::string& line : handshake) script += " echo '" + line + "';";
  return script + " echo umiok;; isready) echo readyok;; " + cases + "quit) exit 0;; esac; done";
}

class CheckFaulty : public ::testing::TestWithParam<Expect> {};

}  // namespace

TEST(Check, TheEnginePassesEveryItem) {
  TempDir d;
  const auto r = run({ARENA_EXE, "check", ENGINE_EXE}, d);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(arena_test::first_check_failure(r.out), "");
  for (const char* item : {"[PASS] handshake", "[PASS] options", "[PASS] position fen bedouin(70)", "[PASS] position moves mangala2",
                           "[PASS] extra turn kalah(6,4)", "[PASS] extra turn mangala", "[PASS] pass mangala2",
                           "[PASS] go movestogo", "[PASS] go nodes", "[PASS] info lines", "[PASS] go infinite + stop", "[PASS] isready during search", "[PASS] ponder",
                           "[PASS] finished position", "[PASS] gameover notice", "[PASS] unknown command", "[PASS] unknown option",
                           "[PASS] bad option value: 'info string error: setoption: Hash: 4097 is outside 1..4096 (kept 64)'",
                           "[PASS] illegal move", "[PASS] refused during search",
                           "[PASS] malformed go", "[PASS] long line", "[PASS] long position line", "[PASS] CR line endings", "[PASS] quit"})
    EXPECT_NE(r.out.find(item), std::string::npos) << item << "\n" << r.out;
  EXPECT_NE(r.out.find("the engine follows the protocol"), std::string::npos);
  EXPECT_NE(r.out.find("[PASS] ponder: no bestmove before 'ponderhit' or 'stop', a legal one after each"), std::string::npos) << r.out;
}

// Pondering is checked only for an engine that offers it; a correct ponderer passes.
TEST(Check, PonderIsCheckedWhereItIsOffered) {
  TempDir d;
  auto r = run({ARENA_EXE, "check", FAULT_BOT, "--fault", "ponder"}, d, "ponderer");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(arena_test::first_check_failure(r.out), "") << r.out;
  EXPECT_NE(r.out.find("[PASS] ponder: no bestmove before"), std::string::npos) << r.out;
  r = run({ARENA_EXE, "check", RANDOM_BOT}, d, "random");
  EXPECT_NE(r.out.find("[PASS] ponder: no 'Ponder' option: not offered"), std::string::npos) << r.out;
}

TEST(Check, TheBotsPass) {
  TempDir d;
  for (const std::vector<std::string>& cmd : {std::vector<std::string>{RANDOM_BOT}, std::vector<std::string>{GREEDY_BOT},
                                              std::vector<std::string>{PYTHON3, PYTHON_BOT}}) {
    std::vector<std::string> argv = {ARENA_EXE, "check"};
    argv.insert(argv.end(), cmd.begin(), cmd.end());
    const auto r = run(argv, d);
    EXPECT_EQ(r.code, 0) << cmd.back() << "\n" << r.out << r.err;
    EXPECT_EQ(arena_test::first_check_failure(r.out), "") << r.out;
    EXPECT_NE(r.out.find("[PASS] quit"), std::string::npos) << r.out;
  }
}

TEST_P(CheckFaulty, FailsInTheExpectedItem) {
  const Expect e = GetParam();
  TempDir d;
  const std::string tag = "--tag=check-" + std::to_string(::getpid()) + "-" + e.name;
  std::vector<std::string> argv = {ARENA_EXE, "check", "--ready-ms", "500", "--startup-ms", "1000", "--quit-ms", "300", FAULT_BOT};
  argv.insert(argv.end(), e.fault_args.begin(), e.fault_args.end());
  argv.push_back(tag);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = run(argv, d);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const std::string failure = arena_test::first_check_failure(r.out);
  ASSERT_FALSE(failure.empty()) << r.out;
  EXPECT_EQ(arena_test::check_item_of(failure), e.item) << r.out;
  EXPECT_NE(failure.find("expected "), std::string::npos) << failure;
  EXPECT_NE(failure.find("; got "), std::string::npos) << failure;
  EXPECT_NE(failure.find("; got " + e.got), std::string::npos) << failure;
  EXPECT_NE(r.out.find("does NOT follow the protocol"), std::string::npos);
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, CheckFaulty,
    ::testing::Values(Expect{"crash", {"--fault", "crash"}, "position startpos kalah(6,4)"},
                      Expect{"hang", {"--fault", "hang"}, "position startpos kalah(6,4)"},
                      Expect{"no_handshake", {"--fault", "no-handshake"}, "handshake"},
                      Expect{"late_ready", {"--fault", "late-ready", "--delay-ms", "1000"}, "isready"},
                      Expect{"stall_ready", {"--fault", "stall-ready"}, "options"},
                      Expect{"flood_forever", {"--fault", "flood-forever"}, "position startpos kalah(6,4)"},
                      Expect{"garbage", {"--fault", "garbage"}, "position startpos kalah(6,4)"},
                      Expect{"long_line", {"--fault", "long-line"}, "position startpos kalah(6,4)"},
                      Expect{"empty_bestmove", {"--fault", "empty-bestmove"}, "position startpos kalah(6,4)"},
                      Expect{"illegal", {"--fault", "illegal"}, "position startpos kalah(6,4)"},
                      Expect{"wrong_position", {"--fault", "wrong-position"}, "position moves kalah(6,4)"},
                      Expect{"exit_after_handshake", {"--fault", "exit-after-handshake"}, "options"},
                      Expect{"ignore_quit", {"--fault", "ignore-quit"}, "quit"},
                      Expect{"no_line_limit", {"--fault", "no-line-limit"}, "long line"},
                      Expect{"keep_position_on_long_line", {"--fault", "keep-position-on-long-line"}, "long position line"},
                      Expect{"uci_info", {"--fault", "uci-info", "--at", "4"}, "info lines"},
                      Expect{"illegal_pv", {"--fault", "illegal-pv", "--at", "7"}, "info lines"},
                      Expect{"grandchild", {"--fault", "grandchild"}, "position startpos kalah(6,4)"},
                      Expect{"grandchild_escape", {"--fault", "grandchild-escape"}, "position startpos kalah(6,4)"},
                      Expect{"exit_at_start", {"--fault", "exit-at-start"}, "start"},
                      Expect{"signal_at_start", {"--fault", "signal-at-start"}, "start"},
                      Expect{"ignore_extra_turns", {"--fault", "ignore-extra-turns"}, "position moves kalah(6,4)"},
                      Expect{"ignore_extra_turns_mangala", {"--fault", "ignore-extra-turns", "--variants", "mangala"}, "extra turn mangala"},
                      Expect{"ignore_passes", {"--fault", "ignore-passes", "--variants", "mangala2"}, "pass mangala2"},
                      Expect{"ponder_ignore_stop", {"--fault", "ponder-ignore-stop"}, "ponder"},
                      Expect{"ponder_early", {"--fault", "ponder-early"}, "ponder"},
                      Expect{"ponder_illegal", {"--fault", "ponder-illegal"}, "position startpos kalah(6,4)"},
                      // One rule of PROTOCOL.md each (an outside mutation review found them unpinned).
                      Expect{"no_variants", {"--fault", "no-variants"}, "handshake", "no 'variants' line"},
                      Expect{"unknown_family", {"--fault", "unknown-family"}, "handshake", "unknown family 'chess'"},
                      Expect{"error_on_newgame", {"--fault", "error-on-newgame"}, "newgame", "'info string error: newgame: cannot clear'"},
                      Expect{"refuse_options", {"--fault", "refuse-options"}, "options", "'info string error: setoption: unknown option or bad value'"},
                      Expect{"error_in_search", {"--fault", "error-in-search"}, "position startpos kalah(6,4)", "'info string error: something went wrong'"},
                      Expect{"quit_status", {"--fault", "quit-status"}, "quit", "exit status 1"},
                      Expect{"infinite_at_once", {"--fault", "infinite-at-once"}, "go infinite + stop", "bestmove 1 came before 'stop'"},
                      Expect{"double_stop", {"--fault", "double-stop"}, "go infinite + stop", "a second one: 'bestmove 1'"},
                      Expect{"silent_during_search", {"--fault", "silent-during-search"}, "refused during search", "0 error lines for 'setoption name Seed value 0'"},
                      Expect{"finished_bestmove", {"--fault", "finished-bestmove"}, "finished position", "'bestmove 1'"},
                      Expect{"ponder_illegal_in_ponder", {"--fault", "ponder-illegal-in-ponder"}, "ponder", "after 'ponderhit': 'bestmove 1 ponder 99'"},
                      Expect{"two_errors", {"--fault", "two-errors"}, "unknown command", "2 error lines"},
                      Expect{"keep_position_on_illegal_move", {"--fault", "keep-position-on-illegal-move"}, "illegal move", "'bestmove 1' (the engine kept a position)"},
                      Expect{"silent_no_position", {"--fault", "silent-no-position"}, "illegal move", "0 error lines for the go"},
                      Expect{"silent_malformed_go", {"--fault", "silent-malformed-go"}, "malformed go", "0 error lines"},
                      Expect{"execute_long_line", {"--fault", "execute-long-line"}, "long line", "1 error lines, 2 readyok (the line was executed)"},
                      Expect{"lf_only", {"--fault", "lf-only"}, "CR line endings", "bare CR: "}),
    [](const auto& info) { return info.param.name; });

// The engine's command may follow --variant directly (it is not taken for a second variant), and
// a variant so small that three plies can end the game (bedouin(1)) is asked about a position
// that is still running.
TEST(Check, VariantFlagsAndTinyVariants) {
  TempDir d;
  const auto r = run({ARENA_EXE, "check", "--variant", "mangala2", "--variant", "bedouin(1)", ENGINE_EXE}, d);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(arena_test::first_check_failure(r.out), "") << r.out;
  for (const char* item : {"[PASS] position moves mangala2", "[PASS] position startpos bedouin(1)", "[PASS] position moves bedouin(1)"})
    EXPECT_NE(r.out.find(item), std::string::npos) << item << "\n" << r.out;
}

// An engine with the side to move wrong after an extra turn or a pass is told whose turn it was,
// why, and whose turn the engine assumed.
TEST(Check, SideToMoveFailuresSayWhoseTurnItWas) {
  TempDir d;
  const std::string tag = "--tag=check-turn-" + std::to_string(::getpid());
  auto r = run({ARENA_EXE, "check", "--ready-ms", "500", FAULT_BOT, "--fault", "ignore-extra-turns", tag}, d, "extra");
  EXPECT_NE(r.out.find("[FAIL] extra turn kalah(6,4): expected after 'moves 4 6 3 2 5 1 4 6' North moves again (its last seed "
                       "fell into its own store: an extra turn): a 'bestmove' legal for North within 600 ms; got 'bestmove 1', "
                       "which North cannot play (move '1': pit 1 is empty) but South could: the engine gave the turn to South "
                       "(does it apply extra turns? PROTOCOL.md section 7)"),
            std::string::npos)
      << r.out;
  // The short line of "position moves" ends with an extra turn too (by chance): told the same way.
  EXPECT_NE(r.out.find("[FAIL] position moves kalah(6,4): expected after 'moves 1 1 2' South moves again"), std::string::npos) << r.out;
  r = run({ARENA_EXE, "check", "--ready-ms", "500", FAULT_BOT, "--fault", "ignore-passes", "--variants", "mangala2", tag}, d, "pass");
  EXPECT_NE(r.out.find("[FAIL] pass mangala2: expected after 'moves 4 4 6 2 1 2 2 3 3 3 5 4' South has no legal move and passes "
                       "(automatically; no token is written for a pass), so North moves again: a 'bestmove' legal for North "
                       "within 600 ms; got 'bestmove none', but North has legal moves: the engine seems to think South is to "
                       "move, who has none (does it apply automatic passes? PROTOCOL.md section 7)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

// Every TurnLine is what the check says it is, by the rules library: legal, alternating until
// its last move, which gives the mover another move (by a pass exactly when it says so), in a
// position where no move is legal for both sides.
TEST(TurnLines, AreWhatTheySay) {
  using mancala::Game;
  for (const char* spec : {"kalah(6,4)", "kalah", "mangala", "mangala2"}) {
    Game g = *Game::from_spec(spec);
    const auto line = arena::check::turn_line(g.variant());
    ASSERT_TRUE(line) << spec;
    std::vector<std::string> moves;
    for (const auto& m : mancala::text::split_tokens(line->moves)) moves.emplace_back(m);
    ASSERT_FALSE(moves.empty());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto mover = g.side_to_move();
      ASSERT_EQ(g.play(moves[i]), std::nullopt) << spec << " move " << i + 1;
      ASSERT_FALSE(g.over()) << spec;
      if (i + 1 < moves.size()) EXPECT_NE(g.side_to_move(), mover) << spec << ": the same side moves again after move " << i + 1;
      else EXPECT_EQ(g.side_to_move(), mover) << spec << ": the last move does not give the mover another move";
    }
    const Game other = arena::check::with_other_side_to_move(g);
    EXPECT_EQ(other.legal_moves().empty(), line->pass) << spec << ": the other side " << (line->pass ? "has moves" : "passes");
    for (auto mv : other.legal_moves()) EXPECT_FALSE(g.parse_move(other.move_text(mv))) << spec << ": legal for both sides";
  }
  for (const char* spec : {"kalah(4,3,empty)", "bedouin(70)"}) EXPECT_FALSE(arena::check::turn_line(Game::from_spec(spec)->variant()));
  // In the Bedouin set-up the chooser also sows first: the turn order, not an extra turn.
  Game bedouin = *Game::from_spec("bedouin(1)");
  ASSERT_EQ(bedouin.play("0,0,0,1"), std::nullopt);
  const Game before = bedouin;
  ASSERT_EQ(bedouin.play("keep"), std::nullopt);
  ASSERT_EQ(bedouin.side_to_move(), before.side_to_move());
  EXPECT_FALSE(arena::check::as_turn_line({"0,0,0,1", "keep"}, before, bedouin));
}

// An engine that exits at once did not start: the item says how it ended and what it said last on
// stderr (a usage error, a missing file), and no later item is run.
TEST(Check, AnEngineThatExitsAtOnceDidNotStart) {
  TempDir d;
  auto r = run({ARENA_EXE, "check", FAULT_BOT, "--fault", "exit-at-start"}, d, "exit");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out.find("[PASS] start"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[FAIL] start: expected the program starts and is still running to answer 'umi'; got the engine exited "
                       "with code 5 (no output); its last line on stderr: 'fault-bot: cannot open book.txt'"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[SKIP] handshake: not run: the engine exited with code 5\n"), std::string::npos) << r.out;
  r = run({ARENA_EXE, "check", FAULT_BOT, "--fault", "signal-at-start"}, d, "signal");
  EXPECT_NE(r.out.find("[FAIL] start: expected the program starts and is still running to answer 'umi'; got the engine was "
                       "killed by signal 15 (no output)"),
            std::string::npos)
      << r.out;
  // An engine that dies later is told the same way.
  r = run({ARENA_EXE, "check", "--ready-ms", "500", FAULT_BOT, "--fault", "crash"}, d, "crash");
  EXPECT_NE(r.out.find("[PASS] start: started"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("got the engine exited with code 3 (no output)"), std::string::npos) << r.out;
}

// The info-lines item judges only searches that ended well: with none it is skipped, not passed.
TEST(Check, InfoLinesAreNotPassedWithoutASearch) {
  TempDir d;
  const std::string tag = "--tag=check-info-" + std::to_string(::getpid());
  const auto r = run({ARENA_EXE, "check", "--ready-ms", "500", FAULT_BOT, "--fault", "crash", tag}, d);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("[SKIP] info lines: not run"), std::string::npos) << r.out;
  EXPECT_EQ(arena_test::processes_after(tag), 0);
}

TEST(Check, UsageErrors) {
  TempDir d;
  auto r = run({ARENA_EXE, "check"}, d);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("give the engine's command"), std::string::npos) << r.err;
  r = run({ARENA_EXE, "check", "/no/such/engine"}, d, "missing");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("[FAIL] start: expected the program starts and is still running to answer 'umi'; got '/no/such/engine' "
                       "does not exist"),
            std::string::npos)
      << r.out;
  r = run({ARENA_EXE, "check", "--help"}, d, "help");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("--ready-ms"), std::string::npos);
  // A mistyped flag is not taken for the engine's program, and a bad variant is a usage error
  // (it used to end in an uncaught exception after the first items).
  r = run({ARENA_EXE, "check", "--bogus", ENGINE_EXE}, d, "bogus");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "arena check: unknown flag '--bogus' (the flags come before the engine's command; a program whose name starts "
            "with '-' is given as ./--bogus; see arena check --help)\n");
  r = run({ARENA_EXE, "check", "--", ENGINE_EXE}, d, "dashes");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("arena check: no '--' is needed: the engine's command follows the flags"), std::string::npos) << r.err;
  r = run({ARENA_EXE, "check", "--variant", "kalah(9,9)", ENGINE_EXE}, d, "variant");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "arena check: --variant 'kalah(9,9)': bad variant 'kalah(9,9)': pits per side must be a number from 1 to 8\n");
  EXPECT_EQ(r.out, "");
}

// A bot that takes 7 s to start must not pass the check and fail the run, or the other way.
TEST(Check, AllowsTheHandshakeTheTimeARunAllows) {
  EXPECT_EQ(arena::check::CheckOptions{}.startup.count(), arena::config::Timeouts{}.startup_ms);
}

// A version that is no whole number is named as such, not taken for a missing line; one past
// 64 bits is another version, not a malformed one.
TEST(Check, AProtocolVersionThatIsNoWholeNumberIsNamed) {
  TempDir d;
  const auto engine_saying = [](const std::string& version) { return sh_engine({"protocol " + version, "variants kalah"}); };
  auto r = run({ARENA_EXE, "check", "--ready-ms", "500", "/bin/sh", "-c", engine_saying("1.0")}, d, "fraction");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_EQ(arena_test::check_item_of(arena_test::first_check_failure(r.out)), "handshake") << r.out;
  EXPECT_NE(r.out.find("got 'protocol 1.0', not a whole-number version"), std::string::npos) << r.out;
  r = run({ARENA_EXE, "check", "--ready-ms", "500", "/bin/sh", "-c", engine_saying("99999999999999999999")}, d, "wide");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("got protocol 99999999999999999999, not 1"), std::string::npos) << r.out;
}

// PROTOCOL.md section 5: an option without a default that is one of its values cannot be set to
// its default, so the options item fails and quotes the line (a review found a spin without a
// default passed as "set to its default").
TEST(Check, AnOptionWithoutADefaultFailsTheOptionsItem) {
  TempDir d;
  const std::string engine = sh_engine({"option name Foo type spin min 0 max 5", "protocol 1", "variants kalah"});
  const auto r = run({ARENA_EXE, "check", "--ready-ms", "500", "/bin/sh", "-c", engine}, d, "nodefault");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("[FAIL] options: expected every declared option parses, and 'setoption' with its default value gives no "
                       "error line; got cannot parse 'option name Foo type spin min 0 max 5'"),
            std::string::npos)
      << r.out;
}

// Not faults: `info string` lines in a search (free text, PROTOCOL.md section 4), and an engine
// whose only option is a check (its bad value is "maybe").
TEST(Check, InfoStringsAndACheckOptionPass) {
  TempDir d;
  auto r = run({ARENA_EXE, "check", FAULT_BOT, "--fault", "info-string"}, d, "info-string");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("[PASS] info lines: "), std::string::npos) << r.out;
  const std::string log = d / "check.log";
  r = run({ARENA_EXE, "check", "--log", log, FAULT_BOT, "--fault", "check-option-only"}, d, "check-option");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("[PASS] bad option value: 'info string error: setoption: unknown option or bad value'"), std::string::npos) << r.out;
  EXPECT_NE(arena_test::read_file(log).find(" > setoption name Verbose value maybe\n"), std::string::npos);
}

// A review found two verdicts a flood or a double answer got wrong: a bestmove read among
// thousands of info lines was lost from the reply's kept lines ("isready during search" failed
// an engine that followed the protocol), and a go ponder answered at once, whose stop then got a
// second bestmove, was reported as two "ponder" items.
TEST(Check, FloodsAndDoubleAnswersGetOneRightVerdictEach) {
  TempDir d;
  // (10 MB a search. The isready answer comes after the flood: reading it took 109 ms in a plain
  // build, and more than the default 2000 ms under ThreadSanitizer on a slow machine.)
  auto r = run({ARENA_EXE, "check", "--ready-ms", arena_test::sanitized() ? "20000" : "2000", FAULT_BOT, "--fault", "flood"}, d, "flood");
  EXPECT_NE(r.out.find("[PASS] isready during search: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[PASS] go infinite + stop: "), std::string::npos) << r.out;
  const std::string engine =
      sh_engine({"option name Ponder type check default false", "protocol 1", "variants kalah"}, "go|stop) echo 'bestmove 1';; ");
  r = run({ARENA_EXE, "check", "--ready-ms", "300", "/bin/sh", "-c", engine}, d, "double");
  EXPECT_EQ(count_of(r.out, "] ponder: "), 1u) << r.out;
  EXPECT_NE(r.out.find("[FAIL] ponder: expected no 'bestmove' for 'go ponder' until"), std::string::npos) << r.out;
}

// PROTOCOL.md sections 3 and 8: an undeclared option, a value outside an option's type and a
// position with an illegal move each get one error line; after the bad position there is no
// position, so go gets bestmove none. An engine that ignores all three fails all three.
TEST(Check, RefusalsOfOptionsAndPositionsAreChecked) {
  TempDir d;
  const std::string engine =
      sh_engine({"option name Depth type spin default 1 min 1 max 9", "protocol 1", "variants kalah"}, "go) echo 'bestmove 1';; ");
  const auto r = run({ARENA_EXE, "check", "--ready-ms", "300", "/bin/sh", "-c", engine}, d);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  for (const char* line :
       {"[FAIL] unknown option: expected one 'info string error: ...' line for 'setoption name No Such Option value 1' (not "
        "declared), then 'readyok' to 'isready'; got 0 error lines\n",
        "[FAIL] bad option value: expected one 'info string error: ...' line for 'setoption name Depth value 10' (outside the "
        "option's values), then 'readyok' to 'isready'; got 0 error lines\n",
        "[FAIL] illegal move: expected one error line for 'position startpos kalah(6,4) moves 99', then one for 'go depth 1' and "
        "'bestmove none' (no position); got 0 error lines for the position\n"})
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
}

// PROTOCOL.md section 6: a go sent during a search is refused, not answered; an engine that runs
// it gives a bestmove the GUI cannot tell from the running search's.
TEST(Check, AGoDuringASearchMustBeRefused) {
  TempDir d;
  // (It runs every go but an infinite one, which waits for stop.)
  const std::string engine = sh_engine({"protocol 1", "variants kalah"},
                                       "go) case \"$rest\" in *infinite*) ;; *) echo 'bestmove 1';; esac;; stop) echo 'bestmove 1';; ");
  const auto r = run({ARENA_EXE, "check", "--ready-ms", "300", "/bin/sh", "-c", engine}, d);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("[FAIL] refused during search: expected during 'go infinite', one error line each for 'go depth 1', "
                       "'newgame' and no 'bestmove' until 'stop', then exactly one, legal; got 'bestmove 1' before 'stop' (after 'go "
                       "depth 1')\n"),
            std::string::npos)
      << r.out;
}
