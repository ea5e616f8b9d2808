#include "notation.h"

#include <vector>

#include "rules.h"
#include "small_text.h"

namespace mancala {

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::Distribute: return "distribute";
    case Phase::Choose: return "choose";
    case Phase::Opening: return "opening";
    case Phase::Play: return "play";
  }
  return "?";
}

namespace {

using detail::read_small_count;
using detail::split_at;

int total_on_board(const Variant& v, const Position& p) {
  int sum = 0;
  for (int i = 0; i < v.cells(); ++i) sum += p.cell[i];
  return sum;
}

}  // namespace

std::string move_to_text(const Variant& v, Move mv) {
  if (mv.is_none()) return "none";
  if (mv.is_keep()) return "keep";
  if (mv.is_flip()) return "flip";
  if (mv.is_distribution()) {
    const int d = v.counters - mv.part(0) - mv.part(1) - mv.part(2);
    return std::to_string(mv.part(0)) + "," + std::to_string(mv.part(1)) + "," + std::to_string(mv.part(2)) +
           "," + std::to_string(d);
  }
  return std::to_string(mv.pit() + 1);
}

Expected<Move> parse_move(const Variant& v, const Position& pos, std::string_view text) {
  const std::string what = "move " + quoted(text) + ": ";
  if (pos.over) return Error{what + "the game is over"};
  return visit_rules(v, [&](const auto& rules) -> Expected<Move> {
    if (v.family == Family::Bedouin && pos.phase == Phase::Distribute) {
      auto parts = split_at(text, ',');
      int n[4];
      if (parts.size() != 4 || !read_small_count(parts[0], n[0]) || !read_small_count(parts[1], n[1]) ||
          !read_small_count(parts[2], n[2]) || !read_small_count(parts[3], n[3]))
        return Error{what + "South must distribute: expected a,b,c,d (four counts, South pit 3, South pit 4, "
                            "North pit 3, North pit 4)"};
      if (n[0] + n[1] + n[2] + n[3] != v.counters)
        return Error{what + "the four counts must add up to " + std::to_string(v.counters)};
      return Move::distribute(n[0], n[1], n[2]);
    }
    if (text == "keep" || text == "flip") {
      if (pos.phase != Phase::Choose) return Error{what + "keep and flip are only legal as North's first move"};
      return text == "keep" ? Move::keep() : Move::flip();
    }
    if (pos.phase == Phase::Choose) return Error{what + "North must answer the distribution with keep or flip"};
    int pit = 0;
    if (!read_small_count(text, pit)) return Error{what + "expected a pit number from 1 to " + std::to_string(rules.pits())};
    if (pit < 1 || pit > rules.pits())
      return Error{what + "there is no pit " + std::to_string(pit) + " (pits are 1 to " +
                   std::to_string(rules.pits()) + ")"};
    const Move mv = Move::sow(pit - 1);
    if (pos.phase == Phase::Opening && pit != 4) return Error{what + "the opening sowing must be from pit 4"};
    if (!rules.is_legal(pos, mv)) return Error{what + "pit " + std::to_string(pit) + " is empty"};
    return mv;
  });
}

std::string position_to_text(const Variant& v, const Position& p) {
  const bool stores = v.has_stores();
  const int m = v.pits;
  auto row = [&](int first, int score) {
    std::string s;
    for (int i = 0; i < m; ++i) s += (i ? "," : "") + std::to_string(p.cell[first + i]);
    return s + ":" + std::to_string(score);
  };
  std::string out = v.spec() + " ";
  out += row(0, stores ? p.cell[m] : p.captured[0]) + " ";
  out += row(stores ? m + 1 : m, stores ? p.cell[2 * m + 1] : p.captured[1]) + " ";
  out += p.over ? "-" : p.side == Side::South ? "s" : "n";
  if (v.family == Family::Bedouin) out += std::string(" ") + phase_name(p.phase);
  if (v.family == Family::Mangala2 || v.family == Family::Bedouin) out += " " + std::to_string(p.quiet);
  return out;
}

