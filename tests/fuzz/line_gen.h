#pragma once
// A deterministic generator of protocol input for fuzzing: valid UMI commands built with the
// rules library (real variants, reachable positions, legal move sequences), then mutated
// (tokens dropped, duplicated, swapped or replaced by huge, negative or random-byte values,
// random bytes inserted, lines truncated, made very long). The same seed gives the same
// inputs on every machine, so a failure is reproduced from its seed and index alone.
#include <cstdint>
#include <string>
#include <vector>

#include "rules/splitmix.h"

namespace fuzz {

// The rules library's SplitMix64, with a seed of its own and the draws the generator needs.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : gen_(seed * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL) {}
  std::uint64_t next() { return gen_.next(); }
  // Uniform in [0, n); n > 0.
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(gen_.below(n)); }
  bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }

 private:
  mancala::SplitMix64 gen_;
};

class LineGenerator {
 public:
  explicit LineGenerator(std::uint64_t seed) : rng_(seed) {}

  // One protocol line, valid or mutated; never contains LF or CR.
  std::string line();
  // A program: a few lines (the Session sees them in order).
  std::vector<std::string> program(std::size_t max_lines);

  // Pieces, also used to fuzz the parsers directly.
  std::string variant_spec();        // mostly valid specs, some broken ones
  std::string notation();            // a reachable position's notation, sometimes mutated
  std::string move_token();          // pit numbers, distributions, keep/flip, junk
  std::string mutate(std::string line);

  Rng& rng() { return rng_; }

 private:
  std::string valid_command();
  std::string position_command();
  std::string go_command();
  std::string setoption_command();
  std::string number();
  std::string random_bytes(std::size_t n);
  // A game from the start of `spec`, `plies` random legal moves in; the moves are returned.
  std::string reachable(const std::string& spec, int plies, std::vector<std::string>& moves);

  Rng rng_;
};

// Commands that are fine but legitimately run for a long time (bench, deep perft, a huge
// hash table): the fuzzer leaves them out, they are not faults.
bool too_expensive(const std::string& line);

}  // namespace fuzz
