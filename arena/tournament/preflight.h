#pragma once
// Before the first game: every engine started once (a bad command, a missing option or a wrong
// variant is a config error now, not a forfeit in every game overnight), and the openings made,
// random ones judged by the filter engine if one is named.
#include <string>
#include <vector>

#include "config/config.h"
#include "engine/engine_client.h"
#include "match/game_record.h"
#include "output/console.h"
#include "process/child_registry.h"

namespace arena::tournament {

// What every engine client of this tournament shares: registry, timeouts, line limit, family.
engine::ClientEnv client_env(const config::TournamentConfig& cfg, process::ChildRegistry& registry, const std::string& variant);

// Throws config::ConfigError naming the engine that does not start.
void preflight(const config::TournamentConfig& cfg, process::ChildRegistry& registry, const std::string& variant,
               output::Console& console);

// Throws config::ConfigError (a filter engine that fails, openings that cannot be made).
std::vector<match::Opening> make_openings(const config::TournamentConfig& cfg, process::ChildRegistry& registry,
                                          const std::string& variant);

}  // namespace arena::tournament
