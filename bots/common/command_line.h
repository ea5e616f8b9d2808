#pragma once
// The bots' command line: they speak UMI on stdin and stdout and need no arguments, but
// `--help` says so instead of leaving a user facing a silent prompt, and `--version` gives the
// project's version, as the engine and the arena do. Other arguments are
// ignored on purpose: they tag a process (the arena's tests find their bots in /proc that way).
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace bots {

// Returns the exit code when the process should end now (0 after printing the help to `out`
// for `--help` or `-h` as the first argument, or "<name> <version>" for `--version`); nothing
// when the UMI loop should run. `name` is the one the usage and version lines show: what the
// bot was started as (text::program_name).
std::optional<int> check_arguments(const std::vector<std::string>& args, const std::string& name,
                                   const std::string& summary, std::ostream& out);

}  // namespace bots
