// Two-player match statistics: score, Elo, normalized Elo and LOS, from per-game
// (trinomial) or per-pair (pentanomial) counts. Formulas follow fastchess so the
// numbers printed by the arena can be compared with theirs.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace arena::stats {

// 95% of a normal distribution lies within +-kZ95 standard deviations.
inline constexpr double kZ95 = 1.959963984540054;

// Elo points per unit of the natural-log logistic scale: 400 / ln(10).
inline constexpr double kEloPerLogit = 173.71779276130073;

enum class GameResult : std::uint8_t { Loss = 0, Draw = 1, Win = 2 };  // value = half-points

// Games counted from one player's side.
struct Wdl {
  std::int64_t wins = 0;
  std::int64_t draws = 0;
  std::int64_t losses = 0;

  [[nodiscard]] std::int64_t games() const { return wins + draws + losses; }
  [[nodiscard]] Wdl swapped() const { return {losses, draws, wins}; }
  void add(GameResult result);
};

// Colour-swapped game pairs bucketed by the pair's total score (0, 1/2, 1, 3/2, 2 points),
// in the order fastchess prints as Ptnml(0-2): [LL, LD, WL+DD, WD, WW].
struct Pentanomial {
  std::array<std::int64_t, 5> pairs{};

  [[nodiscard]] std::int64_t pair_count() const;
  [[nodiscard]] Pentanomial swapped() const;
  void add(GameResult first_game, GameResult second_game);
};

// Where an estimate has left the finite scale: a 100% score has no finite Elo.
enum class Infinity : std::int8_t { None = 0, Positive = 1, Negative = -1 };

// A value with its 95% half-width. NaN and inf never appear in the fields:
// an infinite value is reported through `infinity` (with `value` = 0), and a
// half-width whose interval reaches a 0% or 100% score is left empty.
struct Estimate {
  double value = 0.0;
  std::optional<double> error;
  Infinity infinity = Infinity::None;

  [[nodiscard]] bool finite() const { return infinity == Infinity::None; }
};

// A number printed as "-0.0" (or "-0", "-0.00%"): a value that rounds to zero from below. The
// sign says nothing there, so it is dropped; any other text is returned as it is.
[[nodiscard]] std::string without_negative_zero(std::string text);

// "40.70 +/- 30.43", "+inf", "-inf", or "512.00 +/- inf" when the error is unbounded.
[[nodiscard]] std::string to_string(const Estimate& estimate, int decimals = 2);

struct MatchSummary {
  std::int64_t samples = 0;  // games (trinomial) or game pairs (pentanomial)
  double score = 0.5;        // mean points per game, in [0, 1]
  Estimate elo;              // logistic Elo difference
  Estimate nelo;             // normalized Elo: (score - 1/2) / per-game sd, times 800/ln 10
  double los = 0.5;          // likelihood of superiority, fastchess formula, in [0, 1] (no spread: the W/L formula)
};

// Empty when there are no games or a count is negative. Degenerate samples:
//  * all wins / all losses: elo and nelo are +-inf, los is 1 / 0;
//  * every sample scoring the same (e.g. all draws, or every pair 1-1): the sd is 0, which
//    would claim certainty ("+/- 0"). The Elo error and nelo then use the sd of the sample with
//    one more of each outcome added (ten draws read as 1-11-1); nelo's error is the usual
//    1.96 * 800/ln 10 / sqrt(games), which never depends on the spread (but is unbounded for a
//    single sample, like the Elo's: one game or one pair bounds nothing); los is the classical
//    formula with each sample (a game, or a pair for the pentanomial) counted as one decisive
//    result: one lost pair gives 15.9%, as one lost game does.
[[nodiscard]] std::optional<MatchSummary> summarize(const Wdl& wdl);
[[nodiscard]] std::optional<MatchSummary> summarize(const Pentanomial& pentanomial);

// Expected score of a player rated `elo` above its opponent.
[[nodiscard]] double elo_to_score(double elo);
// Inverse of elo_to_score; empty outside the open interval (0, 1).
[[nodiscard]] std::optional<double> score_to_elo(double score);

}  // namespace arena::stats
