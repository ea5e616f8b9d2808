#include "tournament/tournament.h"

#include <condition_variable>
#include <filesystem>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "config/config_json.h"
#include "engine/engine_client.h"
#include "match/match.h"
#include "openings/openings.h"
#include "output/console.h"
#include "output/standings.h"
#include "rules/variant.h"
#include "tournament/results_file.h"
#include "tournament/resume_check.h"
#include "tournament/rng.h"
#include "tournament/schedule.h"

namespace arena::tournament {

namespace fs = std::filesystem;
using config::ConfigError;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::size_t kEnginesPerWorker = 4;  // live engine processes a worker keeps between games

std::string safe_file_name(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
  return out;
}

// Engine names are unique, but "a/b" and "a_b" would make the same file name. A name that had
// to be changed gets its engine's index after a '~' ("a_b~0"), which no unchanged name holds.
std::string log_file_name(const std::string& engine, std::size_t index) {
  const std::string name = safe_file_name(engine);
  return name == engine ? name : name + "~" + std::to_string(index);
}

json opening_json(const match::Opening& o) { return {{"position", o.position}, {"moves", o.moves}}; }

// The openings a results file's header gives, checked as an openings file's are: one of another
// variant (or a finished game) would be played and recorded as this variant's games.
std::vector<match::Opening> header_openings(const json& header, const std::string& variant, const std::string& path) {
  const std::string damaged = "the results file '" + path + "' has a damaged header";
  const auto read = openings_of(header);
  if (!read) throw ResultsError(damaged + " (openings)");
  const std::vector<match::Opening>& openings = *read;
  if (openings.empty()) throw ResultsError(damaged + " (no openings)");
  for (std::size_t i = 0; i < openings.size(); ++i)
    if (const auto fault = openings::opening_fault(openings[i], variant))
      throw ResultsError(damaged + ": openings[" + std::to_string(i) + "]: " + *fault);
  return openings;
}

// Everything the worker threads share.
class Runner {
 public:
  Runner(const config::TournamentConfig& cfg, const RunEnv& env, std::string variant, std::vector<match::Opening> openings,
         Schedule schedule, ResultsWriter writer, std::vector<match::GameRecord> existing, output::Console& console)
      : cfg_(cfg), env_(env), variant_(std::move(variant)), openings_(std::move(openings)), schedule_(std::move(schedule)),
        writer_(std::move(writer)), records_(std::move(existing)), console_(console) {
    for (const auto& e : cfg_.engines) names_.push_back(e.name);
    std::set<std::int64_t> done;
    for (auto& g : records_) {
      done.insert(g.id);
      count_pair(g);
      g = summary_of(g);
    }
    for (std::int64_t id = 0; id < schedule_.size(); ++id)
      if (!done.count(id)) pending_.push_back(id);
  }

  RunSummary run() {
    const auto t0 = Clock::now();
    RunSummary summary;
    summary.games_total = schedule_.size();
    if (sprt_decided_locked()) {
      summary.outcome = Outcome::SprtDecided;
    } else {
      const int workers = std::max(1, std::min<int>(cfg_.concurrency, static_cast<int>(pending_.size())));
      std::vector<std::thread> threads;
      for (int w = 0; w < workers; ++w) threads.emplace_back([this, w] { worker(w); });
      {
        std::unique_lock lock(mutex_);
        while (finished_workers_ < workers) {
          cv_.wait_for(lock, std::chrono::milliseconds(250));
          const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
          const auto done = static_cast<std::int64_t>(records_.size());
          const double rate = secs > 0 ? static_cast<double>(played_) / secs : 0;
          lock.unlock();
          console_.progress(done, schedule_.size(), running_.load(), rate);
          lock.lock();
        }
      }
      for (auto& t : threads) t.join();
      console_.end_progress();
      if (error_) std::rethrow_exception(error_);
      summary.outcome = env_.registry->interrupted() ? Outcome::Interrupted
                        : sprt_stop_                 ? Outcome::SprtDecided
                                                     : Outcome::Finished;
    }
    summary.games_recorded = static_cast<std::int64_t>(records_.size());
    summary.games_played = played_;
    summary.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return summary;
  }

  const std::vector<match::GameRecord>& records() const { return records_; }

