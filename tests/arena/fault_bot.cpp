// A UMI bot that misbehaves on purpose, for the arena's tests (faults, `arena check`):
//   fault-bot [--fault <kind>] [--at <k>] [--every <n>] [--from-start <s>] [--state <file>]
//             [--delay-ms <ms>] [--variants "<family> ..."] [--tag=<anything>]...
// It speaks UMI correctly (first legal move, instantly; `go infinite` answered at `stop`) until
// its fault. Faults tied to a search
// happen from its k-th "go" on (--at, default 1), at every n-th go after that (--every, default 1):
//   crash           exits with status 3 instead of answering
//   hang            never answers (sleeps for ever in its "search")
//   illegal         "bestmove 99"
//   bestmove-none   "bestmove none" in a position that has moves
//   empty-bestmove  "bestmove" alone
//   long-line       a 1 MiB line without a newline in it
//   line-70k        an info line of 70,000 bytes (over the default 65,536) that arrives with its
//                   newline, then a legal move
//   double-bestmove every bestmove twice, in one write (the second is stale at the next go)
//   flood           10 MiB of info lines, then a legal move (not a fault: the game goes on)
//   flood-forever   info lines for ever, never a bestmove
//   flood-after-move  a legal move, then info lines for ever in 1 MB writes (it reads no more input)
//   garbage         64 KiB of random bytes (NUL, CR, 0xff, escapes...), then a bestmove whose
//                   move is random bytes
//   wrong-position  answers for the start position (ignores the moves), as soon as that gives a
//                   move that is illegal in the position sent
//   grandchild      starts a child process (same process group) that sleeps for ever, then dies
//   grandchild-escape  the same, but the child leaves the process group (setsid) first
//   slow            sleeps 300 ms before answering
//   uci-info        its info line says "score cp 35", as a UCI engine would (the move is fine)
//   illegal-pv      its info line's pv goes on with the illegal move 99 (the move is fine)
// Faults of the process as a whole (--from-start s: only from its s-th start on, counted in the
// --state file, so that the arena's preflight start succeeds and the games fail):
//   no-handshake    never says umiok
//   late-ready      answers every isready after --delay-ms (default 1000)
//   stall-ready     never answers the second isready
//   exit-after-handshake  exits right after its first readyok
//   quit-after-gameover   exits (status 0) when told the game is over, as some bots do
//   slow-quit-after-gameover  the same, but reads nothing more and exits only after --delay-ms
//   hang-after-gameover   reads nothing more and never exits once told the game is over
//   ponder          not a fault: declares a Ponder option, names the opponent's first legal move
//                   as its ponder move, and holds a `go ponder`'s answer until ponderhit or stop
//   ponder-ignore-stop  the same, but never answers a `stop` that ends a ponder search
//   ponder-early    the same, but answers `go ponder` at once, as if it were a plain `go`
//   ponder-ignore-hit  the same, but never answers a ponder search's `ponderhit`
//   ponder-illegal  the same, but its ponder move is always 99
//   ignore-quit     ignores quit, the end of its input and SIGTERM
//   cr-endings      ends every output line with a bare CR (legal: PROTOCOL.md section 1)
//   indent          starts every output line with two blanks and a tab (legal: section 1)
//   no-line-limit   reads input lines of any length (PROTOCOL.md says: discard over 65,536 bytes)
//   keep-position-on-long-line   keeps its position when a too-long `position` line is discarded
//   exit-at-start   writes a line to stderr and exits with status 5 before reading anything
//   signal-at-start dies of SIGTERM before reading anything
//   ignore-extra-turns  gives the turn to the opponent after every move of `position ... moves`,
//                   extra turns included (a chess habit; it lists --variants, default kalah)
//   ignore-passes   the same after a move that leaves the opponent without a move (Mangala II)
//                   (these two skip a move of `position ... moves` they cannot play, where a
//                   correct bot is left with no position)
// Faults against single rules of PROTOCOL.md, one `arena check` item each:
//   no-variants     its umi answer has no `variants` line
//   unknown-family  lists a family no rules know ("chess") beside its own
//   error-on-newgame  answers `newgame` with an error line
//   refuse-options  refuses every `setoption`, its declared defaults too
//   error-in-search prints an error line before the bestmove of every search with limits and a move
//   quit-status     exits with status 1 at `quit`
//   info-string     not a fault: an `info string` line before the bestmove of every search with
//                   limits and a move
//   infinite-at-once  answers `go infinite` at once, like any go (so `stop` finds nothing)
//   double-stop     answers a `stop` with its held bestmove twice
//   silent-during-search  ignores `go`, `setoption` and `newgame` during a held search, silently
//   finished-bestmove  answers "bestmove 1" in a finished game
//   ponder-illegal-in-ponder  the ponder bot, but the ponder move of a ponder search's bestmove is 99
//   two-errors      two error lines for an unknown command
//   keep-position-on-illegal-move  an illegal move of `position ... moves` (one error line) leaves
//                   it the position before that move
//   silent-no-position  `go` without a position gets "bestmove none" with no error line
//   silent-malformed-go  a malformed `go` gets "bestmove none" with no error line
//   execute-long-line  runs what it can of an over-long line: an `isready` with arguments gets an
//                   error line and then readyok
//   lf-only         only LF ends a line (a CR just before it is dropped, so CR LF works): after a
//                   bare CR it waits on for an LF
//   check-option-only  not a fault: declares one check option, `Verbose`, instead of `Seed`
// Apart from its fault the bot follows the protocol: it refuses an undeclared option or a bad
// value, a `go`, `setoption` or `newgame` during a held search, and an illegal move leaves it no
// position, each with one `info string error:` line.
// --tag=... arguments are ignored: tests use them to find their processes in /proc.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "protocol/commands.h"
#include "protocol/line_io.h"
#include "rules/game.h"
#include "text/tokens.h"

