#include "line_gen.h"

#include <algorithm>

#include "protocol/commands.h"
#include "protocol/line_io.h"
#include "text/tokens.h"
#include "rules/game.h"

namespace fuzz {

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  for (auto t : mancala::text::split_tokens(line)) out.emplace_back(t);
  return out;
}

std::string join(const std::vector<std::string>& t) {
  std::string out;
  for (const auto& w : t) out += (out.empty() ? "" : " ") + w;
  return out;
}

const std::vector<std::string> kWords = {
    "umi",    "isready", "setoption", "newgame", "position", "startpos", "fen",   "moves",    "go",        "stop",
    "ponderhit", "gameover", "quit", "d",     "perft",    "eval",      "name",  "value",   "stime",    "ntime",     "sinc",
    "ninc",   "movestogo", "movetime", "depth", "nodes",   "infinite", "ponder", "south",   "north",    "draw",
    "uci",    "ucinewgame", "ISREADY", "none", "keep",    "flip",      "-",     "s",       "n",        "distribute",
    "choose", "opening", "play",  "kalah",  "mangala", "mangala2",  "bedouin", "<empty>", "true",   "false"};

const std::vector<std::string> kNumbers = {
    "0", "1", "-1", "2", "3", "4", "6", "7", "12", "13", "64", "100", "101", "240", "241", "400", "1000", "1001", "4096",
    "4097", "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967296",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "99999999999999999999999999", "+5", "-0", "007", "1e3", "0x10", "3.5", "", "--1", "+", "-"};

const std::vector<std::string> kSpecs = {
    "kalah", "kalah(6,4)", "kalah(6,4,empty)", "kalah(4,3)", "kalah(1,1)", "kalah(8,12)", "kalah(3,5,empty)", "mangala",
    "mangala2", "bedouin", "bedouin(70)", "bedouin(1)", "bedouin(240)", "bedouin(17)"};

const std::vector<std::string> kBadSpecs = {
    "kalah(0,4)", "kalah(9,4)", "kalah(6,13)", "kalah(6,0)", "kalah(6)", "kalah(6,4,full)", "kalah(6,4", "kalah6,4)",
    "kalah(,)", "kalah(6,,4)", "kalah(-6,4)", "kalah(99999,4)", "kalah(6,4,empty,empty)", "mangala(3)", "mangala2()",
    "bedouin(0)", "bedouin(241)", "bedouin(x)", "bedouin()", "bedouin(-70)", "KALAH", "kalah( 6,4)", "chess", "",
    "kalah(18446744073709551617,4)", "bedouin(4294967366)"};

const std::vector<std::string> kOptions = {"Hash", "Clear Hash", "Threads", "Level", "PlainEval", "MultiPV", "Ponder", "MoveOverhead",
                                           "KalahEmptyCapture", "UMI_Opponent", "hash", "LEVEL", "Nope", "Clear", "value"};

}  // namespace

std::string LineGenerator::random_bytes(std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    char c = static_cast<char>(rng_.below(256));
    if (c == '\n' || c == '\r') c = static_cast<char>(0x80 | rng_.below(64));
    s += c;
  }
  return s;
}

std::string LineGenerator::number() {
  if (rng_.chance(70)) return rng_.pick(kNumbers);
  return std::to_string(static_cast<std::int64_t>(rng_.next()) >> rng_.below(64));
}

std::string LineGenerator::variant_spec() { return rng_.chance(85) ? rng_.pick(kSpecs) : rng_.pick(kBadSpecs); }

std::string LineGenerator::reachable(const std::string& spec, int plies, std::vector<std::string>& moves) {
  auto g = mancala::Game::from_spec(spec);
  if (!g) return spec;
  mancala::Game game = *g;
  for (int i = 0; i < plies && !game.over(); ++i) {
    std::string text;
    const auto& pos = game.position();
    if (game.variant().family == mancala::Family::Bedouin && pos.phase == mancala::Phase::Distribute) {
      const int k = game.variant().counters;
      const int a = static_cast<int>(rng_.below(static_cast<std::size_t>(k) + 1));
      const int b = static_cast<int>(rng_.below(static_cast<std::size_t>(k - a) + 1));
      const int c = static_cast<int>(rng_.below(static_cast<std::size_t>(k - a - b) + 1));
      text = std::to_string(a) + "," + std::to_string(b) + "," + std::to_string(c) + "," + std::to_string(k - a - b - c);
    } else {
      const auto legal = game.legal_moves();
      text = game.move_text(legal[rng_.below(legal.size())]);
    }
    if (game.play(text)) break;
    moves.push_back(text);
  }
  return game.notation();
}

