#pragma once
// Where games start: the variant's start position, positions from a file (one position in the
// project's notation per line; '#' comments and blank lines ignored), or N random moves from
// the start, kept only if a short engine search finds them balanced. Each opening is played
// twice per pairing, once from each side.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "match/game_record.h"

namespace arena::openings {

using match::Opening;

// Throws config::ConfigError naming the file and line (unreadable file, bad position, a position
// of another variant, a finished game, an empty file).
std::vector<Opening> load_file(const std::string& path, const std::string& variant);

// Why a game of `variant` cannot be played from this opening (a bad position, a position of
// another variant, an illegal move, a finished game), or nothing: the checks of load_file, for
// openings read from elsewhere (a results file's header).
std::optional<std::string> opening_fault(const Opening& opening, const std::string& variant);

// Judges an opening: the engine's score in seeds from the side to move's view, or empty to
// reject it.
using BalanceProbe = std::function<std::optional<double>(const Opening&)>;

struct RandomSpec {
  std::string variant;
  int plies = 4;
  int count = 1;
  std::uint64_t seed = 1;
  int max_score = 2;       // with a probe: keep |score| <= max_score
};

// Up to `count` distinct openings of `plies` random legal moves (fewer when fewer exist).
// Throws std::runtime_error if none passes the filter.
std::vector<Opening> generate_random(const RandomSpec& spec, const BalanceProbe& probe);

}  // namespace arena::openings
