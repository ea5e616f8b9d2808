#include "openings/openings.h"

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

#include "config/config.h"
#include "rules/game.h"
#include "rules/splitmix.h"

namespace arena::openings {

namespace {

// Why a game of `variant` cannot start in this position, or nothing.
std::optional<std::string> start_fault(const mancala::Game& game, const std::string& variant) {
  if (game.variant().spec() != variant) return "a " + game.variant().spec() + " position in a " + variant + " tournament";
  if (game.over()) return std::string("the game is already over in this position");
  return std::nullopt;
}

}  // namespace

std::optional<std::string> opening_fault(const Opening& opening, const std::string& variant) {
  auto start = opening.position.empty() ? mancala::Game::from_spec(variant) : mancala::Game::from_notation(opening.position);
  if (!start) return start.error();
  if (auto fault = start_fault(*start, variant)) return fault;
  mancala::Game game = std::move(start).value();
  for (const auto& mv : opening.moves)
    if (auto err = game.play(mv)) return "opening move '" + mv + "': " + *err;
  if (game.over()) return std::string("the game is already over after the opening's moves");
  return std::nullopt;
}

std::vector<Opening> load_file(const std::string& path, const std::string& variant) {
  // A regular file or a pipe, as for the config file: a folder read as "no positions", and a
  // device such as /dev/zero was read until the memory ran out.
  using std::filesystem::file_type;
  std::error_code ec;
  const auto type = std::filesystem::status(path, ec).type();
  if (ec) throw config::ConfigError("openings.file: cannot read '" + path + "': " + ec.message());  // missing, or a file used as a folder on its path
  if (type == file_type::directory) throw config::ConfigError("openings.file: '" + path + "' is a folder");
  if (type == file_type::block || type == file_type::character || type == file_type::socket || type == file_type::unknown)
    throw config::ConfigError("openings.file: '" + path + "' is not a file");
  errno = 0;
  std::ifstream in(path);
  if (!in) {  // the file itself refuses (no read permission): the open's errno says so
    const int why = errno;
    throw config::ConfigError("openings.file: cannot read '" + path + "'" + (why ? ": " + std::generic_category().message(why) : ""));
  }
  constexpr std::size_t kMaxBytes = std::size_t{64} << 20;  // the config file's bound too
  std::size_t bytes = 0;
  std::vector<Opening> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if ((bytes += line.size() + 1) > kMaxBytes) throw config::ConfigError("openings.file: '" + path + "' is larger than 64 MB");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (n == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // a UTF-8 byte order mark (Windows editors)
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    line = line.substr(first, line.find_last_not_of(" \t") - first + 1);
    const std::string where = "openings.file: " + path + ":" + std::to_string(n) + ": ";
    auto game = mancala::Game::from_notation(line);
    if (!game) throw config::ConfigError(where + game.error());
    if (auto fault = start_fault(*game, variant)) throw config::ConfigError(where + *fault);
    out.push_back(Opening{game->notation(), {}});
  }
  if (out.empty()) throw config::ConfigError("openings.file: '" + path + "' holds no positions");
  return out;
}

std::vector<Opening> generate_random(const RandomSpec& spec, const BalanceProbe& probe) {
  auto start = mancala::Game::from_spec(spec.variant);
  if (!start) throw std::runtime_error(start.error());
  mancala::SplitMix64 rng(spec.seed ^ 0x6f70656e696e6773ULL);  // "openings"
  std::vector<Opening> out;
  std::set<std::string> seen;
  long filtered = 0;  // sequences the balance filter refused (the others ended the game or repeated)
  // Short sequences have only so many distinct results (942 for 4 plies of kalah(6,4)): stop
  // when a long run of attempts brings nothing new, and play the ones found in turn.
  for (long misses = 0; misses < 5000 && static_cast<int>(out.size()) < spec.count; ++misses) {
    mancala::Game game = *start;
    Opening o;
    for (int i = 0; i < spec.plies && !game.over(); ++i) {
      const auto moves = game.legal_moves();
      const auto mv = moves[rng.below(moves.size())];
      o.moves.push_back(game.move_text(mv));
      game.play(mv);
    }
    if (game.over() || !seen.insert(game.notation()).second) continue;
    if (probe) {
      const auto score = probe(o);
      if (!score || *score > spec.max_score || *score < -spec.max_score) {
        ++filtered;
        continue;
      }
    }
    out.push_back(std::move(o));
    misses = 0;
  }
  if (out.empty() && filtered > 0)
    throw std::runtime_error("no random opening passes the filter; allow a larger filter_max_score or fewer plies");
  if (out.empty())
    throw std::runtime_error("no random opening: every sequence of " + std::to_string(spec.plies) + " random moves in " +
                             spec.variant + " ends the game; ask for fewer plies");
  return out;
}

}  // namespace arena::openings
