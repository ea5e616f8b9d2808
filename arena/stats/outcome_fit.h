// Outcome probabilities fitted to observed game (or game-pair) outcomes under an Elo model's
// constraint: the most likely ones with a given expected score (logistic model) or a given
// t-value (normalized model). The SPRT's likelihood ratio compares two such fits.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace arena::stats::outcome_fit {

using Probabilities = std::vector<double>;

// Stands in for a zero count, as fastchess does, so no outcome gets probability 0.
constexpr double kZeroCount = 1e-3;

// Observed outcomes: points per game of each outcome (ascending and equally spaced: games
// 0, 1/2, 1 or pairs 0, 1/4, ..., 1) and how often each was seen.
struct Sample {
  std::vector<double> points;
  std::vector<double> counts;  // zero counts already regularized
  Probabilities frequencies;
  int games_per_outcome;
};

Sample make_sample(std::span<const double> points, std::span<const std::int64_t> counts, int games_per_outcome);

// sum over outcomes of frequency x ln q.
double log_likelihood(const Sample& sample, const Probabilities& q);

// Most likely outcome probabilities whose expected score is `score` (logistic model).
std::optional<Probabilities> fit_score(const Sample& sample, double score);

// Most likely outcome probabilities whose t-value (mean - 1/2) / sd is `t` (normalized model).
// Empty should it fail numerically (no sample tried does).
std::optional<Probabilities> fit_t_value(const Sample& sample, double t);

}  // namespace arena::stats::outcome_fit
