#include "stats/elo.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <span>
#include <sstream>

namespace arena::stats {

namespace {

constexpr double kNeloScale = 2.0 * kEloPerLogit;  // 800 / ln 10

// Samples whose outcomes score `points[i]` per game, seen `counts[i]` times.
// A sample is a game (trinomial) or a pair of games (pentanomial).
struct Distribution {
  std::span<const double> points;
  std::span<const std::int64_t> counts;
  int games_per_sample;
};

bool any_negative(std::span<const std::int64_t> counts) {
  return std::any_of(counts.begin(), counts.end(), [](std::int64_t c) { return c < 0; });
}

Estimate infinite(bool positive) {
  return {0.0, std::nullopt, positive ? Infinity::Positive : Infinity::Negative};
}

Estimate elo_estimate(double score, double standard_error) {
  if (score >= 1.0 || score <= 0.0) return infinite(score >= 1.0);
  Estimate estimate{*score_to_elo(score), std::nullopt, Infinity::None};
  const auto upper = score_to_elo(score + kZ95 * standard_error);
  const auto lower = score_to_elo(score - kZ95 * standard_error);
  if (upper && lower) estimate.error = (*upper - *lower) / 2.0;
  return estimate;
}

// The normalized Elo is a scaled t-value, so its half-width, kZ95 * 800/ln 10 / sqrt(games),
// does not depend on the spread; only the point estimate needs the per-game sd. One sample (a
// game, or a pair) has no spread to scale by: its bar is unbounded, as the Elo's is.
Estimate nelo_estimate(double score, double per_game_sd, double games, std::int64_t samples) {
  const std::optional<double> error =
      samples > 1 ? std::optional<double>(kZ95 * kNeloScale / std::sqrt(games)) : std::nullopt;
  if (per_game_sd > 0.0) return {(score - 0.5) / per_game_sd * kNeloScale, error, Infinity::None};
  if (score == 0.5) return {0.0, error, Infinity::None};
  return infinite(score > 0.5);
}

// With no spread (every sample the same result) the formula would claim certainty from two
// games: then the classical decisive-games formula, 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))),
// with each of the n samples one decisive result (2-0-0: 92.1%, not 100%).
double likelihood_of_superiority(double score, double standard_error, double samples) {
  if (standard_error > 0.0)
    return 0.5 * std::erfc(-(score - 0.5) / (standard_error * std::sqrt(2.0)));
  if (score == 0.5) return 0.5;
  const double z = std::sqrt(samples / 2.0);
  return 0.5 * std::erfc(score > 0.5 ? -z : z);
}

// The variance of one sample about the mean of `counts`.
double sample_variance(std::span<const double> points, std::span<const std::int64_t> counts) {
  double n = 0.0, mean = 0.0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    n += static_cast<double>(counts[i]);
    mean += points[i] * static_cast<double>(counts[i]);
  }
  mean /= n;
  double variance = 0.0;
  for (std::size_t i = 0; i < points.size(); ++i)
    variance += static_cast<double>(counts[i]) / n * (points[i] - mean) * (points[i] - mean);
  return variance;
}

// A prior's worth of spread: the variance once one sample of each outcome is added (ten draws
// are read as 1-11-1; fifty pairs of 1-1 as [1, 1, 51, 1, 1]), as add-one estimators do.
double spread_with_one_of_each(const Distribution& dist) {
  std::array<std::int64_t, 5> counts{};
  for (std::size_t i = 0; i < dist.counts.size(); ++i) counts[i] = dist.counts[i] + 1;
  return sample_variance(dist.points, std::span<const std::int64_t>(counts.data(), dist.counts.size()));
}

std::optional<MatchSummary> summarize(const Distribution& dist) {
  if (any_negative(dist.counts)) return std::nullopt;
  std::int64_t samples = 0;
  for (std::int64_t c : dist.counts) samples += c;
  if (samples == 0) return std::nullopt;

  const double n = static_cast<double>(samples);
  double score = 0.0;
  for (std::size_t i = 0; i < dist.points.size(); ++i)
    score += dist.points[i] * static_cast<double>(dist.counts[i]) / n;
  const double variance = sample_variance(dist.points, dist.counts);  // per sample
  const double standard_error = std::sqrt(variance / n);
  // No spread at a score short of 0% or 100% (all draws, every pair 1-1): the sample claims a
  // certainty it cannot give, so the bars and nElo take the spread of the sample with one more
  // of each outcome. A perfect score stays infinite; LOS has its own fallback.
  const double spread = variance > 0.0 || score <= 0.0 || score >= 1.0 ? variance : spread_with_one_of_each(dist);
  const double per_game_sd = std::sqrt(spread * dist.games_per_sample);

  MatchSummary summary;
  summary.samples = samples;
  summary.score = score;
  summary.elo = elo_estimate(score, std::sqrt(spread / n));
  summary.nelo = nelo_estimate(score, per_game_sd, n * dist.games_per_sample, samples);
  summary.los = likelihood_of_superiority(score, standard_error, n);
  return summary;
}

}  // namespace

void Wdl::add(GameResult result) {
  switch (result) {
    case GameResult::Win:
      ++wins;
      break;
    case GameResult::Draw:
      ++draws;
      break;
    case GameResult::Loss:
      ++losses;
      break;
  }
}

std::int64_t Pentanomial::pair_count() const {
  std::int64_t total = 0;
  for (std::int64_t c : pairs) total += c;
  return total;
}

Pentanomial Pentanomial::swapped() const {
  Pentanomial result;
  std::reverse_copy(pairs.begin(), pairs.end(), result.pairs.begin());
  return result;
}

void Pentanomial::add(GameResult first_game, GameResult second_game) {
  ++pairs[static_cast<std::size_t>(first_game) + static_cast<std::size_t>(second_game)];
}

std::string without_negative_zero(std::string text) {
  const bool zero = text.find('0') != std::string::npos && text.find_first_of("123456789") == std::string::npos;
  if (zero && text[0] == '-') text.erase(0, 1);
  return text;
}

std::string to_string(const Estimate& estimate, int decimals) {
  if (!estimate.finite()) return estimate.infinity == Infinity::Positive ? "+inf" : "-inf";
  std::ostringstream value, out;
  value << std::fixed << std::setprecision(std::max(decimals, 0)) << estimate.value;
  out << std::fixed << std::setprecision(std::max(decimals, 0)) << without_negative_zero(value.str()) << " +/- ";
  if (estimate.error)
    out << *estimate.error;
  else
    out << "inf";
  return out.str();
}

std::optional<MatchSummary> summarize(const Wdl& wdl) {
  static constexpr std::array<double, 3> points{1.0, 0.5, 0.0};
  const std::array<std::int64_t, 3> counts{wdl.wins, wdl.draws, wdl.losses};
  return summarize(Distribution{points, counts, 1});
}

std::optional<MatchSummary> summarize(const Pentanomial& pentanomial) {
  static constexpr std::array<double, 5> points{0.0, 0.25, 0.5, 0.75, 1.0};
  return summarize(Distribution{points, pentanomial.pairs, 2});
}

double elo_to_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

std::optional<double> score_to_elo(double score) {
  if (!(score > 0.0 && score < 1.0)) return std::nullopt;
  return 400.0 * std::log10(score / (1.0 - score));
}

}  // namespace arena::stats
