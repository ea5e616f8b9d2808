#pragma once
// One game between two engine clients, refereed with the rules library: the arena keeps the
// authoritative position, sends stateless positions, checks every move, runs both clocks,
// adjudicates, and charges any fault to the engine that was to move.
#include <chrono>
#include <cstdint>

#include "config/config.h"
#include "engine/engine_client.h"
#include "match/game_record.h"

namespace arena::match {

struct MatchParams {
  std::int64_t id = 0;
  int round = 0;
  int opening_index = 0;
  std::string variant;             // canonical spec
  Opening opening;
  config::TimeControl south_tc, north_tc;
  config::Adjudication adjudication;
  std::int64_t move_timeout_ms = 60000;  // a move with no clock or move time
};

// Plays the game. Engines that are not running are started first (a failure to start is a
// loss by no_handshake). An engine that commits a fault is stopped, so the caller's next
// game starts it afresh.
GameRecord play_game(const MatchParams& params, engine::EngineClient& south, engine::EngineClient& north);

// The position the engines take over in: the opening's position (or the variant's start) after
// its moves. Throws std::invalid_argument naming what is not legal.
mancala::Game start_game(const std::string& variant, const Opening& opening);

// The position command for a game so far: "position startpos <variant> moves ..." or
// "position fen <notation> moves ...".
std::string position_command(const std::string& variant, const Opening& opening, const std::string& game_moves);

}  // namespace arena::match
