// naive_rules.cpp - see naive_rules.h. Every rule below quotes or paraphrases
// RULES.md; the comments name the rule number it implements.

#include "naive_rules.h"

#include <algorithm>
#include <stdexcept>

namespace naive {
namespace {

// ---------------------------------------------------------------- helpers

int pits_per_row(const Variant& v) { return v.family == Family::Kalah ? v.pits : 6; }

bool row_is_empty(const std::vector<int>& row) {
  for (int x : row)
    if (x != 0) return false;
  return true;
}

int row_sum(const std::vector<int>& row) {
  int s = 0;
  for (int x : row) s += x;
  return s;
}

int other(int side) { return 1 - side; }

const std::vector<int>& own_row(const Game& g) { return g.side == 0 ? g.south : g.north; }

// "1".."m" -> 0..m-1, or -1 if the token is not such a number.
int parse_pit(const std::string& s, int m) {
  for (int p = 1; p <= m; ++p)
    if (s == std::to_string(p)) return p - 1;
  return -1;
}

// ------------------------------------------------- store games: flat array
// RULES.md "Common conventions": South pits 0..m-1, South store m, North pits
// m+1..2m, North store 2m+1. Counter-clockwise sowing = index + 1.
// Opposite of pit i is 2m - i (12 - i when m = 6).

std::vector<int> to_flat(const Game& g) {
  const int m = pits_per_row(g.variant);
  std::vector<int> a(2 * m + 2, 0);
  for (int i = 0; i < m; ++i) a[i] = g.south[i];
  a[m] = g.store[0];
  for (int i = 0; i < m; ++i) a[m + 1 + i] = g.north[i];
  a[2 * m + 1] = g.store[1];
  return a;
}

void from_flat(Game& g, const std::vector<int>& a) {
  const int m = pits_per_row(g.variant);
  for (int i = 0; i < m; ++i) g.south[i] = a[i];
  g.store[0] = a[m];
  for (int i = 0; i < m; ++i) g.north[i] = a[m + 1 + i];
  g.store[1] = a[2 * m + 1];
}

struct FlatLayout {
  int m, size, own_store, opp_store, first_own_pit;
  FlatLayout(int m_, int side) : m(m_), size(2 * m_ + 2) {
    own_store = side == 0 ? m : 2 * m + 1;
    opp_store = side == 0 ? 2 * m + 1 : m;
    first_own_pit = side == 0 ? 0 : m + 1;
  }
  bool is_own_pit(int i) const { return i >= first_own_pit && i < first_own_pit + m; }
  bool is_opp_pit(int i) const { return i != own_store && i != opp_store && !is_own_pit(i); }
  int opposite(int i) const { return 2 * m - i; }
  // next hole counter-clockwise, skipping the opponent's store
  int next(int i) const {
    int j = (i + 1) % size;
    if (j == opp_store) j = (j + 1) % size;
    return j;
  }
};

// Kalah rules 2-6.
void kalah_move(Game& g, int pit) {
  const int m = g.variant.pits;
  const FlatLayout L(m, g.side);
  std::vector<int> a = to_flat(g);

  // 3. Sowing CCW from the next hole, own store included, opponent's store skipped.
  int pos = L.first_own_pit + pit;
  int seeds = a[pos];
  a[pos] = 0;
  while (seeds > 0) {
    pos = L.next(pos);
    a[pos] += 1;
    seeds -= 1;
  }

  // 4. Last seed in own store: the same player moves again.
  const bool extra_turn = (pos == L.own_store);

  // 5. Capture: last seed in an own pit that was empty (now holds 1) and the
  //    opposite pit non-empty (or empty_capture on). A capture ends the turn.
  if (L.is_own_pit(pos) && a[pos] == 1) {
    const int opp = L.opposite(pos);
    if (a[opp] > 0 || g.variant.empty_capture) {
      a[L.own_store] += a[pos] + a[opp];
      a[pos] = 0;
      a[opp] = 0;
    }
  }
  from_flat(g, a);

  // 6. End: if all pits of either side are empty, each player adds the seeds
  //    left in their own pits to their own store (also after an extra turn).
  if (row_is_empty(g.south) || row_is_empty(g.north)) {
    g.store[0] += row_sum(g.south);
    g.store[1] += row_sum(g.north);
    std::fill(g.south.begin(), g.south.end(), 0);
    std::fill(g.north.begin(), g.north.end(), 0);
    g.over = true;
    return;
  }
  if (!extra_turn) g.side = other(g.side);
}

// Turkish Mangala rules 2-8.
void mangala_move(Game& g, int pit) {
  const FlatLayout L(6, g.side);
  std::vector<int> a = to_flat(g);

  // 3. Sowing.
  int pos = L.first_own_pit + pit;
  int stones = a[pos];
  a[pos] = 0;
  if (stones == 1) {
    // k = 1: the single stone moves to the next hole.
    pos = L.next(pos);
    a[pos] += 1;
  } else {
    // k >= 2: first stone back into the origin, then one in each following hole.
    a[pos] += 1;
    stones -= 1;
    while (stones > 0) {
      pos = L.next(pos);
      a[pos] += 1;
      stones -= 1;
    }
  }

  // 4. Last stone in own treasure: extra turn (unless the game is over).
  const bool extra_turn = (pos == L.own_store);

  if (L.is_opp_pit(pos) && a[pos] % 2 == 0) {
    // 5. Even capture in an opponent pit.
    a[L.own_store] += a[pos];
    a[pos] = 0;
  } else if (L.is_own_pit(pos) && a[pos] == 1) {
    // 6. Empty-pit capture (only when the opposite pit is non-empty).
    const int opp = L.opposite(pos);
    if (a[opp] > 0) {
      a[L.own_store] += a[pos] + a[opp];
      a[pos] = 0;
      a[opp] = 0;
    }
  }
  // 7. A capture ends the turn (a capture never lands in the treasure, so
  //    extra_turn is already false then).
  from_flat(g, a);

  // 8. End: if either row is empty, the player whose row is empty takes all
  //    stones left in the other row.
  const bool south_empty = row_is_empty(g.south);
  const bool north_empty = row_is_empty(g.north);
  if (south_empty || north_empty) {
    if (south_empty && !north_empty) {
      g.store[0] += row_sum(g.north);
      std::fill(g.north.begin(), g.north.end(), 0);
    } else if (north_empty && !south_empty) {
      g.store[1] += row_sum(g.south);
      std::fill(g.south.begin(), g.south.end(), 0);
    }
    g.over = true;
    return;
  }
  if (!extra_turn) g.side = other(g.side);
}

// -------------------------------------------- ring games: 12-slot ring
// South 0..5, North 6..11 (North pit k = slot 6 + k). CCW = +1, CW = -1.
// Opposite of i is 11 - i.

std::vector<int> to_ring(const Game& g) {
  std::vector<int> r(12, 0);
  for (int i = 0; i < 6; ++i) r[i] = g.south[i];
  for (int i = 0; i < 6; ++i) r[6 + i] = g.north[i];
  return r;
}

void from_ring(Game& g, const std::vector<int>& r) {
  for (int i = 0; i < 6; ++i) g.south[i] = r[i];
  for (int i = 0; i < 6; ++i) g.north[i] = r[6 + i];
}

int ring_slot(int side, int pit) { return side == 0 ? pit : 6 + pit; }

bool is_two_four_six(int n) { return n == 2 || n == 4 || n == 6; }

// Mangala II rules 2-5.
void mangala2_move(Game& g, int pit) {
  std::vector<int> r = to_ring(g);
  const int origin = ring_slot(g.side, pit);

  // 3. Sowing CCW (+1), from the next hole, origin not skipped.
  int counters = r[origin];
  r[origin] = 0;
  int pos = origin;
  while (counters > 0) {
    pos = (pos + 1) % 12;
    r[pos] += 1;
    counters -= 1;
  }

  // 4. Capture chain backwards from the last hole; never the origin hole.
  int captured = 0;
  int h = pos;
  while (h != origin && is_two_four_six(r[h])) {
    captured += r[h];
    r[h] = 0;
    h = (h + 11) % 12;  // the hole before it on the track
  }
  from_ring(g, r);
  g.store[g.side] += captured;

  // 5. End: all holes empty, or 100 consecutive moves without a capture.
  g.quiet = captured > 0 ? 0 : g.quiet + 1;
  if ((row_is_empty(g.south) && row_is_empty(g.north)) || g.quiet >= 100) {
    g.over = true;
    return;
  }
  g.side = other(g.side);
}

// Bedouin: one clockwise lap of all counters lifted from `from`; returns the
// last hole sown.
int bedouin_lap(std::vector<int>& r, int from) {
  int counters = r[from];
  r[from] = 0;
  int pos = from;
  while (counters > 0) {
    pos = (pos + 11) % 12;  // clockwise = -1
    r[pos] += 1;
    counters -= 1;
  }
  return pos;
}

bool bedouin_row_empty(const std::vector<int>& r) {
  bool south_empty = true, north_empty = true;
  for (int i = 0; i < 6; ++i)
    if (r[i] != 0) south_empty = false;
  for (int i = 6; i < 12; ++i)
    if (r[i] != 0) north_empty = false;
  return south_empty || north_empty;
}

void bedouin_count_move(Game& g, bool captured) {
  // 6. 100 consecutive moves without a capture end the game (every move
  //    counts, set-up moves included).
  g.quiet = captured ? 0 : g.quiet + 1;
  if (g.quiet >= 100) g.over = true;
}

// Bedouin rule 3: forced opening sowing from the mover's pit 4 (North first).
void bedouin_opening_move(Game& g) {
  std::vector<int> r = to_ring(g);
  bedouin_lap(r, ring_slot(g.side, 3));  // no capture, no relay
  from_ring(g, r);
  bedouin_count_move(g, false);
  // 5. End test after every lap, the opening sowings included.
  if (bedouin_row_empty(r)) g.over = true;
  if (g.over) return;
  if (g.side == 1) {
    g.side = 0;  // South's opening sowing is next
  } else {
    g.phase = "play";
    g.side = 1;  // 4. Main play, North first.
  }
}

// Bedouin rules 4-6: a main-play move (first lap plus relays).
void bedouin_main_move(Game& g, int pit) {
  std::vector<int> r = to_ring(g);
  // Boards seen earlier in this move; the board before the move counts.
  std::vector<std::vector<int>> seen;
  seen.push_back(r);

  bool captured = false;
  int from = ring_slot(g.side, pit);
  bool this_lap_is_relay = false;
  for (;;) {
    const int last = bedouin_lap(r, from);

    // 6. A relay that reaches a board it already had earlier in the same move
    //    ends the move there, with no capture.
    if (this_lap_is_relay && std::find(seen.begin(), seen.end(), r) != seen.end()) {
      if (bedouin_row_empty(r)) g.over = true;  // 5. end test after every lap
      break;
    }
    seen.push_back(r);

    // 4. Resolve the lap by its last hole L.
    const int count_l = r[last];
    const int count_opp = r[11 - last];
    bool relay_due = false;
    if (count_l > 10) {
      relay_due = true;  // more than 10: relay whatever the parity
    } else if (count_l % 2 == 0 && count_opp % 2 == 0) {
      g.store[g.side] += count_l + count_opp;  // capture both holes; turn ends
      r[last] = 0;
      r[11 - last] = 0;
      captured = true;
    } else if (count_l % 2 == 0) {
      relay_due = true;  // L even, opposite odd
    }
    // else L odd: the turn ends.

    // 5. End test after every lap, once the lap is resolved; a relay that
    //    was due is not sown.
    if (bedouin_row_empty(r)) {
      g.over = true;
      break;
    }
    if (!relay_due) break;
    from = last;
    this_lap_is_relay = true;
  }
  from_ring(g, r);
  bedouin_count_move(g, captured);
  if (g.over) return;
  g.side = other(g.side);
}

// Bedouin rule 1: the distribution token "a,b,c,d"; returns false if the text
// is not exactly such a token with non-negative parts summing to K.
bool parse_distribution(const std::string& s, int k, std::array<int, 4>& out) {
  std::vector<std::string> parts(1);
  for (char c : s) {
    if (c == ',')
      parts.emplace_back();
    else if (c >= '0' && c <= '9')
      parts.back() += c;
    else
      return false;
  }
  if (parts.size() != 4) return false;
  int sum = 0;
  for (int i = 0; i < 4; ++i) {
    if (parts[i].empty() || parts[i].size() > 4) return false;
    if (parts[i].size() > 1 && parts[i][0] == '0') return false;  // no leading zeros
    out[i] = std::stoi(parts[i]);
    sum += out[i];
  }
  return sum == k;
}

std::string distribution_token(int a, int b, int c, int d) {
  return std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(c) + "," +
         std::to_string(d);
}

// The moves of the side to move, ignoring passes.
std::vector<std::string> raw_moves(const Game& g) {
  std::vector<std::string> moves;
  if (g.over) return moves;
  if (g.variant.family == Family::Bedouin) {
    if (g.phase == "distribute") {
      const int k = g.variant.counters;
      for (int a = 0; a <= k; ++a)
        for (int b = 0; a + b <= k; ++b)
          for (int c = 0; a + b + c <= k; ++c) moves.push_back(distribution_token(a, b, c, k - a - b - c));
    } else if (g.phase == "choose") {
      moves = {"keep", "flip"};
    } else if (g.phase == "opening") {
      if (own_row(g)[3] > 0) moves.push_back("4");
    } else {
      const std::vector<int>& row = own_row(g);
      for (int p = 0; p < 6; ++p)
        if (row[p] > 0) moves.push_back(std::to_string(p + 1));
    }
  } else {
    // Kalah 2 / Mangala 2 / Mangala II 2: any own pit with at least one seed.
    const std::vector<int>& row = own_row(g);
    for (int p = 0; p < (int)row.size(); ++p)
      if (row[p] > 0) moves.push_back(std::to_string(p + 1));
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

// "A player with no legal move in a position that is not over passes
// automatically." A pass is not a move and does not touch the quiet counter.
void apply_automatic_passes(Game& g) {
  int passes_in_a_row = 0;
  while (!g.over && raw_moves(g).empty()) {
    if (g.variant.family == Family::Bedouin && g.phase == "opening") {
      // Bedouin 3: an empty pit 4 means a pass; the opening goes on.
      if (g.side == 1) {
        g.side = 0;
      } else {
        g.phase = "play";
        g.side = 1;
      }
      continue;
    }
    g.side = other(g.side);
    passes_in_a_row += 1;
    if (passes_in_a_row >= 2) {
      // Neither player can move: cannot happen under the rules (an empty
      // board always ends the game first); stop rather than loop.
      g.over = true;
    }
  }
}

}  // namespace

// ----------------------------------------------------------------- API

Game start(const Variant& v) {
  Game g;
  g.variant = v;
  switch (v.family) {
    case Family::Kalah:
      if (v.pits < 1 || v.seeds < 1) throw std::invalid_argument("Kalah needs pits >= 1 and seeds >= 1");
      g.south.assign(v.pits, v.seeds);
      g.north.assign(v.pits, v.seeds);
      break;
    case Family::Mangala:
      g.south.assign(6, 4);
      g.north.assign(6, 4);
      break;
    case Family::Mangala2:
      g.south.assign(6, 6);
      g.north.assign(6, 6);
      break;
    case Family::Bedouin:
      if (v.counters < 1) throw std::invalid_argument("Bedouin needs counters >= 1");
      g.south.assign(6, 0);
      g.north.assign(6, 0);
      g.phase = "distribute";
      break;
  }
  g.side = 0;  // South moves first (Bedouin: South distributes)
  return g;
}

std::vector<std::string> legal_moves(const Game& g) { return raw_moves(g); }

Game play(const Game& before, const std::string& move) {
  if (before.over) throw std::invalid_argument("game is over: " + move);
  Game g = before;
  const Family f = g.variant.family;

  if (f == Family::Bedouin && g.phase == "distribute") {
    std::array<int, 4> d{};
    if (!parse_distribution(move, g.variant.counters, d)) throw std::invalid_argument("illegal move: " + move);
    g.south[2] = d[0];  // South pit 3
    g.south[3] = d[1];  // South pit 4
    g.north[2] = d[2];  // North pit 3
    g.north[3] = d[3];  // North pit 4
    g.phase = "choose";
    g.side = 1;
    bedouin_count_move(g, false);  // no end test after the distribution
    if (!g.over) apply_automatic_passes(g);
    return g;
  }

  const std::vector<std::string> legal = raw_moves(g);
  if (std::find(legal.begin(), legal.end(), move) == legal.end())
    throw std::invalid_argument("illegal move: " + move);

  if (f == Family::Bedouin && g.phase == "choose") {
    if (move == "flip") {
      std::swap(g.south[2], g.north[2]);  // South pit 3 <-> North pit 3
      std::swap(g.south[3], g.north[3]);  // South pit 4 <-> North pit 4
    }
    g.phase = "opening";
    g.side = 1;  // North sows first either way
    bedouin_count_move(g, false);  // no end test after keep/flip
  } else if (f == Family::Bedouin && g.phase == "opening") {
    bedouin_opening_move(g);
  } else {
    const int pit = parse_pit(move, pits_per_row(g.variant));
    switch (f) {
      case Family::Kalah: kalah_move(g, pit); break;
      case Family::Mangala: mangala_move(g, pit); break;
      case Family::Mangala2: mangala2_move(g, pit); break;
      case Family::Bedouin: bedouin_main_move(g, pit); break;
    }
  }
  apply_automatic_passes(g);
  return g;
}

std::array<int, 2> final_scores(const Game& g) { return {g.store[0], g.store[1]}; }

int winner(const Game& g) {
  const int s = g.store[0], n = g.store[1];
  if (g.variant.family == Family::Mangala2) {
    // Mangala II 6: 37 or more captured wins; otherwise a draw.
    if (s >= 37) return 0;
    if (n >= 37) return 1;
    return -1;
  }
  if (s > n) return 0;
  if (n > s) return 1;
  return -1;
}

uint64_t perft(const Game& g, int depth) {
  if (depth == 0) return 1;
  if (g.over) return 0;
  uint64_t total = 0;
  for (const std::string& m : legal_moves(g)) total += perft(play(g, m), depth - 1);
  return total;
}

}  // namespace naive
