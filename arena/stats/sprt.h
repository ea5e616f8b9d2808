// Sequential probability ratio test between two Elo hypotheses, as fishtest and
// fastchess run it.
//
// Method: the exact multinomial maximum-likelihood ratio, as in fastchess, which follows
// Michel Van den Bergh's notes. For each hypothesis the outcome probabilities are the most
// likely ones (given the observed counts) among those whose Elo equals the hypothesis, and
//     LLR = sum_i n_i * ln(p1_i / p0_i).
// Not the GSPRT normal approximation that c-chess-cli uses; the two agree closely for
// long tests.
// Zero counts are replaced by 1e-3 so that every outcome keeps a positive probability;
// this matches fastchess and has no effect once every outcome has occurred.
#pragma once

#include <cstdint>
#include <optional>

#include "stats/elo.h"

namespace arena::stats {

// Logistic: elo0/elo1 are ordinary Elo differences (expected score 1/(1+10^(-elo/400))).
// Normalized: elo0/elo1 are normalized Elo, (score - 1/2) / per-game sd * 800/ln 10, which
// does not depend on the draw rate (fishtest's default).
enum class EloModel : std::uint8_t { Logistic, Normalized };

enum class SprtDecision : std::uint8_t { Continue, AcceptH0, AcceptH1 };

struct SprtParams {
  double elo0 = 0.0;
  double elo1 = 5.0;
  double alpha = 0.05;  // chance of accepting H1 when H0 holds
  double beta = 0.05;   // chance of accepting H0 when H1 holds
  EloModel model = EloModel::Logistic;  // the arena's default too (config::SprtConfig)
};

class Sprt {
 public:
  // Largest |elo0|, |elo1| accepted. Beyond it the constrained fit stops being reliable
  // and such hypotheses make no sense for engine testing anyway.
  static constexpr double kMaxElo = 1000.0;

  // Empty unless alpha and beta are in (0, 1) with alpha + beta < 1, elo0 < elo1, and
  // both hypotheses lie within +-kMaxElo.
  [[nodiscard]] static std::optional<Sprt> create(const SprtParams& params);

  [[nodiscard]] const SprtParams& params() const { return params_; }
  [[nodiscard]] double lower_bound() const { return lower_; }  // ln(beta / (1 - alpha))
  [[nodiscard]] double upper_bound() const { return upper_; }  // ln((1 - beta) / alpha)

  // Log-likelihood ratio of H1 over H0; 0 when there are no games. Empty for a negative
  // count, or should the normalized-model fit fail numerically (no sample tried does); treat
  // that as "keep playing".
  [[nodiscard]] std::optional<double> llr(const Wdl& wdl) const;
  [[nodiscard]] std::optional<double> llr(const Pentanomial& pentanomial) const;

  // AcceptH0 at or below the lower bound, AcceptH1 at or above the upper bound.
  [[nodiscard]] SprtDecision decide(double llr) const;

 private:
  explicit Sprt(const SprtParams& params);

  SprtParams params_;
  double lower_ = 0.0;
  double upper_ = 0.0;
};

}  // namespace arena::stats