namespace {

Expected<Position> parse_row(const Variant& v, std::string_view field, const char* who, Position p, int first,
                             int score_slot) {
  const std::string where = std::string(who) + " field " + quoted(field) + ": ";
  auto colon = field.find(':');
  if (colon == std::string_view::npos) return Error{where + "expected <pits>:<store>, e.g. 4,4,4,4,4,4:0"};
  auto pits = split_at(field.substr(0, colon), ',');
  if (static_cast<int>(pits.size()) != v.pits)
    return Error{where + "expected " + std::to_string(v.pits) + " pit counts, found " + std::to_string(pits.size())};
  const int limit = v.total_seeds();
  for (int i = 0; i < v.pits; ++i) {
    int n = 0;
    if (!read_small_count(pits[i], n)) return Error{where + "pit " + std::to_string(i + 1) + " " + quoted(pits[i]) + " is not a count"};
    if (n > limit) return Error{where + "pit " + std::to_string(i + 1) + " holds more than the game's " + std::to_string(limit) + " seeds"};
    p.cell[first + i] = static_cast<std::uint8_t>(n);
  }
  int score = 0;
  if (!read_small_count(field.substr(colon + 1), score)) return Error{where + "the store/captures " + quoted(field.substr(colon + 1)) + " is not a count"};
  if (score > limit) return Error{where + "the store holds more than the game's " + std::to_string(limit) + " seeds"};
  if (score_slot >= 0) p.cell[score_slot] = static_cast<std::uint8_t>(score);
  else p.captured[score_slot == -1 ? 0 : 1] = static_cast<std::uint8_t>(score);
  return p;
}

std::string check_consistency(const Variant& v, const Position& p) {
  int board = total_on_board(v, p), scored = v.has_stores() ? 0 : p.captured[0] + p.captured[1];
  const int total = v.total_seeds();
  const int south_row = [&] { int s = 0; for (int i = 0; i < v.pits; ++i) s += p.cell[i]; return s; }();
  const int north_first = v.has_stores() ? v.pits + 1 : v.pits;
  const int north_row = [&] { int s = 0; for (int i = 0; i < v.pits; ++i) s += p.cell[north_first + i]; return s; }();
  if (v.family == Family::Bedouin && p.phase == Phase::Distribute) {
    if (board + scored != 0) return "before the distribution the board and captures must be empty";
    if (p.side != Side::South || p.over) return "South distributes: side must be 's'";
    if (p.quiet != 0) return "the distribution is the first move: the quiet-move count must be 0";
    return "";
  }
  if (board + scored != total)
    return "the seeds add up to " + std::to_string(board + scored) + ", the game has " + std::to_string(total);
  switch (v.family) {
    case Family::Kalah:
    case Family::Mangala:
      if (p.over && south_row + north_row != 0) return "a finished game has every seed in the stores";
      if (!p.over && (south_row == 0 || north_row == 0))
        return std::string(south_row == 0 ? "South's" : "North's") + " row is empty, so the game is over (side '-', seeds in the stores)";
      return "";
    case Family::Mangala2:
      if (p.quiet > kQuietLimit) return "the quiet-move count cannot exceed " + std::to_string(kQuietLimit);
      if (p.over && board != 0 && p.quiet < kQuietLimit) return "the game is marked over but the board is not empty and the quiet-move count is below " + std::to_string(kQuietLimit);
      if (!p.over && (board == 0 || p.quiet == kQuietLimit)) return "this game is over: side must be '-'";
      if (!p.over && (p.side == Side::South ? south_row : north_row) == 0) return "the side to move has an empty row and would pass: name the other side";
      return "";
    case Family::Bedouin: break;
  }
  if (p.quiet > kQuietLimit) return "the quiet-move count cannot exceed " + std::to_string(kQuietLimit);
  // The limit ends the game in every phase. (A count below it need not be what a real game would
  // have there: tests reach the limit during set-up.)
  if (!p.over && p.quiet == kQuietLimit) return "this game is over: side must be '-'";
  if (p.phase == Phase::Choose || p.phase == Phase::Opening) {
    if (scored) return "nothing can be captured before main play";
  }
  if (p.phase == Phase::Choose) {
    if (p.side != Side::North || p.over) return "in the choose phase North is to move: side must be 'n'";
    for (int i = 0; i < kRingHoles; ++i)
      if (i != 2 && i != 3 && i != 8 && i != 9 && p.cell[i]) return "after the distribution only the centre holes hold counters";
    return "";
  }
  if (p.over) {
    if (south_row != 0 && north_row != 0 && p.quiet < kQuietLimit)
      return "the game is marked over but neither row is empty and the quiet-move count is below " + std::to_string(kQuietLimit);
    return "";
  }
  if (p.phase == Phase::Opening && p.cell[(p.side == Side::South ? 0 : 6) + 3] == 0)
    return "the side to move has an empty pit 4 and would pass its opening sowing";
  if (p.phase == Phase::Play && (p.side == Side::South ? south_row : north_row) == 0)
    return "the side to move has an empty row and would pass: name the other side";
  return "";
}

}  // namespace

