#include "match/match.h"

#include <optional>
#include <stdexcept>
#include <utility>

#include "match/game_clock.h"
#include "protocol/ponder_reply.h"
#include "rules/game.h"

namespace arena::match {

using engine::Clock;
using engine::Fault;
using std::chrono::microseconds;

namespace {

Termination termination_of(Fault f) {
  switch (f) {
    case Fault::NoHandshake: return Termination::NoHandshake;
    case Fault::Stalled: return Termination::Stalled;
    case Fault::Crash: return Termination::Crash;
    case Fault::TimeForfeit: return Termination::TimeForfeit;
    case Fault::Malformed: return Termination::Malformed;
    case Fault::None: break;
  }
  throw std::logic_error("not a fault");
}

// An engine's text inside a detail message, short.
std::string shown(const std::string& text) { return protocol::shown(text, 40); }

// The game's end by adjudication, if a rule of the tournament ends it here.
std::optional<std::pair<Winner, Termination>> adjudicate(const mancala::Game& game, const config::Adjudication& rules, std::size_t moves) {
  if (rules.decided) {
    const int total = game.variant().total_seeds();
    const int s = game.score(mancala::Side::South), n = game.score(mancala::Side::North);
    if (2 * s > total || 2 * n > total) return std::pair{2 * s > total ? Winner::South : Winner::North, Termination::Decided};
  }
  if (rules.max_moves && moves >= static_cast<std::size_t>(rules.max_moves)) return std::pair{Winner::Draw, Termination::MaxMoves};
  return std::nullopt;
}

// The go limits for the engine of side `si`, from both clocks and its own time control.
protocol::GoLimits go_limits(const GameClock (&clocks)[2], int si, const config::TimeControl& tc) {
  protocol::GoLimits limits;
  // Clocks only when the mover has one: UMI refuses a go that names the opponent's clock but
  // not the mover's (an engine with its own depth limit against one on a clock, say).
  if (clocks[si].remaining_ms()) {
    limits.stime = clocks[0].remaining_ms();
    limits.ntime = clocks[1].remaining_ms();
    limits.sinc = clocks[0].increment_ms();
    limits.ninc = clocks[1].increment_ms();
    limits.movestogo = clocks[si].moves_to_go();
  }
  limits.movetime = tc.movetime_ms;
  limits.depth = tc.depth;
  limits.nodes = tc.nodes;
  return limits;
}

// Why the engine's `text` is not a move here, quoting it in printable form.
std::string not_a_move(const mancala::Game& game, const std::string& text) {
  if (text == "none") return "'bestmove none' in a position with legal moves";
  // The rules' message quotes the text it was given, so it is given the printable form; should
  // that form happen to be a move, the rules have nothing to say and the text is named here.
  const auto printable = game.parse_move(shown(text));
  if (printable) return "'" + shown(text) + "' is not a move";
  // A move the other side could play: the engine most likely has the side to move wrong.
  mancala::Position flipped = game.position();
  flipped.side = ~flipped.side;
  if (game.variant().family != mancala::Family::Bedouin && mancala::Game(game.variant(), flipped).parse_move(shown(text)))
    return printable.error() + " (" + std::string(game.side_to_move() == mancala::Side::South ? "South" : "North") +
           " is to move, and the move is one for the other side: does the engine apply extra turns and passes? PROTOCOL.md "
           "section 7)";
  return printable.error();
}

MoveRecord move_record(mancala::Side side, std::string move, microseconds elapsed, const protocol::SearchInfo& info) {
  MoveRecord mr;
  mr.side = side == mancala::Side::South ? 's' : 'n';
  mr.move = std::move(move);
  mr.ms = static_cast<double>(elapsed.count()) / 1000.0;
  mr.score = info.score;
  mr.proven = info.proven;
  mr.bound = info.bound;
  mr.depth = info.depth;
  mr.nodes = info.nodes;
  return mr;
}

struct Forfeit {
  Termination termination;
  std::string detail;
};

// Starts `client` if it is not running and tells it of a new game; what loses the game if that
// fails. An engine that cannot be executed at all ends the run instead (EngineUnavailable).
std::optional<Forfeit> prepare(engine::EngineClient& client) {
  auto start = [&]() -> std::optional<Forfeit> {
    const auto err = client.start();
    if (!err) return std::nullopt;
    if (client.could_not_execute()) throw engine::EngineUnavailable(client.config().name, *err);
    return Forfeit{Termination::NoHandshake, *err};
  };
  const bool fresh = !client.running();
  if (fresh)
    if (auto failed = start()) return failed;
  std::string detail;
  Fault f = client.new_game(detail);
  // A process kept from an earlier game was last told `gameover`: one that fails its new game
  // (it quit, is still on its way out, or stopped answering since) lost nothing yet and is
  // started afresh once. A fresh one that fails before the game begins loses it.
  if (f != Fault::None && !fresh) {
    if (auto failed = start()) return failed;
    f = client.new_game(detail);
  }
  if (f != Fault::None) return Forfeit{termination_of(f), detail};
  return std::nullopt;
}

}  // namespace

mancala::Game start_game(const std::string& variant, const Opening& opening) {
  auto g = opening.position.empty() ? mancala::Game::from_spec(variant) : mancala::Game::from_notation(opening.position);
  if (!g) throw std::invalid_argument("opening: " + g.error());
  mancala::Game game = *g;
  for (const auto& mv : opening.moves)
    if (auto err = game.play(mv)) throw std::invalid_argument("opening move '" + mv + "': " + *err);
  return game;
}

std::string position_command(const std::string& variant, const Opening& opening, const std::string& game_moves) {
  std::string cmd = opening.position.empty() ? "position startpos " + variant : "position fen " + opening.position;
  if (!opening.moves.empty() || !game_moves.empty()) {
    cmd += " moves";
    for (const auto& m : opening.moves) cmd += " " + m;
    cmd += game_moves;
  }
  return cmd;
}

namespace {

// One game being played: the authoritative position, both clocks, pondering, and the record.
// Each step returns false once it has ended the game (finish or forfeit).
class GameRun {
 public:
  GameRun(const MatchParams& p, engine::EngineClient& south, engine::EngineClient& north)
      : p_(p), clients_{&south, &north}, game_(start_game(p.variant, p.opening)), clocks_{GameClock(p.south_tc), GameClock(p.north_tc)} {
    rec_.id = p.id;
    rec_.round = p.round;
    rec_.opening_index = p.opening_index;
    rec_.south = south.config().name;
    rec_.north = north.config().name;
    rec_.variant = p.variant;
    rec_.opening = p.opening;
  }