std::string LineGenerator::notation() {
  std::vector<std::string> moves;
  std::string n = reachable(rng_.pick(kSpecs), static_cast<int>(rng_.below(60)), moves);
  if (rng_.chance(40)) n = mutate(n);
  return n;
}

std::string LineGenerator::move_token() {
  switch (rng_.below(6)) {
    case 0: return std::to_string(rng_.below(10));
    case 1: return number();
    case 2: return rng_.chance(50) ? "keep" : "flip";
    case 3: return std::to_string(rng_.below(80)) + "," + std::to_string(rng_.below(80)) + "," + std::to_string(rng_.below(80)) + "," +
                   std::to_string(rng_.below(80));
    case 4: return rng_.pick(kWords);
    default: return random_bytes(1 + rng_.below(6));
  }
}

std::string LineGenerator::position_command() {
  const std::string spec = variant_spec();
  std::vector<std::string> moves;
  const int plies = static_cast<int>(rng_.below(40));
  std::string text;
  if (rng_.chance(50)) {
    reachable(spec, plies, moves);
    text = "position startpos " + spec;
  } else {
    const std::string n = reachable(spec, plies, moves);
    text = "position fen " + n;
    std::vector<std::string> more;
    auto g = mancala::Game::from_notation(n);
    if (g && !g->over() && rng_.chance(60)) {
      mancala::Game game = *g;
      for (int i = 0; i < 8 && !game.over(); ++i) {
        const auto legal = game.legal_moves();
        if (legal.size() > 1000) break;
        const auto mv = legal[rng_.below(legal.size())];
        more.push_back(game.move_text(mv));
        game.play(mv);
      }
    }
    moves = more;
  }
  if (!moves.empty() || rng_.chance(20)) {
    text += " moves";
    for (const auto& m : moves) text += " " + m;
    if (rng_.chance(15)) text += " " + move_token();
  }
  return text;
}

std::string LineGenerator::go_command() {
  static const std::vector<std::string> keys = {"stime", "ntime", "sinc", "ninc", "movestogo", "movetime", "depth", "nodes"};
  std::string text = "go";
  if (rng_.chance(10)) return text + (rng_.chance(50) ? " infinite" : " ponder");
  const std::size_t n = rng_.below(4);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string& k = rng_.pick(keys);
    std::string v;
    if (k == "depth") v = std::to_string(1 + rng_.below(5));
    else if (k == "nodes") v = std::to_string(1 + rng_.below(3000));
    else if (k == "movetime") v = std::to_string(1 + rng_.below(20));
    else v = std::to_string(rng_.below(3000));
    if (rng_.chance(15)) v = number();
    text += " " + k + " " + v;
  }
  if (rng_.chance(10)) text += " ponder";
  return text;
}

std::string LineGenerator::setoption_command() {
  const std::string& name = rng_.pick(kOptions);
  std::string value;
  if (name == "Hash" || name == "hash") value = std::to_string(1 + rng_.below(8));
  else if (name == "PlainEval" || name == "Ponder" || name == "KalahEmptyCapture") value = rng_.chance(50) ? "true" : "FALSE";
  else if (name == "UMI_Opponent") value = rng_.chance(50) ? "Deep  Sower 2.1" : random_bytes(rng_.below(30));
  else value = number();
  if (rng_.chance(10)) return "setoption name " + name;
  return "setoption name " + name + " value " + value;
}

std::string LineGenerator::valid_command() {
  switch (rng_.below(16)) {
    case 0: return "umi";
    case 1:
    case 2: return "isready";
    case 3: return "newgame";
    case 4: return setoption_command();
    case 5:
    case 6:
    case 7: return position_command();
    case 8:
    case 9: return go_command();
    case 10: return rng_.chance(50) ? "stop" : "ponderhit";
    case 11: {
      static const std::vector<std::string> r = {"south", "north", "draw"};
      return "gameover " + rng_.pick(r) + " " + number() + " " + number() + (rng_.chance(50) ? " north lost on time" : "");
    }
    case 12: return rng_.chance(50) ? "d" : "eval";
    case 13: return "perft " + std::to_string(rng_.below(4));
    case 14: return rng_.pick(kWords) + " " + rng_.pick(kWords);
    default: return random_bytes(rng_.below(40));
  }
}