Expected<VariantPosition> parse_position(std::string_view text) {
  if (text.size() > 400) return Error{"position: too long (" + std::to_string(text.size()) + " characters, at most 400)"};
  auto fields = split_at(text, ' ');
  if (fields.empty() || fields[0].empty()) return Error{"position: empty text"};
  auto variant = parse_variant(fields[0]);
  if (!variant) return Error{"position: " + variant.error()};
  const Variant v = *variant;
  const std::size_t expected = v.family == Family::Bedouin ? 6 : v.family == Family::Mangala2 ? 5 : 4;
  if (fields.size() != expected)
    return Error{"position: " + v.spec() + " takes " + std::to_string(expected) + " space-separated fields, found " +
                 std::to_string(fields.size()) + " (format: " + position_to_text(v, visit_rules(v, [](const auto& r) { return r.start(); })) + ")"};

  const bool stores = v.has_stores();
  auto south = parse_row(v, fields[1], "South", Position{}, 0, stores ? v.pits : -1);
  if (!south) return Error{"position: " + south.error()};
  auto both = parse_row(v, fields[2], "North", *south, stores ? v.pits + 1 : v.pits, stores ? 2 * v.pits + 1 : -2);
  if (!both) return Error{"position: " + both.error()};
  Position p = *both;

  if (fields[3] == "s") p.side = Side::South;
  else if (fields[3] == "n") p.side = Side::North;
  else if (fields[3] == "-") p.over = true;
  else return Error{"position: side field " + quoted(fields[3]) + ": expected s, n or - (game over)"};

  if (v.family == Family::Bedouin) {
    const std::string_view ph = fields[4];
    if (ph == "distribute") p.phase = Phase::Distribute;
    else if (ph == "choose") p.phase = Phase::Choose;
    else if (ph == "opening") p.phase = Phase::Opening;
    else if (ph == "play") p.phase = Phase::Play;
    else return Error{"position: phase field " + quoted(ph) + ": expected distribute, choose, opening or play"};
  }
  if (v.family == Family::Bedouin || v.family == Family::Mangala2) {
    int quiet = 0;
    if (!read_small_count(fields.back(), quiet) || quiet > kQuietLimit)
      return Error{"position: quiet-move field " + quoted(fields.back()) + ": expected a count from 0 to " + std::to_string(kQuietLimit)};
    p.quiet = static_cast<std::uint8_t>(quiet);
  }
  if (std::string why = check_consistency(v, p); !why.empty()) return Error{"position: impossible contents: " + why};
  return VariantPosition{v, p};
}

}  // namespace mancala
