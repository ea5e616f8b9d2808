// `arena games <results.jsonl>`: the games of a results file listed, filtered, or one shown
// move by move.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "output/game_view.h"
#include "tournament/combined_results.h"

namespace arena::cli {

namespace {
struct GamesFlags {
  std::string file;
  std::vector<std::string> engines, terminations;
  std::string result;
  std::optional<std::int64_t> show;
  bool boards = false;
};

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

std::vector<std::string> termination_names() {
  std::vector<std::string> names;
  for (int i = 0; i <= static_cast<int>(match::Termination::Stalled); ++i)  // Stalled is the last
    names.push_back(match::termination_name(static_cast<match::Termination>(i)));
  return names;
}

// The filter the flags ask for, or the message that says why they cannot be one.
std::optional<std::string> build_filter(const GamesFlags& f, const std::vector<std::string>& engines, output::GameFilter& filter) {
  for (const auto& e : f.engines)
    if (std::find(engines.begin(), engines.end(), e) == engines.end())
      return "--engine: no engine is named '" + e + "' in '" + f.file + "' (its engines: " + joined(engines) + ")";
  filter.engines = f.engines;
  for (const auto& name : f.terminations) {
    const auto t = match::termination_from_name(name);
    if (!t) return "--termination: '" + name + "' is none of " + joined(termination_names());
    filter.terminations.push_back(*t);
  }
  using Result = output::GameFilter::Result;
  filter.result = f.result == "win" ? Result::Win : f.result == "loss" ? Result::Loss : f.result == "draw" ? Result::Draw : Result::Any;
  if ((filter.result == Result::Win || filter.result == Result::Loss) && f.engines.size() != 1)
    return "--result " + f.result + " needs exactly one --engine: whose " + f.result + " it is";
  return std::nullopt;
}
}  // namespace

Handler add_games(CLI::App& app) {
  auto f = std::make_shared<GamesFlags>();
  auto* sub = app.add_subcommand("games", "List the games of a results file, or show one move by move");
  sub->add_option("results", f->file, "Results file (JSON Lines) written by 'arena run'")->required()->check(CLI::ExistingFile);
  auto* engine = one_value_each(sub->add_option("--engine", f->engines, "Only games this engine played (repeatable: games between them)"));
  auto* result = sub->add_option("--result", f->result, "Only games with this result: win or loss (for the one --engine), or draw")
                     ->check(CLI::IsMember({"win", "loss", "draw"}));
  auto* termination = one_value_each(
      sub->add_option("--termination", f->terminations, "Only games that ended so (repeatable): " + joined(termination_names())));
  auto* show = sub->add_option("--show", f->show, "Show the game with this id move by move, replayed by the rules");
  show->excludes(engine)->excludes(result)->excludes(termination);
  sub->add_flag("--boards", f->boards, "With --show: the board after every move (else at the start and the end)")->needs(show);
  return [f]() -> int {
    try {
      const auto content = tournament::combine_results({f->file});
      auto games = content.games;
      for (std::size_t i = 0; i < games.size(); ++i) games[i].id = content.ids_in_file[i];  // the file's ids, not the pooled ones
      const std::string torn = content.torn_tails.empty() ? "" : "(the file's last line is incomplete and was ignored)\n";
      if (f->show) {
        const auto it = std::find_if(games.begin(), games.end(), [&](const match::GameRecord& g) { return g.id == *f->show; });
        if (it == games.end()) {
          std::cerr << "arena games: '" << f->file << "' has no game " << *f->show << " (it holds " << games.size()
                    << " games; without --show they are listed)\n";
          return 2;
        }
        std::cout << output::format_game(*it, f->boards) << torn;
        return 0;
      }
      output::GameFilter filter;
      if (const auto problem = build_filter(*f, content.engines, filter)) {
        std::cerr << "arena games: " << *problem << "\n";
        return 2;
      }
      std::vector<match::GameRecord> listed;
      std::copy_if(games.begin(), games.end(), std::back_inserter(listed), [&](const match::GameRecord& g) { return filter.matches(g); });
      std::sort(listed.begin(), listed.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
      std::cout << output::format_game_list(listed) << listed.size() << " of " << games.size() << " games\n" << torn;
      return 0;
    } catch (const tournament::ResultsError& e) {
      std::cerr << "arena games: " << e.what() << "\n";
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "arena games: '" << f->file << "': " << e.what() << "\n";
      return 2;
    }
  };
}

}  // namespace arena::cli
