#include "stats/sprt.h"

#include "stats/outcome_fit.h"

#include <array>
#include <cmath>
#include <span>
#include <vector>

namespace arena::stats {

namespace {

using outcome_fit::Probabilities;
using outcome_fit::Sample;

std::optional<double> log_likelihood_ratio(const SprtParams& params, const Sample& sample) {
  std::optional<Probabilities> p0, p1;
  if (params.model == EloModel::Logistic) {
    p0 = outcome_fit::fit_score(sample, elo_to_score(params.elo0));
    p1 = outcome_fit::fit_score(sample, elo_to_score(params.elo1));
  } else {
    // A pair's t-value is sqrt(2) times a game's, as the pair averages two games.
    const double per_outcome = std::sqrt(static_cast<double>(sample.games_per_outcome));
    p0 = outcome_fit::fit_t_value(sample, params.elo0 / (2.0 * kEloPerLogit) * per_outcome);
    p1 = outcome_fit::fit_t_value(sample, params.elo1 / (2.0 * kEloPerLogit) * per_outcome);
  }
  if (!p0 || !p1) return std::nullopt;
  double llr = 0.0;
  for (std::size_t i = 0; i < sample.counts.size(); ++i)
    llr += sample.counts[i] * std::log((*p1)[i] / (*p0)[i]);
  return llr;
}

std::optional<double> llr_of(const SprtParams& params, std::span<const double> points,
                             std::span<const std::int64_t> counts, int games_per_outcome) {
  std::int64_t total = 0;
  for (std::int64_t c : counts) {
    if (c < 0) return std::nullopt;
    total += c;
  }
  if (total == 0) return 0.0;
  return log_likelihood_ratio(params, outcome_fit::make_sample(points, counts, games_per_outcome));
}

}  // namespace

Sprt::Sprt(const SprtParams& params)
    : params_(params),
      lower_(std::log(params.beta / (1.0 - params.alpha))),
      upper_(std::log((1.0 - params.beta) / params.alpha)) {}

std::optional<Sprt> Sprt::create(const SprtParams& params) {
  const bool probabilities_ok =
      params.alpha > 0.0 && params.beta > 0.0 && params.alpha + params.beta < 1.0;
  const bool hypotheses_ok = params.elo0 < params.elo1 && std::abs(params.elo0) <= kMaxElo &&
                             std::abs(params.elo1) <= kMaxElo;
  if (!probabilities_ok || !hypotheses_ok)  // also rejects NaN, which fails every comparison
    return std::nullopt;
  return Sprt(params);
}

std::optional<double> Sprt::llr(const Wdl& wdl) const {
  static constexpr std::array<double, 3> points{0.0, 0.5, 1.0};
  const std::array<std::int64_t, 3> counts{wdl.losses, wdl.draws, wdl.wins};
  return llr_of(params_, points, counts, 1);
}

std::optional<double> Sprt::llr(const Pentanomial& pentanomial) const {
  static constexpr std::array<double, 5> points{0.0, 0.25, 0.5, 0.75, 1.0};
  return llr_of(params_, points, pentanomial.pairs, 2);
}

SprtDecision Sprt::decide(double llr) const {
  if (llr >= upper_) return SprtDecision::AcceptH1;
  if (llr <= lower_) return SprtDecision::AcceptH0;
  return SprtDecision::Continue;
}

}  // namespace arena::stats
