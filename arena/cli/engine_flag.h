#pragma once
// Parses the --engine flag: space-separated key=value pairs, e.g.
//   --engine "name=mine cmd=python3 arg=my_bot.py dir=/tmp option.Seed=3 margin=50 tc=1+0.01"
// Keys: name, cmd, arg (repeatable), dir, option.<Name>, margin (ms), restart (on/off), tc,
// movetime, depth, nodes.
// Double quotes keep blanks in a word: arg="my bot.py", option.UMI_Opponent="Deep Sower".
#include <string>

#include "config/config.h"

namespace arena::cli {

// Throws config::ConfigError naming "--engine" and the key.
config::EngineConfig parse_engine_flag(const std::string& text);

}  // namespace arena::cli
