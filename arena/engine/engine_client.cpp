#include "engine/engine_client.h"

#include <algorithm>

#include "text/tokens.h"

namespace arena::engine {

using mancala::text::split_tokens;
using std::chrono::milliseconds;

const char* fault_name(Fault f) {
  switch (f) {
    case Fault::None: return "none";
    case Fault::NoHandshake: return "no_handshake";
    case Fault::Stalled: return "stalled";
    case Fault::Crash: return "crash";
    case Fault::TimeForfeit: return "time_forfeit";
    case Fault::Malformed: return "malformed_output";
  }
  return "?";
}

EngineClient::EngineClient(config::EngineConfig config, ClientEnv env) : config_(std::move(config)), env_(std::move(env)) {}

EngineClient::~EngineClient() { stop(); }

void EngineClient::stop() {
  pondering_ = false;
  if (!proc_) return;
  proc_->shutdown("quit", milliseconds(env_.timeouts.quit_grace_ms));
  proc_.reset();
}

bool EngineClient::send(const std::string& line, Clock::time_point deadline) {
  return proc_ && proc_->write(line + "\n", deadline);
}

Fault EngineClient::wait_for(const std::string& token, Clock::time_point deadline, std::string& line,
                             std::string* first_error) {
  for (;;) {
    switch (proc_->read_line(line, deadline)) {
      case process::ReadStatus::Line: {
        const auto t = split_tokens(line);
        if (!t.empty() && t[0] == token) return Fault::None;
        if (first_error && first_error->empty() && protocol::is_error_line(line)) *first_error = line;
        break;
      }
      case process::ReadStatus::Timeout: return Fault::TimeForfeit;
      case process::ReadStatus::Closed: return Fault::Crash;
      case process::ReadStatus::TooLong: return Fault::Malformed;
    }
  }
}

std::optional<std::string> EngineClient::start() {
  stop();
  identity_ = Identity{};
  could_not_execute_ = false;
  process::SpawnSpec spec{config_.command, config_.args, config_.dir, env_.max_line};
  try {
    proc_ = std::make_unique<process::Process>(spec, *env_.registry, env_.log);
  } catch (const process::SpawnError& e) {
    could_not_execute_ = !env_.registry->interrupted();  // (a shutdown refuses new children too)
    return std::string(e.what());
  }
  if (auto failure = handshake()) {
    // An engine that died or fell silent often said why on stderr (a traceback's last line,
    // "file not found"); the log may not be on, so it goes into the message. Not for refusals
    // of a running engine (an undeclared option): its stderr is unrelated chatter then.
    std::string err = failure->message;
    if (failure->output_closed) {
      err += exit_details();  // " (exited with code 1)", " (killed by signal 11)", and stderr's last line
    } else if (failure->engine_gone_or_silent) {
      constexpr std::chrono::milliseconds kStderrWait{300};
      err += protocol::stderr_note(proc_->last_stderr_line(Clock::now() + kStderrWait));
    }
    stop();
    return err;
  }
  return std::nullopt;
}

std::optional<EngineClient::HandshakeFailure> EngineClient::handshake() {
  const auto deadline = Clock::now() + milliseconds(env_.timeouts.startup_ms);
  const std::string limit = std::to_string(env_.timeouts.startup_ms) + " ms";
  auto gone = [](std::string message) { return HandshakeFailure{std::move(message), true}; };
  auto refused = [](std::string message) { return HandshakeFailure{std::move(message), false}; };
  auto exited = [](std::string message) { return HandshakeFailure{std::move(message), true, true}; };
  if (!send("umi", deadline)) return exited("could not write to the engine: it exited at once");
  std::string line, last_line;
  std::vector<std::string> unreadable_options;
  for (;;) {
    const auto st = proc_->read_line(line, deadline);
    if (st == process::ReadStatus::Timeout) {
      // Either it never flushed, or it is slow, or its last handshake line is not "umiok".
      // (The client serves run, check and bench alike: name the setting of each that has one.)
      const std::string setting = " (the limit is timeouts.startup_ms in a run's config, --startup-ms for arena check)";
      if (last_line.empty())
        return gone("no 'umiok' within " + limit + ", nothing received: does it flush its output after each line?" + setting);
      return gone("no 'umiok' within " + limit + "; the last line received: '" + protocol::shown(last_line) +
                  "' (the handshake ends with 'umiok', lower case)" + setting);
    }
    if (st == process::ReadStatus::Closed) return exited("the engine exited during the handshake");
    if (st == process::ReadStatus::TooLong) return refused("a handshake line longer than " + std::to_string(env_.max_line) + " bytes");
    const auto t = split_tokens(line);
    if (t.empty()) continue;
    last_line = line;
    if (t[0] == "umiok") break;
    if (t[0] == "id" && t.size() >= 2) {
      std::string rest;
      for (std::size_t i = 2; i < t.size(); ++i) rest += (i > 2 ? " " : "") + std::string(t[i]);
      if (t[1] == "name") identity_.name = rest;
      if (t[1] == "author") identity_.author = rest;
    } else if (t[0] == "option") {
      if (auto spec = protocol::parse_option(line)) identity_.options.push_back(*spec);
      else unreadable_options.push_back(line);
    } else if (t[0] == "variants") {
      for (std::size_t i = 1; i < t.size(); ++i) identity_.variants.emplace_back(t[i]);
    } else if (t[0] == "protocol" && t.size() >= 2) {
      identity_.protocol_version = std::string(t[1]);
    }
  }
  if (const auto& version = identity_.protocol_version; version && !protocol::is_this_version(*version)) {
    const std::string ours = "this arena speaks protocol " + std::to_string(protocol::kVersion);
    if (!protocol::is_whole_number(*version))
      return refused("the engine's 'protocol " + protocol::shown(*version) + "' is not a whole-number version; " + ours);
    return refused("the engine speaks protocol " + protocol::shown(*version) + "; " + ours);
  }
  if (!identity_.variants.empty() && !env_.variant_family.empty() &&
      std::find(identity_.variants.begin(), identity_.variants.end(), env_.variant_family) == identity_.variants.end()) {
    std::string list;
    for (const auto& v : identity_.variants) list += (list.empty() ? "" : " ") + v;
    return refused("the engine does not play " + env_.variant_family + " (it lists: " + list + ")");
  }
  // Pondering needs the engine's Ponder option set to true (PROTOCOL.md section 3).
  auto options = config_.options;
  if (config_.ponder) {
    const protocol::OptionSpec* ponder = protocol::ponder_option(identity_.options);
    if (!ponder)
      return refused("ponder: the engine declares no check option 'Ponder' (PROTOCOL.md section 3: a GUI only sends "
                     "'go ponder' to an engine whose Ponder option is true)");
    if (std::none_of(options.begin(), options.end(), [](const auto& o) { return mancala::text::iequals(o.first, "Ponder"); }))
      options.emplace_back(ponder->name, "true");
  }
  for (const auto& [name, value] : options) {
    const protocol::OptionSpec* spec = protocol::find_option(identity_.options, name);
    if (!spec) {
      // A declaration the arena could not read is the likelier cause than a missing one.
      const auto unread = std::find_if(unreadable_options.begin(), unreadable_options.end(), [&](const std::string& l) {
        return mancala::text::iequals(protocol::declared_option_name(l), name);
      });
      if (unread != unreadable_options.end())
        return refused("option '" + name + "': the engine's declaration cannot be read: '" + protocol::shown(*unread, 200) +
                       "' (PROTOCOL.md section 5: every type but a button needs a default that is one of its values, "
                       "a spin min and max, a combo its vars)");
      return refused("option '" + name + "': the engine does not declare it");
    }
    auto checked = protocol::validate_option(*spec, value);
    if (!checked.ok()) return refused(checked.error);
    if (!send(protocol::format_setoption(*spec, checked.value), deadline)) return exited("the engine exited while setting options");
  }
  if (!send("isready", deadline)) return exited("the engine exited before 'isready'");
  // An engine that refuses a value says so with "info string error: ..." (PROTOCOL.md,
  // section 8); between the setoption lines and readyok nothing else can have caused it.
  std::string option_error;
  const Fault ready = wait_for("readyok", deadline, line, options.empty() ? nullptr : &option_error);
  if (ready == Fault::None && !option_error.empty())
    return refused("the engine refused an option setting: '" + protocol::shown(option_error, 200) + "'");
  switch (ready) {
    case Fault::None: return std::nullopt;
    case Fault::Crash: return exited("the engine exited before answering 'isready'");
    case Fault::Malformed: return refused("a line longer than " + std::to_string(env_.max_line) + " bytes");
    default: return gone("no 'readyok' within " + limit);
  }
}

Fault EngineClient::exchange(const std::vector<std::string>& lines, const std::string& token, const Exchange& about,
                             std::string& detail) {
  if (!proc_) {
    detail = "the engine is not running";
    return Fault::Crash;
  }
  const auto deadline = Clock::now() + milliseconds(env_.timeouts.ready_ms);
  const std::string limit = std::to_string(env_.timeouts.ready_ms) + " ms";
  std::string line;
  Fault f = Fault::None;
  bool exited = false;
  if (!std::all_of(lines.begin(), lines.end(), [&](const std::string& l) { return send(l, deadline); })) {
    // A live engine whose input cannot be written has closed it, or stopped reading it; one that
    // closed it on its way out is given a moment to go, to be reported as exited.
    const bool timed_out = Clock::now() >= deadline;
    exited = timed_out ? proc_->exited() : proc_->exited_by(Clock::now() + milliseconds(500));
    f = timed_out && !exited ? Fault::Stalled : Fault::Crash;
    if (!exited)
      detail = timed_out ? "the engine does not read its input (" + about.sent + " not taken within " + limit + ")"
                         : "the engine closed its input " + about.when + " (it is still running)";
  } else {
    f = wait_for(token, deadline, line);
    exited = f == Fault::Crash;
    if (f == Fault::TimeForfeit) {
      f = Fault::Stalled;
      detail = "no '" + token + "' within " + limit + about.no_answer;
    } else if (f == Fault::Malformed) {
      detail = "a line longer than " + std::to_string(env_.max_line) + " bytes";
    }
  }
  if (exited) detail = "the engine exited " + about.when + about.exited + exit_details();
  if (f != Fault::None) {
    if (env_.log) env_.log->line('#', about.failed + ": " + detail);
    stop();
  }
  return f;
}

Fault EngineClient::new_game(std::string& detail) {
  return exchange({"newgame", "isready"}, "readyok",
                  Exchange{"'newgame' and 'isready'", "before the game", " (on 'newgame' or 'isready')", "", "newgame failed"}, detail);
}

MoveReply EngineClient::search(const std::string& position_command, const protocol::GoLimits& limits,
                               Clock::time_point deadline) {
  MoveReply reply;
  if (!proc_) {
    reply.fault = Fault::Crash;
    reply.detail = "the engine is not running";
    return reply;
  }
  // A line the engine sent unasked (a second bestmove) must not be taken for this search's answer.
  // Reading them is the engine's time: one that floods between moves runs out of it.
  const auto t0 = Clock::now();
  const int dropped = proc_->discard_unread_lines(deadline);
  if (dropped > 0 && Clock::now() >= deadline) {
    reply.elapsed = Clock::now() - t0;
    reply.fault = Fault::TimeForfeit;
    reply.detail = "its time ran out while it was still sending lines nobody asked for (" + std::to_string(dropped) +
                   " ignored)";
    stop();
    return reply;
  }
  const std::string text = position_command + "\n" + protocol::format_go(limits) + "\n";
  if (!proc_->write(text, deadline)) {
    reply.elapsed = Clock::now() - t0;
    reply.fault = Clock::now() >= deadline ? Fault::TimeForfeit : Fault::Crash;
    reply.detail = reply.fault == Fault::Crash ? "the engine's input is closed" : "the engine does not read its input";
    stop();
    return reply;
  }
  return read_reply(t0, deadline);
}

MoveReply EngineClient::read_reply(Clock::time_point t0, Clock::time_point deadline, const std::string& since) {
  MoveReply reply;
  std::string line, ignored;
  for (std::int64_t lines_read = 0;; ++lines_read) {
    const auto st = proc_->read_line(line, deadline);
    if (st != process::ReadStatus::Line) {
      reply.elapsed = Clock::now() - t0;
      if (st == process::ReadStatus::Timeout) {
        reply.fault = Fault::TimeForfeit;
        const std::string ms = std::to_string(std::chrono::duration_cast<milliseconds>(reply.elapsed).count()) + " ms";
        reply.detail = "no bestmove " + (since.empty() ? "after " + ms : ms + " after " + since);
        // Silent, or busy talking (an engine flooding its output looks like this)?
        if (lines_read > 0)
          reply.detail += " (" + std::to_string(lines_read) + (lines_read == 1 ? " other line" : " other lines") + " received meanwhile)";
        // "BESTMOVE 3" or "best move 3" is ignored like any unknown line: say so.
        if (!ignored.empty()) reply.detail += "; the last line it sent, ignored as unknown: '" + protocol::shown(ignored) + "'";
      } else if (st == process::ReadStatus::Closed) {
        reply.fault = Fault::Crash;
        reply.detail = "the engine exited or closed its output during its search" + exit_details();
      } else {
        reply.fault = Fault::Malformed;
        reply.detail = "an output line longer than " + std::to_string(env_.max_line) + " bytes";
      }
      stop();
      return reply;
    }
    // (Leading blanks do not matter: PROTOCOL.md section 1.)
    const std::string_view text = std::string_view(line).substr(std::min(line.size(), line.find_first_not_of(" \t")));
    if (text.starts_with("info")) {
      if (protocol::is_error_line(line)) reply.error_line = line;
      else if (auto info = protocol::parse_info(line)) protocol::merge_info(reply.info, *info);
      continue;
    }
    if (!text.starts_with("bestmove")) {  // unknown lines are ignored, as in UCI
      ignored = line;
      continue;
    }
    reply.elapsed = Clock::now() - t0;
    if (auto bm = protocol::parse_bestmove(line)) {
      reply.move = bm->move;
      reply.ponder = bm->ponder;
      return reply;
    }
    if (split_tokens(line)[0] == "bestmove") {
      reply.fault = Fault::Malformed;
      reply.detail = "'bestmove' without a move";
      stop();
      return reply;
    }
    ignored = line;  // "bestmove3", "bestmove: 3": not a bestmove line either
  }
}

Fault EngineClient::start_ponder(const std::string& position_command, const protocol::GoLimits& limits, std::string& detail) {
  if (!proc_) {
    detail = "the engine is not running";
    return Fault::Crash;
  }
  // Its clock is not running: lines it still sends after its move get ready_ms to be read (as a
  // new game's isready does), so that none is taken for the ponder search's answer.
  const auto deadline = Clock::now() + milliseconds(env_.timeouts.ready_ms);
  const int dropped = proc_->discard_unread_lines(deadline);
  Fault f = Fault::None;
  if (dropped > 0 && Clock::now() >= deadline) {
    f = Fault::Stalled;
    detail = "still sending lines nobody asked for (" + std::to_string(dropped) + " ignored) " +
             std::to_string(env_.timeouts.ready_ms) + " ms after its move";
  } else if (!proc_->write(position_command + "\n" + protocol::format_go(limits, true) + "\n", deadline)) {
    const bool timed_out = Clock::now() >= deadline;
    f = timed_out ? Fault::Stalled : Fault::Crash;
    detail = timed_out ? "the engine does not read its input ('go ponder' not taken within " +
                             std::to_string(env_.timeouts.ready_ms) + " ms)"
                       : "the engine's input is closed (before 'go ponder')";
  }
  if (f != Fault::None) {
    stop();
    return f;
  }
  pondering_ = true;
  return Fault::None;
}

// PROTOCOL.md section 3: a ponder search answers only after `ponderhit` or `stop`. An answer sent
// before is still taken (a hit's position is the real one; a miss's answer is discarded anyway),
// but the engine's log says so: arena check fails such an engine.
void EngineClient::note_early_answer(const char* ending) {
  if (proc_ && env_.log && proc_->has_sent_line_starting("bestmove"))
    note(std::string("protocol breach: a 'bestmove' for 'go ponder' came before '") + ending +
         "' (a ponder search answers only after 'ponderhit' or 'stop'); taken as its answer");
}

MoveReply EngineClient::ponder_hit(Clock::time_point deadline) {
  pondering_ = false;
  note_early_answer("ponderhit");
  MoveReply reply;
  const auto t0 = Clock::now();
  if (!send("ponderhit", deadline)) {
    reply.elapsed = Clock::now() - t0;
    reply.fault = proc_ && Clock::now() >= deadline ? Fault::TimeForfeit : Fault::Crash;
    reply.detail = reply.fault == Fault::Crash ? "the engine's input is closed (at 'ponderhit')" : "the engine does not read its input";
    stop();
    return reply;
  }
  return read_reply(t0, deadline, "'ponderhit'");
}

Fault EngineClient::stop_ponder(std::string& detail) {
  pondering_ = false;
  note_early_answer("stop");
  return exchange({"stop"}, "bestmove",
                  Exchange{"'stop' of its ponder search", "while pondering", "", " of 'stop' ending its ponder search", "stop of the ponder search failed"},
                  detail);
}

std::string EngineClient::exit_details() {
  // Why, for the results file: how it ended and the last thing it said (a traceback's last
  // line), as at start-up.
  std::string out;
  const auto ending = proc_->end_after_output_closed();
  if (ending.status) out += " (" + process::Process::describe_exit(*ending.status) + ")";
  return out + protocol::stderr_note(ending.last_stderr);
}

void EngineClient::game_over(const std::string& notice) {
  if (proc_ && !proc_->write(notice + "\n", Clock::now() + milliseconds(50))) stop();
}

}  // namespace arena::engine
