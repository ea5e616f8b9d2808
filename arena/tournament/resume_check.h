#pragma once
// Resuming: is an existing results file this tournament's? Its header must hold the same
// schedule-defining config, and every game in it must be the one the schedule plays under its
// id. Both checks run before anything touches the file.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "match/game_record.h"
#include "tournament/schedule.h"

namespace arena::tournament {

// The first place where two schedule objects differ, as "'engines[1].options.Seed' is 3 in the
// file but 4 now" (empty if they are equal): names the field that changed instead of two long
// values cut to the same prefix. Keys both sides have come first; a time control is shown whole,
// as written ("'engines[0].time_control' is 1+0.01 in the file but 2+0.01 now").
std::string first_difference(const nlohmann::json& a, const nlohmann::json& b, const std::string& path = "");

// How a recorded game differs from a game of `variant` from its opening in `openings`: what the
// file holds ("a mangala game") and what it should ("kalah(6,4)"). Empty if it does not.
struct OtherGame {
  std::string held, expected;
};
std::optional<OtherGame> played_otherwise(const match::GameRecord& game, const std::string& variant,
                                          const std::vector<match::Opening>& openings);

// Throws ResultsError naming the first recorded game this schedule does not play under its id
// (other engines, round, variant or opening).
void check_recorded_games(const Schedule& schedule, const std::vector<match::GameRecord>& existing,
                          const config::TournamentConfig& cfg, const std::string& variant,
                          const std::vector<match::Opening>& openings, const std::string& path);

}  // namespace arena::tournament
