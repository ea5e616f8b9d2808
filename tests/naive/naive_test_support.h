// Shared set-up for the naive oracle's own tests: variants, positions set up
// by hand, and a one-line drawing of a game for failure messages.
#pragma once

#include "naive_rules.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace naive_test {

using namespace naive;

inline Variant kalah(int m = 6, int n = 4, bool empty_capture = false) {
  Variant v;
  v.family = Family::Kalah;
  v.pits = m;
  v.seeds = n;
  v.empty_capture = empty_capture;
  return v;
}
inline Variant mangala() {
  Variant v;
  v.family = Family::Mangala;
  return v;
}
inline Variant mangala2() {
  Variant v;
  v.family = Family::Mangala2;
  return v;
}
inline Variant bedouin(int k = 70) {
  Variant v;
  v.family = Family::Bedouin;
  v.counters = k;
  return v;
}

// A position set up by hand. s/n are the pits from each owner's left.
inline Game position(const Variant& v, std::vector<int> s, int s_store, std::vector<int> n, int n_store, int side,
                     int quiet = 0, const std::string& phase = "play", bool over = false) {
  Game g = start(v);
  g.south = std::move(s);
  g.north = std::move(n);
  g.store[0] = s_store;
  g.store[1] = n_store;
  g.side = side;
  g.quiet = quiet;
  g.phase = phase;
  g.over = over;
  return g;
}

inline std::string show(const Game& g) {
  std::ostringstream o;
  o << "S[";
  for (size_t i = 0; i < g.south.size(); ++i) o << (i ? "," : "") << g.south[i];
  o << "] " << g.store[0] << " | N[";
  for (size_t i = 0; i < g.north.size(); ++i) o << (i ? "," : "") << g.north[i];
  o << "] " << g.store[1] << " side=" << g.side << " phase=" << g.phase << " quiet=" << g.quiet
    << " over=" << g.over;
  return o.str();
}

#define EXPECT_GAME(actual, expected) EXPECT_EQ(show(actual), show(expected))

inline int total_seeds(const Game& g) {
  int t = g.store[0] + g.store[1];
  for (int x : g.south) t += x;
  for (int x : g.north) t += x;
  return t;
}

}  // namespace naive_test
