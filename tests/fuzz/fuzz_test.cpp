// Protocol fuzzing with a deterministic random-line generator (line_gen.h): the engine's UMI
// Session in-process, the notation/variant/move parsers and the arena's parsers of engine
// output, and the real mancala-engine through pipes. No crash, no hang (a watchdog aborts and
// saves the input), no sanitizer report, and a few invariants of the protocol's answers.
//
// Every input that ever failed is kept under tests/fuzz/corpus/ and replayed first.
// Budgets are iteration counts (deterministic), the same in sanitizer builds (about 20 s there);
// MANCALA_SANITIZED=1 only gives the watchdog and the replies more time.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "engine_pipe.h"
#include "line_gen.h"
#include "protocol/line_io.h"
#include "protocol/protocol.h"
#include "text/tokens.h"
#include "protocol/umi.h"
#include "rules/game.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

bool sanitized() { return std::getenv("MANCALA_SANITIZED") != nullptr; }

// A longer campaign than the suite's, by hand: MANCALA_FUZZ_SEED=n draws other inputs (added to
// each test's own seed) and MANCALA_FUZZ_SCALE=k runs k times as many. Unset, the suite runs its
// fixed inputs; a value that is not a count is an error, not a silent default.
std::uint64_t campaign_setting(const char* name, std::uint64_t unset) {
  const char* text = std::getenv(name);
  if (!text) return unset;
  const auto value = mancala::text::parse_count(text);
  if (!value) {
    std::cerr << name << "='" << text << "' is not a count" << std::endl;
    std::exit(2);
  }
  return static_cast<std::uint64_t>(*value);
}
std::uint64_t seeded(std::uint64_t seed) { return seed + campaign_setting("MANCALA_FUZZ_SEED", 0); }
std::size_t scaled(std::size_t count) { return count * campaign_setting("MANCALA_FUZZ_SCALE", 1); }

#ifdef __SANITIZE_THREAD__
constexpr bool kThreadSanitizer = true;
#else
constexpr bool kThreadSanitizer = false;
#endif

// ---- Failure capture: the input being run is saved if the process dies or hangs ------------

// The input in flight, for the crash handler (plain buffer: async-signal-safe to write out).
std::string g_current;
std::atomic<const char*> g_current_data{nullptr};
std::atomic<std::size_t> g_current_size{0};
std::atomic<std::int64_t> g_progress{0};  // bumped per input; the watchdog looks for it moving

void set_current(const std::string& text) {
  g_current_data.store(nullptr);
  g_current = text;
  g_current_size.store(g_current.size());
  g_current_data.store(g_current.data());
  g_progress.fetch_add(1);
}

void save_current(const char* why) {
  const char* data = g_current_data.load();
  const int fd = ::open("fuzz-failure.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0 && data) {
    ssize_t ignored = ::write(fd, data, g_current_size.load());
    (void)ignored;
    ::close(fd);
  }
  const char msg[] = "\nfuzz: the failing input is in fuzz-failure.txt (copy it to tests/fuzz/corpus/): ";
  ssize_t ignored = ::write(2, msg, sizeof msg - 1);
  ignored = ::write(2, why, std::strlen(why));
  ignored = ::write(2, "\n", 1);
  (void)ignored;
}