namespace {

using Tokens = std::vector<std::string_view>;
namespace protocol = mancala::protocol;

[[noreturn]] void sleep_forever() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

// The number of this start (1, 2, ...), counted in `path` (no state file: always 1): one byte
// appended per start, so that engines started at the same moment still count correctly.
int count_start(const std::string& path) {
  if (path.empty()) return 1;
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return 1;
  struct stat st {};
  const bool ok = ::write(fd, "+", 1) == 1 && ::fstat(fd, &st) == 0;
  ::close(fd);
  return ok ? static_cast<int>(st.st_size) : 1;
}

std::string random_bytes(std::size_t n, std::uint64_t seed) {
  std::string s(n, '\0');
  for (auto& c : s) {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    c = static_cast<char>(seed & 0xff);
  }
  return s;
}

// A move that is legal in `stale` (the position without the moves) but not in `now`.
std::optional<std::string> stale_move(const mancala::Game& stale, const mancala::Game& now) {
  if (stale.over() || now.over()) return std::nullopt;
  for (auto mv : stale.legal_moves()) {
    const std::string text = stale.move_text(mv);
    if (!now.parse_move(text)) return text;
  }
  return std::nullopt;
}

// " ponder <m>" after the first legal move in `game`: the opponent's first legal reply, when that
// is its whole turn and the mover moves after it (PROTOCOL.md section 4); else nothing.
std::string ponder_suffix(const mancala::Game& game) {
  const mancala::Side me = game.side_to_move();
  mancala::Game after = game;
  after.play(after.legal_moves().front());
  if (after.over() || after.side_to_move() == me) return "";
  const mancala::Move reply = after.legal_moves().front();
  mancala::Game then = after;
  then.play(reply);
  if (then.over() || then.side_to_move() != me) return "";
  return " ponder " + after.move_text(reply);
}

// Writes through to another buffer, changing the line format only in ways PROTOCOL.md section 1
// allows: `indent` before every line, and every LF turned into a bare CR.
class LineFormat : public std::streambuf {
 public:
  LineFormat(std::streambuf* to, std::string indent, bool cr_endings)
      : to_(to), indent_(std::move(indent)), cr_endings_(cr_endings) {}

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    const auto n = static_cast<std::streamsize>(indent_.size());
    if (at_line_start_ && to_->sputn(indent_.data(), n) != n) return traits_type::eof();
    at_line_start_ = c == '\n';
    return to_->sputc(c == '\n' && cr_endings_ ? '\r' : static_cast<char>(c));
  }
  int sync() override { return to_->pubsync(); }

