#pragma once
// Runs one search at a time on a worker thread, so the command loop keeps answering `isready`,
// `stop` and `quit` while it thinks. The worker prints the `info` lines and exactly one
// `bestmove` per started search. `go infinite` and `go ponder` hold the bestmove until `stop`
// (or, for ponder, restart with the real limits at `ponderhit`), as UCI requires. The long
// helper commands (`perft`, `bench`) run here too, so that they can be stopped.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "protocol/line_io.h"
#include "rules/game.h"
#include "search/search.h"

namespace mancala::protocol {

struct SearchJob {
  Game game;
  search::Limits limits;  // for a ponder search: the limits that apply from `ponderhit` on
  bool ponder = false;
};

class SearchThread {
 public:
  SearchThread(search::Searcher& searcher, LineWriter& out) : searcher_(searcher), out_(out) {}
  ~SearchThread() { stop(); }
  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;

  // True from start() until the bestmove has been decided, and from start_task() until the
  // task's lines are decided.
  bool busy() const { return running_.load(); }
  // busy() with a helper task (perft, bench), not a search.
  bool busy_with_task() const { return running_.load() && task_.load(); }
  // Waits for a finished worker to exit; afterwards the searcher may be used by the caller.
  // Only call when !busy() (a running search would be waited for, however long it takes).
  void join();

  void start(SearchJob job);  // requires !busy()
  // Runs `task` on the worker like a search with limits, then prints the lines it returns as
  // one block: busy() until then, and `stop` sets the flag it is given (it then ends early and
  // says so in its lines). An exception becomes an `info string error: internal: ...` line.
  // Requires !busy().
  void start_task(std::function<std::vector<std::string>(const std::atomic<bool>& stop)> task);
  void stop();                // ends any search and waits for its bestmove line
  void ponderhit();           // a ponder search becomes a normal one; ignored otherwise
  // End of input: a search with limits may finish; an infinite or ponder search is stopped.
  void finish();

 private:
  void run(SearchJob job);
  // The state a new job starts from (the worker is joined); `task` tells perft/bench from a search.
  void reset(bool task, bool ponder, bool holding);

  search::Searcher& searcher_;
  LineWriter& out_;
  std::thread worker_;
  std::atomic<bool> running_{false};
  std::atomic<bool> abort_{false};  // read by the search
  std::atomic<bool> task_{false};   // the running job is a helper task
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_requested_ = false;     // guarded by mutex_, like the two below
  bool ponderhit_requested_ = false;
  std::chrono::steady_clock::time_point ponderhit_at_{};  // when the real clock began to run
  bool pondering_ = false;          // the running search is a ponder search not yet hit
  bool holding_ = false;            // infinite or pondering: bestmove waits for stop
};

}  // namespace mancala::protocol
