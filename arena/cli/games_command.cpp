// `arena games <results.jsonl>`: the games of a results file listed, filtered, or one shown
// move by move.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "output/game_view.h"
#include "text/tokens.h"
#include "tournament/combined_results.h"

namespace arena::cli {

namespace {
struct GamesFlags {
  std::string file;
  std::vector<std::string> engines, terminations;
  std::string result;
  std::optional<std::string> show;  // read strictly below: CLI11 reads "010" as 8 and "0x1" as 1
  bool boards = false;
};

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

struct FilterOrProblem {
  output::GameFilter filter;
  std::string problem;  // empty when the filter is good
};

// The filter the flags ask for, or why they cannot be one.
FilterOrProblem filter_from(const GamesFlags& f, const std::vector<std::string>& engines) {
  FilterOrProblem out;
  for (const auto& e : f.engines)
    if (std::find(engines.begin(), engines.end(), e) == engines.end())
      return {{}, "--engine: no engine is named " + mancala::text::quote(e) + " in '" + f.file + "' (its engines: " + joined(engines) + ")"};
  out.filter.engines = f.engines;
  for (const auto& name : f.terminations) {
    const auto t = match::termination_from_name(name);
    if (!t) return {{}, "--termination: " + mancala::text::quote(name) + " is none of " + joined(match::termination_names())};
    out.filter.terminations.push_back(*t);
  }
  using Result = output::GameFilter::Result;
  out.filter.result = f.result == "win" ? Result::Win : f.result == "loss" ? Result::Loss : f.result == "draw" ? Result::Draw : Result::Any;
  if ((out.filter.result == Result::Win || out.filter.result == Result::Loss) && f.engines.size() != 1)
    return {{}, "--result " + f.result + " needs exactly one --engine: whose " + f.result + " it is"};
  return out;
}

int show_game(const GamesFlags& f, const std::vector<match::GameRecord>& games, const std::string& torn) {
  const auto id = mancala::text::parse_count(*f.show);
  if (!id) {
    std::cerr << "arena games: --show: expected a game id (a whole number from 0), got " << mancala::text::quote(*f.show) << "\n";
    return 2;
  }
  const auto it = std::find_if(games.begin(), games.end(), [&](const match::GameRecord& g) { return g.id == *id; });
  if (it == games.end()) {
    std::cerr << "arena games: '" << f.file << "' has no game " << *id << " (it holds " << games.size()
              << " games; without --show they are listed)\n";
    return 2;
  }
  std::cout << output::format_game(*it, f.boards) << torn;
  return 0;
}
}  // namespace

Handler add_games(CLI::App& app) {
  auto f = std::make_shared<GamesFlags>();
  auto* sub = app.add_subcommand("games", "List the games of a results file, or show one move by move");
  sub->add_option("results", f->file, "Results file (JSON Lines) written by 'arena run'")->required()->check(CLI::ExistingFile);
  auto* engine = one_value_each(sub->add_option("--engine", f->engines, "Only games this engine played (repeatable: games between them)"));
  auto* result = sub->add_option("--result", f->result, "Only games with this result: win or loss (for the one --engine), or draw")
                     ->check(CLI::IsMember({"win", "loss", "draw"}));
  auto* termination = one_value_each(sub->add_option("--termination", f->terminations,
                                                     "Only games that ended so (repeatable): " + joined(match::termination_names())));
  auto* show = sub->add_option("--show", f->show, "Show the game with this id move by move, replayed by the rules")->type_name("ID");
  show->excludes(engine)->excludes(result)->excludes(termination);
  sub->add_flag("--boards", f->boards, "With --show: the board after every move (else at the start and the end)")->needs(show);
  return [f]() -> int {
    try {
      // One file, read and checked as for the tables, its games keeping the file's own ids.
      const auto checked = tournament::read_checked(f->file);
      const auto& games = checked.content.games;
      const std::string torn = checked.content.torn_tail ? "(the file's last line is incomplete and was ignored)\n" : "";
      if (f->show) return show_game(*f, games, torn);
      const auto [filter, problem] = filter_from(*f, checked.engines);
      if (!problem.empty()) {
        std::cerr << "arena games: " << problem << "\n";
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
