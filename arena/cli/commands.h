#pragma once
// The arena's subcommands. Each registers itself on the CLI11 app and returns the handler to
// run once parsing succeeded; handlers return the process exit code.
#include <CLI/CLI.hpp>
#include <functional>

#include "process/child_registry.h"

namespace arena::cli {

using Handler = std::function<int()>;

Handler add_run(CLI::App& app, process::ChildRegistry& registry);
Handler add_ratings(CLI::App& app);
Handler add_bench(CLI::App& app, process::ChildRegistry& registry);
Handler add_check(CLI::App& app, process::ChildRegistry& registry);

}  // namespace arena::cli
