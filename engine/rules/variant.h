#pragma once
// Which game is played, with its parameters. Text form ("variant spec"):
//   kalah | kalah(m,n) | kalah(m,n,empty) | mangala | mangala2 | bedouin | bedouin(K)
#include <cstdint>
#include <string>
#include <string_view>

#include "expected.h"

namespace mancala {

enum class Family : std::uint8_t { Kalah, Mangala, Mangala2, Bedouin };
inline constexpr Family kAllFamilies[] = {Family::Kalah, Family::Mangala, Family::Mangala2, Family::Bedouin};

// The family's word in variant specs and in UMI's `variants` line: "kalah", "mangala2"...
std::string_view family_name(Family family);
// "kalah mangala mangala2 bedouin": every family, as an engine lists them in its handshake.
std::string all_family_names();

inline constexpr int kMaxPits = 8;          // pits per side, Kalah's upper bound
inline constexpr int kMaxKalahSeeds = 12;   // seeds per pit in Kalah
inline constexpr int kMaxBedouinCounters = 240;

struct Variant {
  Family family = Family::Kalah;
  int pits = 6;                // pits per side
  int seeds = 4;               // seeds per pit at the start (Bedouin: unused)
  bool empty_capture = false;  // Kalah only
  int counters = 70;           // Bedouin only: K

  static Variant kalah(int m = 6, int n = 4, bool empty = false) { return {Family::Kalah, m, n, empty, 0}; }
  static Variant mangala() { return {Family::Mangala, 6, 4, false, 0}; }
  static Variant mangala2() { return {Family::Mangala2, 6, 6, false, 0}; }
  static Variant bedouin(int k = 70) { return {Family::Bedouin, 6, 0, false, k}; }

  bool has_stores() const { return family == Family::Kalah || family == Family::Mangala; }
  // Holes on the board: pits plus stores for store games, the 12-hole ring otherwise.
  int cells() const { return has_stores() ? 2 * pits + 2 : 2 * pits; }
  int total_seeds() const { return family == Family::Bedouin ? counters : 2 * pits * seeds; }
  // Canonical text form, e.g. "kalah(6,4,empty)", "bedouin(70)".
  std::string spec() const;

  bool operator==(const Variant&) const = default;
};

Expected<Variant> parse_variant(std::string_view text);

}  // namespace mancala