 private:
  std::streambuf* to_;
  std::string indent_;
  bool cr_endings_;
  bool at_line_start_ = true;
};

// The `lf-only` fault's reader: only LF ends a line (a CR just before it is dropped, so CR LF
// works); a line over the limit is discarded, as the protocol asks.
std::optional<protocol::InputLine> read_lf_only(std::istream& in) {
  protocol::InputLine line;
  if (!std::getline(in, line.text)) return std::nullopt;
  if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  if (line.text.size() > protocol::kMaxLineBytes) {
    line.too_long = true;
    const auto first = line.text.find_first_not_of(" \t");
    line.head = line.text.substr(first == std::string::npos ? 0 : first, protocol::InputLine::kHeadBytes);
    line.text.clear();
  }
  return line;
}

struct Args {
  std::string fault = "none", state, variants = "kalah";
  int at = 1, every = 1, from_start = 1, delay_ms = 1000;

  static Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const bool has_value = i + 1 < argc;
      if (arg == "--fault" && has_value) a.fault = argv[++i];
      else if (arg == "--at" && has_value) a.at = std::atoi(argv[++i]);
      else if (arg == "--every" && has_value) a.every = std::max(1, std::atoi(argv[++i]));
      else if (arg == "--from-start" && has_value) a.from_start = std::atoi(argv[++i]);
      else if (arg == "--state" && has_value) a.state = argv[++i];
      else if (arg == "--delay-ms" && has_value) a.delay_ms = std::atoi(argv[++i]);
      else if (arg == "--variants" && has_value) a.variants = argv[++i];
    }
    return a;
  }
};

// The bot: one handler per command. A handler returns an exit status when the bot is to exit.
class FaultBot {
 public:
  FaultBot(Args args, bool faulty_start) : args_(std::move(args)), faulty_start_(faulty_start) {}

  // Faults of the process as a whole count only from the --from-start'th start on; a search's
  // faults count from the --at'th go (see `search_fault`), in every start.
  bool process_fault(std::string_view kind) const { return faulty_start_ && args_.fault == kind; }
  bool pondering_bot() const { return args_.fault.starts_with("ponder"); }

  std::optional<int> handle(const protocol::InputLine& input);

 private:
  bool search_fault(std::string_view kind) const { return search_fault_now_ && args_.fault == kind; }
  void error(std::string_view text) { std::cout << "info string error: " << text << std::endl; }

  void umi();
  void isready(const Tokens& t);
  void position(const Tokens& t);
  void position_moves(const Tokens& t, std::size_t i);
  void setoption(const Tokens& t);
  void release_held(bool ignored, bool twice);
  void go(const Tokens& t);
  void answer_search();
  std::optional<int> gameover();

  const Args args_;
  const bool faulty_start_;
  std::optional<mancala::Game> game_, stale_;  // stale_: the position without its moves
  int gos_ = 0, readies_ = 0;
  bool search_fault_now_ = false;  // this go is one of the --at/--every ones
  std::string held_;  // the bestmove of a `go infinite` or `go ponder`, printed at `stop` (or ponderhit)
  bool pondering_ = false;
};