  GameRecord play() {
    const auto started = Clock::now();
    // Both engines started (or restarted) and told of the new game; the first failure decides it.
    if (prepared(mancala::Side::South) && prepared(mancala::Side::North))
      while (goes_on() && opponent_ponders() && move()) {
      }
    // A game that ended while an engine pondered (its hit unused, or the opponent's fault): its
    // search is stopped before the game-over notice. A failure now only costs its process.
    for (auto* c : clients_) {
      std::string ignored;
      if (c->pondering()) c->stop_ponder(ignored);
    }
    const std::string notice =
        protocol::format_gameover(winner_name(rec_.winner), rec_.south_score, rec_.north_score, termination_name(rec_.termination));
    for (auto* c : clients_) {
      c->game_over(notice);
      if (c->config().restart) c->stop();  // restart=on: no idle process waits for the next game
    }
    rec_.duration_ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
    return rec_;
  }

 private:
  void finish(Winner w, Termination t) {
    rec_.winner = w;
    rec_.termination = t;
    rec_.south_score = game_.score(mancala::Side::South);
    rec_.north_score = game_.score(mancala::Side::North);
    rec_.final_position = game_.notation();
  }
  bool forfeit(mancala::Side loser, Termination t, std::string detail) {
    rec_.loser_side = loser;
    rec_.detail = std::move(detail);
    finish(winner_of(~loser), t);
    return false;
  }
  bool forfeit(int who, Fault f, std::string detail) { return forfeit(side_of(who), termination_of(f), std::move(detail)); }
  static mancala::Side side_of(int who) { return who == 0 ? mancala::Side::South : mancala::Side::North; }

  bool prepared(mancala::Side side) {
    const auto failed = prepare(*clients_[mancala::index(side)]);
    return !failed || forfeit(side, failed->termination, failed->detail);
  }

  // The game is not over, nor ended by adjudication.
  bool goes_on() {
    if (game_.over()) {
      finish(winner_of(*game_.outcome()), Termination::Normal);
      return false;
    }
    if (const auto ended = adjudicate(game_, p_.adjudication, rec_.moves.size())) {
      finish(ended->first, ended->second);
      return false;
    }
    return true;
  }

  protocol::GoLimits limits_for(int who) const { return go_limits(clocks_, who, who == 0 ? p_.south_tc : p_.north_tc); }

