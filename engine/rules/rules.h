#pragma once
// One interface, four rule sets. Every rules class offers the same members:
//   start(), generate(pos, MoveList&), for_each_move(pos, f), is_legal(pos, move),
//   make(pos&, move), play(pos, move) -> child, score(pos, side), pits(), variant(), and for the
//   search search_key(pos) (the table key: all but the stores or the captures, so positions
//   differing only in banked seeds share an entry; in store games also a position and its
//   mirror image with the other side to move; Mangala II keeps the captures, see there) and
//   play_into(pos, move, child&, key*) (play() written in place, with the child's search_key).
//   A class whose result needs more than the larger score also offers decisive(pos); the store
//   games offer capture_threat(pos, side), a move-ordering hint for the search's proofs.
// Hot code (search, perft) is a template over the rules class; visit_rules() picks the class
// once, so no virtual call happens per move.
#include <utility>

#include "bedouin_rules.h"
#include "mangala2_rules.h"
#include "outcome.h"
#include "store_rules.h"

namespace mancala {

template <class F>
decltype(auto) visit_rules(const Variant& v, F&& f) {
  switch (v.family) {
    case Family::Kalah:
      if (v.pits == 6) return std::forward<F>(f)(Kalah6Rules(v));  // the common board, geometry fixed
      return std::forward<F>(f)(KalahRules(v));
    case Family::Mangala: return std::forward<F>(f)(MangalaRules(v));
    case Family::Mangala2: return std::forward<F>(f)(Mangala2Rules(v));
    case Family::Bedouin: break;
  }
  return std::forward<F>(f)(BedouinRules(v));
}

// Final or current score margin from South's point of view.
template <class R>
int south_margin(const R& rules, const Position& p) {
  return rules.score(p, Side::South) - rules.score(p, Side::North);
}

// A finished game's margin from South's point of view as its result reads it: the score
// difference, but 0 for a draw. The two differ only where a larger score is not enough to win
// (Mangala II: a game the quiet-move limit ends with neither player at 37 is drawn).
template <class R>
int result_margin(const R& rules, const Position& p) {
  if constexpr (requires { rules.decisive(p); }) {
    if (!rules.decisive(p)) return 0;
  }
  return south_margin(rules, p);
}

// The result of a finished game.
template <class R>
Outcome outcome_of(const R& rules, const Position& p) {
  const int margin = result_margin(rules, p);
  return margin > 0 ? Outcome::SouthWins : margin < 0 ? Outcome::NorthWins : Outcome::Draw;
}

}  // namespace mancala
