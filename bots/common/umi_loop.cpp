#include "common/umi_loop.h"

#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

namespace bots {

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream is(line);
  std::vector<std::string> t;
  for (std::string w; is >> w;) t.push_back(w);
  return t;
}

namespace {

// "position startpos <variant> [moves ...]" or "position fen <notation...> [moves ...]".
std::optional<mancala::Game> parse_position(const std::vector<std::string>& t, std::string& error) {
  std::size_t i = 2;
  std::optional<mancala::Game> game;
  if (t.size() >= 3 && t[1] == "startpos") {
    auto g = mancala::Game::from_spec(t[2]);
    if (!g) return error = g.error(), std::nullopt;
    game = *g;
    i = 3;
  } else if (t.size() >= 3 && t[1] == "fen") {
    std::string notation;
    for (; i < t.size() && t[i] != "moves"; ++i) notation += (notation.empty() ? "" : " ") + t[i];
    auto g = mancala::Game::from_notation(notation);
    if (!g) return error = g.error(), std::nullopt;
    game = *g;
  } else {
    return error = "expected 'position startpos <variant>' or 'position fen <notation>'", std::nullopt;
  }
  if (i < t.size() && t[i] == "moves") {
    for (++i; i < t.size(); ++i)
      if (auto e = game->play(t[i])) return error = "move '" + t[i] + "': " + *e, std::nullopt;
  } else if (i < t.size()) {
    return error = "unexpected '" + t[i] + "'", std::nullopt;
  }
  return game;
}

}  // namespace

int run_umi(const BotInfo& info, const Policy& policy, std::istream& in, std::ostream& out) {
  std::optional<mancala::Game> game;
  std::uint64_t seed = 0;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto t = split_words(line);
    if (t.empty()) continue;
    const std::string& cmd = t[0];
    if (cmd == "umi") {
      out << "id name " << info.name << "\nid author " << info.author << "\n"
          << "option name Seed type spin default 0 min 0 max 2147483647\n"
          << "protocol 1\nvariants kalah mangala mangala2 bedouin\numiok" << std::endl;
    } else if (cmd == "isready") {
      out << "readyok" << std::endl;
    } else if (cmd == "setoption") {
      // setoption name Seed value <n>
      if (t.size() >= 5 && t[2] == "Seed" && t[3] == "value") {
        try {
          seed = std::stoull(t[4]);
        } catch (const std::exception&) {
          out << "info string error: Seed needs an integer" << std::endl;
        }
      }
    } else if (cmd == "position") {
      std::string error;
      game = parse_position(t, error);
      if (!game) out << "info string error: " << error << std::endl;
    } else if (cmd == "go") {
      if (!game || game->over()) {
        out << "bestmove none" << std::endl;
      } else {
        const Choice c = policy(*game, seed);
        if (c.score) out << "info depth 1 score seeds " << *c.score << "\n";
        out << "bestmove " << game->move_text(c.move) << std::endl;
      }
    } else if (cmd == "quit") {
      return 0;
    } else if (cmd == "newgame" || cmd == "stop" || cmd == "gameover" || cmd == "ponderhit") {
      // nothing to do: every search is instant and the bots keep no state between positions
    } else if (cmd == "d") {
      if (game) out << game->notation() << "\n" << game->drawing() << std::flush;
    } else {
      out << "info string error: unknown command '" << cmd << "'" << std::endl;
    }
  }
  return 0;
}

}  // namespace bots