 private:
  // The tables need only who played whom and how it ended: the moves are dropped from the
  // copy kept in memory, so an overnight run's memory does not grow with the game lengths.
  static match::GameRecord summary_of(const match::GameRecord& g) {
    match::GameRecord s;
    s.id = g.id;
    s.round = g.round;
    s.south = g.south;
    s.north = g.north;
    s.winner = g.winner;
    s.south_score = g.south_score;
    s.north_score = g.north_score;
    s.termination = g.termination;
    s.loser_side = g.loser_side;
    return s;
  }

  // Head-to-head pair statistics kept up to date game by game (recomputing the tables for the
  // SPRT would cost O(games) per game). Returns whether the game completed a pair, the only
  // time the SPRT's figures change.
  bool count_pair(const match::GameRecord& g) {
    if (names_.size() != 2) return false;
    const double pts = g.points_for(names_[0]);
    const auto partner = half_pairs_.find(g.id ^ 1);
    if (partner == half_pairs_.end()) {
      half_pairs_[g.id] = pts;
      return false;
    }
    auto result = [](double x) { return x == 1.0 ? stats::GameResult::Win : x == 0.5 ? stats::GameResult::Draw : stats::GameResult::Loss; };
    pentanomial_.add(result(partner->second), result(pts));
    half_pairs_.erase(partner);
    return true;
  }

  bool sprt_decided_locked() {
    if (!cfg_.sprt) return false;
    const auto st = output::sprt_status(pentanomial_, *cfg_.sprt);
    return st && st->state != output::SprtState::Continue;
  }

  std::optional<std::int64_t> next_game() {
    std::lock_guard lock(mutex_);
    if (error_ || sprt_stop_ || env_.registry->interrupted() || next_ >= pending_.size()) return std::nullopt;
    return pending_[next_++];
  }

  engine::EngineClient& client(std::map<int, std::unique_ptr<engine::EngineClient>>& cache, std::list<int>& lru, int e,
                               int other, int worker) {
    lru.remove(e);
    lru.push_front(e);
    auto& slot = cache[e];
    if (!slot) {
      engine::ClientEnv env;
      env.registry = env_.registry;
      env.timeouts = cfg_.timeouts;
      env.max_line = static_cast<std::size_t>(cfg_.max_line_bytes);
      env.variant_family = variant_.substr(0, variant_.find('('));
      if (cfg_.output.log_traffic || cfg_.output.log_stderr) {
        const std::string file = log_file_name(cfg_.engines[e].name, static_cast<std::size_t>(e));
        const std::string path = cfg_.output.dir + "/logs/" + file + "." + std::to_string(worker) + ".log";
        env.log = std::make_shared<process::LogSink>(path, static_cast<std::size_t>(cfg_.output.log_limit_mb) << 20,
                                                     cfg_.output.log_traffic, cfg_.output.log_stderr);
      }
      slot = std::make_unique<engine::EngineClient>(cfg_.engines[e], env);
    }
    while (lru.size() > kEnginesPerWorker) {  // stop the least recently used engine not needed now
      auto victim = std::find_if(lru.rbegin(), lru.rend(), [&](int x) { return x != e && x != other; });
      if (victim == lru.rend()) break;
      cache.erase(*victim);
      lru.erase(std::next(victim).base());
    }
    return *slot;
  }