extern "C" void on_fatal_signal(int sig) {
  save_current(sig == SIGSEGV ? "SIGSEGV" : sig == SIGABRT ? "SIGABRT" : "fatal signal");
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

// Sanitizers call this before they exit with a report (weak: absent without sanitizers).
extern "C" void __sanitizer_set_death_callback(void (*)(void)) __attribute__((weak));

namespace {

void install_handlers() {
  static bool done = false;
  if (done) return;
  done = true;
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) ::signal(sig, on_fatal_signal);
  if (__sanitizer_set_death_callback) __sanitizer_set_death_callback([] { save_current("sanitizer report"); });
}

// Aborts (saving the input) if no input finishes within `limit`.
class Watchdog {
 public:
  explicit Watchdog(std::chrono::seconds limit) : thread_([this, limit] {
      std::unique_lock lock(mutex_);
      std::int64_t seen = g_progress.load();
      auto since = Clock::now();
      while (!done_) {
        cv_.wait_for(lock, std::chrono::milliseconds(200));
        const std::int64_t now = g_progress.load();
        if (now != seen) {
          seen = now;
          since = Clock::now();
        } else if (Clock::now() - since > limit) {
          save_current("hang (no progress within the watchdog's limit)");
          std::abort();
        }
      }
    }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

std::chrono::seconds watchdog_limit() { return std::chrono::seconds(sanitized() ? 60 : 15); }

std::string joined(const std::vector<std::string>& program) {
  std::string s;
  for (const auto& l : program) s += l + "\n";
  return s;
}

std::vector<std::string> lines_of_text(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  mancala::protocol::LineReader reader(in, std::string::npos);
  while (auto l = reader.next()) out.push_back(l->text);
  return out;
}

bool is_quit(const std::string& line) {
  const auto t = mancala::text::split_tokens(line);
  return line.size() <= mancala::protocol::kMaxLineBytes && !t.empty() && t[0] == "quit";
}

// ---- The in-process Session -------------------------------------------------------------------

struct SessionStats {
  std::size_t programs = 0, lines = 0;
};

// One Session for many programs (building one allocates its hash table). Output is checked and
// dropped after each program: no control characters in any line (errors quote input safely), and no
// more bestmoves than gos.
class SessionHarness {
 public:
  SessionHarness() : session_(out_) { session_.execute("setoption name Hash value 1"); }

  void run(const std::string& text, SessionStats& stats) {
    set_current(text);
    std::istringstream in(text);
    mancala::protocol::LineReader reader(in);
    std::size_t gos = 0;
    while (auto line = reader.next()) {
      if (line->too_long || fuzz::too_expensive(line->text)) continue;
      const auto t = mancala::text::split_tokens(line->text);
      gos += !t.empty() && t[0] == "go";
      session_.execute(line->text);
      ++stats.lines;
    }
    session_.execute("stop");  // ends an infinite or long search; its bestmove is printed first
    ++stats.programs;
    check_output(gos, text);
  }

 private:
  void check_output(std::size_t gos, const std::string& text) {
    const std::string output = out_.str();
    out_.str("");
    out_.clear();
    std::size_t bestmoves = 0;
    std::size_t start = 0;
    while (start < output.size()) {
      const std::size_t nl = output.find('\n', start);
      const std::string_view line(output.data() + start, (nl == std::string::npos ? output.size() : nl) - start);
      start = nl == std::string::npos ? output.size() : nl + 1;
      bestmoves += line.substr(0, 9) == "bestmove ";
      if (mancala::text::printable(line) != line) {  // a C0 or C1 control character, or DEL
        save_current("a control character in an output line");
        ADD_FAILURE() << "a control character in an output line: " << mancala::text::quote(line) << " for input:\n" << text;
      }
    }
    if (bestmoves > gos) save_current("more bestmoves than go commands");
    EXPECT_LE(bestmoves, gos) << "more bestmoves than go commands for input:\n" << text;
  }

  std::ostringstream out_;
  mancala::protocol::Session session_;
};

// ---- The parsers --------------------------------------------------------------------------------

// A position the parser accepts prints canonically, reads back the same, and every position the
// rules reach from it in one move is accepted too.
void check_notation(const std::string& text) {
  auto g = mancala::Game::from_notation(text);
  if (!g) {
    EXPECT_FALSE(g.error().empty());
    return;
  }
  auto back = mancala::Game::from_notation(g->notation());
  ASSERT_TRUE(back) << "'" << g->notation() << "' (printed from '" << text << "') is refused: " << back.error();
  EXPECT_EQ(*back, *g) << text;
  if (g->over()) return;
  if (g->variant().family == mancala::Family::Bedouin && g->position().phase == mancala::Phase::Distribute) return;  // 62,196 moves
  const auto legal = g->legal_moves();
  ASSERT_FALSE(legal.empty()) << "no legal move in a running game: " << text;
  for (std::size_t i = 0; i < legal.size() && i < 8; ++i) {
    mancala::Game next = *g;
    next.play(legal[i * (legal.size() > 8 ? legal.size() / 8 : 1)]);
    auto again = mancala::Game::from_notation(next.notation());
    EXPECT_TRUE(again) << "the rules reached '" << next.notation() << "' from '" << text << "', which the parser refuses: "
                       << (again ? "" : again.error());
  }
}

// Reachable positions to try move tokens on (generating one per input would cost more than
// the parsing under test).
const std::vector<mancala::Game>& game_pool() {
  static const std::vector<mancala::Game> pool = [] {
    std::vector<mancala::Game> games;
    fuzz::LineGenerator gen(99);
    while (games.size() < 64)
      if (auto g = mancala::Game::from_notation(gen.notation())) games.push_back(*g);
    return games;
  }();
  return pool;
}

void check_parsers(fuzz::LineGenerator& gen, const std::string& line) {
  (void)mancala::parse_variant(line);
  check_notation(line);
  auto t = mancala::text::split_tokens(line);
  if (t.size() > 64) t.resize(64);  // a 300 KB line of tokens: its first ones say enough
  for (auto tok : t) (void)mancala::parse_variant(tok);
  // A move token against a reachable position.
  const auto* g = &game_pool()[gen.rng().below(game_pool().size())];
  for (auto tok : t) {
    auto mv = g->parse_move(tok);
    if (mv) {
      EXPECT_TRUE(g->is_legal(*mv)) << std::string(tok) << " in " << g->notation();
    }
  }
  // The arena's side: what an engine prints.
  (void)arena::protocol::parse_info(line);
  (void)arena::protocol::parse_bestmove(line);
  if (auto o = arena::protocol::parse_option(line)) (void)arena::protocol::validate_option(*o, gen.move_token());
  for (auto tok : t) (void)arena::protocol::is_whole_number(tok);
}

std::vector<fs::path> corpus_files() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(FUZZ_CORPUS_DIR))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void report(const char* what, std::size_t inputs, Clock::time_point t0) {
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  std::cout << "fuzz " << what << ": " << inputs << " inputs in " << secs << " s" << std::endl;
  ::testing::Test::RecordProperty("inputs", static_cast<int>(inputs));
}

}  // namespace

TEST(Fuzz, CorpusOfPastFailuresIsReplayed) {
  install_handlers();
  Watchdog dog(watchdog_limit());
  const auto files = corpus_files();
  ASSERT_FALSE(files.empty()) << FUZZ_CORPUS_DIR;
  SessionHarness harness;
  SessionStats stats;
  fuzz::LineGenerator gen(1);
  for (const auto& f : files) {
    SCOPED_TRACE(f.string());
    const std::string text = read_all(f);
    harness.run(text, stats);
    for (const auto& line : lines_of_text(text)) {
      set_current(line);
      check_parsers(gen, line);
    }
  }
  std::cout << "fuzz corpus: " << files.size() << " files, " << stats.lines << " lines" << std::endl;
}

TEST(Fuzz, SessionSurvivesRandomPrograms) {
  install_handlers();
  Watchdog dog(watchdog_limit());
  const auto t0 = Clock::now();
  const std::size_t programs = scaled(2500);
  fuzz::LineGenerator gen(seeded(20240601));
  SessionStats stats;
  std::unique_ptr<SessionHarness> harness;
  for (std::size_t i = 0; i < programs; ++i) {
    if (i % 500 == 0) harness = std::make_unique<SessionHarness>();  // fresh state now and then
    harness->run(joined(gen.program(8)), stats);
    if (::testing::Test::HasFailure()) break;
  }
  std::cout << "fuzz session: " << stats.programs << " programs, " << stats.lines << " lines executed" << std::endl;
  report("session", stats.lines, t0);
}

TEST(Fuzz, ParsersSurviveRandomText) {
  install_handlers();
  Watchdog dog(watchdog_limit());
  const auto t0 = Clock::now();
  // The parsers run on one thread, so ThreadSanitizer has nothing to check here, and its
  // allocator makes every long line cost milliseconds (99 s for the whole run against 1.1 s in
  // Release, 180 s and a timeout on a busy machine): a tenth of the inputs there. The Release
  // and AddressSanitizer runs take them all.
  const std::size_t n = scaled(kThreadSanitizer ? 2000 : 20000);
  fuzz::LineGenerator gen(seeded(777));
  for (std::size_t i = 0; i < n && !::testing::Test::HasFailure(); ++i) {
    const std::string text = i % 3 == 0 ? gen.notation() : i % 3 == 1 ? gen.mutate(gen.notation()) : gen.line();
    set_current(text);
    check_parsers(gen, text);
  }
  report("parsers", n, t0);
}

TEST(Fuzz, EngineProcessSurvivesRandomProgramsThroughPipes) {
  install_handlers();
  Watchdog dog(watchdog_limit());
  const auto t0 = Clock::now();
  const std::size_t programs = scaled(400);
  const auto reply = std::chrono::milliseconds(sanitized() ? 30000 : 5000);
  fuzz::LineGenerator gen(seeded(4242));
  std::size_t lines = 0;
  auto engine = std::make_unique<mancala::testing::EnginePipe>(MANCALA_ENGINE_PATH);
  ASSERT_TRUE(engine->send_line("setoption name Hash value 1"));
  for (std::size_t i = 0; i < programs && !::testing::Test::HasFailure(); ++i) {
    auto program = gen.program(8);
    std::erase_if(program, [](const std::string& l) { return is_quit(l) || fuzz::too_expensive(l); });
    set_current(joined(program));
    for (const auto& l : program) {
      ASSERT_TRUE(engine->send_line(l)) << "the engine stopped reading; input:\n" << g_current;
      ++lines;
      while (engine->read_line(std::chrono::milliseconds(0))) {  // keep its output pipe from filling up
      }
    }
    ASSERT_TRUE(engine->send_line("stop"));
    ASSERT_TRUE(engine->send_line("isready"));
    bool found = false;
    engine->read_until("readyok", reply, &found);
    if (!found) save_current("no readyok from the engine process");
    ASSERT_TRUE(found) << "no readyok within " << reply.count() << " ms after input:\n" << g_current;
    if (i % 100 == 99) {  // end of input is quit: the engine exits by itself, with status 0
      engine->close_input();
      const auto status = engine->wait_exit(reply);
      ASSERT_TRUE(status.has_value()) << "the engine did not exit at the end of its input";
      EXPECT_EQ(*status, 0);
      engine = std::make_unique<mancala::testing::EnginePipe>(MANCALA_ENGINE_PATH);
      ASSERT_TRUE(engine->send_line("setoption name Hash value 1"));
    }
  }
  report("engine process", lines, t0);
}
