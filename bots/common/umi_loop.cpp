#include "common/umi_loop.h"

#include <istream>
#include <ostream>
#include <string_view>
#include <vector>

#include "protocol/commands.h"
#include "protocol/helper_commands.h"
#include "protocol/line_io.h"
#include "protocol/options.h"
#include "text/tokens.h"

namespace bots {

namespace {

namespace umi = mancala::protocol;
using Args = std::vector<std::string_view>;

constexpr const char* kSeed = "Seed";

class BotSession {
 public:
  BotSession(const BotInfo& info, const Policy& policy, std::ostream& out) : info_(info), policy_(policy), out_(out) {
    options_.add(umi::Option::spin(kSeed, 0, 0, 2147483647));
  }

  // Executes one command line; false after `quit`.
  bool execute(std::string_view line) {
    line_has_error_ = false;
    const Args tokens = mancala::text::split_tokens(line);
    if (tokens.empty()) return true;
    const std::string_view command = tokens[0];
    const Args args(tokens.begin() + 1, tokens.end());
    // (eval is not a bot command: it gets the unknown-command line below instead)
    if (command != "eval" && umi::takes_no_arguments(command) && !args.empty())  // reported; the command still runs
      error(std::string(command) + " takes no arguments; ignored " + mancala::text::quote(args[0]) + " and after");

    if (command == "quit") return finish(), false;
    if (command == "umi") handshake();
    else if (command == "isready") say("readyok");
    else if (command == "stop") release();
    else if (command == "ponderhit") {
      if (pending_ && pending_->ponder_with_limits) release();
    } else if (command == "setoption") {
      if (idle_for(command)) setoption(mancala::text::after_first_token(line));
    } else if (command == "newgame") {
      (void)idle_for(command);  // nothing to forget: every go is answered from its position alone
    } else if (command == "position") {
      game_.reset();  // a bad position leaves none, never an old one
      if (auto g = umi::parse_position(args, false)) game_ = *g;
      else error(g.error());
    } else if (command == "go") go(args);
    else if (command == "gameover") {
      if (auto notice = umi::parse_gameover(args); !notice) error(notice.error());
    } else if (command == "d") {
      if (!game_) return error("d: no position (send position first)"), true;
      for (const std::string& text : umi::describe_position(*game_)) say(text);
    } else if (command == "perft") {
      if (idle_for(command)) perft(args);
    } else {
      error("unknown command " + mancala::text::quote(command));
    }
    return true;
  }

  // quit or end of input: a held bestmove is printed first, as an engine's stopped search would.
  void finish() { release(); }
  // A discarded line (too long) runs no part of itself, but one that began with `position` leaves
  // no position, as a bad `position` does (PROTOCOL.md, section 1).
  void discarded(const umi::InputLine& line) {
    if (line.is_position()) game_.reset();
  }

 private:
  // The answer of an infinite or ponder search, held until stop (or ponderhit).
  struct Pending {
    std::string lines;
    bool ponder_with_limits = false;  // ponderhit turns it into a search that is already done
  };

  void say(const std::string& text) { out_ << text << '\n' << std::flush; }
  void error(const std::string& message) {  // one error line per input line: the first fault
    if (line_has_error_) return;
    line_has_error_ = true;
    say("info string error: " + mancala::text::printable(message));
  }
  bool idle_for(std::string_view command) {
    if (pending_) error(std::string(command) + ": not while searching (send stop first)");
    return !pending_;
  }
  void release() {
    if (pending_) out_ << pending_->lines << std::flush;
    pending_.reset();
  }

  void handshake() {
    say("id name " + info_.name);
    say("id author " + info_.author);
    for (const std::string& text : options_.describe()) say(text);
    say("protocol 1");
    say("variants " + mancala::all_family_names());
    say("umiok");
  }

  void setoption(std::string_view text) {
    auto cmd = umi::parse_setoption(text);
    if (!cmd) return error(cmd.error());
    if (auto why = options_.set(cmd->name, cmd->value)) error(*why);
  }

  void go(const Args& args) {
    if (pending_) return error("go: a search is already running (send stop first)");
    auto refuse = [&](const std::string& why) {
      error(why);
      say("bestmove none");  // every go gets its bestmove, so no GUI waits for ever
    };
    auto decision = umi::decide_go(args, game_);
    if (!decision) return refuse(decision.error());
    if (decision->game_over) return say("bestmove none");

    const Choice c = policy_(*game_, static_cast<std::uint64_t>(options_.spin_value(kSeed)));
    const std::string answer = (c.score ? "info depth 1 score seeds " + std::to_string(*c.score) + "\n" : std::string()) +
                               "bestmove " + game_->move_text(c.move) + "\n";
    const umi::GoCommand& cmd = decision->command;
    if (cmd.limits.infinite || cmd.ponder) {  // such searches never end by themselves
      pending_ = Pending{answer, cmd.ponder && !cmd.limits.infinite};
      return;
    }
    out_ << answer << std::flush;
  }

  void perft(const Args& args) {
    auto depth = umi::parse_depth("perft", args, 0, umi::kMaxHelperDepth);
    if (!depth) return error(depth.error());
    if (!game_) return error("perft: no position (send position first)");
    // Run to completion before the next command (PROTOCOL.md section 10 allows it of a simple
    // engine; the project's engine runs it on its search thread, where `stop` ends it).
    say(umi::perft_report(*game_, *depth));
  }

  const BotInfo& info_;
  const Policy& policy_;
  std::ostream& out_;
  umi::OptionRegistry options_;
  std::optional<mancala::Game> game_;
  std::optional<Pending> pending_;
  bool line_has_error_ = false;
};

}  // namespace

int run_umi(const BotInfo& info, const Policy& policy, std::istream& in, std::ostream& out) {
  BotSession session(info, policy, out);
  umi::LineReader reader(in);
  while (auto line = reader.next()) {
    if (line->too_long) {
      out << "info string error: line longer than " << umi::kMaxLineBytes << " bytes discarded" << std::endl;
      session.discarded(*line);
      continue;
    }
    if (!session.execute(line->text)) return 0;
  }
  session.finish();
  return 0;
}

}  // namespace bots