  void worker(int w) {
    std::map<int, std::unique_ptr<engine::EngineClient>> cache;
    std::list<int> lru;
    try {
      while (auto id = next_game()) {
        const ScheduledGame sg = schedule_.at(*id);
        auto& south = client(cache, lru, sg.south, sg.north, w);
        auto& north = client(cache, lru, sg.north, sg.south, w);
        match::MatchParams p;
        p.id = sg.id;
        p.round = sg.round;
        p.opening_index = sg.opening_index;
        p.variant = variant_;
        p.opening = openings_[static_cast<std::size_t>(sg.opening_index)];
        p.south_tc = cfg_.tc_for(cfg_.engines[sg.south]);
        p.north_tc = cfg_.tc_for(cfg_.engines[sg.north]);
        p.adjudication = cfg_.adjudication;
        p.move_timeout_ms = cfg_.timeouts.move_timeout_ms;
        ++running_;
        match::GameRecord rec = match::play_game(p, south, north);
        --running_;
        if (env_.registry->interrupted()) break;  // a game cut short by Ctrl-C is not a result
        finished(rec);
      }
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
    cache.clear();  // quit, grace, kill, reap
    std::lock_guard lock(mutex_);
    ++finished_workers_;
    cv_.notify_all();
  }

  void finished(const match::GameRecord& rec) {
    writer_.append(rec);  // on disk before anything else is done with it
    std::string text;
    {
      std::lock_guard lock(mutex_);
      records_.push_back(summary_of(rec));
      const bool pair_completed = count_pair(rec);
      ++played_;
      const auto done = records_.size();
      if (!console_.live()) text += game_line(rec, done);
      if (cfg_.output.report_every > 0 && done % static_cast<std::size_t>(cfg_.output.report_every) == 0 &&
          done < static_cast<std::size_t>(schedule_.size())) {
        const auto s = output::compute(names_, records_, cfg_.anchor);
        text += "\n" + output::format_standings(s) + output::format_head_to_head(s, cfg_.sprt) + "\n";
      }
      // The likelihood fit can take milliseconds on degenerate samples: only after a new pair.
      if (pair_completed && sprt_decided_locked()) sprt_stop_ = true;
      cv_.notify_all();
    }
    if (!text.empty()) console_.print(text);
  }

  std::string game_line(const match::GameRecord& g, std::size_t done) const {
    const char* result = g.winner == match::Winner::South ? "1-0" : g.winner == match::Winner::North ? "0-1" : "1/2-1/2";
    std::string line = "Finished game " + std::to_string(g.id) + " (" + g.south + " vs " + g.north + "): " + result + " " +
                       std::to_string(g.south_score) + "-" + std::to_string(g.north_score) + " {" +
                       match::termination_name(g.termination);
    if (!g.detail.empty()) line += ": " + g.detail;
    return line + "} [" + std::to_string(done) + "/" + std::to_string(schedule_.size()) + "]\n";
  }

  const config::TournamentConfig& cfg_;
  RunEnv env_;
  std::string variant_;
  std::vector<match::Opening> openings_;
  Schedule schedule_;
  ResultsWriter writer_;
  std::vector<match::GameRecord> records_;
  output::Console& console_;
  std::vector<std::string> names_;
  std::map<std::int64_t, double> half_pairs_;  // finished games whose partner is not finished yet
  stats::Pentanomial pentanomial_;

  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::int64_t> pending_;
  std::size_t next_ = 0;
  std::int64_t played_ = 0;
  std::atomic<int> running_{0};
  int finished_workers_ = 0;
  bool sprt_stop_ = false;
  std::exception_ptr error_;
};

engine::ClientEnv preflight_env(const config::TournamentConfig& cfg, process::ChildRegistry& registry, const std::string& variant) {
  engine::ClientEnv env;
  env.registry = &registry;
  env.timeouts = cfg.timeouts;
  env.max_line = static_cast<std::size_t>(cfg.max_line_bytes);
  env.variant_family = variant.substr(0, variant.find('('));
  return env;
}

// Starts every engine once: a bad command, a missing option or a wrong variant is a config
// error now, not a forfeit in every game overnight. A handshake without the `protocol` or
// `variants` line is played (as cutechess plays a quiet UCI engine) but noted, since the
// variant check then rests on trust.
void preflight(const config::TournamentConfig& cfg, process::ChildRegistry& registry, const std::string& variant,
               output::Console& console) {
  const engine::ClientEnv env = preflight_env(cfg, registry, variant);
  for (std::size_t i = 0; i < cfg.engines.size(); ++i) {
    engine::EngineClient c(cfg.engines[i], env);
    const std::string who = "engines[" + std::to_string(i) + "] '" + cfg.engines[i].name + "'";
    if (auto err = c.start()) {
      if (registry.interrupted()) throw ConfigError("interrupted");
      throw ConfigError(who + ": " + *err);
    }
    std::string missing;
    if (!c.identity().protocol_version) missing = "'protocol 1'";
    if (c.identity().variants.empty()) missing += (missing.empty() ? "" : " and ") + std::string("'variants ...'");
    if (!missing.empty())
      console.print("Note: " + who + " sent no " + missing + " line before 'umiok'; playing it as a protocol 1 engine for " +
                    env.variant_family + ". `arena check` tests a handshake in full.\n");
  }
}

std::vector<match::Opening> make_openings(const config::TournamentConfig& cfg, process::ChildRegistry& registry,
                                          const std::string& variant) {
  using Source = config::OpeningsConfig::Source;
  const auto& oc = cfg.openings;
  if (oc.source == Source::Start) return {match::Opening{}};
  if (oc.source == Source::File) {
    auto list = openings::load_file(oc.file, variant);
    if (oc.shuffle) {
      Rng rng(cfg.seed ^ 0x626f6f6bULL);
      rng.shuffle(list);
    }
    return list;
  }
  openings::RandomSpec spec{variant, oc.plies, oc.count ? oc.count : cfg.rounds, cfg.seed, oc.filter_max_score};
  std::unique_ptr<engine::EngineClient> judge;
  openings::BalanceProbe probe;
  if (!oc.filter_engine.empty()) {
    const auto it = std::find_if(cfg.engines.begin(), cfg.engines.end(), [&](const auto& e) { return e.name == oc.filter_engine; });
    judge = std::make_unique<engine::EngineClient>(*it, preflight_env(cfg, registry, variant));
    if (auto err = judge->start()) throw ConfigError("openings.filter_engine '" + oc.filter_engine + "': " + *err);
    probe = [&](const match::Opening& o) -> std::optional<double> {
      std::string detail;
      if (!judge->running() && judge->start()) throw ConfigError("openings.filter_engine stopped working");
      if (judge->new_game(detail) != engine::Fault::None) throw ConfigError("openings.filter_engine: " + detail);
      protocol::GoLimits limits;
      limits.depth = oc.filter_depth;
      const auto reply = judge->search(match::position_command(variant, o, ""), limits,
                                       Clock::now() + std::chrono::milliseconds(cfg.timeouts.move_timeout_ms));
      if (reply.fault != engine::Fault::None) throw ConfigError("openings.filter_engine: " + reply.detail);
      // A judge that never says a score would refuse every opening, blamed on filter_max_score.
      if (!reply.info.score && reply.info.has_score)
        throw ConfigError("openings.filter_engine '" + oc.filter_engine + "': its last 'info ... score' at depth " +
                          std::to_string(oc.filter_depth) + " could not be read (expected 'score seeds <decimal>' or 'score proven <integer>')");
      if (!reply.info.score)
        throw ConfigError("openings.filter_engine '" + oc.filter_engine + "': no 'info ... score' before its bestmove at depth " +
                          std::to_string(oc.filter_depth) + "; the filter needs an engine that reports scores");
      return reply.info.score;
    };
  }
  try {
    return openings::generate_random(spec, probe);
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const ConfigError*>(&e)) throw;
    throw ConfigError(std::string("openings: ") + e.what());
  }
}

Schedule make_schedule(const config::TournamentConfig& cfg, const std::vector<match::Opening>& openings) {
  return Schedule(cfg.kind, static_cast<int>(cfg.engines.size()), cfg.gauntlet_players, cfg.rounds,
                  static_cast<int>(openings.size()), cfg.seed);
}

}  // namespace

