#pragma once
// Transposition table: buckets of four entries in one cache line. A full bucket gives up the
// entry that cost the least to compute (log2 of its subtree's nodes), older searches first:
// in a proof every entry is "solved" and has the same nominal depth, so depth cannot rank them.
// Values are stored relative to the side to move's current score difference, and keys leave
// the stores out, so positions that differ only in banked seeds share one entry.
// Keys hash the board (without the stores, and without the captures but in Mangala II), and one
// board means another game in another variant (kalah(6,4) and mangala, kalah(4,n) and kalah(6,n)
// with empty pits), so every search tags its keys with its variant: the tag goes into the check bits, not the bucket index, so within one variant every
// probe and replacement is exactly what it would be untagged.
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>

#include "search.h"

namespace mancala::search {

inline constexpr int kSolvedDepth = 255;  // entry value does not depend on any heuristic leaf

// Both bounds of a position's value: MTD(f) passes alternate between proving lower and upper
// bounds, and keeping both lets a later pass use what an earlier one proved the other way.
// No lower bound is kNoLower, no upper bound kNoUpper; lower == upper is an exact value.
struct TTEntry {
  static constexpr std::int16_t kNoLower = -32767, kNoUpper = 32767;
  static constexpr std::uint8_t kNoMove = 0xFF;  // no best move known
  std::uint32_t check_high = 0;  // key bits 32..63 (the bucket index uses the low bits)
  std::uint16_t check_mid = 0;   // key bits 16..31
  std::int16_t lower = kNoLower;  // relative to the score difference at the node
  std::int16_t upper = kNoUpper;
  std::uint8_t depth = 0;
  std::uint8_t move = kNoMove;
  std::uint8_t generation = 0;
  std::uint8_t work = 0;  // log2 of the nodes searched to compute it
  std::uint8_t used = 0;
  std::uint8_t pad = 0;

  bool holds(std::uint64_t key) const {
    return used && check_high == static_cast<std::uint32_t>(key >> 32) && check_mid == static_cast<std::uint16_t>(key >> 16);
  }
  bool has_lower() const { return lower != kNoLower; }
  bool has_upper() const { return upper != kNoUpper; }
};
static_assert(sizeof(TTEntry) == 16);

class TranspositionTable {
 public:
  void resize(int megabytes) {
    if (megabytes < 1) throw std::invalid_argument("a table of less than 1 MB");  // the loop below would not end
    const std::size_t bytes = static_cast<std::size_t>(megabytes) << 20;
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= bytes) buckets *= 2;
    static_assert(sizeof(Bucket) == 64 && sizeof(std::size_t) == 8);
    // The index must leave the variant tag's bits (above bit 31) alone. Checked before allocating,
    // so a refused size leaves the old table as it was.
    if ((buckets - 1) >> 32) throw std::bad_alloc();
    // 2 MB alignment and transparent huge pages: probes are random accesses over the whole table,
    // and with 4 KB pages nearly every one also misses the TLB.
    constexpr std::size_t kHuge = 2u << 20;
    const std::size_t size = std::max(kHuge, buckets * sizeof(Bucket));
    auto* fresh = static_cast<Bucket*>(std::aligned_alloc(kHuge, size));
    if (!fresh) throw std::bad_alloc();  // the old table stays as it was
    table_.reset(fresh);
    madvise(table_.get(), size, MADV_HUGEPAGE);
    size_ = buckets;
    mask_ = buckets - 1;
    clear();
  }
  void clear() {
    std::fill(table_.get(), table_.get() + size_, Bucket{});
    generation_ = 0;
  }
  // `variant_tag`: any number that differs between variants (see the comment at the top).
  void new_search(std::uint32_t variant_tag) {
    ++generation_;
    tag_ = static_cast<std::uint64_t>(variant_tag) << 32;
  }

  const TTEntry* probe(std::uint64_t key) const {
    key ^= tag_;
    const Bucket& b = table_[key & mask_];
    for (const TTEntry& e : b.e)
      if (e.holds(key)) return &e;
    return nullptr;
  }

  // Stores a search result (`value` with `bound`, relative to the score difference). A result of
  // the same depth as the entry's (in a proof: both solved) is merged into its bounds.
  void store(std::uint64_t key, int value, int depth, Bound bound, int move, int work) {
    key ^= tag_;
    Bucket& b = table_[key & mask_];
    const auto v = static_cast<std::int16_t>(value);
    std::int16_t lower = bound == Bound::Upper ? TTEntry::kNoLower : v;
    std::int16_t upper = bound == Bound::Lower ? TTEntry::kNoUpper : v;
    TTEntry* slot = nullptr;
    int lowest = 1 << 30;
    for (TTEntry& e : b.e) {
      if (e.holds(key)) {
        // A deeper result of this search is worth more than a shallower new one.
        if (e.depth > depth && e.generation == generation_ && e.depth != kSolvedDepth) return;
        if (e.depth == depth && e.generation == generation_) {
          const std::int16_t l = std::max(lower, e.lower), u = std::min(upper, e.upper);
          if (l <= u) lower = l, upper = u;  // (inconsistent bounds: the new result wins)
        }
        if (move == TTEntry::kNoMove) move = e.move;  // keep a known best move
        slot = &e;
        break;
      }
      const int keep = !e.used ? -1 : e.work + (e.generation == generation_ ? 64 : 0);
      if (keep < lowest) {
        lowest = keep;
        slot = &e;
      }
    }
    TTEntry& t = *slot;
    t.check_high = static_cast<std::uint32_t>(key >> 32);
    t.check_mid = static_cast<std::uint16_t>(key >> 16);
    t.lower = lower;
    t.upper = upper;
    t.depth = static_cast<std::uint8_t>(depth);
    t.move = static_cast<std::uint8_t>(move);
    t.generation = generation_;
    t.work = static_cast<std::uint8_t>(std::min(work, 63));
    t.used = 1;
  }

  void prefetch(std::uint64_t key) const { __builtin_prefetch(&table_[key & mask_]); }

  int hashfull() const {  // per mille of the first 1000 entries' entries used in this search
    int used = 0;
    const std::size_t n = std::min<std::size_t>(250, size_);
    for (std::size_t i = 0; i < n; ++i)
      for (const TTEntry& e : table_[i].e) used += e.used && e.generation == generation_;
    return n ? static_cast<int>(used * 1000 / (kWays * n)) : 0;
  }

 private:
  static constexpr int kWays = 4;
  struct alignas(64) Bucket {
    TTEntry e[kWays] = {};
  };
  struct Free {
    void operator()(Bucket* b) const { std::free(b); }
  };
  std::unique_ptr<Bucket[], Free> table_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
  std::uint8_t generation_ = 0;
  std::uint64_t tag_ = 0;  // the variant's tag, in the key bits the bucket index never uses
};

}  // namespace mancala::search
