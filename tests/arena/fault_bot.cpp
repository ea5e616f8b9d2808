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
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "protocol/commands.h"
#include "protocol/line_io.h"
#include "text/tokens.h"
#include "rules/game.h"

namespace {

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

// Blanks before every line (PROTOCOL.md section 1: leading blanks do not matter).
class Indent : public std::streambuf {
 public:
  explicit Indent(std::streambuf* to) : to_(to) {}

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    if (at_line_start_ && to_->sputn("  \t", 3) != 3) return traits_type::eof();
    at_line_start_ = c == '\n';
    return to_->sputc(static_cast<char>(c));
  }
  int sync() override { return to_->pubsync(); }

 private:
  std::streambuf* to_;
  bool at_line_start_ = true;
};

// Writes through to another buffer with every LF turned into a CR.
class CrEndings : public std::streambuf {
 public:
  explicit CrEndings(std::streambuf* to) : to_(to) {}

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    return to_->sputc(c == '\n' ? '\r' : static_cast<char>(c));
  }
  int sync() override { return to_->pubsync(); }

 private:
  std::streambuf* to_;
};

}  // namespace

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

int main(int argc, char** argv) {
  std::string fault = "none", state, variants = "kalah";
  int at = 1, every = 1, from_start = 1, delay_ms = 1000;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--fault" && has_value) fault = argv[++i];
    else if (a == "--at" && has_value) at = std::atoi(argv[++i]);
    else if (a == "--every" && has_value) every = std::max(1, std::atoi(argv[++i]));
    else if (a == "--from-start" && has_value) from_start = std::atoi(argv[++i]);
    else if (a == "--state" && has_value) state = argv[++i];
    else if (a == "--delay-ms" && has_value) delay_ms = std::atoi(argv[++i]);
    else if (a == "--variants" && has_value) variants = argv[++i];
  }
  const bool faulty_start = count_start(state) >= from_start;
  auto process_fault = [&](const char* kind) { return faulty_start && fault == kind; };
  if (process_fault("ignore-quit")) ::signal(SIGTERM, SIG_IGN);
  if (process_fault("exit-at-start")) {
    std::cerr << "fault-bot: starting\nfault-bot: cannot open book.txt" << std::endl;
    return 5;
  }
  if (process_fault("signal-at-start")) {
    ::signal(SIGTERM, SIG_DFL);
    ::raise(SIGTERM);
  }
  // (Never freed: std::cout flushes through it until the very end of the process.)
  if (process_fault("cr-endings")) std::cout.rdbuf(new CrEndings(std::cout.rdbuf()));
  if (process_fault("indent")) std::cout.rdbuf(new Indent(std::cout.rdbuf()));

  std::optional<mancala::Game> game, stale;
  int gos = 0, readies = 0;
  std::string held;  // the bestmove of a `go infinite` or `go ponder`, printed at `stop` (or ponderhit)
  bool pondering = false;
  const bool pondering_bot =
      fault == "ponder" || fault == "ponder-ignore-stop" || fault == "ponder-early" || fault == "ponder-ignore-hit" ||
      fault == "ponder-illegal" || fault == "ponder-illegal-in-ponder";
  const bool unlimited = process_fault("no-line-limit") || process_fault("execute-long-line");
  mancala::protocol::LineReader reader(std::cin, unlimited ? std::size_t(-1) : mancala::protocol::kMaxLineBytes);
  const auto next_line = [&]() -> std::optional<mancala::protocol::InputLine> {
    if (!process_fault("lf-only")) return reader.next();
    mancala::protocol::InputLine in;
    if (!std::getline(std::cin, in.text)) return std::nullopt;
    if (!in.text.empty() && in.text.back() == '\r') in.text.pop_back();  // CR LF works, a bare CR does not
    if (in.text.size() > mancala::protocol::kMaxLineBytes) {  // discarded, as the protocol asks
      in.too_long = true;
      const auto first = in.text.find_first_not_of(" \t");
      in.head = in.text.substr(first == std::string::npos ? 0 : first, mancala::protocol::InputLine::kHeadBytes);
      in.text.clear();
    }
    return in;
  };
  const bool check_option_only = process_fault("check-option-only");
  while (auto input = next_line()) {
    if (input->too_long) {
      std::cout << "info string error: line too long" << std::endl;
      if (input->is_position() && !process_fault("keep-position-on-long-line")) game.reset();
      continue;
    }
    const std::string& line = input->text;
    const auto t = mancala::text::split_tokens(line);
    if (t.empty()) continue;
    // What a running search refuses (PROTOCOL.md section 6): a held bestmove is such a search.
    if (!held.empty() && (t[0] == "go" || t[0] == "setoption" || t[0] == "newgame")) {
      if (!process_fault("silent-during-search")) std::cout << "info string error: " << t[0] << ": not while searching" << std::endl;
      continue;
    }
    if (t[0] == "umi") {
      if (process_fault("no-handshake")) continue;
      std::cout << "id name fault-bot\n"
                << (check_option_only ? "option name Verbose type check default false\n" : "option name Seed type spin default 0 min 0 max 10\n")
                << (pondering_bot ? "option name Ponder type check default false\n" : "") << "protocol 1\n"
                << (process_fault("no-variants") ? "" : "variants " + variants + (process_fault("unknown-family") ? " chess" : "") + "\n")
                << "umiok" << std::endl;
    } else if (t[0] == "isready") {
      ++readies;
      // (Arguments come only with an over-long line read whole; no-line-limit runs it silently.)
      if (t.size() > 1 && process_fault("execute-long-line")) std::cout << "info string error: isready takes no arguments" << std::endl;
      if (process_fault("stall-ready") && readies == 2) continue;
      if (process_fault("late-ready")) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      std::cout << "readyok" << std::endl;
      // Dies at once, as a crash would: a normal exit runs LeakSanitizer's check in sanitized
      // builds, 40 ms idle and over 200 ms under load, and the arena would see a stall instead.
      if (process_fault("exit-after-handshake")) std::_Exit(0);
    } else if (t[0] == "position" && t.size() >= 3) {
      std::size_t i = 3;
      if (t[1] == "startpos") {
        auto g = mancala::Game::from_spec(t[2]);
        game = g ? std::optional(*g) : std::nullopt;
      } else {
        std::string n;
        for (i = 2; i < t.size() && t[i] != "moves"; ++i) n += (n.empty() ? "" : " ") + std::string(t[i]);
        auto g = mancala::Game::from_notation(n);
        game = g ? std::optional(*g) : std::nullopt;
      }
      stale = game;
      if (!game) std::cout << "info string error: position: bad position" << std::endl;
      if (game && i < t.size() && t[i] == "moves")
        for (++i; game && i < t.size(); ++i) {
          const mancala::Side mover = game->side_to_move();
          if (game->play(t[i])) {
            // (A bot with the side to move wrong skips what it cannot play, so that it goes on to
            // answer for the other side, as such engines do; otherwise an illegal move leaves no
            // position, PROTOCOL.md section 8.)
            if (process_fault("ignore-extra-turns") || process_fault("ignore-passes")) continue;
            std::cout << "info string error: position: illegal move" << std::endl;
            if (!process_fault("keep-position-on-illegal-move")) game.reset();
            break;
          }
          if (game->over() || game->side_to_move() != mover) continue;
          mancala::Position p = game->position();  // the same side moves again
          p.side = ~p.side;
          const mancala::Game alternated(game->variant(), p);
          const bool pass = alternated.legal_moves().empty();
          if (process_fault(pass ? "ignore-passes" : "ignore-extra-turns")) game = alternated;
        }
    } else if (t[0] == "setoption") {
      // Only what a correct engine must refuse (PROTOCOL.md section 3): an undeclared name, a
      // value outside the option's type.
      std::size_t v = 2;
      std::string name;
      for (; v < t.size() && t[v] != "value"; ++v) name += (name.empty() ? "" : " ") + std::string(t[v]);
      const std::string value = v + 1 < t.size() ? std::string(t[v + 1]) : "";
      bool ok = false;
      if (check_option_only) ok = mancala::text::iequals(name, "Verbose") && (value == "true" || value == "false");
      else if (mancala::text::iequals(name, "Seed")) ok = (value.size() == 1 && value[0] >= '0' && value[0] <= '9') || value == "10";
      else if (pondering_bot && mancala::text::iequals(name, "Ponder")) ok = mancala::text::iequals(value, "true") || mancala::text::iequals(value, "false");
      if (!ok || process_fault("refuse-options")) std::cout << "info string error: setoption: unknown option or bad value" << std::endl;
    } else if (t[0] == "stop") {
      if (!(pondering && fault == "ponder-ignore-stop")) std::cout << held << (process_fault("double-stop") ? held : "") << std::flush;
      held.clear();
      pondering = false;
    } else if (t[0] == "ponderhit") {
      if (!(pondering && fault == "ponder-ignore-hit")) std::cout << held << std::flush;
      held.clear();
      pondering = false;
    } else if (t[0] == "go") {
      const std::vector<std::string_view> limits(t.begin() + 1, t.end());
      if (!mancala::protocol::parse_go(limits)) {
        std::cout << (process_fault("silent-malformed-go") ? "" : "info string error: bad go\n") << "bestmove none" << std::endl;
        continue;
      }
      if (!game) {  // a go that cannot run (PROTOCOL.md section 3)
        std::cout << (process_fault("silent-no-position") ? "" : "info string error: go: no position\n") << "bestmove none" << std::endl;
        continue;
      }
      if (game->over() && process_fault("finished-bestmove")) {
        std::cout << "bestmove 1" << std::endl;
        continue;
      }
      // (No legal move: the side to move is wrong, after ignore-passes.)
      const bool no_move = game->over() || game->legal_moves().empty();
      if (std::find(limits.begin(), limits.end(), "infinite") != limits.end() && !no_move && !process_fault("infinite-at-once")) {
        held = "bestmove " + game->move_text(game->legal_moves().front()) + "\n";
        continue;
      }
      if (pondering_bot && fault != "ponder-early" && std::find(limits.begin(), limits.end(), "ponder") != limits.end() && !no_move) {
        const std::string ponder = fault == "ponder-illegal-in-ponder" ? " ponder 99" : ponder_suffix(*game);
        held = "bestmove " + game->move_text(game->legal_moves().front()) + ponder + "\n";
        pondering = true;
        continue;
      }
      ++gos;
      const bool now = gos >= at && (gos - at) % every == 0;
      if (no_move) {
        std::cout << "bestmove none" << std::endl;
        continue;
      }
      std::string move = game->move_text(game->legal_moves().front());
      if (now && fault == "illegal") move = "99";
      else if (now && fault == "bestmove-none") move = "none";
      else if (now && fault == "crash") std::_Exit(3);
      else if (now && fault == "hang") sleep_forever();
      else if (now && fault == "empty-bestmove") move.clear();
      else if (now && fault == "long-line") std::cout << std::string(1 << 20, 'x') << std::endl;
      else if (now && fault == "line-70k") std::cout << "info string " << std::string(70000, 'y') << std::endl;
      else if (now && (fault == "grandchild" || fault == "grandchild-escape")) {
        if (::fork() == 0) {
          if (fault == "grandchild-escape") ::setsid();
          sleep_forever();
        }
        std::_Exit(4);
      } else if (now && fault == "flood") {
        for (int k = 0; k < 100000; ++k) std::cout << "info depth 1 nodes " << k << " pv " << std::string(80, '1') << "\n";
      } else if (now && fault == "flood-forever") {
        for (std::uint64_t k = 0;; ++k) std::cout << "info depth 1 nodes " << k << " pv " << std::string(80, '1') << "\n";
      } else if (now && fault == "garbage") {
        std::cout << random_bytes(1 << 16, 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(gos)) << "\n";
        move = random_bytes(12, static_cast<std::uint64_t>(gos) * 7 + 1);
        for (auto& c : move)
          if (c == '\n' || c == '\r' || c == ' ' || c == '\t' || c == '\0') c = '\x7f';
      } else if (now && fault == "wrong-position") {
        if (auto m = stale_move(*stale, *game)) move = *m;
      } else if (now && fault == "slow") {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
      }
      std::string info = "info depth 1 score seeds 0\n";
      if (process_fault("error-in-search")) info += "info string error: something went wrong\n";
      if (process_fault("info-string")) info += "info string hello from fault-bot\n";
      if (now && fault == "uci-info") info = "info depth 1 score cp 35 nodes 1 pv " + move + "\n";
      else if (now && fault == "illegal-pv") info = "info depth 2 score seeds 0.5 pv " + move + " 99\n";
      const std::string ponder = fault == "ponder-illegal" ? " ponder 99" : pondering_bot ? ponder_suffix(*game) : "";
      const std::string answer = "bestmove" + (move.empty() ? "" : " " + move) + ponder + "\n";
      std::cout << info << answer << (now && fault == "double-bestmove" ? answer : "") << std::flush;
      if (now && fault == "flood-after-move") {  // in big writes, so that the pipe is never empty for long
        std::string block;
        for (int k = 0; k < 10000; ++k) block += "info depth 1 nodes " + std::to_string(k) + " pv " + std::string(80, '1') + "\n";
        for (;;)
          if (::write(1, block.data(), block.size()) < 0) std::_Exit(0);
      }
    } else if (t[0] == "quit") {
      if (process_fault("quit-status")) return 1;
      if (!process_fault("ignore-quit")) return 0;
    } else if (t[0] == "gameover") {
      if (process_fault("quit-after-gameover")) return 0;
      if (process_fault("slow-quit-after-gameover")) {
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        return 0;
      }
      if (process_fault("hang-after-gameover")) sleep_forever();
    } else if (t[0] == "newgame") {
      if (process_fault("error-on-newgame")) std::cout << "info string error: newgame: cannot clear" << std::endl;
    } else if (t[0] != "position" && t[0] != "setoption" && t[0] != "ponderhit") {
      std::cout << "info string error: unknown command" << (process_fault("two-errors") ? "\ninfo string error: really" : "") << std::endl;
    }
  }
  if (process_fault("ignore-quit")) sleep_forever();
  return 0;
}