std::optional<int> FaultBot::handle(const protocol::InputLine& input) {
  if (input.too_long) {
    error("line too long");
    if (input.is_position() && !process_fault("keep-position-on-long-line")) game_.reset();
    return std::nullopt;
  }
  const Tokens t = mancala::text::split_tokens(input.text);
  if (t.empty()) return std::nullopt;
  const std::string_view command = t[0];
  // What a running search refuses (PROTOCOL.md section 6): a held bestmove is such a search.
  if (!held_.empty() && (command == "go" || command == "setoption" || command == "newgame")) {
    if (!process_fault("silent-during-search")) error(std::string(command) + ": not while searching");
    return std::nullopt;
  }
  if (command == "umi") umi();
  else if (command == "isready") isready(t);
  else if (command == "position") position(t);
  else if (command == "setoption") setoption(t);
  else if (command == "stop") release_held(pondering_ && args_.fault == "ponder-ignore-stop", process_fault("double-stop"));
  else if (command == "ponderhit") release_held(pondering_ && args_.fault == "ponder-ignore-hit", false);
  else if (command == "go") go(t);
  else if (command == "gameover") return gameover();
  else if (command == "newgame") {
    if (process_fault("error-on-newgame")) error("newgame: cannot clear");
  } else if (command == "quit") {
    if (process_fault("quit-status")) return 1;
    if (!process_fault("ignore-quit")) return 0;
  } else {
    std::cout << "info string error: unknown command" << (process_fault("two-errors") ? "\ninfo string error: really" : "")
              << std::endl;
  }
  return std::nullopt;
}

void FaultBot::umi() {
  if (process_fault("no-handshake")) return;
  const bool check_option_only = process_fault("check-option-only");
  std::cout << "id name fault-bot\n"
            << (check_option_only ? "option name Verbose type check default false\n"
                                  : "option name Seed type spin default 0 min 0 max 10\n")
            << (pondering_bot() ? "option name Ponder type check default false\n" : "") << "protocol 1\n"
            << (process_fault("no-variants")
                    ? ""
                    : "variants " + args_.variants + (process_fault("unknown-family") ? " chess" : "") + "\n")
            << "umiok" << std::endl;
}

void FaultBot::isready(const Tokens& t) {
  ++readies_;
  // (Arguments come only with an over-long line read whole; no-line-limit runs it silently.)
  if (t.size() > 1 && process_fault("execute-long-line")) error("isready takes no arguments");
  if (process_fault("stall-ready") && readies_ == 2) return;
  if (process_fault("late-ready")) std::this_thread::sleep_for(std::chrono::milliseconds(args_.delay_ms));
  std::cout << "readyok" << std::endl;
  // Dies at once, as a crash would: a normal exit runs LeakSanitizer's check in sanitized
  // builds, 40 ms idle and over 200 ms under load, and the arena would see a stall instead.
  if (process_fault("exit-after-handshake")) std::_Exit(0);
}

void FaultBot::position(const Tokens& t) {
  if (t.size() < 3) return;  // (silently: the bot checks only what its faults need)
  std::size_t i = 3;
  if (t[1] == "startpos") {
    auto g = mancala::Game::from_spec(t[2]);
    game_ = g ? std::optional(*g) : std::nullopt;
  } else {
    std::string notation;
    for (i = 2; i < t.size() && t[i] != "moves"; ++i) notation += (notation.empty() ? "" : " ") + std::string(t[i]);
    auto g = mancala::Game::from_notation(notation);
    game_ = g ? std::optional(*g) : std::nullopt;
  }
  stale_ = game_;
  if (!game_) error("position: bad position");
  if (game_ && i < t.size() && t[i] == "moves") position_moves(t, i + 1);
}

void FaultBot::position_moves(const Tokens& t, std::size_t i) {
  for (; game_ && i < t.size(); ++i) {
    const mancala::Side mover = game_->side_to_move();
    if (game_->play(t[i])) {
      // (A bot with the side to move wrong skips what it cannot play, so that it goes on to
      // answer for the other side, as such engines do; otherwise an illegal move leaves no
      // position, PROTOCOL.md section 8.)
      if (process_fault("ignore-extra-turns") || process_fault("ignore-passes")) continue;
      error("position: illegal move");
      if (!process_fault("keep-position-on-illegal-move")) game_.reset();
      return;
    }
    if (game_->over() || game_->side_to_move() != mover) continue;
    mancala::Position p = game_->position();  // the same side moves again
    p.side = ~p.side;
    const mancala::Game alternated(game_->variant(), p);
    const bool pass = alternated.legal_moves().empty();
    if (process_fault(pass ? "ignore-passes" : "ignore-extra-turns")) game_ = alternated;
  }
}

