#include "protocol/commands.h"

#include <algorithm>

#include "text/tokens.h"

namespace mancala::protocol {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Splits `text` at the first whole word `word`: what comes before it and what comes after it
// (after exactly the word itself). Nothing if the word does not occur as a token.
struct WordSplit {
  std::string_view before, after;
};
std::optional<WordSplit> split_at_word(std::string_view text, std::string_view word) {
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_blank(text[i])) ++i;
    std::size_t end = i;
    while (end < text.size() && !is_blank(text[end])) ++end;
    if (end > i && text.substr(i, end - i) == word) return WordSplit{text.substr(0, i), text.substr(end)};
    i = end;
  }
  return std::nullopt;
}

std::string join(const std::vector<std::string_view>& words) {
  std::string out;
  for (auto w : words) out += (out.empty() ? "" : " ") + std::string(w);
  return out;
}

}  // namespace

Expected<SetOptionCommand> parse_setoption(std::string_view text) {
  const auto name_split = split_at_word(text, "name");
  if (!name_split || !text::split_tokens(name_split->before).empty())
    return Error{"setoption: expected 'setoption name <name> [value <value>]'"};
  SetOptionCommand cmd;
  std::string_view name_text = name_split->after;
  if (auto value_split = split_at_word(name_text, "value")) {
    name_text = value_split->before;
    cmd.value = std::string(text::trim(value_split->after));
  }
  cmd.name = join(text::split_tokens(name_text));
  if (cmd.name.empty()) return Error{"setoption: the option name is missing"};
  return cmd;
}

Expected<GoCommand> parse_go(const std::vector<std::string_view>& args) {
  GoCommand go;
  search::Limits& l = go.limits;
  std::vector<std::string_view> seen;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view key = args[i];
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) return Error{"go: " + text::quote(key) + " given twice"};
    seen.push_back(key);
    if (key == "infinite") {
      l.infinite = true;
      continue;
    }
    if (key == "ponder") {
      go.ponder = true;
      continue;
    }
    const bool known = key == "stime" || key == "ntime" || key == "sinc" || key == "ninc" || key == "movestogo" ||
                       key == "movetime" || key == "depth" || key == "nodes";
    if (!known) {
      const bool uci = key == "wtime" || key == "btime" || key == "winc" || key == "binc";
      return Error{"go: unknown parameter " + text::quote(key) + (uci ? " (UMI names the clocks stime, ntime, sinc, ninc)" : "")};
    }
    if (i + 1 == args.size()) return Error{"go: " + std::string(key) + " needs a number"};
    const bool signed_clock = key == "stime" || key == "ntime";  // a flagged clock may be negative
    ++i;
    const auto n = signed_clock ? text::parse_integer(args[i]) : text::parse_count(args[i]);
    if (!n) {
      // Digits that do not fit in 64 bits are not "not a number": say what the limit is.
      std::string_view digits = args[i];
      if (signed_clock && digits.starts_with('-')) digits.remove_prefix(1);
      const bool too_big = !digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos;
      const std::string why = too_big ? " is out of range (at most 9223372036854775807" + std::string(signed_clock ? " either way)" : ")")
                              : signed_clock ? " is not an integer"
                                             : " is not a count";
      return Error{"go: " + std::string(key) + ": " + text::quote(args[i]) + why};
    }
    // A flagged clock can arrive negative: read as no time left rather than rejected.
    if (signed_clock) {
      const int side = key == "stime" ? 0 : 1;
      l.clock_ms[side] = std::max<std::int64_t>(0, *n);
      go.clock_given[side] = true;
      continue;
    }
    if (key == "sinc" || key == "ninc") {
      if (*n < 0) return Error{"go: " + std::string(key) + " must not be negative"};
      l.increment_ms[key == "sinc" ? 0 : 1] = *n;
      continue;
    }
    constexpr std::int64_t kMaxDepth = 1000, kMaxMovesToGo = 100000;
    if (*n < 1) return Error{"go: " + std::string(key) + " must be at least 1"};
    if (key == "movestogo") {
      if (*n > kMaxMovesToGo) return Error{"go: movestogo is at most " + std::to_string(kMaxMovesToGo)};
      l.moves_to_go = static_cast<int>(*n);
    } else if (key == "movetime") {
      l.movetime_ms = *n;
    } else if (key == "depth") {
      if (*n > kMaxDepth) return Error{"go: depth is at most " + std::to_string(kMaxDepth)};
      l.depth = static_cast<int>(*n);
    } else {
      l.nodes = static_cast<std::uint64_t>(*n);
    }
  }
  return go;
}

