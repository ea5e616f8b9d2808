// The transposition table's contract: what a probe finds after each kind of store, how bounds
// merge, which entry a full bucket gives up, and that variants never see each other's entries.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>

#include "search/tt.h"

namespace {

using mancala::search::Bound;
using mancala::search::kSolvedDepth;
using mancala::search::TranspositionTable;
using mancala::search::TTEntry;

// A 1 MB table has 8192 buckets: keys that share their low 13 bits share a bucket, and the bits
// from 16 up tell them apart.
constexpr std::uint64_t kBucketBits = 123;
std::uint64_t key_in_bucket(int i) { return (static_cast<std::uint64_t>(i + 1) << 40) | kBucketBits; }

struct Table : ::testing::Test {
  TranspositionTable tt;
  void SetUp() override {
    tt.resize(1);
    tt.new_search(7);
  }
};

TEST_F(Table, FindsWhatWasStoredAndNothingElse) {
  EXPECT_EQ(tt.probe(key_in_bucket(0)), nullptr);
  tt.store(key_in_bucket(0), 5, 10, Bound::Lower, 2, 3);
  const TTEntry* e = tt.probe(key_in_bucket(0));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->lower, 5);
  EXPECT_FALSE(e->has_upper());
  EXPECT_EQ(e->depth, 10);
  EXPECT_EQ(e->move, 2);
  EXPECT_EQ(tt.probe(key_in_bucket(1)), nullptr) << "same bucket, other key";
  EXPECT_EQ(tt.probe(key_in_bucket(0) ^ (1ull << 20)), nullptr) << "a check bit differs";

  tt.store(key_in_bucket(1), -4, 10, Bound::Exact, 1, 3);
  e = tt.probe(key_in_bucket(1));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->lower, -4);
  EXPECT_EQ(e->upper, -4);

  tt.clear();
  EXPECT_EQ(tt.probe(key_in_bucket(0)), nullptr);
  EXPECT_EQ(tt.probe(key_in_bucket(1)), nullptr);
}

// MTD(f) passes prove one side each: the entry keeps both, so a later pass uses both.
TEST_F(Table, ResultsOfTheSameDepthMergeTheirBounds) {
  const std::uint64_t k = key_in_bucket(0);
  tt.store(k, 3, kSolvedDepth, Bound::Lower, 4, 5);
  tt.store(k, 7, kSolvedDepth, Bound::Upper, TTEntry::kNoMove, 5);
  const TTEntry* e = tt.probe(k);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->lower, 3);
  EXPECT_EQ(e->upper, 7);
  EXPECT_EQ(e->move, 4) << "a result without a move keeps the known one";

  tt.store(k, 5, kSolvedDepth, Bound::Lower, 1, 5);  // narrows the interval
  e = tt.probe(k);
  EXPECT_EQ(e->lower, 5);
  EXPECT_EQ(e->upper, 7);
  EXPECT_EQ(e->move, 1);

  tt.store(k, 9, kSolvedDepth, Bound::Lower, 1, 5);  // contradicts the upper bound: the new one wins
  e = tt.probe(k);
  EXPECT_EQ(e->lower, 9);
  EXPECT_FALSE(e->has_upper());
}

TEST_F(Table, BoundsOfAnotherDepthOrSearchAreNotMerged) {
  const std::uint64_t k = key_in_bucket(0);
  tt.store(k, 3, 8, Bound::Lower, 4, 5);
  tt.store(k, 7, 9, Bound::Upper, 4, 5);
  EXPECT_FALSE(tt.probe(k)->has_lower()) << "a deeper result replaces a shallower one";
  EXPECT_EQ(tt.probe(k)->upper, 7);

  tt.new_search(7);
  tt.store(k, 2, 9, Bound::Lower, 4, 5);
  EXPECT_EQ(tt.probe(k)->lower, 2);
  EXPECT_FALSE(tt.probe(k)->has_upper()) << "last search's bounds are not merged in";
}

TEST_F(Table, ADeeperHeuristicResultOfThisSearchIsKept) {
  const std::uint64_t k = key_in_bucket(0);
  tt.store(k, 5, 10, Bound::Exact, 2, 5);
  tt.store(k, 1, 6, Bound::Exact, 3, 5);
  EXPECT_EQ(tt.probe(k)->depth, 10);
  EXPECT_EQ(tt.probe(k)->lower, 5);

  tt.new_search(7);  // in a new search the newer result is worth more
  tt.store(k, 1, 6, Bound::Exact, 3, 5);
  EXPECT_EQ(tt.probe(k)->depth, 6);
  EXPECT_EQ(tt.probe(k)->lower, 1);
}

// A heuristic search reaches a solved entry only when its bound could not answer the window;
// its own result then takes the entry. Keeping the solved bound instead was measured: the
// standard-rule Kalah(6,4) proof took 84.7 M nodes instead of 82.7 M (BENCHMARKS.md).
TEST_F(Table, AHeuristicResultReplacesASolvedEntryThatCouldNotAnswer) {
  const std::uint64_t k = key_in_bucket(0);
  tt.store(k, 4, kSolvedDepth, Bound::Lower, 2, 5);
  tt.store(k, 2, 8, Bound::Upper, 3, 5);
  EXPECT_EQ(tt.probe(k)->depth, 8);
  EXPECT_EQ(tt.probe(k)->upper, 2);
  EXPECT_FALSE(tt.probe(k)->has_lower());
}

