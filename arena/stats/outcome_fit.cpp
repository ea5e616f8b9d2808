#include "stats/outcome_fit.h"

#include <algorithm>
#include <array>
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

// Whether a distribution over the outcomes, all of them possible, can have this mean and
// second moment: (mean, second) inside the convex hull of the points (a, a^2), whose upper edge
// joins the first and last outcome and whose lower edges join neighbours (points ascending).
bool moments_reachable(const std::vector<double>& points, double mean, double second) {
  const double variance = second - mean * mean;
  if (!(mean > points.front() && mean < points.back())) return false;
  if (!(variance < (mean - points.front()) * (points.back() - mean))) return false;
  for (std::size_t k = 0; k + 1 < points.size(); ++k)
    if (mean <= points[k + 1]) return variance > (mean - points[k]) * (points[k + 1] - mean);
  return false;
}

// x with m x = r (Gaussian elimination with partial pivoting); empty if m is singular.
std::optional<std::array<double, 3>> solve3(double (&m)[3][3], double (&r)[3]) {
  for (int c = 0; c < 3; ++c) {
    int pivot = c;
    for (int row = c + 1; row < 3; ++row)
      if (std::abs(m[row][c]) > std::abs(m[pivot][c])) pivot = row;
    if (!(std::abs(m[pivot][c]) > 0.0)) return std::nullopt;
    std::swap(m[c], m[pivot]);
    std::swap(r[c], r[pivot]);
    for (int row = c + 1; row < 3; ++row) {
      const double factor = m[row][c] / m[c][c];
      for (int k = c; k < 3; ++k) m[row][k] -= factor * m[c][k];
      r[row] -= factor * r[c];
    }
  }
  std::array<double, 3> x{};
  for (int c = 2; c >= 0; --c) {
    double sum = r[c];
    for (int k = c + 1; k < 3; ++k) sum -= m[c][k] * x[k];
    x[c] = sum / m[c][c];
  }
  return x;
}

