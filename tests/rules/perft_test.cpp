// Kalah(6,4) perft from the start against the published counts (one ply = one sowing).
#include <gtest/gtest.h>

#include <vector>

#include "rules/game.h"
#include "rules/perft.h"

namespace {

using mancala::Game;
using mancala::Variant;

std::vector<std::uint64_t> perft_table(const Variant& v, int max_depth) {
  Game g(v);
  std::vector<std::uint64_t> out;
  for (int d = 1; d <= max_depth; ++d) out.push_back(mancala::perft(v, g.position(), d));
  return out;
}

TEST(Perft, KalahEmptyCaptureMatchesPublishedCounts) {
  const std::vector<std::uint64_t> published = {6, 35, 185, 942, 4685, 23169, 113959, 559885, 2743126};
  EXPECT_EQ(perft_table(Variant::kalah(6, 4, true), 9), published);
}

TEST(Perft, KalahStandardMatchesPublishedCounts) {
  const std::vector<std::uint64_t> published = {6, 35, 185, 942, 4690, 23233, 114430, 563055, 2763490};
  EXPECT_EQ(perft_table(Variant::kalah(6, 4, false), 9), published);
}

TEST(Perft, DepthZeroIsOneAndFinishedGameIsZero) {
  const Variant v = Variant::kalah();
  auto done = Game::from_notation("kalah(6,4) 0,0,0,0,0,0:20 0,0,0,0,0,0:28 -");
  ASSERT_TRUE(done) << done.error();
  EXPECT_EQ(mancala::perft(v, done->position(), 0), 1u);
  EXPECT_EQ(mancala::perft(v, done->position(), 3), 0u);
}

TEST(Perft, BedouinDistributionCount) {
  Game g(Variant::bedouin(70));
  EXPECT_EQ(mancala::perft(g.variant(), g.position(), 1), 62196u);
  EXPECT_EQ(g.legal_moves().size(), 62196u);
}

}  // namespace
