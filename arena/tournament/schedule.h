#pragma once
// The complete list of games of a tournament, as a pure function of its config and seed: game
// ids 0..size()-1 always mean the same game, which is what makes resume exact.
//
// Each round, every pairing plays one colour-swapped pair of games from the round's opening
// (ids 2k and 2k+1 form a pair). Pairings are visited in a seeded order that changes every
// round, so a tournament stopped at any point has spread its games over all pairings.
#include <cstdint>
#include <vector>

#include "config/config.h"

namespace arena::tournament {

struct ScheduledGame {
  std::int64_t id = 0;
  int round = 0;
  int pairing = 0;        // index into Schedule::pairings()
  int opening_index = 0;
  int south = 0, north = 0;  // engine indices
  bool operator==(const ScheduledGame&) const = default;
};

struct Pairing {
  int a = 0, b = 0;
};

class Schedule {
 public:
  // engines: how many; gauntlet_players: for a gauntlet, the first N engines play all others.
  Schedule(config::Kind kind, int engines, int gauntlet_players, int rounds, int openings, std::uint64_t seed);

  std::int64_t size() const { return static_cast<std::int64_t>(rounds_) * static_cast<std::int64_t>(pairings_.size()) * 2; }
  const std::vector<Pairing>& pairings() const { return pairings_; }
  ScheduledGame at(std::int64_t id) const;

 private:
  std::vector<Pairing> pairings_;
  int rounds_, openings_;
  std::uint64_t seed_;
};

}  // namespace arena::tournament