std::string prepare_output(const config::TournamentConfig& cfg) {
  std::error_code ec;
  fs::create_directories(cfg.output.dir, ec);
  if (!fs::is_directory(cfg.output.dir))
    throw ConfigError("output.dir: cannot create the folder '" + cfg.output.dir + "'" + (ec ? ": " + ec.message() : std::string()));
  const fs::path dir = fs::canonical(cfg.output.dir);
  const fs::path results = fs::weakly_canonical(cfg.results_path());
  if (results.parent_path() != dir)
    throw ConfigError("output.results: '" + cfg.results_path() + "' leads outside the output folder '" + dir.string() + "'");
  if (cfg.output.log_traffic || cfg.output.log_stderr) {
    fs::create_directories(dir / "logs", ec);
    if (!fs::is_directory(dir / "logs") || fs::canonical(dir / "logs").parent_path() != dir)
      throw ConfigError("output.dir: cannot create the log folder '" + (dir / "logs").string() + "'");
  }
  return cfg.results_path();
}

RunSummary run(const config::TournamentConfig& cfg, const RunEnv& env) {
  config::validate(cfg);
  const std::string variant = mancala::parse_variant(cfg.variant)->spec();
  const std::string path = prepare_output(cfg);
  const ResultsLock lock(path);
  // As it will read back from the file (text that is not UTF-8 is stored replaced).
  const json tournament = json::parse(dump_line(config::schedule_json(cfg)));

  std::vector<match::Opening> openings;
  std::vector<match::GameRecord> existing;
  std::optional<ResultsWriter> writer;
  output::Console console(*env.out, env.terminal && cfg.output.progress);

  if (fs::exists(path)) {
    auto content = read_results(path);
    if (content.header.value("tournament", json()) != tournament) {
      const auto diff = first_difference(content.header.value("tournament", json::object()), tournament);
      // More rounds is the change most often meant as "play more games": say how that is done.
      const json& file_rounds = content.header.value("tournament", json::object()).value("rounds", json());
      const bool more_rounds = diff.rfind("'rounds'", 0) == 0 && file_rounds.is_number_integer() && file_rounds.get<std::int64_t>() < cfg.rounds;
      throw ConfigError("the results file '" + path + "' belongs to a different tournament" + (diff.empty() ? "" : " (" + diff + ")") +
                        "; refusing to add to it. Choose another output.results, or move the file away to start afresh" +
                        (more_rounds ? std::string(". To add games to it, run with another seed and output.results, then rate both "
                                                   "files together: arena ratings <this file> <the new one>")
                                     : std::string()));
    }
    openings = header_openings(content.header, variant, path);
    existing = std::move(content.games);
    // Before anything touches the file: a refused file stays byte for byte as it was.
    check_recorded_games(make_schedule(cfg, openings), existing, cfg, variant, openings, path);
    preflight(cfg, *env.registry, variant, console);
    writer.emplace(ResultsWriter::append_to(path, content.good_bytes));
    console.print("Resuming '" + path + "': " + std::to_string(existing.size()) + " games already recorded" +
                  (content.torn_tail ? " (an unfinished last line was dropped)" : "") + ".\n");
    // The anchor only names the zero of the Elo scale, so a new one is no reason to refuse, but
    // the file keeps the one it was started with, and `arena ratings` uses that.
    const std::string file_anchor = content.anchor();
    if (file_anchor != cfg.anchor)
      console.print("Note: this run's tables put " + (cfg.anchor.empty() ? std::string("the mean") : "'" + cfg.anchor + "'") +
                    " at 0; the file was started with " +
                    (file_anchor.empty() ? std::string("the mean") : "'" + file_anchor + "'") +
                    ", which `arena ratings` uses unless given --anchor.\n");
  } else {
    preflight(cfg, *env.registry, variant, console);
    openings = make_openings(cfg, *env.registry, variant);
    json header = {{"type", "header"}, {"format", kResultsFormat}, {"version", kResultsVersion}, {"tournament", tournament}};
    json ops = json::array();
    for (const auto& o : openings) ops.push_back(opening_json(o));
    header["openings"] = ops;
    if (!cfg.anchor.empty()) header["anchor"] = cfg.anchor;  // (not part of the schedule: for `arena ratings`)
    writer.emplace(ResultsWriter::create(path, header));
  }
  if (openings.empty()) throw ConfigError("no openings");

  const Schedule schedule = make_schedule(cfg, openings);
  console.print("Tournament '" + cfg.name + "': " + std::to_string(cfg.engines.size()) + " engines, " + variant + ", " +
                std::to_string(schedule.size()) + " games, " + config::describe_time_controls(cfg) + ", concurrency " +
                std::to_string(cfg.concurrency) + ", seed " + std::to_string(cfg.seed) + "\nResults: " + path + "\n" +
                config::concurrency_warning(cfg.concurrency, std::thread::hardware_concurrency()) +
                config::repeated_start_note(cfg) + config::reused_openings_note(cfg, openings.size()));

  Runner runner(cfg, env, variant, openings, schedule, std::move(*writer), std::move(existing), console);
  RunSummary summary = runner.run();

  std::vector<std::string> names;
  for (const auto& e : cfg.engines) names.push_back(e.name);
  const auto s = output::compute(names, runner.records(), cfg.anchor);
  std::string text = "\n" + output::format_standings(s) + "\n" + output::format_crosstable(s) + "\n" + output::format_terminations(s);
  const auto h2h = output::format_head_to_head(s, cfg.sprt);
  if (!h2h.empty()) text += h2h;
  if (summary.outcome == Outcome::Interrupted)
    text += "\nInterrupted: " + std::to_string(summary.games_recorded) + " of " + std::to_string(summary.games_total) +
            " games are recorded in " + path + ". Run the same command again to resume.\n";
  else if (summary.outcome == Outcome::SprtDecided)
    text += "\nSPRT decided after " + std::to_string(summary.games_recorded) + " games; stopped.\n";
  console.print(text);
  return summary;
}

}  // namespace arena::tournament
