#include "stats/outcome_fit.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <utility>

namespace arena::stats::outcome_fit {

namespace {

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

// A distribution with every outcome possible and the given moments: a share eps spread evenly,
// the rest on three outcomes whose points (a, a^2) enclose what the spread share leaves to them
// (a fan of triangles from the first point covers the hull of the points), eps shrinking until
// they do. Empty if no share down to 1e-14 leaves a point inside: the moments are out of reach
// (or within rounding of the hull's edge).
std::optional<Probabilities> interior_start(const std::vector<double>& points, double mean, double second) {
  const std::size_t n = points.size();
  double even_mean = 0.0, even_second = 0.0;
  for (double a : points) {
    even_mean += a / static_cast<double>(n);
    even_second += a * a / static_cast<double>(n);
  }
  const double x0 = points[0], y0 = x0 * x0;
  for (double eps = 1e-2; eps >= 1e-14; eps /= 100.0) {
    const double x = (mean - eps * even_mean) / (1.0 - eps), y = (second - eps * even_second) / (1.0 - eps);
    for (std::size_t k = 1; k + 1 < n; ++k) {
      const double x1 = points[k], y1 = x1 * x1, x2 = points[k + 1], y2 = x2 * x2;
      const double det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
      const double b1 = ((x - x0) * (y2 - y0) - (x2 - x0) * (y - y0)) / det;
      const double b2 = ((x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)) / det;
      const double b0 = 1.0 - b1 - b2;
      if (b0 < 0.0 || b1 < 0.0 || b2 < 0.0) continue;
      Probabilities q(n, eps / static_cast<double>(n));
      q[0] += (1.0 - eps) * b0;
      q[k] += (1.0 - eps) * b1;
      q[k + 1] += (1.0 - eps) * b2;
      return q;
    }
  }
  return std::nullopt;
}

// Most likely probabilities with the given mean and second moment: the maximum of the concave
// sum f_i ln q_i over the distributions with these moments. From a distribution that has them,
// damped Newton steps move along the third differences of the outcomes (equally spaced
// points), which change no moment up to the second; three outcomes leave nothing to move.
// Working on q itself, not on Lagrange multipliers, keeps the moments exact: an outcome never
// seen (frequency about 1e-3 / N) may need a real probability, and through the multipliers,
// q_i = f_i / (1 + l . g_i), its denominator is about 1e-8 and lost to cancellation. Empty if
// the moments cannot be reached.
std::optional<Probabilities> fit_moments(const Sample& sample, double mean, double second) {
  auto start = interior_start(sample.points, mean, second);
  if (!start) return std::nullopt;
  Probabilities& q = *start;
  const std::size_t n = q.size();
  if (n == 3) return start;
  assert(n == 5);
  static constexpr double e[2][5] = {{-1, 3, -3, 1, 0}, {0, -1, 3, -3, 1}};
  // The objective, its gradient and minus its Hessian at q + x0 e0 + x1 e1.
  struct Point {
    double value = 0.0, gradient[2] = {0.0, 0.0}, h00 = 0.0, h01 = 0.0, h11 = 0.0;
  };
  auto evaluate = [&](double x0, double x1) {
    Point p;
    for (std::size_t i = 0; i < n; ++i) {
      const double qi = q[i] + x0 * e[0][i] + x1 * e[1][i];
      if (!(qi > 0.0)) return Point{-std::numeric_limits<double>::infinity()};
      const double w = sample.frequencies[i] / qi;
      p.value += sample.frequencies[i] * std::log(qi);
      p.gradient[0] += w * e[0][i];
      p.gradient[1] += w * e[1][i];
      p.h00 += w / qi * e[0][i] * e[0][i];
      p.h01 += w / qi * e[0][i] * e[1][i];
      p.h11 += w / qi * e[1][i] * e[1][i];
    }
    return p;
  };
  Point at = evaluate(0.0, 0.0);
  for (int iteration = 0; iteration < 300; ++iteration) {
    const double det = at.h00 * at.h11 - at.h01 * at.h01;
    if (!(det > 0.0)) break;
    const double step[2] = {(at.h11 * at.gradient[0] - at.h01 * at.gradient[1]) / det,
                            (at.h00 * at.gradient[1] - at.h01 * at.gradient[0]) / det};
    const double gain = at.gradient[0] * step[0] + at.gradient[1] * step[1];  // the Newton decrement
    if (!(gain > 1e-22)) break;
    // Halve the step until q stays positive and the objective rises (Armijo's condition).
    bool moved = false;
    for (double scale = 1.0; scale > 1e-30 && !moved; scale /= 2.0) {
      const Point there = evaluate(scale * step[0], scale * step[1]);
      if (there.value > at.value + 1e-4 * scale * gain) {
        for (std::size_t i = 0; i < n; ++i) q[i] += scale * (step[0] * e[0][i] + step[1] * e[1][i]);
        at = evaluate(0.0, 0.0);
        moved = true;
      }
    }
    if (!moved) break;  // nothing left to gain in double precision
  }
  if (!std::all_of(q.begin(), q.end(), [](double x) { return x > 0.0; })) return std::nullopt;
  return start;
}

// The maximum of `f` on [low, high], where f is taken to have one peak, by golden sections.
template <typename Function>
std::pair<double, double> golden_section_max(const Function& f, double low, double high) {
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  double x1 = high - ratio * (high - low), x2 = low + ratio * (high - low);
  double f1 = f(x1), f2 = f(x2);
  for (int i = 0; i < 80 && high - low > 1e-15; ++i) {
    if (f1 >= f2) {
      high = x2, x2 = x1, f2 = f1;
      x1 = high - ratio * (high - low), f1 = f(x1);
    } else {
      low = x1, x1 = x2, f1 = f2;
      x2 = low + ratio * (high - low), f2 = f(x2);
    }
  }
  return f1 >= f2 ? std::pair{x1, f1} : std::pair{x2, f2};
}

}  // namespace

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

double log_likelihood(const Sample& sample, const Probabilities& q) {
  double sum = 0.0;
  for (std::size_t i = 0; i < q.size(); ++i) sum += sample.frequencies[i] * std::log(q[i]);
  return sum;
}

// Most likely outcome probabilities whose expected score is `score` (logistic model).
std::optional<Probabilities> fit_score(const Sample& sample, double score) {
  std::vector<double> g;
  for (double a : sample.points) g.push_back(a - score);
  return tilt(sample.frequencies, g);
}

// Most likely outcome probabilities whose t-value (mean - 1/2) / sd is `t` (normalized model).
// The constraint is not convex, so a fixed-point iteration (fastchess's) can settle far from
// the maximum on samples that are nearly all one outcome (an outside review found LLR 8.81
// where the most likely fit gives 11.32). Instead: each standard deviation fixes, with the
// constraint, the mean and the second moment, and the best distribution with both is a convex
// problem (fit_moments); the standard deviation is then found by a scan of its whole range and
// golden-section refinement of every local maximum of the scan.
std::optional<Probabilities> fit_t_value(const Sample& sample, double t) {
  // The scan walks the standard deviation, which fixes the mean at 1/2 + t sd: sd <= sqrt(mean
  // (1 - mean)) on [0, 1] bounds it by 1 / (2 sqrt(1 + t^2)), and s in (0, 1) walks that range.
  // (Walking the mean instead, sd = (mean - 1/2) / t magnifies the mean's rounding by 1 / t: a
  // review found LLR -4093.28 for -4071.94 with t near 1e-8 and a billion games.) At t = 0 it
  // walks the spreads of mean 1/2.
  const double reach = 1.0 / (2.0 * std::sqrt(1.0 + t * t));
  auto fit_at = [&](double s) {
    const double sd = reach * s, mean = 0.5 + t * sd;
    return fit_moments(sample, mean, mean * mean + sd * sd);
  };
  auto likelihood_at = [&](double s) {
    const auto q = fit_at(s);
    return q ? log_likelihood(sample, *q) : -std::numeric_limits<double>::infinity();
  };
  constexpr int kScan = 512;
  std::vector<double> scan(kScan + 2, -std::numeric_limits<double>::infinity());  // ends stay -inf
  for (int k = 1; k <= kScan; ++k) scan[k] = likelihood_at(static_cast<double>(k) / (kScan + 1));
  double best_s = 0.0, best = -std::numeric_limits<double>::infinity();
  for (int k = 1; k <= kScan; ++k) {
    if (!std::isfinite(scan[k]) || scan[k] < scan[k - 1] || scan[k] < scan[k + 1]) continue;
    const auto [s, value] = golden_section_max(likelihood_at, static_cast<double>(k - 1) / (kScan + 1),
                                               static_cast<double>(k + 1) / (kScan + 1));
    if (value > best) best = value, best_s = s;
    if (scan[k] > best) best = scan[k], best_s = static_cast<double>(k) / (kScan + 1);
  }
  if (!std::isfinite(best)) return std::nullopt;
  return fit_at(best_s);
}


}  // namespace arena::stats::outcome_fit
