#pragma once
// The engine core: a game-tree search over any variant, without any text. The protocol layer
// (engine/protocol) turns commands into calls here and Info/Result back into lines.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "rules/move.h"
#include "rules/position.h"
#include "rules/variant.h"
#include "search/limits.h"

namespace mancala::search {

// Scores are in seeds from the side to move's point of view, in units of 1/100 seed.
inline constexpr int kScoreUnit = 100;

enum class Bound { Exact, Lower, Upper };

struct Info {
  int depth = 0;
  int seldepth = 0;
  int score = 0;        // 1/100 seeds, side to move
  bool proven = false;  // score is the exact game-theoretic final margin
  Bound bound = Bound::Exact;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;     // per mille
  int multipv = 0;      // a MultiPV search's line, 1 (the best) up; 0 in a one-line search
  std::vector<Move> pv;
  // A progress report: only nodes, time_ms and hashfull mean anything. Sent when a search has
  // reported nothing for kProgressPeriodMs, so that a long iteration or proof is seen working.
  bool progress = false;
};

inline constexpr std::int64_t kProgressPeriodMs = 1000;

struct Result {
  Move best = Move::none();    // none() only if the position is over
  Move ponder = Move::none();
  int score = 0;
  bool proven = false;
  int depth = 0;
  std::uint64_t nodes = 0;
};

struct Settings {
  int hash_mb = 64;
  int level = kMaxLevel;  // 1 (weakest) .. kMaxLevel (full strength)
  bool plain_eval = false;  // evaluate by the store/capture difference only (for comparisons)
  int multipv = 1;          // the best moves searched and reported, each with its own value and pv
  static constexpr int kMaxLevel = 20;
};

class SearchImpl;

// One search instance: owns its transposition table. Not thread-safe: one search at a time;
// `stop` may be set from another thread while search() runs.
class Searcher {
 public:
  explicit Searcher(const Settings& settings = {});
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  void configure(const Settings& settings);  // resizes the table if the hash size changed
  const Settings& settings() const;
  void new_game();                           // clears the table

  // Searches `pos` (the side to move decides). Calls on_info after every completed iteration
  // (and for a proven result), and with an Info whose `progress` is set after every second
  // without one: a caller that reads scores must skip those. Returns the best move found;
  // honours `stop` within a few ms.
  Result search(const Variant& variant, const Position& pos, const Limits& limits, const std::atomic<bool>& stop,
                const std::function<void(const Info&)>& on_info = {});

  // Static evaluation of pos (1/100 seeds, side to move), for tests and the `eval` command.
  int evaluate(const Variant& variant, const Position& pos) const;

 private:
  std::unique_ptr<SearchImpl> impl_;
};

}  // namespace mancala::search
