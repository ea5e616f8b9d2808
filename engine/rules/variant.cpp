#include "variant.h"

#include <vector>

#include "small_text.h"

namespace mancala {

std::string_view family_name(Family family) {
  switch (family) {
    case Family::Kalah: return "kalah";
    case Family::Mangala: return "mangala";
    case Family::Mangala2: return "mangala2";
    case Family::Bedouin: return "bedouin";
  }
  return "?";
}

std::string all_family_names() {
  std::string names;
  for (const Family f : kAllFamilies) names += (names.empty() ? "" : " ") + std::string(family_name(f));
  return names;
}

std::string Variant::spec() const {
  const std::string name(family_name(family));
  switch (family) {
    case Family::Kalah:
      return name + "(" + std::to_string(pits) + "," + std::to_string(seeds) + (empty_capture ? ",empty)" : ")");
    case Family::Bedouin: return name + "(" + std::to_string(counters) + ")";
    default: return name;
  }
}

namespace {

using detail::read_small_count;
using detail::split_at;

// Refused input is shown cut short (quoted): a GUI may send anything, of any length.
Error bad(std::string_view text, const std::string& why) { return Error{"bad variant " + quoted(text) + ": " + why}; }

}  // namespace

Expected<Variant> parse_variant(std::string_view text) {
  if (text.empty()) return Error{"empty variant spec (expected kalah, mangala, mangala2 or bedouin)"};
  if (text.find_first_of(" \t") != std::string_view::npos) return bad(text, "no blanks inside a variant spec (kalah(6,4))");
  std::string_view name = text, args;
  bool has_args = false;
  if (auto open = text.find('('); open != std::string_view::npos) {
    if (text.back() != ')') return bad(text, "missing ')' at the end");
    name = text.substr(0, open);
    args = text.substr(open + 1, text.size() - open - 2);
    has_args = true;
  }
  std::vector<std::string_view> parts = has_args ? split_at(args, ',') : std::vector<std::string_view>{};

  if (name == "kalah") {
    Variant v = Variant::kalah();
    if (!has_args) return v;
    if (parts.size() < 2 || parts.size() > 3)
      return bad(text, "expected kalah(m,n) or kalah(m,n,empty)");
    if (!read_small_count(parts[0], v.pits) || v.pits < 1 || v.pits > kMaxPits)
      return bad(text, "pits per side must be a number from 1 to " + std::to_string(kMaxPits));
    if (!read_small_count(parts[1], v.seeds) || v.seeds < 1 || v.seeds > kMaxKalahSeeds)
      return bad(text, "seeds per pit must be a number from 1 to " + std::to_string(kMaxKalahSeeds));
    if (parts.size() == 3) {
      if (parts[2] != "empty") return bad(text, "third parameter must be 'empty' (the empty-capture rule)");
      v.empty_capture = true;
    }
    return v;
  }
  if (name == "mangala" || name == "mangala2") {
    if (has_args) return bad(text, quoted(name) + " takes no parameters");
    return name == "mangala" ? Variant::mangala() : Variant::mangala2();
  }
  if (name == "bedouin") {
    Variant v = Variant::bedouin();
    if (!has_args) return v;
    if (parts.size() != 1 || !read_small_count(parts[0], v.counters) || v.counters < 1 ||
        v.counters > kMaxBedouinCounters)
      return bad(text, "expected bedouin(K) with K from 1 to " + std::to_string(kMaxBedouinCounters));
    return v;
  }
  return bad(text, "unknown game " + quoted(name) + " (expected kalah, mangala, mangala2 or bedouin)");
}

}  // namespace mancala
