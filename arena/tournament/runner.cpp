#include "tournament/runner.h"

#include <condition_variable>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "engine/engine_client.h"
#include "match/match.h"
#include "output/standings.h"
#include "tournament/preflight.h"

namespace arena::tournament {

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
    if (sprt_decided()) {
      summary.outcome = Outcome::SprtDecided;
    } else {
      const int workers = std::max(1, std::min<int>(cfg_.concurrency, static_cast<int>(pending_.size())));
      std::vector<std::thread> threads;
      try {
        for (int w = 0; w < workers; ++w) threads.emplace_back([this, w] { worker(w); });
      } catch (...) {  // no thread for a worker: the started ones take no new game, and are joined
        {
          std::lock_guard lock(mutex_);
          if (!error_) error_ = std::current_exception();
        }
        for (auto& t : threads) t.join();
        throw;
      }
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

  // The records, moved out: a run of millions of games must not hold them twice at its end.
  std::vector<match::GameRecord> take_records() { return std::move(records_); }

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
    const auto result = output::result_for(g, names_[0]);
    const auto partner = half_pairs_.find(match::partner_game(g.id));
    if (partner == half_pairs_.end()) {
      half_pairs_[g.id] = result;
      return false;
    }
    pentanomial_.add(partner->second, result);
    half_pairs_.erase(partner);
    return true;
  }

  // (Called with the mutex held once the workers run.)
  bool sprt_decided() {
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
      engine::ClientEnv env = client_env(cfg_, *env_.registry, variant_);
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
      if (pair_completed && sprt_decided()) sprt_stop_ = true;
      cv_.notify_all();
    }
    if (!text.empty()) console_.print(text);
  }

  std::string game_line(const match::GameRecord& g, std::size_t done) const {
    std::string line = "Finished game " + std::to_string(g.id) + " (" + g.south + " vs " + g.north + "): " + match::result_text(g.winner) + " " +
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
  std::map<std::int64_t, stats::GameResult> half_pairs_;  // finished games whose partner is not finished yet
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

}  // namespace

GamesPlayed play_games(const config::TournamentConfig& cfg, const RunEnv& env, const std::string& variant,
                       const std::vector<match::Opening>& openings, const Schedule& schedule, ResultsWriter writer,
                       std::vector<match::GameRecord> existing, output::Console& console) {
  Runner runner(cfg, env, variant, openings, schedule, std::move(writer), std::move(existing), console);
  GamesPlayed played;
  played.summary = runner.run();
  played.records = runner.take_records();
  return played;
}

}  // namespace arena::tournament
