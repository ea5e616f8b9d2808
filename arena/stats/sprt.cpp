#include "stats/sprt.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <vector>

namespace arena::stats {

namespace {

using Probabilities = std::vector<double>;

// Stands in for a zero count, as fastchess does, so no outcome gets probability 0.
constexpr double kZeroCount = 1e-3;

// Observed outcomes: points per game of each outcome and how often it was seen.
struct Sample {
  std::vector<double> points;
  std::vector<double> counts;  // zero counts already regularized
  Probabilities frequencies;
  int games_per_outcome;
};

Sample make_sample(std::span<const double> points, std::span<const std::int64_t> counts,
                   int games_per_outcome) {
  Sample sample{{points.begin(), points.end()}, {}, {}, games_per_outcome};
  double total = 0.0;
  for (std::int64_t c : counts) {
    sample.counts.push_back(c > 0 ? static_cast<double>(c) : kZeroCount);
    total += sample.counts.back();
  }
  for (double c : sample.counts) sample.frequencies.push_back(c / total);
  return sample;
}

struct Moments {
  double mean;
  double sd;
};

Moments moments(const std::vector<double>& points, const Probabilities& probabilities) {
  double mean = 0.0, variance = 0.0;
  for (std::size_t i = 0; i < points.size(); ++i) mean += probabilities[i] * points[i];
  for (std::size_t i = 0; i < points.size(); ++i)
    variance += probabilities[i] * (points[i] - mean) * (points[i] - mean);
  return {mean, std::sqrt(variance)};
}

// Maximizing sum f_i ln q_i subject to sum q_i = 1 and sum q_i g_i = 0 gives
// q_i = f_i / (1 + x g_i), where x solves the "secular equation" sum f_i g_i / (1 + x g_i) = 0.
// Its left side falls monotonically between the poles -1/max(g) and -1/min(g), so bisection
// to full double precision finds the root. Empty if g does not change sign (no solution).
std::optional<Probabilities> tilt(const Probabilities& frequencies, const std::vector<double>& g) {
  const auto [min_g, max_g] = std::minmax_element(g.begin(), g.end());
  if (!(*min_g < 0.0 && *max_g > 0.0)) return std::nullopt;
  auto excess = [&](double x) {
    double sum = 0.0;
    for (std::size_t i = 0; i < g.size(); ++i) sum += frequencies[i] * g[i] / (1.0 + x * g[i]);
    return sum;
  };
  double low = -1.0 / *max_g, high = -1.0 / *min_g;
  for (int i = 0; i < 2000; ++i) {
    const double mid = low + (high - low) / 2.0;
    if (mid <= low || mid >= high) break;
    (excess(mid) > 0.0 ? low : high) = mid;
  }
  const double x = low + (high - low) / 2.0;
  Probabilities q(g.size());
  for (std::size_t i = 0; i < g.size(); ++i) q[i] = frequencies[i] / (1.0 + x * g[i]);
  return q;
}

// Most likely outcome probabilities whose expected score is `score` (logistic model).
std::optional<Probabilities> fit_score(const Sample& sample, double score) {
  std::vector<double> g;
  for (double a : sample.points) g.push_back(a - score);
  return tilt(sample.frequencies, g);
}

// Van den Bergh's fixed-point iteration for the constraint (mean - 1/2) / sd = t, started
// from the probabilities `q`. The constraint's gradient depends on the mean and sd of the
// solution itself, so it is re-linearized at each iterate. Empty if it fails to get there.
std::optional<Probabilities> fit_t_value_from(const Sample& sample, double t, Probabilities q) {
  for (int iteration = 0; iteration < 500; ++iteration) {
    const Moments m = moments(sample.points, q);
    std::vector<double> g;
    for (double a : sample.points)
      g.push_back(a - 0.5 - t * (m.sd * m.sd + (a - m.mean) * (a - m.mean)) / (2.0 * m.sd));
    auto next = tilt(sample.frequencies, g);
    if (!next) return std::nullopt;
    double change = 0.0;
    for (std::size_t i = 0; i < q.size(); ++i)
      change = std::max(change, std::abs((*next)[i] - q[i]));
    q = std::move(*next);
    if (change < 1e-14) break;
  }
  const Moments m = moments(sample.points, q);
  if (!(m.sd > 0.0) || std::abs(m.mean - 0.5 - t * m.sd) > 1e-9) return std::nullopt;
  return q;
}

// From `start`, the fixed point at `t`. If an iterate leaves the region where the constraint
// can be met, walk to `t` in smaller steps from 0, where any start is feasible.
std::optional<Probabilities> fit_t_value_walking(const Sample& sample, double t, const Probabilities& start) {
  for (int steps = 1; steps <= 256; steps *= 4) {
    std::optional<Probabilities> q = start;
    for (int step = 1; q && step <= steps; ++step)
      q = fit_t_value_from(sample, t * step / steps, *q);
    if (q) return q;
  }
  return std::nullopt;
}

double log_likelihood(const Sample& sample, const Probabilities& q) {
  double sum = 0.0;
  for (std::size_t i = 0; i < q.size(); ++i) sum += sample.frequencies[i] * std::log(q[i]);
  return sum;
}

// Most likely outcome probabilities whose t-value (mean - 1/2) / sd is `t` (normalized
// model). The constraint is not convex, so the fixed point can depend on where the iteration
// starts, and on samples that are nearly all one outcome the start fastchess uses (uniform)
// can settle far from the maximum (an outside review found LLR 8.81 where the most likely
// fit gives 11.32). So it starts from the uniform distribution, the observed frequencies, their
// mix, and each outcome made likely, and keeps the most likely result; the uniform start's
// result wins ties, so ordinary samples get fastchess's figures exactly.
std::optional<Probabilities> fit_t_value(const Sample& sample, double t) {
  const std::size_t outcomes = sample.points.size();
  const double share = 1.0 / static_cast<double>(outcomes);
  std::vector<Probabilities> starts{Probabilities(outcomes, share), sample.frequencies, {}};
  for (std::size_t i = 0; i < outcomes; ++i) starts[2].push_back((sample.frequencies[i] + share) / 2.0);
  for (std::size_t k = 0; k < outcomes; ++k) {
    Probabilities near_uniform(outcomes, share / 2.0), near_frequencies = sample.frequencies;
    near_uniform[k] += 0.5;
    for (double& f : near_frequencies) f /= 2.0;
    near_frequencies[k] += 0.5;
    starts.push_back(std::move(near_uniform));
    starts.push_back(std::move(near_frequencies));
  }
  std::optional<Probabilities> best;
  double best_likelihood = 0.0;
  for (const Probabilities& start : starts) {
    auto q = fit_t_value_walking(sample, t, start);
    if (!q) continue;
    const double likelihood = log_likelihood(sample, *q);
    if (!best || likelihood > best_likelihood + 1e-12) {
      best_likelihood = likelihood;
      best = std::move(q);
    }
  }
  return best;
}

std::optional<double> log_likelihood_ratio(const SprtParams& params, const Sample& sample) {
  std::optional<Probabilities> p0, p1;
  if (params.model == EloModel::Logistic) {
    p0 = fit_score(sample, elo_to_score(params.elo0));
    p1 = fit_score(sample, elo_to_score(params.elo1));
  } else {
    // A pair's t-value is sqrt(2) times a game's, as the pair averages two games.
    const double per_outcome = std::sqrt(static_cast<double>(sample.games_per_outcome));
    p0 = fit_t_value(sample, params.elo0 / (2.0 * kEloPerLogit) * per_outcome);
    p1 = fit_t_value(sample, params.elo1 / (2.0 * kEloPerLogit) * per_outcome);
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
  return log_likelihood_ratio(params, make_sample(points, counts, games_per_outcome));
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
