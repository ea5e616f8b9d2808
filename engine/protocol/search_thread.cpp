#include "protocol/search_thread.h"

#include <chrono>
#include <exception>

#include "protocol/search_report.h"

namespace mancala::protocol {

void SearchThread::join() {
  if (worker_.joinable()) worker_.join();
}

void SearchThread::reset(bool task, bool ponder, bool holding) {
  join();
  std::lock_guard lock(mutex_);
  stop_requested_ = false;
  ponderhit_requested_ = false;
  pondering_ = ponder;
  holding_ = holding;
  abort_ = false;
  task_ = task;
}

void SearchThread::start(SearchJob job) {
  reset(false, job.ponder, job.ponder || job.limits.infinite);
  running_ = true;
  try {
    worker_ = std::thread([this, job = std::move(job)]() mutable { run(std::move(job)); });
  } catch (...) {
    running_ = false;  // no thread: no search, and the engine must not look busy for ever
    throw;
  }
}

void SearchThread::start_task(std::function<std::vector<std::string>(const std::atomic<bool>& stop)> task) {
  reset(true, false, false);
  running_ = true;
  try {
    worker_ = std::thread([this, task = std::move(task)] {
      std::vector<std::string> lines;
      try {
        lines = task(abort_);
      } catch (const std::exception& e) {  // no memory for bench's table, say: the engine goes on
        lines = {std::string("info string error: internal: ") + e.what()};
      }
      running_ = false;  // before the lines, as for a bestmove: a GUI that reacts finds the engine idle
      out_.write(lines);
    });
  } catch (...) {
    running_ = false;
    throw;
  }
}

void SearchThread::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_requested_ = true;
    abort_ = true;
  }
  wake_.notify_all();
  join();
}

void SearchThread::ponderhit() {
  {
    std::lock_guard lock(mutex_);
    // Only a ponder search that has not had its ponderhit yet: a normal search ignores it.
    if (!running_ || stop_requested_ || !pondering_ || ponderhit_requested_) return;
    ponderhit_requested_ = true;
    ponderhit_at_ = std::chrono::steady_clock::now();
    abort_ = true;  // ends the infinite ponder search; run() restarts it with the real limits
  }
  wake_.notify_all();
}

void SearchThread::finish() {
  bool holding = false;
  {
    std::lock_guard lock(mutex_);
    holding = holding_;
  }
  if (holding) stop();
  join();
}

void SearchThread::run(SearchJob job) {
  search::Limits limits = job.limits;
  if (job.ponder) {
    limits = search::Limits{};
    limits.infinite = true;
    limits.start = job.limits.start;
  }
  bool reported = false;
  std::uint64_t reported_nodes = 0;  // in the last info line
  auto report = [&](const search::Info& info) {
    if (!info.progress) {  // a progress line holds no score: the summary line may still be due
      reported = true;
      reported_nodes = info.nodes;
    }
    out_.write(format_info(job.game, info));
  };
  search::Result result;
  std::chrono::milliseconds searched{0};  // of the last search, not the wait for stop after it
  for (;;) {
    // Time from when the clock began to run, as in the info lines (the summary line uses it).
    const auto started = limits.clock_start();
    try {
      result = searcher_.search(job.game.variant(), job.game.position(), limits, abort_, report);
    } catch (const std::exception& e) {  // the engine goes on; the bestmove falls back to a legal move
      out_.write(std::string("info string error: internal: ") + e.what());
    }
    searched = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return !holding_ || stop_requested_ || ponderhit_requested_; });
    if (job.ponder && ponderhit_requested_ && !stop_requested_) {
      // The clocks now run for us: search again under the real limits (the table keeps the work).
      job.ponder = false;
      pondering_ = false;
      ponderhit_requested_ = false;
      holding_ = job.limits.infinite;
      limits = job.limits;
      limits.start = ponderhit_at_;
      abort_ = false;
      reported = false;  // the search after ponderhit reports, or sums up, on its own
      continue;
    }
    holding_ = false;
    break;
  }
  // No info line yet, or nodes searched after the last one (an iteration or a proof attempt cut
  // short): one summary line, so that the last line before bestmove carries the search's totals.
  if ((!reported || result.nodes > reported_nodes) && !job.game.over())
    out_.write(format_summary_info(job.game, result, searched.count()));
  const std::string line = format_bestmove(job.game, result);
  running_ = false;  // before the line: a GUI that reacts to bestmove finds the engine idle
  out_.write(line);
}

}  // namespace mancala::protocol
