#pragma once
// `arena check`: drives one engine through what PROTOCOL.md requires of it (handshake, options,
// isready, newgame, positions in every variant family it lists (also right after an extra turn
// and after an automatic pass, where the same side moves again), every go limit, stop, isready
// during a search, what a search refuses, pondering, a finished position, the game-over notice,
// error lines for an unknown command, an undeclared option, a bad option value, an illegal move
// (after which there is no position) and a malformed go, an over-long line, CR line endings,
// quit) and reports one item per requirement: what was expected and what came back.
//
// The engine runs as a Process (argument vector, own process group, bounded lines, deadlines on
// every wait). When it dies, stops answering or misbehaves past trusting (an unanswered `stop`),
// a fresh process is started for the next item, so that one fault does not hide the others; once
// a restart fails, or the first item on a restarted engine fails it again, or after kMaxRestarts
// restarts, the remaining items are reported as skipped.
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "process/child_registry.h"
#include "process/log_sink.h"

namespace arena::check {

enum class Verdict { Pass, Fail, Skip };
const char* verdict_name(Verdict v);  // "PASS", "FAIL", "SKIP"

struct Item {
  std::string name;      // stable: "handshake", "go movetime", "position moves kalah(6,4)", ...
  Verdict verdict = Verdict::Pass;
  std::string expected;  // what PROTOCOL.md asks for
  std::string got;       // what came back
};

struct CheckOptions {
  std::string program;
  std::vector<std::string> args;
  std::string workdir;
  std::vector<std::string> variants;  // variant specs to try; empty: one or two per family the engine lists
  std::chrono::milliseconds startup{10000};  // as `arena run` allows (timeouts.startup_ms)
  std::chrono::milliseconds ready{2000};     // isready, and the grace added to a go's own limit
  std::chrono::milliseconds quit_grace{1000};
  std::size_t max_line = 65536;
  std::shared_ptr<process::LogSink> log;  // every line both ways, the engine's stderr, and each verdict; may be null
};

// Fresh processes one check may start after the first (each costs up to `startup` + `ready` for
// its handshake, besides the wait of the item that failed): enough for an engine with several
// separate faults, bounded for one that fails every search.
inline constexpr int kMaxRestarts = 8;

// Runs every item in order; `report` is called as each item is decided (for live output).
std::vector<Item> run_check(const CheckOptions& options, process::ChildRegistry& registry,
                            const std::function<void(const Item&)>& report = {});

// "[PASS] handshake: ..." / "[FAIL] go depth: expected ...; got ...".
std::string format_item(const Item& item);

}  // namespace arena::check
