// `arena ratings <results.jsonl>`: every table again, from the results file alone.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "config/config.h"
#include "config/config_json.h"
#include "output/standings.h"
#include "tournament/results_file.h"

namespace arena::cli {

namespace {
struct RatingsFlags {
  std::string file;
  std::string anchor;
  bool crosstable = true;
};
}  // namespace

Handler add_ratings(CLI::App& app) {
  auto f = std::make_shared<RatingsFlags>();
  auto* sub = app.add_subcommand("ratings", "Recompute standings, crosstable and statistics from a results file");
  sub->add_option("results", f->file, "Results file (JSON Lines) written by 'arena run'")->required()->check(CLI::ExistingFile);
  sub->add_option("--anchor", f->anchor, "Engine rated 0 (default: the run's anchor, else mean 0)");
  return [f]() -> int {
    try {
      const auto content = tournament::read_results(f->file);
      const auto& t = content.header.at("tournament");
      std::vector<std::string> names;
      for (const auto& e : t.at("engines")) names.push_back(e.at("name").get<std::string>());
      if (!f->anchor.empty() && std::find(names.begin(), names.end(), f->anchor) == names.end()) {
        std::cerr << "arena ratings: --anchor: no engine is named '" << f->anchor << "'\n";
        return 2;
      }
      // The run's own anchor, kept in the header, so the tables match what the run printed.
      std::string anchor = f->anchor;
      if (const std::string run_anchor = content.anchor();
          anchor.empty() && std::find(names.begin(), names.end(), run_anchor) != names.end())
        anchor = run_anchor;
      std::optional<config::SprtConfig> sprt;
      if (t.contains("sprt")) {
        config::TournamentConfig tmp;
        config::apply_json({{"sprt", t.at("sprt")}}, tmp);
        sprt = tmp.sprt;
      }
      const auto s = output::compute(names, content.games, anchor);
      std::cout << output::format_standings(s) << "\n" << output::format_crosstable(s) << "\n"
                << output::format_terminations(s) << output::format_head_to_head(s, sprt);
      if (content.torn_tail) std::cout << "(the file's last line is incomplete and was ignored)\n";
      return 0;
    } catch (const tournament::ResultsError& e) {
      std::cerr << "arena ratings: " << e.what() << "\n";
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "arena ratings: '" << f->file << "' has a damaged header: " << e.what() << "\n";
      return 2;
    }
  };
}

}  // namespace arena::cli
