#pragma once
// The tables of standings.h as one JSON document (`arena ratings --json`), for scripts that
// would otherwise scrape the text: every figure at full precision, with the same meaning as in
// the printed tables (arena/README.md, "Standings as JSON").
#include <nlohmann/json_fwd.hpp>
#include <optional>

#include "config/config.h"
#include "output/standings.h"

namespace arena::output {

// "format", "version", "games", "left_out", "anchor", "origin", "virtual_draws", "groups",
// "standings", "crosstable", "terminations" and "head_to_head" (null unless two engines). With
// `sprt`, the head-to-head part holds the SPRT's state as `format_head_to_head` prints it.
nlohmann::ordered_json standings_json(const Standings& s, const std::optional<config::SprtConfig>& sprt);

}  // namespace arena::output
