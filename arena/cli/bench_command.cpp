// `arena bench`: the arena's own cost. Plays games between two instant bots at a given
// concurrency, without a results file, and reports games/s, the round trip per move, and the
// arena's own CPU time per move (user + system time of the arena process divided by moves:
// the work the arena does per move, whatever the engines cost).
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

#include "cli/commands.h"
#include "engine/engine_client.h"
#include "match/match.h"
#include "openings/openings.h"
#include "rules/variant.h"
#include "text/cli_number.h"

namespace arena::cli {

namespace {

struct BenchFlags {
  std::string bot;
  int games = 400;
  int concurrency = 2;
  std::string variant = "kalah(6,4)";
  std::string tc = "1+0.01";
};

double cpu_seconds() {
  rusage ru{};
  ::getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

std::string default_bot() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "random-bot";
  // In a build: build/arena/arena and build/bots/random-bot; installed: bin/mancala-random-bot.
  const auto dir = self.parent_path();
  for (const auto& cand : {dir.parent_path() / "bots" / "random-bot", dir / "mancala-random-bot", dir / "random-bot"})
    if (std::filesystem::exists(cand)) return cand.string();
  return "random-bot";
}

}  // namespace

Handler add_bench(CLI::App& app, process::ChildRegistry& registry) {
  auto f = std::make_shared<BenchFlags>();
  auto* sub = app.add_subcommand("bench", "Measure the arena's own overhead: games/s and cost per move between two instant bots");
  sub->add_option("--bot", f->bot, "Bot program to play both sides (default: the random bot of this build or installation)");
  mancala::text::add_whole_number(*sub, "--games", f->games, "Games to play", 1, 1'000'000)->capture_default_str();
  mancala::text::add_whole_number(*sub, "--concurrency,-j", f->concurrency, "Games in parallel", 1, 256)->capture_default_str();
  sub->add_option("--variant", f->variant, "Variant spec")->capture_default_str();
  sub->add_option("--tc", f->tc, "Clock, seconds (base+increment)")->capture_default_str();
  return [f, &registry]() -> int {
    const auto variant = mancala::parse_variant(f->variant);
    if (!variant) {
      std::cerr << "arena bench: --variant: " << variant.error() << "\n";
      return 2;
    }
    std::string err;
    const auto tc = config::parse_clock(f->tc, err);
    if (!tc) {
      std::cerr << "arena bench: --tc: " << err << "\n";
      return 2;
    }
    if (!tc->has_clock()) {  // the bench sends no other limit: a search would never end
      std::cerr << "arena bench: --tc: the bench needs a clock (base+increment), not '" << f->tc << "'\n";
      return 2;
    }
    const std::string bot = f->bot.empty() ? default_bot() : f->bot;
    const std::string spec = variant->spec();
    std::vector<match::Opening> openings{match::Opening{}};
    try {  // (boards so small that every game ends within four moves keep the start position)
      openings = openings::generate_random({spec, 4, 64, 7, 0}, nullptr);
    } catch (const std::runtime_error&) {
    }

    std::atomic<int> next{0};
    std::atomic<long> moves{0}, forfeits{0};
    std::atomic<long long> roundtrip_us{0};
    std::mutex err_mutex;
    std::string error, fault;  // the bot would not start; anything else
    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = cpu_seconds();
    std::vector<std::thread> threads;
    auto workers_failed = [&](const std::string& why) {  // the started workers take no new game, and are joined
      next = f->games;
      for (auto& t : threads)
        if (t.joinable()) t.join();
      std::cerr << "arena bench: " << why << "\n";
      return 3;
    };
    auto work = [&](int w) {
      engine::ClientEnv env;
      env.registry = &registry;
      env.variant_family = std::string(mancala::family_name(variant->family));
      config::EngineConfig a;  // the defaults of a config file's engine
      a.name = "bot-a" + std::to_string(w);
      a.command = bot;
      config::EngineConfig b = a;
      b.name = "bot-b" + std::to_string(w);
      engine::EngineClient ca(a, env), cb(b, env);
      for (int g; (g = next++) < f->games && !registry.interrupted();) {
        match::MatchParams p;
        p.id = g;
        p.variant = spec;
        p.opening = openings[static_cast<std::size_t>(g / 2) % openings.size()];
        p.south_tc = p.north_tc = *tc;
        match::GameRecord rec;
        try {
          rec = g % 2 ? match::play_game(p, cb, ca) : match::play_game(p, ca, cb);
        } catch (const engine::EngineUnavailable& e) {  // the bot's program is not there
          std::lock_guard lock(err_mutex);
          error = e.reason();
          break;
        }
        if (rec.termination == match::Termination::NoHandshake) {
          std::lock_guard lock(err_mutex);
          error = rec.detail;
          break;
        }
        if (rec.termination == match::Termination::TimeForfeit) ++forfeits;
        moves += static_cast<long>(rec.moves.size());
        long long us = 0;
        for (const auto& m : rec.moves) us += static_cast<long long>(m.ms * 1000.0);
        roundtrip_us += us;
      }
    };
    for (int w = 0; w < f->concurrency; ++w) {
      try {
        threads.emplace_back([&, w] {
          try {
            work(w);
          } catch (const std::exception& e) {  // no memory, say: the other workers stop too
            std::lock_guard lock(err_mutex);
            fault = e.what();
            next = f->games;
          }
        });
      } catch (const std::system_error& e) {
        return workers_failed(std::string("cannot start a worker thread: ") + e.what());
      }
    }
    for (auto& t : threads) t.join();
    if (!fault.empty()) return workers_failed(fault);
    if (!error.empty()) {
      std::cerr << "arena bench: the bot '" << bot << "' could not be started: " << error << "\n";
      return 2;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpu_seconds() - cpu0;
    const long mv = std::max(1L, moves.load());
    const int games = std::min(f->games, next.load());
    std::printf("bench: %d games, %ld moves, concurrency %d, %s, %s, bot %s\n", games, moves.load(), f->concurrency, spec.c_str(),
                tc->describe().c_str(), bot.c_str());
    std::printf("games per second:            %.1f\n", games / secs);
    std::printf("moves per second:            %.0f\n", static_cast<double>(mv) / secs);
    std::printf("round trip per move (wall):  %.1f us  (go written -> bestmove read, includes the bot)\n",
                static_cast<double>(roundtrip_us.load()) / static_cast<double>(mv));
    std::printf("arena CPU per move:          %.1f us  (arena user+system time / moves)\n", cpu * 1e6 / static_cast<double>(mv));
    std::printf("time forfeits:               %ld\n", forfeits.load());
    return 0;
  };
}

}  // namespace arena::cli
