#pragma once
// SplitMix64: a tiny seeded generator with the same output on every platform and standard
// library (std::mt19937 is, but the std:: distributions are not), so a seed fixes a tournament's
// schedule and openings, and a fuzz test's input, everywhere. Not a rule: it is here because the
// rules library is the one library that the arena and the tests all link.
#include <cstdint>
#include <utility>
#include <vector>

namespace mancala {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (n > 0), rejection sampling so there is no modulo bias.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % n;
  }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace mancala
