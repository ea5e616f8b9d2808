// naive_rules.h - a deliberately slow, plain second implementation of the
// rules in RULES.md, used only as a test oracle for the engine.
//
// It is written straight from the rule text, step by step, and was written
// without looking at the engine. Speed is not a goal; being obviously
// correct is.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace naive {

enum class Family { Kalah, Mangala, Mangala2, Bedouin };

// pits/seeds/empty_capture are used by Kalah only (Mangala, Mangala II and
// Bedouin always have 6 pits per row; Mangala starts with 4 per pit, Mangala
// II with 6). counters is used by Bedouin only (K).
struct Variant {
  Family family = Family::Kalah;
  int pits = 6;
  int seeds = 4;
  bool empty_capture = false;
  int counters = 70;
};

// phase names: "distribute", "choose", "opening", "play" (only Bedouin uses
// the first three; the other families are always in "play").
struct Game {
  Variant variant;
  std::vector<int> south, north;  // pits, each from its OWNER's left (index 0 = pit "1")
  int store[2] = {0, 0};          // [0] = South store/captures, [1] = North
  int side = 0;                   // 0 = South to move, 1 = North
  std::string phase = "play";
  int quiet = 0;                  // consecutive moves without a capture (Mangala II and Bedouin only)
  bool over = false;
};

Game start(const Variant&);

// Empty iff the game is over. Tokens as RULES.md writes moves, sorted in
// std::string order:
//   "1".."m"    sow from that pit (numbered from the mover's own left)
//   "a,b,c,d"   Bedouin distribution: South pit 3, South pit 4, North pit 3, North pit 4
//   "keep", "flip"  Bedouin choice
//   "4"         Bedouin forced opening sowing
std::vector<std::string> legal_moves(const Game&);

// Throws std::invalid_argument on an illegal move (including any move in a
// finished game). After the move `side` is the player who must decide next
// (extra turns and automatic passes applied). In a finished game `side` is
// left as the player who made the last move.
Game play(const Game&, const std::string& move);

// store[0], store[1]. For a finished game they already include the
// end-of-game sweep where the rules have one.
std::array<int, 2> final_scores(const Game&);

// 0 South, 1 North, -1 draw. Meant for finished games (it just applies the
// family's result rule to the current scores).
int winner(const Game&);

// Number of legal move sequences of exactly `depth` moves. perft(g, 0) = 1.
// A game that ends before `depth` moves contributes nothing; automatic
// passes are not moves.
uint64_t perft(const Game&, int depth);

}  // namespace naive