  // The engine not to move ponders on the reply it expects, if it named one after its move: it
  // starts before the mover's clock does.
  bool opponent_ponders() {
    const int who = 1 - mancala::index(game_.side_to_move());
    if (!ponder_on_[who]) return true;
    expected_[who] = std::exchange(ponder_on_[who], std::nullopt);
    const std::string moves = game_moves_ + " " + game_.move_text(*expected_[who]);
    std::string detail;
    const Fault f = clients_[who]->start_ponder(position_command(p_.variant, p_.opening, moves), limits_for(who), detail);
    return f == Fault::None || forfeit(who, f, detail);
  }

  // The side to move's search (or its ponder hit), checked and played.
  bool move() {
    const mancala::Side side = game_.side_to_move();
    const int si = mancala::index(side);
    GameClock& clock = clocks_[si];
    engine::EngineClient& mover = *clients_[si];
    const microseconds margin = std::chrono::milliseconds(mover.config().time_margin_ms);
    const auto budget = clock.budget();
    const auto deadline = Clock::now() + (budget ? *budget + margin : microseconds(std::chrono::milliseconds(p_.move_timeout_ms)));
    const bool ponderhit = std::exchange(hit_[si], false);
    const auto reply = ponderhit ? mover.ponder_hit(deadline)
                                 : mover.search(position_command(p_.variant, p_.opening, game_moves_), limits_for(si), deadline);
    const auto elapsed = std::chrono::duration_cast<microseconds>(reply.elapsed);
    if (reply.fault != Fault::None) return forfeit(si, reply.fault, reply.detail);
    if (!clock.charge(elapsed, margin)) {
      mover.stop();  // it may still be searching; a fresh process is cleaner than a stale reply
      return forfeit(side, Termination::TimeForfeit,
                     "bestmove after " + std::to_string(elapsed.count() / 1000) + " ms, allowed " +
                         std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(*budget).count()) + " ms + margin");
    }
    const auto mv = game_.parse_move(reply.move);
    if (!mv) {
      mover.stop();
      // The position in the project's notation: paste it after `position` to replay the bug.
      // An engine that refused the position says why on an error line: the likelier cause.
      const std::string said = reply.error_line.empty() ? "" : "; the engine said: '" + protocol::shown(reply.error_line, 200) + "'";
      return forfeit(side, Termination::IllegalMove, not_a_move(game_, reply.move) + " (position " + game_.notation() + ")" + said);
    }
    rec_.moves.push_back(move_record(side, game_.move_text(*mv), elapsed, reply.info));
    rec_.moves.back().ponderhit = ponderhit;
    game_moves_ += " " + rec_.moves.back().move;
    game_.play(*mv);
    if (mover.config().ponder && !reply.ponder.empty()) {
      // Anything but a ponder move by the rules just means no pondering this time (noted in its log).
      const auto expected = protocol::ponder_reply(game_, side, reply.ponder);
      if (expected) ponder_on_[si] = *expected;
      else mover.note("not pondering on 'ponder " + protocol::shown(reply.ponder, 40) + "': " + expected.error());
    }
    return settle_ponder(1 - si, *mv);
  }

  // The engine `who` pondered on `played` or on another move: ponderhit at its turn, or stop now.
  // A failed stop loses only a game that goes on: one the move ended, or that adjudication ends
  // now, stays as it ended (as when the stop comes after the game).
  bool settle_ponder(int who, mancala::Move played) {
    if (!clients_[who]->pondering() || (hit_[who] = played == *expected_[who])) return true;
    std::string detail;
    const Fault f = clients_[who]->stop_ponder(detail);
    return f == Fault::None || game_.over() || adjudicate(game_, p_.adjudication, rec_.moves.size()) || forfeit(who, f, detail);
  }

  const MatchParams& p_;
  engine::EngineClient* clients_[2];
  mancala::Game game_;
  GameClock clocks_[2];
  GameRecord rec_;
  std::string game_moves_;  // " m1 m2 ...": the game's moves after the opening
  // Pondering: the reply an engine expects after its move (`ponder` on, a reply after which it
  // moves again), then, once it ponders, that reply, and whether it was played (a ponder hit).
  std::optional<mancala::Move> ponder_on_[2], expected_[2];
  bool hit_[2] = {false, false};
};

}  // namespace

GameRecord play_game(const MatchParams& p, engine::EngineClient& south, engine::EngineClient& north) {
  return GameRun(p, south, north).play();
}

}  // namespace arena::match
