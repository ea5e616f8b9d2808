// arena: tournaments between mancala engines speaking UMI. See arena/README.md.
#include <sys/prctl.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <string_view>

#include "cli/commands.h"
#include "process/child_registry.h"
#include "process/signal_watcher.h"
#include "text/program_name.h"

int main(int argc, char** argv) {
  // Helpers that an engine started and detached from its process group (setsid) become the
  // arena's children when the engine dies, instead of init's: the arena then kills and reaps them
  // (ChildRegistry::reap_strays), so none outlives its tournament.
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  arena::process::ChildRegistry registry;
  // Before any other thread exists: Ctrl-C / SIGTERM / SIGHUP kill every engine process group
  // at once; the games in flight are then dropped (not recorded) and the run ends cleanly.
  arena::process::SignalWatcher signals([&registry](int) { registry.interrupt(); });

  CLI::App app{"arena: tournaments between mancala engines (UMI protocol)"};
  app.require_subcommand(1);
  // Named as started (installed, `mancala-arena`), as the bots' --version is.
  app.set_version_flag("--version", mancala::text::program_name(argv[0], "arena") + " " MANCALA_VERSION);
  // The command a run suggests at its end starts the arena as this one was started: a path
  // (build/arena/arena) works from the same folder, a bare name (mancala-arena) through PATH.
  const auto run = arena::cli::add_run(app, registry, argc > 0 && argv[0] && *argv[0] ? argv[0] : "arena");
  const auto ratings = arena::cli::add_ratings(app);
  const auto games = arena::cli::add_games(app);
  const auto bench = arena::cli::add_bench(app, registry);
  const auto check = arena::cli::add_check(app, registry);
  // A first word that is no command gets named (CLI11 would only say a command is required).
  if (argc > 1 && argv[1][0] != '-') {
    try {
      app.get_subcommand(argv[1]);
    } catch (const CLI::OptionNotFound&) {
      std::cerr << "arena: unknown command '" << argv[1] << "' (expected run, ratings, games, bench or check; see arena --help)\n";
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end well (0); any bad command line is exit 2, as arena/README.md says.
    const int code = app.exit(e) == 0 ? 0 : 2;
    // (`arena check -- <engine>`: the command line library does not take `--` before a prefix command.)
    if (code && argc > 2 && std::string_view(argv[1]) == "check" && std::find(argv + 2, argv + argc, std::string_view("--")) != argv + argc)
      std::cerr << "arena check: no '--' is needed: the engine's command follows the flags (arena check [flags] <engine command> ...)\n";
    return code;
  }
  int code = 0;
  if (app.got_subcommand("run")) code = run();
  else if (app.got_subcommand("ratings")) code = ratings();
  else if (app.got_subcommand("games")) code = games();
  else if (app.got_subcommand("bench")) code = bench();
  else if (app.got_subcommand("check")) code = check();
  if (registry.size() != 0) std::cerr << "arena: internal error: " << registry.size() << " engine processes still registered\n";
  return code;
}
