#pragma once
// The arena's subcommands. Each registers itself on the CLI11 app and returns the handler to
// run once parsing succeeded; handlers return the process exit code.
#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "process/child_registry.h"

namespace arena::cli {

using Handler = std::function<int()>;

// A repeatable option that takes exactly one value each time it is given: CLI11 lets a vector
// option swallow every following word, so a positional argument after its last use (a config
// file, an engine's command) would become one more value.
inline CLI::Option* one_value_each(CLI::Option* option) {
  return option->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

// program: the arena as it was started (argv[0]), for the command a run suggests at its end.
Handler add_run(CLI::App& app, process::ChildRegistry& registry, std::string program);
Handler add_ratings(CLI::App& app);
Handler add_games(CLI::App& app);
Handler add_bench(CLI::App& app, process::ChildRegistry& registry);
Handler add_check(CLI::App& app, process::ChildRegistry& registry);

}  // namespace arena::cli
