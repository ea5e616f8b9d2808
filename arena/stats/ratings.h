// Joint maximum-likelihood ratings for a pool of players from their pairwise results.
//
// Model: logistic Bradley-Terry on the Elo scale. A player rated d above its opponent is
// expected to score 1 / (1 + 10^(-d/400)) per game, with a draw counted as half a point
// (the model Ordo fits; BayesElo adds a draw parameter and a prior, which compress ratings).
// Unlike a per-player "score against the field" table, every game constrains both players,
// so results against strong and weak opponents are weighed correctly.
//
// Solved by Newton's method with step halving from all-zero ratings; fully deterministic.
// Dense O(players^3) linear algebra per step: fine for pools of a few hundred players.
//
// Errors are 95% half-widths from the inverse of the observed information (the negative
// Hessian of the log-likelihood) under the anchor constraint, so they are relative to the
// anchor: the anchor player itself has error 0. Counting a draw as half a win and half a
// loss treats draws as binomial noise, so the errors are conservative when draws are
// common (+18 =9 -3: +-143.6 here against the trinomial +-118.9 of elo.h).
//
// Perfect scores: when some set of players scored 0 points against all the others they
// met (a player with all wins or all losses is the simplest case), the maximum-likelihood
// ratings are infinite. Then each pairing across that divide (each one a whitewash) gets
// one virtual draw, half a point to each side, in the spirit of Ordo's "as if one game
// were a draw"; no other pairing is touched. If nobody has such a perfect result, no
// virtual draw is added and the fit is the plain maximum-likelihood one.
//
// Disconnected pools: players who are not linked by any chain of games form separate
// groups, reported per player. Ratings are comparable only within a group; see Anchor.
// A player without games is a group of its own, rated exactly at the anchor value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stats/elo.h"

namespace arena::stats {

// Results between every ordered pair of registered players.
class ResultTable {
 public:
  // Registers a player and returns its index; empty if the name is already taken.
  [[nodiscard]] std::optional<std::size_t> add_player(std::string name);

  [[nodiscard]] std::size_t size() const { return players_.size(); }
  [[nodiscard]] const std::vector<std::string>& players() const { return players_; }
  [[nodiscard]] std::optional<std::size_t> index_of(std::string_view name) const;

  // Records games of `player` against `opponent`, counted from `player`'s side; the
  // mirrored entry is updated too. Returns false and records nothing for an unknown
  // player, a player paired with itself, or a negative count.
  [[nodiscard]] bool add(std::size_t player, std::size_t opponent, const Wdl& result);
  [[nodiscard]] bool add(std::string_view player, std::string_view opponent, const Wdl& result);

  // Games of `player` against `opponent` from `player`'s side; all zero for bad indices.
  [[nodiscard]] Wdl result(std::size_t player, std::size_t opponent) const;

 private:
  std::vector<std::string> players_;
  std::vector<std::vector<Wdl>> results_;  // [player][opponent], from player's side
};

// Fixes the otherwise arbitrary origin of the ratings.
//  * With a player: that player is rated `rating`; errors are relative to it. Other groups
//    (players with no chain of games to the anchor) are centred on `rating` instead.
//  * Without: the mean of each group is `rating`; errors are relative to that mean.
struct Anchor {
  std::optional<std::string> player;
  double rating = 0.0;
};

struct PlayerRating {
  std::string name;
  double elo = 0.0;          // on the anchor's scale
  double error = 0.0;        // 95% half-width relative to the anchor
  double points = 0.0;       // actual points scored (no virtual draws)
  std::int64_t games = 0;    // actual games played
  std::size_t group = 0;     // ratings are comparable only within a group
  bool regularized = false;  // had a whitewash softened by a virtual draw
};

struct Ratings {
  std::vector<PlayerRating> players;  // in the table's order
  std::size_t group_count = 0;
  std::int64_t virtual_draws = 0;  // total added; 0 means a plain ML fit

  [[nodiscard]] bool connected() const { return group_count <= 1; }
};

// Empty if the table has no players, the anchor names an unknown player or has a
// non-finite rating, or (not expected to happen) the linear algebra breaks down.
[[nodiscard]] std::optional<Ratings> fit_ratings(const ResultTable& table,
                                                 const Anchor& anchor = {});

}  // namespace arena::stats
