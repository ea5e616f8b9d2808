#include "stats/ratings.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace arena::stats {

namespace {

// Dense square matrix; one row per player is small enough for Gauss-Jordan.
class Matrix {
 public:
  explicit Matrix(std::size_t n) : n_(n), cells_(n * n, 0.0) {}
  std::size_t size() const { return n_; }
  double& operator()(std::size_t row, std::size_t col) { return cells_[row * n_ + col]; }
  double operator()(std::size_t row, std::size_t col) const { return cells_[row * n_ + col]; }

 private:
  std::size_t n_;
  std::vector<double> cells_;
};

// Gauss-Jordan elimination. The information matrix is symmetric positive definite, so no
// pivoting is needed; a non-positive pivot means it is singular.
std::optional<Matrix> inverse(Matrix m) {
  const std::size_t n = m.size();
  Matrix inv(n);
  for (std::size_t i = 0; i < n; ++i) inv(i, i) = 1.0;
  for (std::size_t col = 0; col < n; ++col) {
    if (!(m(col, col) > 0.0)) return std::nullopt;
    const double scale = 1.0 / m(col, col);
    for (std::size_t k = 0; k < n; ++k) {
      m(col, k) *= scale;
      inv(col, k) *= scale;
    }
    for (std::size_t row = 0; row < n; ++row) {
      const double factor = m(row, col);
      for (std::size_t k = 0; row != col && factor != 0.0 && k < n; ++k) {
        m(row, k) -= factor * m(col, k);
        inv(row, k) -= factor * inv(col, k);
      }
    }
  }
  return inv;
}

// v^T C v: the variance of the linear combination v . theta when C is theta's covariance.
double quadratic_form(const Matrix& c, const std::vector<double>& v) {
  double sum = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    for (std::size_t j = 0; v[i] != 0.0 && j < v.size(); ++j) sum += v[i] * c(i, j) * v[j];
  return sum;
}

double logistic(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// ln(logistic(x)) without overflow for large |x|.
double log_logistic(double x) {
  return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

// What the fit sees: points(i, j) scored by i against j, games(i, j) between them.
struct Pool {
  Matrix points;
  Matrix games;
};

// reach[i][j]: a chain of links leads from i to j (Warshall's transitive closure).
template <typename Linked>
std::vector<std::vector<bool>> reachability(std::size_t n, Linked linked) {
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) reach[i][j] = i == j || linked(i, j);
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; reach[i][k] && j < n; ++j) reach[i][j] = reach[i][j] || reach[k][j];
  return reach;
}

// Connected components of the "played each other" graph, numbered by lowest member.
std::vector<std::size_t> find_groups(const Pool& pool) {
  const std::size_t n = pool.games.size();
  const auto reach = reachability(n, [&](auto i, auto j) { return pool.games(i, j) > 0; });
  std::vector<std::size_t> group(n, n);
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (group[i] == n) {
      for (std::size_t j = i; j < n; ++j)
        if (reach[i][j]) group[j] = count;
      ++count;
    }
  return group;
}

// The likelihood has a finite maximum iff, within each group, every player can reach every
// other through "scored points against" links. Players that cannot reach each other both
// ways sit on opposite sides of a whitewash; those pairings, and only those, get a virtual
// draw, which links them both ways. Returns how many were added.
std::int64_t soften_whitewashes(Pool& pool, std::vector<bool>& regularized) {
  const std::size_t n = pool.points.size();
  const auto reach = reachability(n, [&](auto i, auto j) { return pool.points(i, j) > 0; });
  std::int64_t added = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (pool.games(i, j) > 0 && !(reach[i][j] && reach[j][i])) {
        pool.points(i, j) += 0.5;
        pool.points(j, i) += 0.5;
        pool.games(i, j) += 1.0;
        pool.games(j, i) += 1.0;
        regularized[i] = regularized[j] = true;
        ++added;
      }
  return added;
}

double log_likelihood(const Pool& pool, const std::vector<double>& theta) {
  double sum = 0.0;
  for (std::size_t i = 0; i < theta.size(); ++i)
    for (std::size_t j = 0; j < theta.size(); ++j)
      if (pool.points(i, j) > 0) sum += pool.points(i, j) * log_logistic(theta[i] - theta[j]);
  return sum;
}

// Gradient and observed information (negative Hessian) of the log-likelihood. The first
// player of each group is pinned at 0: its row and column become the identity with zero
// gradient, so Newton steps leave it alone and the otherwise singular system is solvable.
void derivatives(const Pool& pool, const std::vector<double>& theta,
                 const std::vector<bool>& pinned, std::vector<double>& gradient,
                 Matrix& information) {
  for (std::size_t i = 0; i < theta.size(); ++i) {
    gradient[i] = 0.0;
    information(i, i) = pinned[i] ? 1.0 : 0.0;
    for (std::size_t j = 0; !pinned[i] && j < theta.size(); ++j) {
      if (j == i) continue;
      const double p = logistic(theta[i] - theta[j]);
      const double weight = pool.games(i, j) * p * (1.0 - p);
      gradient[i] += pool.points(i, j) - pool.games(i, j) * p;
      information(i, i) += weight;
      information(i, j) = pinned[j] ? 0.0 : -weight;
    }
  }
}

// Strengths in natural-log logistic units (each group's first player at 0) and their
// covariance, the inverse information (zero in the pinned rows and columns).
struct Fit {
  std::vector<double> theta;
  Matrix covariance;
};

std::optional<Fit> maximize_likelihood(const Pool& pool, const std::vector<std::size_t>& group) {
  const std::size_t n = group.size();
  std::vector<bool> pinned(n, false), group_seen(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    pinned[i] = !group_seen[group[i]];
    group_seen[group[i]] = true;
  }

  std::vector<double> theta(n, 0.0), gradient(n, 0.0), next(n);
  Matrix information(n);
  for (int iteration = 0; iteration < 200; ++iteration) {
    derivatives(pool, theta, pinned, gradient, information);
    const auto inv = inverse(information);
    if (!inv) return std::nullopt;
    std::vector<double> delta(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) delta[i] += (*inv)(i, j) * gradient[j];

    // The log-likelihood is concave, so halving the Newton step until it no longer
    // decreases is enough to converge from any start. The slack absorbs rounding noise,
    // which near the maximum is larger than the gain and would stall the last steps.
    const double current = log_likelihood(pool, theta);
    const double slack = 1e-12 * std::abs(current);
    double step = 1.0, largest_move = 0.0;
    for (int halving = 0; halving < 40; ++halving, step /= 2.0) {
      for (std::size_t i = 0; i < n; ++i) next[i] = theta[i] + step * delta[i];
      if (log_likelihood(pool, next) >= current - slack) break;
    }
    for (std::size_t i = 0; i < n; ++i)
      largest_move = std::max(largest_move, std::abs(next[i] - theta[i]));
    theta.swap(next);
    if (largest_move < 1e-12) break;
  }

  derivatives(pool, theta, pinned, gradient, information);
  auto covariance = inverse(information);
  if (!covariance) return std::nullopt;
  for (std::size_t i = 0; i < n; ++i)
    if (pinned[i]) (*covariance)(i, i) = 0.0;
  return Fit{theta, *covariance};
}

}  // namespace

