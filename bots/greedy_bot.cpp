// greedy-bot: plays the move that leaves its own score (store or captures) highest. A move
// that earns an extra turn is followed through: the bot keeps moving greedily while it is
// still its turn, and the move is judged by the score at the end of that chain. Ties go to
// the leftmost pit, so the bot is deterministic.
#include <iostream>

#include "common/command_line.h"
#include "common/umi_loop.h"
#include "text/program_name.h"

namespace {

// Own score after playing `first` and then, while the turn stays ours, the best follow-up.
// Returns the own score; `margin` gets own minus opponent's score at the same point.
int chain_score(mancala::Game game, mancala::Move first, mancala::Side me, int depth, int& margin) {
  game.play(first);
  if (game.over() || game.side_to_move() != me || depth == 0) {
    margin = game.score(me) - game.score(~me);
    return game.score(me);
  }
  int best = -1;
  for (const auto mv : game.legal_moves()) {
    int m = 0;
    const int s = chain_score(game, mv, me, depth - 1, m);
    if (s > best) best = s, margin = m;
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (const auto code = bots::check_arguments({argv + 1, argv + argc}, mancala::text::program_name(argv[0], "greedy-bot"),
                                              "Plays the move that leaves its own store highest, following extra turns through.",
                                              std::cout))
    return *code;
  const bots::Policy policy = [](const mancala::Game& game, std::uint64_t) {
    const auto moves = game.legal_moves();
    const mancala::Side me = game.side_to_move();
    // Bedouin's distribution phase has thousands of choices and no score yet: take the first.
    if (moves.size() > 64) return bots::Choice{moves.front(), std::nullopt};
    mancala::Move best = moves.front();
    int best_score = -1, best_margin = 0;
    for (const auto mv : moves) {
      int margin = 0;
      const int s = chain_score(game, mv, me, 8, margin);
      if (s > best_score) best_score = s, best = mv, best_margin = margin;
    }
    return bots::Choice{best, best_margin};
  };
  return bots::run_umi({"greedy-bot"}, policy, std::cin, std::cout);
}