// Refuses only what a correct engine must refuse (PROTOCOL.md section 3): an undeclared name, a
// value outside the option's type.
void FaultBot::setoption(const Tokens& t) {
  std::size_t v = 2;
  std::string name;
  for (; v < t.size() && t[v] != "value"; ++v) name += (name.empty() ? "" : " ") + std::string(t[v]);
  const std::string value = v + 1 < t.size() ? std::string(t[v + 1]) : "";
  using mancala::text::iequals;
  bool ok = false;
  if (process_fault("check-option-only")) ok = iequals(name, "Verbose") && (value == "true" || value == "false");
  else if (iequals(name, "Seed")) ok = (value.size() == 1 && value[0] >= '0' && value[0] <= '9') || value == "10";
  else if (pondering_bot() && iequals(name, "Ponder")) ok = iequals(value, "true") || iequals(value, "false");
  if (!ok || process_fault("refuse-options")) error("setoption: unknown option or bad value");
}

// `stop` or `ponderhit`: the held bestmove (if any), unless the fault ignores the command.
void FaultBot::release_held(bool ignored, bool twice) {
  if (!ignored) std::cout << held_ << (twice ? held_ : "") << std::flush;
  held_.clear();
  pondering_ = false;
}

void FaultBot::go(const Tokens& t) {
  const Tokens limits(t.begin() + 1, t.end());
  if (!protocol::parse_go(limits)) {
    std::cout << (process_fault("silent-malformed-go") ? "" : "info string error: bad go\n") << "bestmove none" << std::endl;
    return;
  }
  if (!game_) {  // a go that cannot run (PROTOCOL.md section 3)
    std::cout << (process_fault("silent-no-position") ? "" : "info string error: go: no position\n") << "bestmove none"
              << std::endl;
    return;
  }
  if (game_->over() && process_fault("finished-bestmove")) {
    std::cout << "bestmove 1" << std::endl;
    return;
  }
  const auto has = [&](std::string_view word) { return std::find(limits.begin(), limits.end(), word) != limits.end(); };
  // (No legal move: the side to move is wrong, after ignore-passes.)
  const bool no_move = game_->over() || game_->legal_moves().empty();
  if (has("infinite") && !no_move && !process_fault("infinite-at-once")) {
    held_ = "bestmove " + game_->move_text(game_->legal_moves().front()) + "\n";
    return;
  }
  if (pondering_bot() && args_.fault != "ponder-early" && has("ponder") && !no_move) {
    const std::string ponder = args_.fault == "ponder-illegal-in-ponder" ? " ponder 99" : ponder_suffix(*game_);
    held_ = "bestmove " + game_->move_text(game_->legal_moves().front()) + ponder + "\n";
    pondering_ = true;
    return;
  }
  ++gos_;
  search_fault_now_ = gos_ >= args_.at && (gos_ - args_.at) % args_.every == 0;
  if (no_move) {
    std::cout << "bestmove none" << std::endl;
    return;
  }
  answer_search();
}