std::optional<std::size_t> ResultTable::add_player(std::string name) {
  if (index_of(name)) return std::nullopt;
  for (auto& row : results_) row.emplace_back();
  results_.emplace_back(results_.size() + 1);
  players_.push_back(std::move(name));
  return players_.size() - 1;
}

std::optional<std::size_t> ResultTable::index_of(std::string_view name) const {
  const auto it = std::find(players_.begin(), players_.end(), name);
  if (it == players_.end()) return std::nullopt;
  return static_cast<std::size_t>(it - players_.begin());
}

bool ResultTable::add(std::size_t player, std::size_t opponent, const Wdl& result) {
  const bool counts_ok = result.wins >= 0 && result.draws >= 0 && result.losses >= 0;
  if (!counts_ok || player >= size() || opponent >= size() || player == opponent) return false;
  Wdl& forward = results_[player][opponent];
  forward = {forward.wins + result.wins, forward.draws + result.draws,
             forward.losses + result.losses};
  results_[opponent][player] = forward.swapped();
  return true;
}

bool ResultTable::add(std::string_view player, std::string_view opponent, const Wdl& result) {
  const auto p = index_of(player), o = index_of(opponent);
  return p && o && add(*p, *o, result);
}

Wdl ResultTable::result(std::size_t player, std::size_t opponent) const {
  return player < size() && opponent < size() ? results_[player][opponent] : Wdl{};
}

std::optional<Ratings> fit_ratings(const ResultTable& table, const Anchor& anchor) {
  const std::size_t n = table.size();
  std::optional<std::size_t> anchor_index;
  if (anchor.player && !(anchor_index = table.index_of(*anchor.player))) return std::nullopt;
  if (n == 0 || !std::isfinite(anchor.rating)) return std::nullopt;

  Ratings ratings;
  ratings.players.resize(n);
  Pool pool{Matrix(n), Matrix(n)};
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const Wdl r = table.result(i, j);
      pool.points(i, j) = static_cast<double>(r.wins) + 0.5 * static_cast<double>(r.draws);
      pool.games(i, j) = static_cast<double>(r.games());
      ratings.players[i].points += pool.points(i, j);
      ratings.players[i].games += r.games();
    }
  const std::vector<std::size_t> group = find_groups(pool);
  std::vector<bool> regularized(n, false);
  ratings.group_count = *std::max_element(group.begin(), group.end()) + 1;
  ratings.virtual_draws = soften_whitewashes(pool, regularized);
  const auto fit = maximize_likelihood(pool, group);
  if (!fit) return std::nullopt;

  for (std::size_t i = 0; i < n; ++i) {
    // Ratings are measured from the anchor player or the group mean, origin = w . theta,
    // so theta_i - origin = v . theta with v = e_i - w, and its variance is v C v.
    std::vector<double> v(n, 0.0);
    const auto group_size = std::count(group.begin(), group.end(), group[i]);
    for (std::size_t j = 0; j < n; ++j)
      if (anchor_index && group[*anchor_index] == group[i])
        v[j] = j == *anchor_index ? -1.0 : 0.0;
      else
        v[j] = group[j] == group[i] ? -1.0 / static_cast<double>(group_size) : 0.0;
    v[i] += 1.0;
    double difference = 0.0;
    for (std::size_t j = 0; j < n; ++j) difference += v[j] * fit->theta[j];

    PlayerRating& player = ratings.players[i];
    player.name = table.players()[i];
    player.elo = difference * kEloPerLogit + anchor.rating;
    player.error =
        kZ95 * kEloPerLogit * std::sqrt(std::max(0.0, quadratic_form(fit->covariance, v)));
    player.group = group[i];
    player.regularized = regularized[i];
  }
  return ratings;
}

}  // namespace arena::stats
