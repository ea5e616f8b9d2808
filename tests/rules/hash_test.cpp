// Hash quality on real positions: hundreds of thousands of distinct positions from random games
// must give distinct 64-bit hashes. A store-free key that xored the side to move straight into a
// board word failed this (thousands of collisions here) and made the solver prove a wrong value.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <unordered_map>
#include <vector>

#include "rules/notation.h"
#include "rules/rules.h"

namespace {

using namespace mancala;

// Everything the hash covers, spelled out, to recognise equal positions.
struct Identity {
  std::uint64_t w[4] = {};
  bool operator==(const Identity&) const = default;
};

template <class R, class Hash, class Id>
void expect_no_collisions(const R& rules, Hash hash, Id identity, int wanted, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::unordered_map<std::uint64_t, Identity> seen;
  seen.reserve(static_cast<std::size_t>(wanted) * 2);
  int collisions = 0;
  while (static_cast<int>(seen.size()) < wanted) {
    Position p = rules.start();
    while (!p.over && static_cast<int>(seen.size()) < wanted) {
      if (p.phase == Phase::Distribute) {  // Bedouin set-up: any distribution will do
        std::vector<Move> all;
        rules.for_each_move(p, [&](Move mv) { all.push_back(mv); });
        p = rules.play(p, all[rng() % all.size()]);
        continue;
      }
      MoveList list;
      rules.generate(p, list);
      p = rules.play(p, list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size()))]);
      const Identity id = identity(p);
      const auto [it, inserted] = seen.emplace(hash(p), id);
      if (!inserted && !(it->second == id)) ++collisions;
    }
  }
  EXPECT_EQ(collisions, 0) << "distinct positions with equal hashes among " << seen.size();
}

Identity whole(const Position& p) {
  Identity id;
  std::memcpy(id.w, p.cell.data(), 24);
  id.w[3] = std::uint64_t(p.captured[0]) | std::uint64_t(p.captured[1]) << 8 | std::uint64_t(p.side) << 16 |
            std::uint64_t(p.phase) << 24 | std::uint64_t(p.over) << 32;
  return id;
}

TEST(Hash, PositionHashHasNoCollisionsInAnyVariant) {
  for (const char* spec : {"kalah(6,4)", "mangala", "mangala2", "bedouin"}) {
    SCOPED_TRACE(spec);
    const Variant v = *parse_variant(spec);
    visit_rules(v, [&](const auto& rules) {
      expect_no_collisions(rules, [](const Position& p) { return hash_position(p); }, whole, 300000, 7);
    });
  }
}

// A store game's position with the sides swapped: North's row and store become South's and the
// other way round, and the other side moves.
Position mirrored(const Position& p, int pits) {
  Position q = p;
  const auto row = static_cast<std::size_t>(pits + 1);  // pits and store
  // (The size test never fails for a store game: it only keeps g++ 12 from a false
  // -Wstringop-overflow warning on this loop.)
  for (std::size_t i = 0; i < row && row + i < q.cell.size(); ++i) {
    q.cell[i] = p.cell[row + i];
    q.cell[row + i] = p.cell[i];
  }
  q.side = ~p.side;
  return q;
}

TEST(Hash, StoreFreeHashHasNoCollisions) {
  // The search's table key for store games: the mover's row and the other row, not the stores.
  for (const char* spec : {"kalah(6,4)", "kalah(4,3)", "kalah(8,6)", "kalah(7,5,empty)", "mangala"}) {
    SCOPED_TRACE(spec);
    const Variant v = *parse_variant(spec);
    visit_rules(v, [&](const auto& rules) {
      auto rows_from_the_mover = [&](const Position& p) {
        Position q = p.side == Side::South ? p : mirrored(p, v.pits);
        q.cell[static_cast<std::size_t>(v.pits)] = 0;
        q.cell[static_cast<std::size_t>(2 * v.pits + 1)] = 0;
        Identity id;
        std::memcpy(id.w, q.cell.data(), 24);
        id.w[3] = q.over;
        return id;
      };
      expect_no_collisions(rules, [&](const Position& p) { return rules.search_key(p); }, rows_from_the_mover, 300000,
                           11);
    });
  }
}