// A search's answer: the first legal move, or this go's fault.
void FaultBot::answer_search() {
  std::string move = game_->move_text(game_->legal_moves().front());
  if (search_fault("illegal")) move = "99";
  else if (search_fault("bestmove-none")) move = "none";
  else if (search_fault("crash")) std::_Exit(3);
  else if (search_fault("hang")) sleep_forever();
  else if (search_fault("empty-bestmove")) move.clear();
  else if (search_fault("long-line")) std::cout << std::string(1 << 20, 'x') << std::endl;
  else if (search_fault("line-70k")) std::cout << "info string " << std::string(70000, 'y') << std::endl;
  else if (search_fault("grandchild") || search_fault("grandchild-escape")) {
    if (::fork() == 0) {
      if (args_.fault == "grandchild-escape") ::setsid();
      sleep_forever();
    }
    std::_Exit(4);
  } else if (search_fault("flood")) {
    for (int k = 0; k < 100000; ++k) std::cout << "info depth 1 nodes " << k << " pv " << std::string(80, '1') << "\n";
  } else if (search_fault("flood-forever")) {
    for (std::uint64_t k = 0;; ++k) std::cout << "info depth 1 nodes " << k << " pv " << std::string(80, '1') << "\n";
  } else if (search_fault("garbage")) {
    std::cout << random_bytes(1 << 16, 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(gos_)) << "\n";
    move = random_bytes(12, static_cast<std::uint64_t>(gos_) * 7 + 1);
    for (auto& c : move)
      if (c == '\n' || c == '\r' || c == ' ' || c == '\t' || c == '\0') c = '\x7f';
  } else if (search_fault("wrong-position")) {
    if (auto m = stale_move(*stale_, *game_)) move = *m;
  } else if (search_fault("slow")) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
  std::string info = "info depth 1 score seeds 0\n";
  if (process_fault("error-in-search")) info += "info string error: something went wrong\n";
  if (process_fault("info-string")) info += "info string hello from fault-bot\n";
  if (search_fault("uci-info")) info = "info depth 1 score cp 35 nodes 1 pv " + move + "\n";
  else if (search_fault("illegal-pv")) info = "info depth 2 score seeds 0.5 pv " + move + " 99\n";
  const std::string ponder = args_.fault == "ponder-illegal" ? " ponder 99" : pondering_bot() ? ponder_suffix(*game_) : "";
  const std::string answer = "bestmove" + (move.empty() ? "" : " " + move) + ponder + "\n";
  std::cout << info << answer << (search_fault("double-bestmove") ? answer : "") << std::flush;
  if (search_fault("flood-after-move")) {  // in big writes, so that the pipe is never empty for long
    std::string block;
    for (int k = 0; k < 10000; ++k) block += "info depth 1 nodes " + std::to_string(k) + " pv " + std::string(80, '1') + "\n";
    for (;;)
      if (::write(1, block.data(), block.size()) < 0) std::_Exit(0);
  }
}

std::optional<int> FaultBot::gameover() {
  if (process_fault("quit-after-gameover")) return 0;
  if (process_fault("slow-quit-after-gameover")) {
    std::this_thread::sleep_for(std::chrono::milliseconds(args_.delay_ms));
    return 0;
  }
  if (process_fault("hang-after-gameover")) sleep_forever();
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = Args::parse(argc, argv);
  FaultBot bot(args, count_start(args.state) >= args.from_start);
  if (bot.process_fault("ignore-quit")) ::signal(SIGTERM, SIG_IGN);
  if (bot.process_fault("exit-at-start")) {
    std::cerr << "fault-bot: starting\nfault-bot: cannot open book.txt" << std::endl;
    return 5;
  }
  if (bot.process_fault("signal-at-start")) {
    ::signal(SIGTERM, SIG_DFL);
    ::raise(SIGTERM);
  }
  // (Never freed: std::cout flushes through it until the very end of the process.)
  if (bot.process_fault("cr-endings") || bot.process_fault("indent"))
    std::cout.rdbuf(new LineFormat(std::cout.rdbuf(), bot.process_fault("indent") ? "  \t" : "", bot.process_fault("cr-endings")));

  const bool unlimited = bot.process_fault("no-line-limit") || bot.process_fault("execute-long-line");
  protocol::LineReader reader(std::cin, unlimited ? std::size_t(-1) : protocol::kMaxLineBytes);
  const bool lf_only = bot.process_fault("lf-only");
  while (auto input = lf_only ? read_lf_only(std::cin) : reader.next())
    if (const auto status = bot.handle(*input)) return *status;
  if (bot.process_fault("ignore-quit")) sleep_forever();
  return 0;
}
