#include "tournament/schedule.h"

#include <numeric>
#include <stdexcept>

#include "rules/splitmix.h"

namespace arena::tournament {

Schedule::Schedule(config::Kind kind, int engines, int gauntlet_players, int rounds, int openings, std::uint64_t seed)
    : rounds_(rounds), openings_(openings), seed_(seed) {
  if (engines < 2 || rounds < 1 || openings < 1) throw std::invalid_argument("schedule: bad sizes");
  if (kind == config::Kind::RoundRobin) {
    for (int a = 0; a < engines; ++a)
      for (int b = a + 1; b < engines; ++b) pairings_.push_back({a, b});
  } else {
    for (int a = 0; a < gauntlet_players; ++a)
      for (int b = gauntlet_players; b < engines; ++b) pairings_.push_back({a, b});
  }
}

ScheduledGame Schedule::at(std::int64_t id) const {
  if (id < 0 || id >= size()) throw std::out_of_range("schedule: no game " + std::to_string(id));
  const auto per_round = static_cast<std::int64_t>(pairings_.size());
  ScheduledGame g;
  g.id = id;
  g.round = static_cast<int>(id / (2 * per_round));
  const int slot = static_cast<int>((id / 2) % per_round);
  const bool second = id % 2 == 1;

  // The pairing order of this round: a seeded shuffle, recomputed on demand (cheap, stateless).
  std::vector<int> order(pairings_.size());
  std::iota(order.begin(), order.end(), 0);
  mancala::SplitMix64 rng(seed_ * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(g.round));
  rng.shuffle(order);
  g.pairing = order[slot];
  g.opening_index = g.round % openings_;

  // Who is South first alternates between rounds, so neither engine always opens a pair.
  const Pairing& p = pairings_[g.pairing];
  const bool a_south = ((g.round % 2 == 0) != second);
  g.south = a_south ? p.a : p.b;
  g.north = a_south ? p.b : p.a;
  return g;
}

}  // namespace arena::tournament
