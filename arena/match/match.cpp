#include "match/match.h"

#include <stdexcept>

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

Winner side_winner(mancala::Side s) { return s == mancala::Side::South ? Winner::South : Winner::North; }

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
  auto forfeit = [&](Winner loser, Termination t, std::string detail) {
    rec.loser_side = loser;
    rec.detail = std::move(detail);
    finish(other(loser), t);
  };

  // Start (or restart) and prepare both engines; the first failure decides the game.
  auto start = [&](engine::EngineClient& client, Winner side) {
    auto err = client.start();
    if (!err) return true;
    if (client.could_not_execute()) throw engine::EngineUnavailable(client.config().name, *err);
    forfeit(side, Termination::NoHandshake, *err);
    return false;
  };
  auto prepare = [&](engine::EngineClient& client, Winner side) {
    const bool fresh = !client.running();
    if (fresh && !start(client, side)) return false;
    std::string detail;
    Fault f = client.new_game(detail);
    // A process kept from an earlier game that has ended since (some bots quit after
    // `gameover`) lost nothing yet: it is started afresh once. A fresh one that dies before the
    // game begins loses it.
    if (f == Fault::Crash && !fresh) {
      if (!start(client, side)) return false;
      f = client.new_game(detail);
    }
    if (f != Fault::None) {
      forfeit(side, termination_of(f), detail);
      return false;
    }
    return true;
  };
  bool ready = prepare(south, Winner::South) && prepare(north, Winner::North);

  std::string game_moves;
  const int total = game.variant().total_seeds();
  while (ready) {
    if (game.over()) {
      const auto o = *game.outcome();
      finish(o == mancala::Outcome::SouthWins ? Winner::South : o == mancala::Outcome::NorthWins ? Winner::North : Winner::Draw,
             Termination::Normal);
      break;
    }
    if (p.adjudication.decided) {
      const int s = game.score(mancala::Side::South), n = game.score(mancala::Side::North);
      if (2 * s > total || 2 * n > total) {
        finish(2 * s > total ? Winner::South : Winner::North, Termination::Decided);
        break;
      }
    }
    if (p.adjudication.max_moves && static_cast<int>(rec.moves.size()) >= p.adjudication.max_moves) {
      finish(Winner::Draw, Termination::MaxMoves);
      break;
    }

    const mancala::Side side = game.side_to_move();
    const int si = mancala::index(side);
    GameClock& clock = clocks[si];
    engine::EngineClient& mover = *clients[si];
    protocol::GoLimits limits;
    // Clocks only when the mover has one: UMI refuses a go that names the opponent's clock but
    // not the mover's (an engine with its own depth limit against one on a clock, say).
    if (clock.remaining_ms()) {
      limits.stime = clocks[0].remaining_ms();
      limits.ntime = clocks[1].remaining_ms();
      limits.sinc = clocks[0].increment_ms();
      limits.ninc = clocks[1].increment_ms();
      limits.movestogo = clock.moves_to_go();
    }
    const auto& tc = si == 0 ? p.south_tc : p.north_tc;
    limits.movetime = tc.movetime_ms;
    limits.depth = tc.depth;
    limits.nodes = tc.nodes;

    const microseconds margin = std::chrono::milliseconds(mover.config().time_margin_ms);
    const auto budget = clock.budget();
    const auto deadline = Clock::now() + (budget ? *budget + margin : microseconds(std::chrono::milliseconds(p.move_timeout_ms)));
    const auto reply = mover.search(position_command(p.variant, p.opening, game_moves), limits, deadline);
    const auto elapsed = std::chrono::duration_cast<microseconds>(reply.elapsed);
    const Winner mover_side = side_winner(side);
    if (reply.fault != Fault::None) {
      forfeit(mover_side, termination_of(reply.fault), reply.detail);
      break;
    }
    if (!clock.charge(elapsed, margin)) {
      forfeit(mover_side, Termination::TimeForfeit,
              "bestmove after " + std::to_string(elapsed.count() / 1000) + " ms, allowed " +
                  std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(*budget).count()) + " ms + margin");
      mover.stop();  // it may still be searching; a fresh process is cleaner than a stale reply
      break;
    }
    auto mv = game.parse_move(reply.move);
    if (!mv) {
      const auto why = game.parse_move(shown(reply.move));  // the rules quote the text they were given
      const std::string detail = reply.move == "none" ? "'bestmove none' in a position with legal moves"
                                 : why                ? "'" + shown(reply.move) + "' is not a move"
                                                      : why.error();
      // The position in the project's notation: paste it after `position` to replay the bug.
      forfeit(mover_side, Termination::IllegalMove, detail + " (position " + game.notation() + ")");
      mover.stop();
      break;
    }
    MoveRecord mr;
    mr.side = side == mancala::Side::South ? 's' : 'n';
    mr.move = game.move_text(*mv);
    mr.ms = static_cast<double>(elapsed.count()) / 1000.0;
    mr.score = reply.info.score;
    mr.proven = reply.info.proven;
    mr.bound = reply.info.bound;
    mr.depth = reply.info.depth;
    mr.nodes = reply.info.nodes;
    game_moves += " " + mr.move;
    rec.moves.push_back(std::move(mr));
    game.play(*mv);
  }

  const std::string notice = std::string("gameover ") + (rec.winner == Winner::South ? "south" : rec.winner == Winner::North ? "north" : "draw") +
                             " " + std::to_string(rec.south_score) + " " + std::to_string(rec.north_score) + " " +
                             termination_name(rec.termination);
  for (auto* c : clients) {
    c->game_over(notice);
    if (c->config().restart) c->stop();  // restart=on: no idle process waits for the next game
  }
  rec.duration_ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
  return rec;
}

}  // namespace arena::match
