#pragma once
// One engine seen through UMI: start and handshake, validated options, "newgame"/"isready",
// one search per call with the arena's own stopwatch and an absolute deadline, the game-over
// notice, and shutdown. Every wait has a deadline; a failure names what went wrong and leaves
// the client stopped, ready to be started again for the next game.
#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/config.h"
#include "process/process.h"
#include "protocol/umi.h"

namespace arena::engine {

using Clock = process::Clock;

struct Identity {
  std::string name, author;                     // from "id name", "id author"
  std::vector<protocol::OptionSpec> options;    // as declared
  std::vector<std::string> variants;            // from "variants ..."; empty if not sent
  std::optional<std::string> protocol_version;  // from "protocol <n>", as sent
};

// What a client needs from the run around it.
struct ClientEnv {
  process::ChildRegistry* registry = nullptr;
  config::Timeouts timeouts;
  std::size_t max_line = 65536;
  std::string variant_family;                   // "kalah", ...: checked against "variants"
  std::shared_ptr<process::LogSink> log;        // may be null
};

enum class Fault {
  None,
  NoHandshake,     // could not start, or no umiok/readyok in time at start
  Stalled,         // no readyok to isready before a game
  Crash,           // stdout closed / process died
  TimeForfeit,     // no bestmove by the deadline
  Malformed,       // a line too long, or a bestmove line without a move
};
const char* fault_name(Fault f);  // the termination reason written to results files

struct MoveReply {
  Fault fault = Fault::None;
  std::string move;                 // the bestmove token when fault == None
  std::string ponder;               // its "ponder <move>", if any: the reply it expects
  std::string error_line;           // its last "info string error: ..." during the search, if any
  protocol::SearchInfo info;        // last values the engine reported for this search
  Clock::duration elapsed{};        // "go" written to "bestmove" read
  std::string detail;               // what went wrong, for the results file
};

class EngineClient {
 public:
  EngineClient(config::EngineConfig config, ClientEnv env);
  ~EngineClient();
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  const config::EngineConfig& config() const { return config_; }
  const Identity& identity() const { return identity_; }
  bool running() const { return proc_ != nullptr; }

  // Spawns, handshakes, sets the configured options, waits for readyok. On failure the
  // process is stopped and the message says why: among others an option the engine does not
  // declare (or declares in a form that cannot be read), a value outside what it declares, or
  // one it answers with "info string error: ...".
  std::optional<std::string> start();
  // Whether the last failed start() could not even execute the program (gone, no longer
  // executable, no process could be made): a fault of the machine, not of the engine.
  bool could_not_execute() const { return could_not_execute_; }
  // "newgame" then "isready"; Fault::Stalled/Crash on failure (the client is then stopped).
  Fault new_game(std::string& detail);
  // Sends "position ..." and "go ...", waits for "bestmove" until `deadline`.
  MoveReply search(const std::string& position_command, const protocol::GoLimits& limits, Clock::time_point deadline);
  // Pondering (config().ponder; PROTOCOL.md section 3). start_ponder sends the position after
  // the engine's move and its expected reply, with "go ponder <limits>". Then exactly one of:
  // ponder_hit, when the reply was played ("ponderhit"; the reply's elapsed time counts from it),
  // or stop_ponder, when another move was played or the game ended ("stop", and its bestmove,
  // ignored, within ready_ms). A failure stops the client; the fault and detail say why.
  Fault start_ponder(const std::string& position_command, const protocol::GoLimits& limits, std::string& detail);
  MoveReply ponder_hit(Clock::time_point deadline);
  Fault stop_ponder(std::string& detail);
  bool pondering() const { return pondering_; }
  // A line of the arena's own in the engine's log ('#'), if it has one.
  void note(const std::string& text) {
    if (env_.log) env_.log->line('#', text);
  }
  // The game-over notice, best effort: waits at most 50 ms to write it, and an engine that
  // cannot take it is stopped (quit, grace, kill, reap).
  void game_over(const std::string& notice);
  // quit -> grace -> kill -> reap. Safe to call when not running.
  void stop();

 private:
  void note_early_answer(const char* ending);  // a ponder search's bestmove before `ending`
  struct HandshakeFailure {
    std::string message;
    bool engine_gone_or_silent;  // exited or stopped answering: its stderr may say why
    bool output_closed = false;  // it exited (or closed its pipes): its exit status says how
  };
  std::optional<HandshakeFailure> handshake();
  bool send(const std::string& line, Clock::time_point deadline);
  // Reads until a line whose first token is `token`; Fault::None and the line on success. The
  // first "info string error..." line on the way goes into `first_error` if given.
  Fault wait_for(const std::string& token, Clock::time_point deadline, std::string& line,
                 std::string* first_error = nullptr);
  // What exchange() says of one exchange in its messages.
  struct Exchange {
    std::string sent;       // "'newgame' and 'isready'": not taken within ready_ms
    std::string when;       // "before the game": the engine exited / closed its input ...
    std::string exited;     // more about when it exited: " (on 'newgame' or 'isready')"
    std::string no_answer;  // after "no '<token>' within N ms"
    std::string failed;     // the log's note: "newgame failed"
  };
  // Between searches: sends `lines`, then reads up to a line whose first token is `token`, all
  // within ready_ms. On failure the client is stopped, the log notes it, and `detail` says why.
  Fault exchange(const std::vector<std::string>& lines, const std::string& token, const Exchange& about, std::string& detail);
  // After the engine's output closed: its exit status and last stderr line, for a message.
  // Ends the process (reaped).
  std::string exit_details();
  // Reads a search's info lines up to its bestmove, by `deadline`; `t0` is when its clock started
  // (`since` names what started it in a time-out's message, if not the go).
  MoveReply read_reply(Clock::time_point t0, Clock::time_point deadline, const std::string& since = "");

  config::EngineConfig config_;
  ClientEnv env_;
  Identity identity_;
  std::unique_ptr<process::Process> proc_;
  bool could_not_execute_ = false;
  bool pondering_ = false;  // a "go ponder" is running: ponder_hit or stop_ponder comes next
};

// Thrown when an engine that started before cannot be executed any more in the middle of a
// run: forfeiting all its remaining games would burn an overnight schedule, so the run stops
// and a resume plays them once the program is back.
class EngineUnavailable : public std::runtime_error {
 public:
  EngineUnavailable(const std::string& engine, const std::string& reason)
      : std::runtime_error("engine '" + engine + "' cannot be started: " + reason), reason_(reason) {}
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
};

}  // namespace arena::engine