Expected<GoDecision> decide_go(const std::vector<std::string_view>& args, const std::optional<Game>& game) {
  auto parsed = parse_go(args);
  if (!parsed) return Error{parsed.error()};
  if (!game) return Error{"go: no position (send position first)"};
  GoDecision decision;
  if (game->over()) {
    decision.game_over = true;
    return decision;
  }
  GoCommand& cmd = decision.command = *parsed;
  search::Limits& limits = cmd.limits;
  const int mover = index(game->side_to_move());
  if (!limits.infinite && (cmd.clock_given[0] || cmd.clock_given[1]) && !cmd.clock_given[mover])
    return Error{std::string("go: the clock of the side to move (") + (mover == 0 ? "stime" : "ntime") + ") is missing"};
  const bool limited = limits.has_clock() || limits.movetime_ms > 0 || limits.depth > 0 || limits.nodes > 0;
  if (!limited || limits.infinite) {  // a bare `go` analyses until stop, as in UCI engines
    limits = search::Limits{};
    limits.infinite = true;
    cmd.clock_given[0] = cmd.clock_given[1] = false;
  }
  return decision;
}

Expected<Game> parse_position(const std::vector<std::string_view>& args, bool empty_capture_default) {
  constexpr const char* kUsage = "expected 'position startpos <variant> [moves ...]' or 'position fen <notation> [moves ...]'";
  if (args.empty() || (args[0] != "startpos" && args[0] != "fen")) return Error{std::string("position: ") + kUsage};
  const auto moves_at = std::find(args.begin(), args.end(), std::string_view("moves"));
  const std::vector<std::string_view> head(args.begin() + 1, moves_at);
  if (head.empty())
    return Error{"position " + std::string(args[0]) + ": the " + (args[0] == "fen" ? "position notation" : "variant spec") +
                 " is missing (" + kUsage + ")"};

  std::optional<Game> game;
  if (args[0] == "startpos") {
    if (head.size() != 1) return Error{"position startpos: expected one variant spec, found " + text::quote(join(head))};
    auto variant = parse_variant(head[0]);
    if (!variant) return Error{"position startpos: " + variant.error()};
    Variant v = *variant;
    if (v.family == Family::Kalah && empty_capture_default) v.empty_capture = true;
    game.emplace(v);
  } else {
    auto parsed = Game::from_notation(join(head));
    if (!parsed) {
      std::string why = parsed.error();  // the notation's own "position: ..." message
      if (why.starts_with("position: ")) why.erase(0, std::string_view("position: ").size());
      return Error{"position fen: " + why};
    }
    Variant v = parsed->variant();
    if (v.family == Family::Kalah && empty_capture_default) v.empty_capture = true;
    game.emplace(v, parsed->position());
  }

  if (moves_at != args.end()) {
    int number = 0;
    for (auto it = moves_at + 1; it != args.end(); ++it) {
      ++number;
      if (auto why = game->play(*it))
        return Error{"position: move " + std::to_string(number) + " (" + text::quote(*it) + ") after " + game->notation() +
                     ": " + *why};
    }
  }
  return *game;
}

Expected<GameOverNotice> parse_gameover(const std::vector<std::string_view>& args) {
  constexpr const char* kUsage = "expected 'gameover <south|north|draw> <south-score> <north-score> [reason]'";
  if (args.size() < 3) return Error{std::string("gameover: ") + kUsage};
  GameOverNotice notice;
  if (args[0] != "south" && args[0] != "north" && args[0] != "draw")
    return Error{"gameover: result " + text::quote(args[0]) + " is not south, north or draw"};
  notice.result = std::string(args[0]);
  const auto south = text::parse_count(args[1]), north = text::parse_count(args[2]);
  constexpr std::int64_t kMaxScore = 100000;
  if (!south || !north || *south < 0 || *north < 0 || *south > kMaxScore || *north > kMaxScore)
    return Error{"gameover: the scores must be counts of seeds, 0.." + std::to_string(kMaxScore) + " (" + kUsage + ")"};
  notice.south = static_cast<int>(*south);
  notice.north = static_cast<int>(*north);
  notice.reason = join({args.begin() + 3, args.end()});
  return notice;
}

bool takes_no_arguments(std::string_view command) {
  for (std::string_view c : {"umi", "isready", "newgame", "stop", "ponderhit", "quit", "d", "eval"})
    if (command == c) return true;
  return false;
}

Expected<int> parse_depth(const char* command, const std::vector<std::string_view>& args, int lo, int hi) {
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  if (args.size() != 1) return Error{std::string(command) + ": expected one depth (" + range + ")"};
  const auto n = text::parse_count(args[0]);
  if (!n || *n < lo || *n > hi) return Error{std::string(command) + ": depth " + text::quote(args[0]) + " is not in " + range};
  return static_cast<int>(*n);
}

}  // namespace mancala::protocol
