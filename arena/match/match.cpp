#include "match/match.h"

#include <optional>
#include <stdexcept>
#include <utility>

#include "match/game_clock.h"
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

// The reply `mover` expects, as its bestmove's ponder move, if it is worth pondering on: legal,
// the opponent's whole turn, and a position in which `mover` is to move (PROTOCOL.md section 3).
// Anything else (no ponder move, an illegal one) just means no pondering this time.
std::optional<mancala::Move> ponder_move(const mancala::Game& game, mancala::Side mover, const std::string& text) {
  if (text.empty() || game.over() || game.side_to_move() == mover) return std::nullopt;
  const auto reply = game.parse_move(text);
  if (!reply) return std::nullopt;
  mancala::Game after = game;
  after.play(*reply);
  if (after.over() || after.side_to_move() != mover) return std::nullopt;
  return *reply;
}

// Why the engine's `text` is not a move here, quoting it in printable form.
std::string not_a_move(const mancala::Game& game, const std::string& text) {
  if (text == "none") return "'bestmove none' in a position with legal moves";
  // The rules' message quotes the text it was given, so it is given the printable form; should
  // that form happen to be a move, the rules have nothing to say and the text is named here.
  const auto printable = game.parse_move(shown(text));
  return printable ? "'" + shown(text) + "' is not a move" : printable.error();
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

mancala::Game start_game(const std::string& variant, const Opening& opening) {
  auto g = opening.position.empty() ? mancala::Game::from_spec(variant) : mancala::Game::from_notation(opening.position);
  if (!g) throw std::invalid_argument("opening: " + g.error());
  mancala::Game game = *g;
  for (const auto& mv : opening.moves)
    if (auto err = game.play(mv)) throw std::invalid_argument("opening move '" + mv + "': " + *err);
  return game;
}

}  // namespace

std::string position_command(const std::string& variant, const Opening& opening, const std::string& game_moves) {
  std::string cmd = opening.position.empty() ? "position startpos " + variant : "position fen " + opening.position;
  if (!opening.moves.empty() || !game_moves.empty()) {
    cmd += " moves";
    for (const auto& m : opening.moves) cmd += " " + m;
    cmd += game_moves;
  }
  return cmd;
}

