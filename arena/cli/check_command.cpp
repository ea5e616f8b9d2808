// `arena check [flags] <engine command...>`: the protocol compliance check (check/compliance.h).
#include <exception>
#include <iostream>
#include <memory>

#include "check/compliance.h"
#include "cli/commands.h"
#include "rules/variant.h"
#include "text/cli_number.h"

namespace arena::cli {

namespace {
constexpr std::size_t kLogLimit = std::size_t{64} << 20;  // as arena run's default log_limit_mb
}  // namespace

Handler add_check(CLI::App& app, process::ChildRegistry& registry) {
  struct Flags {
    std::vector<std::string> variants;
    std::string dir;
    std::string log;
    // The flags' defaults are CheckOptions' (whose startup is `arena run`'s, a test pins that).
    int startup_ms = static_cast<int>(check::CheckOptions{}.startup.count());
    int ready_ms = static_cast<int>(check::CheckOptions{}.ready.count());
    int quit_ms = static_cast<int>(check::CheckOptions{}.quit_grace.count());
  };
  auto f = std::make_shared<Flags>();
  auto* sub = app.add_subcommand("check",
                                 "Check that an engine follows the UMI protocol (PROTOCOL.md): one PASS/FAIL line per "
                                 "requirement; exit code 1 if any fails.\n"
                                 "arena check [flags] <engine command> [engine arguments...]: the flags come first.");
  sub->prefix_command();  // everything from the engine command on is the engine's
  one_value_each(sub->add_option("--variant", f->variants, "Variant spec to try (repeatable; default: one or two per family the engine lists)"));
  sub->add_option("--dir", f->dir, "The engine's working directory");
  mancala::text::add_whole_number(*sub, "--startup-ms", f->startup_ms, "Time allowed for the handshake (default 10000, as in arena run)", 1, 600000);
  mancala::text::add_whole_number(
      *sub, "--ready-ms", f->ready_ms,
      "Time allowed for readyok, beyond each go's own limit, and for the bestmove after a ponder search's stop", 1, 600000);
  mancala::text::add_whole_number(*sub, "--quit-ms", f->quit_ms, "Time allowed to exit after quit", 0, 600000);
  sub->add_option("--log", f->log,
                  "Write every line sent and read, the engine's stderr and each item's verdict to this file (replaced), "
                  "timestamped as arena run's logs");
  return [f, sub, &registry]() -> int {
    const auto rest = sub->remaining();
    if (rest.empty()) {
      std::cerr << "arena check: give the engine's command, e.g. arena check build/engine/mancala-engine\n";
      return 2;
    }
    // Everything from the first word that is not a flag of ours is the engine's, so a mistyped
    // flag would otherwise be taken for the engine's program.
    if (rest.front().starts_with("-")) {
      std::cerr << "arena check: unknown flag '" << rest.front()
                << "' (the flags come before the engine's command; a program whose name starts with '-' is given as ./"
                << rest.front() << "; see arena check --help)\n";
      return 2;
    }
    for (const auto& spec : f->variants)
      if (const auto v = mancala::parse_variant(spec); !v) {
        std::cerr << "arena check: --variant '" << spec << "': " << v.error() << "\n";
        return 2;
      }
    check::CheckOptions o;
    o.program = rest.front();
    o.args.assign(rest.begin() + 1, rest.end());
    o.workdir = f->dir;
    o.variants = f->variants;
    o.startup = std::chrono::milliseconds(f->startup_ms);
    o.ready = std::chrono::milliseconds(f->ready_ms);
    o.quit_grace = std::chrono::milliseconds(f->quit_ms);
    if (!f->log.empty()) {
      try {  // a fresh file for each check (arena run's logs append: a run may be resumed)
        o.log = std::make_shared<process::LogSink>(f->log, kLogLimit, true, true, process::LogSink::Open::Replace);
      } catch (const std::exception& e) {
        std::cerr << "arena check: --log: " << e.what() << "\n";
        return 2;
      }
    }
    int failed = 0, passed = 0;
    const auto items = check::run_check(o, registry, [&](const check::Item& item) {
      std::cout << check::format_item(item) << std::endl;
      if (item.verdict == check::Verdict::Pass) ++passed;
      else ++failed;
    });
    if (registry.interrupted()) return 130;
    std::cout << passed << " passed, " << failed << " failed or skipped: "
              << (failed ? "the engine does NOT follow the protocol" : "the engine follows the protocol") << std::endl;
    return failed ? 1 : 0;
  };
}

}  // namespace arena::cli