TEST(Hash, StoreFreeHashIsTheSameForAMirrorImage) {
  // A position and its mirror image with the other side to move are one game seen from the
  // mover: they share a table entry. A position with the same rows but the same side to move
  // is a different game and must not.
  for (const char* spec : {"kalah(6,4)", "kalah(6,4,empty)", "kalah(4,3)", "kalah(7,5)", "kalah(8,6)", "mangala"}) {
    SCOPED_TRACE(spec);
    const Variant v = *parse_variant(spec);
    visit_rules(v, [&](const auto& rules) {
      std::mt19937_64 rng(3);
      int checked = 0;
      for (int game = 0; game < 200; ++game) {
        Position p = rules.start();
        while (!p.over) {
          const Position m = mirrored(p, v.pits);
          ASSERT_EQ(rules.search_key(p), rules.search_key(m));
          Position same_side = m;
          same_side.side = p.side;
          bool symmetric_rows = true;  // (then it is its own mirror)
          for (int i = 0; i < v.pits; ++i) symmetric_rows &= p.cell[static_cast<std::size_t>(i)] == m.cell[static_cast<std::size_t>(i)];
          if (!symmetric_rows) {
            ASSERT_NE(rules.search_key(p), rules.search_key(same_side));
          }
          ++checked;
          MoveList list;
          rules.generate(p, list);
          p = rules.play(p, list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size()))]);
        }
      }
      EXPECT_GT(checked, 2000);
    });
  }
}

TEST(Hash, RingTableKeysHaveNoCollisions) {
  // The search's table key for ring games: Bedouin's leaves the captured counters out, Mangala
  // II's keeps them (there a game the quiet-move limit ends is won only with 37 of 72).
  for (const char* spec : {"mangala2", "bedouin(70)"}) {
    SCOPED_TRACE(spec);
    const Variant v = *parse_variant(spec);
    visit_rules(v, [&](const auto& rules) {
      auto identity = [&](const Position& p) {
        Position q = p;
        if (v.family == Family::Bedouin) q.captured = {0, 0};
        Identity id = whole(q);
        id.w[3] |= std::uint64_t(p.quiet) << 40;  // the key keeps the quiet-move counter
        return id;
      };
      expect_no_collisions(rules, [&](const Position& p) { return rules.search_key(p); }, identity, 300000, 13);
    });
  }
}

TEST(Hash, OnlyBedouinPositionsThatDifferInCapturesShareAnEntry) {
  const auto captured_moved = [](const char* notation) {
    const auto vp = parse_position(notation);
    EXPECT_TRUE(vp) << notation;
    Position other = vp->position;
    other.captured[0] -= 2, other.captured[1] += 2;
    return visit_rules(vp->variant, [&](const auto& rules) { return rules.search_key(vp->position) == rules.search_key(other); });
  };
  EXPECT_TRUE(captured_moved("bedouin(70) 1,0,0,1,0,0:34 0,0,1,0,0,0:33 s play 90"));
  EXPECT_FALSE(captured_moved("mangala2 1,0,0,2,0,1:34 0,1,0,0,0,1:32 s 90"));
}

TEST(Hash, PlayIntoGivesTheChildAndItsTableKey) {
  // The search takes each child's key from play_into (computed from the board words before they
  // are stored); it must be exactly the table key of the child play() gives, on every path:
  // sowing, laps, captures (chains of them in Mangala II), relays (Bedouin), extra turns, passes
  // and game ends, and the Bedouin set-up and opening.
  for (const char* spec :
       {"kalah(6,4)", "kalah(6,4,empty)", "kalah(4,3)", "kalah(8,12)", "mangala", "mangala2", "bedouin(70)", "bedouin(17)"}) {
    SCOPED_TRACE(spec);
    const Variant v = *parse_variant(spec);
    visit_rules(v, [&](const auto& rules) {
      std::mt19937_64 rng(5);
      int checked = 0, finished = 0;
      for (int game = 0; game < 2000; ++game) {
        Position p = rules.start();
        while (!p.over) {
          std::vector<Move> moves;
          rules.for_each_move(p, [&](Move mv) { moves.push_back(mv); });
          // (A Bedouin set-up has tens of thousands of distributions: a sample of them.)
          const bool sample = moves.size() > 64;
          for (std::size_t i = 0; i < (sample ? 64 : moves.size()); ++i) {
            const Move mv = sample ? moves[rng() % moves.size()] : moves[i];
            Position child;  // filled with junk: play_into must write every field
            std::memset(static_cast<void*>(&child), 0xA5, sizeof child);
            std::uint64_t key = 0;
            rules.play_into(p, mv, child, &key);
            const Position expected = rules.play(p, mv);
            ASSERT_TRUE(child == expected);
            ASSERT_EQ(key, rules.search_key(expected));
            ++checked;
            finished += expected.over;
          }
          p = rules.play(p, moves[rng() % moves.size()]);
        }
      }
      EXPECT_GT(checked, 10000);
      EXPECT_GT(finished, 100);  // the game-end path was taken too
    });
  }
}

}  // namespace