GameRecord play_game(const MatchParams& p, engine::EngineClient& south, engine::EngineClient& north) {
  const auto started = Clock::now();
  GameRecord rec;
  rec.id = p.id;
  rec.round = p.round;
  rec.opening_index = p.opening_index;
  rec.south = south.config().name;
  rec.north = north.config().name;
  rec.variant = p.variant;
  rec.opening = p.opening;

  mancala::Game game = start_game(p.variant, p.opening);
  engine::EngineClient* clients[2] = {&south, &north};
  GameClock clocks[2] = {GameClock(p.south_tc), GameClock(p.north_tc)};

  auto finish = [&](Winner w, Termination t) {
    rec.winner = w;
    rec.termination = t;
    rec.south_score = game.score(mancala::Side::South);
    rec.north_score = game.score(mancala::Side::North);
    rec.final_position = game.notation();
  };
  auto forfeit = [&](mancala::Side loser, Termination t, std::string detail) {
    rec.loser_side = loser;
    rec.detail = std::move(detail);
    finish(winner_of(~loser), t);
  };

  // Both engines started (or restarted) and told of the new game; the first failure decides it.
  auto prepared = [&](engine::EngineClient& client, mancala::Side side) {
    const auto failed = prepare(client);
    if (failed) forfeit(side, failed->termination, failed->detail);
    return !failed;
  };
  const bool ready = prepared(south, mancala::Side::South) && prepared(north, mancala::Side::North);

  std::string game_moves;
  // Pondering: the reply an engine expects after its move (`ponder` on, a reply after which it
  // moves again), then, once it ponders, that reply, and whether it was played (a ponder hit).
  std::optional<mancala::Move> ponder_on[2];
  std::optional<mancala::Move> expected[2];
  bool hit[2] = {false, false};
  while (ready) {
    if (game.over()) {
      finish(winner_of(*game.outcome()), Termination::Normal);
      break;
    }
    if (const auto ended = adjudicate(game, p.adjudication, rec.moves.size())) {
      finish(ended->first, ended->second);
      break;
    }

    const mancala::Side side = game.side_to_move();
    const int si = mancala::index(side);
    GameClock& clock = clocks[si];
    engine::EngineClient& mover = *clients[si];
    // The opponent ponders while this side thinks: it starts before this side's clock does.
    if (const int oi = 1 - si; ponder_on[oi]) {
      expected[oi] = std::exchange(ponder_on[oi], std::nullopt);
      std::string detail;
      const std::string ponder_moves = game_moves + " " + game.move_text(*expected[oi]);
      const Fault f = clients[oi]->start_ponder(position_command(p.variant, p.opening, ponder_moves),
                                                go_limits(clocks, oi, oi == 0 ? p.south_tc : p.north_tc), detail);
      if (f != Fault::None) {
        forfeit(~side, termination_of(f), detail);
        break;
      }
    }
    const protocol::GoLimits limits = go_limits(clocks, si, si == 0 ? p.south_tc : p.north_tc);
    const microseconds margin = std::chrono::milliseconds(mover.config().time_margin_ms);
    const auto budget = clock.budget();
    const auto deadline = Clock::now() + (budget ? *budget + margin : microseconds(std::chrono::milliseconds(p.move_timeout_ms)));
    const bool ponderhit = std::exchange(hit[si], false);
    const auto reply = ponderhit ? mover.ponder_hit(deadline) : mover.search(position_command(p.variant, p.opening, game_moves), limits, deadline);
    const auto elapsed = std::chrono::duration_cast<microseconds>(reply.elapsed);
    if (reply.fault != Fault::None) {
      forfeit(side, termination_of(reply.fault), reply.detail);
      break;
    }
    if (!clock.charge(elapsed, margin)) {
      forfeit(side, Termination::TimeForfeit,
              "bestmove after " + std::to_string(elapsed.count() / 1000) + " ms, allowed " +
                  std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(*budget).count()) + " ms + margin");
      mover.stop();  // it may still be searching; a fresh process is cleaner than a stale reply
      break;
    }
    const auto mv = game.parse_move(reply.move);
    if (!mv) {
      // The position in the project's notation: paste it after `position` to replay the bug.
      forfeit(side, Termination::IllegalMove, not_a_move(game, reply.move) + " (position " + game.notation() + ")");
      mover.stop();
      break;
    }
    rec.moves.push_back(move_record(side, game.move_text(*mv), elapsed, reply.info));
    rec.moves.back().ponderhit = ponderhit;
    game_moves += " " + rec.moves.back().move;
    game.play(*mv);
    if (mover.config().ponder) ponder_on[si] = ponder_move(game, side, reply.ponder);
    // The opponent pondered on this move, or on another: ponderhit at its turn, or stop now.
    if (const int oi = 1 - si; clients[oi]->pondering() && !(hit[oi] = *mv == *expected[oi])) {
      std::string detail;
      const Fault f = clients[oi]->stop_ponder(detail);
      if (f != Fault::None && !game.over()) {
        forfeit(~side, termination_of(f), detail);
        break;
      }
    }
  }
  // A game that ended while an engine pondered (its ponder hit unused, or the opponent's fault):
  // its search is stopped before the game-over notice. A failure now only costs its process.
  for (auto* c : clients) {
    std::string ignored;
    if (c->pondering()) c->stop_ponder(ignored);
  }

  const std::string notice =
      protocol::format_gameover(winner_name(rec.winner), rec.south_score, rec.north_score, termination_name(rec.termination));
  for (auto* c : clients) {
    c->game_over(notice);
    if (c->config().restart) c->stop();  // restart=on: no idle process waits for the next game
  }
  rec.duration_ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
  return rec;
}

}  // namespace arena::match
