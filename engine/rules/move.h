#pragma once
// A move is one decision of a player, packed in 32 bits; MoveList is a fixed-capacity list
// (no heap) of the sowing moves of one position.
#include <array>
#include <cstdint>

#include "variant.h"

namespace mancala {

class Move {
 public:
  constexpr Move() = default;
  // Sow from pit `index` (0-based, from the mover's own left).
  static constexpr Move sow(int index) { return Move(static_cast<std::uint32_t>(index)); }
  static constexpr Move keep() { return Move(kKeep); }
  static constexpr Move flip() { return Move(kFlip); }
  // Bedouin distribution: South pit 3, South pit 4, North pit 3, North pit 4. The fourth count is
  // implied by the total, so only three are stored.
  static constexpr Move distribute(int a, int b, int c) {
    return Move(kDistributeFlag | static_cast<std::uint32_t>(a) | static_cast<std::uint32_t>(b) << 8 |
                static_cast<std::uint32_t>(c) << 16);
  }
  static constexpr Move none() { return Move(kNone); }

  constexpr bool is_sow() const { return code_ < kKeep; }
  constexpr bool is_keep() const { return code_ == kKeep; }
  constexpr bool is_flip() const { return code_ == kFlip; }
  constexpr bool is_distribution() const { return (code_ & kDistributeFlag) != 0 && code_ != kNone; }
  constexpr bool is_none() const { return code_ == kNone; }
  constexpr int pit() const { return static_cast<int>(code_); }
  constexpr int part(int i) const { return static_cast<int>((code_ >> (8 * i)) & 0xFF); }
  constexpr std::uint32_t raw() const { return code_; }
  static constexpr Move from_raw(std::uint32_t raw) { return Move(raw); }

  constexpr bool operator==(const Move&) const = default;

 private:
  static constexpr std::uint32_t kKeep = 64, kFlip = 65;
  static constexpr std::uint32_t kDistributeFlag = 1u << 30, kNone = 0xFFFFFFFFu;
  constexpr explicit Move(std::uint32_t code) : code_(code) {}
  std::uint32_t code_ = kNone;
};

class MoveList {
 public:
  static constexpr int kCapacity = kMaxPits;
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  void clear() { size_ = 0; }

 private:
  std::array<Move, kCapacity> moves_{};
  int size_ = 0;
};

}  // namespace mancala
