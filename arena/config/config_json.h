#pragma once
// The JSON form of a tournament config (the format of configs/*.json, documented in
// arena/README.md) in both directions.
#include <nlohmann/json.hpp>
#include <string>

#include "config/config.h"

namespace arena::config {

// Fills `config` from `j` (fields absent from `j` keep their current values). Throws ConfigError.
void apply_json(const nlohmann::json& j, TournamentConfig& config);
// Reads and applies a config file. Throws ConfigError (unreadable file, bad JSON, bad field).
void apply_file(const std::string& path, TournamentConfig& config);

// The fields that decide which games are played and how: two runs whose schedule_json() are
// equal play the same games. Stored in the results file header and compared on resume.
nlohmann::json schedule_json(const TournamentConfig& config);

nlohmann::json tc_json(const TimeControl& tc);
// Parses a "time_control" object; `path` names it in errors.
TimeControl parse_tc_json(const nlohmann::json& j, const std::string& path);

}  // namespace arena::config