// Finishes a fit of two moments that the multipliers alone cannot finish in double precision:
// when an outcome never seen (frequency about 1e-3 / N) must get a real probability, its
// 1 + l . g_i is about 1e-8 and lost to cancellation, and the moments come out wrong. So `q` is
// first corrected onto the constraints (sum q = 1, the mean, the second moment) by factors
// 1 + v . (1, a_i, a_i^2), v solving the linearized constraints, then the likelihood is climbed
// within them: along the third differences of the outcomes (equally spaced points), which no
// quadratic in a sees, by damped Newton steps on a concave function. False if `q` leaves the
// open simplex.
bool settle_on_constraints(const Sample& sample, double mean, double second, Probabilities& q) {
  const std::size_t n = q.size();
  const double target[3] = {1.0, mean, second};
  for (int round = 0; round < 3; ++round) {
    double m[3][3] = {}, r[3] = {target[0], target[1], target[2]};
    for (std::size_t i = 0; i < n; ++i) {
      const double a = sample.points[i], phi[3] = {1.0, a, a * a};
      for (int j = 0; j < 3; ++j) {
        r[j] -= q[i] * phi[j];
        for (int k = 0; k < 3; ++k) m[j][k] += q[i] * phi[j] * phi[k];
      }
    }
    const auto v = solve3(m, r);
    if (!v) return false;
    for (std::size_t i = 0; i < n; ++i) {
      const double a = sample.points[i];
      q[i] *= 1.0 + (*v)[0] + (*v)[1] * a + (*v)[2] * a * a;
      if (!(q[i] > 0.0)) return false;
    }
  }
  if (n < 4) return true;  // three outcomes: the constraints leave one distribution
  assert(n == 5);
  const double e[2][5] = {{-1, 3, -3, 1, 0}, {0, -1, 3, -3, 1}};
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
  for (int iteration = 0; iteration < 100; ++iteration) {
    // The Newton step of the concave function (its Hessian is minus h).
    const double det = at.h00 * at.h11 - at.h01 * at.h01;
    if (!(det > 0.0)) break;
    const double step[2] = {(at.h11 * at.gradient[0] - at.h01 * at.gradient[1]) / det,
                            (at.h00 * at.gradient[1] - at.h01 * at.gradient[0]) / det};
    const double gain = at.gradient[0] * step[0] + at.gradient[1] * step[1];  // the Newton decrement
    if (!(gain > 1e-24)) break;
    bool moved = false;
    for (double scale = 1.0; scale > 1e-20 && !moved; scale /= 2.0) {
      const Point there = evaluate(scale * step[0], scale * step[1]);
      if (there.value > at.value + 1e-4 * scale * gain || (scale == 1.0 && there.value >= at.value)) {
        for (std::size_t i = 0; i < n; ++i) q[i] += scale * (step[0] * e[0][i] + step[1] * e[1][i]);
        at = evaluate(0.0, 0.0);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return std::all_of(q.begin(), q.end(), [](double x) { return x > 0.0; });
}

// Most likely probabilities with the given mean and second moment. Maximizing sum f_i ln q_i
// under these two linear constraints gives q_i = f_i / (1 + l . g_i), g_i = (a_i - mean,
// a_i^2 - second), where l minimizes the convex F(l) = -sum f_i ln(1 + l . g_i); damped
// Newton finds it, from `multipliers` (the l of a nearby fit, or 0) if that is in the domain,
// and leaves there the l it found. Empty if the moments cannot be reached.
std::optional<Probabilities> fit_moments(const Sample& sample, double mean, double second,
                                         std::array<double, 2>& multipliers) {
  if (!moments_reachable(sample.points, mean, second)) return std::nullopt;
  const std::size_t n = sample.points.size();
  std::vector<std::array<double, 2>> g(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double a = sample.points[i];
    g[i] = {a - mean, a * a - second};
  }
  // F, its gradient and Hessian at l; F is infinite outside the domain (some 1 + l . g_i <= 0).
  struct Point {
    double value = 0.0, gradient[2] = {0.0, 0.0}, h00 = 0.0, h01 = 0.0, h11 = 0.0;
    double gradient_size() const { return std::max(std::abs(gradient[0]), std::abs(gradient[1])); }
  };
  auto evaluate = [&](const std::array<double, 2>& l) {
    Point p;
    for (std::size_t i = 0; i < n; ++i) {
      const double d = 1.0 + l[0] * g[i][0] + l[1] * g[i][1];
      if (!(d > 0.0)) return Point{std::numeric_limits<double>::infinity()};
      const double w = sample.frequencies[i] / d;
      p.value -= sample.frequencies[i] * std::log(d);
      p.gradient[0] -= w * g[i][0];
      p.gradient[1] -= w * g[i][1];
      p.h00 += w / d * g[i][0] * g[i][0];
      p.h01 += w / d * g[i][0] * g[i][1];
      p.h11 += w / d * g[i][1] * g[i][1];
    }
    return p;
  };
  std::array<double, 2> l = multipliers;
  Point at = evaluate(l);
  if (!std::isfinite(at.value)) at = evaluate(l = {0.0, 0.0});
  for (int iteration = 0; iteration < 100 && at.gradient_size() > 1e-14; ++iteration) {
    const double det = at.h00 * at.h11 - at.h01 * at.h01;
    if (!(det > 0.0)) break;
    const double step[2] = {-(at.h11 * at.gradient[0] - at.h01 * at.gradient[1]) / det,
                            -(at.h00 * at.gradient[1] - at.h01 * at.gradient[0]) / det};
    // Halve the step until it stays in the domain and lowers F (Armijo's condition). Near the
    // minimum F's change drowns in rounding while the constraints, which the gradient measures,
    // are still off (outcomes seen rarely weigh little in F): there a smaller gradient decides.
    const double slope = at.gradient[0] * step[0] + at.gradient[1] * step[1];
    const double rounding = 1e-15 * (1.0 + std::abs(at.value));
    bool moved = false;
    for (double scale = 1.0; scale > 1e-20 && !moved; scale /= 2.0) {
      const std::array<double, 2> next{l[0] + scale * step[0], l[1] + scale * step[1]};
      const Point there = evaluate(next);
      if (there.value < at.value + 1e-4 * scale * slope ||
          (there.value <= at.value + rounding && there.gradient_size() < at.gradient_size())) {
        l = next;
        at = there;
        moved = true;
      }
    }
    if (!moved) break;  // nothing left to gain in double precision
  }
  Probabilities q(n);
  for (std::size_t i = 0; i < n; ++i) q[i] = sample.frequencies[i] / (1.0 + l[0] * g[i][0] + l[1] * g[i][1]);
  if (!settle_on_constraints(sample, mean, second, q)) return std::nullopt;
  // Only a distribution that has the moments asked for is a fit of them.
  double got_mean = 0.0, got_second = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    got_mean += q[i] * sample.points[i];
    got_second += q[i] * sample.points[i] * sample.points[i];
  }
  if (!(std::abs(got_mean - mean) < 1e-10 && std::abs(got_second - second) < 1e-10)) return std::nullopt;
  multipliers = l;
  return q;
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
// where the most likely fit gives 11.32). Instead: for each mean, the constraint fixes the
// second moment, and the best distribution with both is a convex problem (fit_moments); the
// mean is then found by a scan of its whole range and golden-section refinement of every
// local maximum of the scan.
std::optional<Probabilities> fit_t_value(const Sample& sample, double t) {
  // Near t = 0 the range of means shrinks to nothing; the fit there is the one of mean 1/2.
  if (std::abs(t) < 1e-8) return fit_score(sample, 0.5);
  // sd <= sqrt(mean (1 - mean)) on [0, 1] bounds the mean's distance from 1/2; s in (0, 1)
  // walks that range.
  const double reach = std::abs(t) / (2.0 * std::sqrt(1.0 + t * t)), sign = t > 0.0 ? 1.0 : -1.0;
  auto mean_at = [&](double s) { return 0.5 + sign * reach * s; };
  std::array<double, 2> multipliers{0.0, 0.0};  // carried from fit to fit: the means are close
  auto fit_at = [&](double s) {
    const double mean = mean_at(s), sd = (mean - 0.5) / t;
    return fit_moments(sample, mean, mean * mean + sd * sd, multipliers);
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