// In a proof every entry is solved, so depth cannot rank them: a full bucket gives up the
// entry whose subtree cost the least.
TEST_F(Table, AFullBucketGivesUpTheCheapestEntry) {
  const int work[4] = {10, 3, 20, 7};
  for (int i = 0; i < 4; ++i) tt.store(key_in_bucket(i), i, kSolvedDepth, Bound::Exact, 1, work[i]);
  for (int i = 0; i < 4; ++i) ASSERT_NE(tt.probe(key_in_bucket(i)), nullptr) << i;

  tt.store(key_in_bucket(4), 4, kSolvedDepth, Bound::Exact, 1, 1);  // stored even though cheaper still
  EXPECT_NE(tt.probe(key_in_bucket(4)), nullptr);
  EXPECT_EQ(tt.probe(key_in_bucket(1)), nullptr) << "work 3 was the cheapest";
  for (int i : {0, 2, 3}) EXPECT_NE(tt.probe(key_in_bucket(i)), nullptr) << i;

  tt.store(key_in_bucket(5), 5, kSolvedDepth, Bound::Exact, 1, 30);
  EXPECT_EQ(tt.probe(key_in_bucket(4)), nullptr) << "work 1 was the cheapest";
}

TEST_F(Table, EntriesOfEarlierSearchesGoFirst) {
  for (int i = 0; i < 4; ++i) tt.store(key_in_bucket(i), i, kSolvedDepth, Bound::Exact, 1, 40 + i);
  tt.new_search(7);
  tt.store(key_in_bucket(4), 4, kSolvedDepth, Bound::Exact, 1, 1);
  EXPECT_EQ(tt.probe(key_in_bucket(0)), nullptr) << "the cheapest of the old search's entries";
  tt.store(key_in_bucket(5), 5, kSolvedDepth, Bound::Exact, 1, 2);
  EXPECT_EQ(tt.probe(key_in_bucket(1)), nullptr) << "an old entry goes before a cheaper new one";
  EXPECT_NE(tt.probe(key_in_bucket(4)), nullptr);
  EXPECT_NE(tt.probe(key_in_bucket(5)), nullptr);
}

TEST_F(Table, WorkIsCappedSoThatAnyNewSearchOutranksTheOldOnes) {
  tt.store(key_in_bucket(0), 0, kSolvedDepth, Bound::Exact, 1, 1000);
  EXPECT_EQ(tt.probe(key_in_bucket(0))->work, 63);
  for (int i = 1; i < 4; ++i) tt.store(key_in_bucket(i), i, kSolvedDepth, Bound::Exact, 1, 1000);
  tt.new_search(7);
  for (int i = 4; i < 8; ++i) tt.store(key_in_bucket(i), i, kSolvedDepth, Bound::Exact, 1, 0);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(tt.probe(key_in_bucket(i)), nullptr) << "old entry " << i;
  for (int i = 4; i < 8; ++i) EXPECT_NE(tt.probe(key_in_bucket(i)), nullptr) << "new entry " << i;
}

// One board is another game in another variant: each search tags its keys with its variant.
// The tag goes into the check bits only: the same key is the same bucket in every variant.
TEST_F(Table, VariantsDoNotSeeEachOthersEntries) {
  const std::uint64_t k = key_in_bucket(0);
  tt.store(k, 5, 10, Bound::Exact, 2, 3);
  tt.new_search(8);
  EXPECT_EQ(tt.probe(k), nullptr);
  tt.store(k, -5, 10, Bound::Exact, 1, 3);
  EXPECT_EQ(tt.probe(k)->lower, -5);
  tt.new_search(7);
  ASSERT_NE(tt.probe(k), nullptr);
  EXPECT_EQ(tt.probe(k)->lower, 5);

  // Same bucket: two more of variant 7's entries fill it (with variant 8's), and two more of
  // variant 8's, in a later search, push out the two cheapest, variant 7's first.
  for (int i = 1; i < 3; ++i) tt.store(key_in_bucket(i), i, 10, Bound::Exact, 1, 20);
  tt.new_search(8);
  tt.store(key_in_bucket(3), 3, 10, Bound::Exact, 1, 20);
  tt.store(key_in_bucket(4), 4, 10, Bound::Exact, 1, 20);
  tt.new_search(7);
  EXPECT_EQ(tt.probe(k), nullptr) << "variant 7's cheapest entry gave way to variant 8's";
  for (int i = 1; i < 3; ++i) EXPECT_NE(tt.probe(key_in_bucket(i)), nullptr) << i;
}

TEST_F(Table, HashfullCountsThisSearchsEntries) {
  EXPECT_EQ(tt.hashfull(), 0);
  // Keys for the first 250 buckets, one entry each: a quarter of their entries.
  for (std::uint64_t b = 0; b < 250; ++b) tt.store((b + 1) << 32 | b, 0, 5, Bound::Exact, 1, 1);
  EXPECT_EQ(tt.hashfull(), 250);
  tt.new_search(7);
  EXPECT_EQ(tt.hashfull(), 0);
}

TEST(TableSize, LessThanOneMegabyteIsRefused) {
  TranspositionTable tt;
  EXPECT_THROW(tt.resize(0), std::invalid_argument);
  tt.resize(2);
  tt.new_search(1);
  tt.store(key_in_bucket(0), 3, 4, Bound::Exact, 1, 1);
  EXPECT_THROW(tt.resize(-1), std::invalid_argument);
  ASSERT_NE(tt.probe(key_in_bucket(0)), nullptr) << "a refused size leaves the table as it was";
  tt.resize(1);
  EXPECT_EQ(tt.probe(key_in_bucket(0)), nullptr) << "a new size starts empty";
}

}  // namespace