std::string LineGenerator::mutate(std::string line) {
  auto t = split(line);
  switch (rng_.below(14)) {
    case 0:  // drop a token
      if (!t.empty()) t.erase(t.begin() + static_cast<long>(rng_.below(t.size())));
      return join(t);
    case 1:  // duplicate a token
      if (!t.empty()) {
        const auto i = rng_.below(t.size());
        t.insert(t.begin() + static_cast<long>(i), t[i]);
      }
      return join(t);
    case 2:  // swap two tokens
      if (t.size() >= 2) std::swap(t[rng_.below(t.size())], t[rng_.below(t.size())]);
      return join(t);
    case 3:  // a number: huge, negative, malformed
    case 4:
      if (!t.empty()) t[rng_.below(t.size())] = number();
      return join(t);
    case 5:  // random bytes (0-255, no line ends) somewhere
      line.insert(rng_.below(line.size() + 1), random_bytes(1 + rng_.below(8)));
      return line;
    case 6:  // cut short
      return line.substr(0, rng_.below(line.size() + 1));
    case 7:  // very long (half as often as the others): around the 65536-byte limit, or far beyond it
    {
      if (rng_.chance(50)) return line + " " + number();
      static const std::size_t sizes[] = {65535, 65536, 65537, 70000, 300000};
      const std::size_t target = sizes[rng_.below(5)];
      std::string filler = rng_.chance(50) ? " 1" : "9";
      while (line.size() + filler.size() <= target) line += filler;
      line.resize(target, '1');
      return line;
    }
    case 8:  // a token replaced by a variant, a notation piece or a move
      if (!t.empty()) {
        const auto i = rng_.below(t.size());
        t[i] = rng_.chance(33) ? variant_spec() : rng_.chance(50) ? move_token() : rng_.pick(kWords);
      }
      return join(t);
    case 9:  // inside a token: a digit changed, a separator removed or added
      if (!line.empty()) {
        static const char pieces[] = {',', ':', '(', ')', '-', '0', '9', ' ', '\t', 'x'};
        const auto i = rng_.below(line.size());
        if (rng_.chance(50)) line[i] = pieces[rng_.below(sizeof pieces)];
        else line.erase(i, 1);
      }
      return line;
    case 10:  // two commands on one line
      return line + " " + valid_command();
    case 11:  // tabs and runs of blanks
      for (char& c : line)
        if (c == ' ' && rng_.chance(30)) c = '\t';
      return "  " + line + " \t ";
    case 12:  // a NUL, DEL or high byte inside
      if (!line.empty()) line[rng_.below(line.size())] = "\0\x7f\xff\x1b"[rng_.below(4)];
      return line;
    default:  // a random token appended
      return line + " " + (rng_.chance(50) ? number() : move_token());
  }
}

std::string LineGenerator::line() {
  std::string l = valid_command();
  const std::size_t mutations = rng_.chance(45) ? 0 : 1 + rng_.below(3);
  for (std::size_t i = 0; i < mutations; ++i) l = mutate(l);
  for (char& c : l)
    if (c == '\n' || c == '\r') c = ' ';
  return l;
}

std::vector<std::string> LineGenerator::program(std::size_t max_lines) {
  std::vector<std::string> p;
  const std::size_t n = 1 + rng_.below(max_lines);
  for (std::size_t i = 0; i < n; ++i) p.push_back(line());
  return p;
}

bool too_expensive(const std::string& line) {
  using namespace mancala::protocol;
  using namespace mancala::text;
  if (line.size() > kMaxLineBytes) return false;  // discarded unread
  const auto t = split_tokens(line);
  if (t.empty()) return false;
  if (t[0] == "bench") return true;
  if (t[0] == "perft" && t.size() >= 2) {
    const auto d = parse_integer(t[1]);
    return d && *d > 3;
  }
  if (t[0] == "setoption") {
    auto cmd = parse_setoption(line.substr(line.find("setoption") + 9));
    if (cmd && iequals(cmd->name, "Hash") && cmd->value) {
      const auto mb = parse_integer(trim(*cmd->value));
      return mb && *mb > 16;
    }
  }
  return false;
}

}  // namespace fuzz
