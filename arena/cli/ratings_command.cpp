// `arena ratings <results.jsonl>...`: every table again, from the results files alone.
#include <algorithm>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "config/config.h"
#include "config/config_json.h"
#include "output/standings.h"
#include "output/standings_json.h"
#include "tournament/combined_results.h"

namespace arena::cli {

namespace {
struct RatingsFlags {
  std::vector<std::string> files;
  std::string anchor;
  bool json = false;
};

std::string files_line(const tournament::CombinedResults& c, const std::vector<std::string>& files) {
  std::string line = "Games from " + std::to_string(files.size()) + " results files:";
  for (std::size_t i = 0; i < files.size(); ++i)
    line += (i ? ", " : " ") + files[i] + " (" + std::to_string(c.games_per_file[i]) + ")";
  line += "\n";
  for (const auto& note : c.notes) line += note + "\n";
  return line + "\n";
}
}  // namespace

Handler add_ratings(CLI::App& app) {
  auto f = std::make_shared<RatingsFlags>();
  auto* sub = app.add_subcommand("ratings", "Recompute standings, crosstable and statistics from results files");
  sub->add_option("results", f->files,
                  "Results files (JSON Lines) written by 'arena run'; several are read as one set of games, engines matched by name")
      ->required()
      ->check(CLI::ExistingFile);
  sub->add_option("--anchor", f->anchor, "Engine rated 0 (default: the anchor of the (first) run, else mean 0)");
  sub->add_flag("--json", f->json, "Print the tables as one JSON document instead (arena/README.md: Standings as JSON)");
  return [f]() -> int {
    try {
      const auto combined = tournament::combine_results(f->files);
      const auto& names = combined.engines;
      if (!f->anchor.empty() && std::find(names.begin(), names.end(), f->anchor) == names.end()) {
        std::cerr << "arena ratings: --anchor: no engine is named '" << f->anchor << "'\n";
        return 2;
      }
      // The run's own anchor, kept in the header, so the tables match what the run printed.
      std::string anchor = f->anchor;
      if (anchor.empty() && std::find(names.begin(), names.end(), combined.anchor) != names.end()) anchor = combined.anchor;
      std::optional<config::SprtConfig> sprt;
      if (combined.sprt) {
        config::TournamentConfig tmp;
        config::apply_json({{"sprt", *combined.sprt}}, tmp);
        sprt = tmp.sprt;
      }
      const auto s = output::compute(names, combined.games, anchor);
      if (f->json) {
        nlohmann::ordered_json doc = output::standings_json(s, sprt);
        doc["files"] = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < f->files.size(); ++i)
          doc["files"].push_back({{"path", f->files[i]}, {"games", combined.games_per_file[i]}});
        doc["notes"] = combined.notes;
        doc["incomplete_last_lines"] = combined.torn_tails;  // files whose torn last line was ignored
        // A path is bytes, not always UTF-8 (a Latin-1 file name): its invalid bytes are shown
        // as U+FFFD rather than failing the document (names in results files are valid UTF-8).
        std::cout << doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
        return 0;
      }
      if (f->files.size() > 1) std::cout << files_line(combined, f->files);
      std::cout << output::format_standings(s) << "\n" << output::format_crosstable(s) << "\n"
                << output::format_terminations(s) << output::format_head_to_head(s, sprt);
      for (const auto& torn : combined.torn_tails)
        std::cout << (f->files.size() > 1 ? "(the last line of '" + torn + "'" : std::string("(the file's last line"))
                  << " is incomplete and was ignored)\n";
      return 0;
    } catch (const tournament::ResultsError& e) {
      std::cerr << "arena ratings: " << e.what() << "\n";
      return 2;
    } catch (const std::exception& e) {
      // (Only the first file's SPRT settings are read beyond what combine_results checks.)
      std::cerr << "arena ratings: '" << f->files.front() << "' has a damaged header: " << e.what() << "\n";
      return 2;
    }
  };
}

}  // namespace arena::cli
