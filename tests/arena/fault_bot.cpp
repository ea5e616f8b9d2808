// A UMI bot that misbehaves on purpose, for the arena's tests:
//   fault-bot [--fault <kind>] [--at <k>]
// Plays the first legal move until its k-th "go" (default 1), then commits the fault:
//   none, illegal (bestmove 99), crash (exit 3), hang (never answers), empty-bestmove
//   ("bestmove" alone), long-line (a 1 MiB line), flood (10 MiB of info lines, then a move),
//   grandchild (starts a sleeping child, then crashes), slow (sleeps 300 ms before answering)
// and, independent of --at: no-handshake (never says umiok), stall-ready (never answers the
// second isready), ignore-quit (ignores quit and the end of its input).
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "rules/game.h"

namespace {

std::vector<std::string> split(const std::string& line) {
  std::istringstream is(line);
  std::vector<std::string> t;
  for (std::string w; is >> w;) t.push_back(w);
  return t;
}

void sleep_forever() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

}  // namespace

int main(int argc, char** argv) {
  std::string fault = "none";
  int at = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--fault") fault = argv[i + 1];
    else if (a == "--at") at = std::atoi(argv[i + 1]);
  }
  if (fault == "ignore-quit") ::signal(SIGTERM, SIG_IGN);
  std::optional<mancala::Game> game;
  int gos = 0, readies = 0;
  for (std::string line; std::getline(std::cin, line);) {
    const auto t = split(line);
    if (t.empty()) continue;
    if (t[0] == "umi") {
      if (fault == "no-handshake") continue;
      std::cout << "id name fault-bot\noption name Seed type spin default 0 min 0 max 10\nprotocol 1\nvariants kalah\numiok" << std::endl;
    } else if (t[0] == "isready") {
      if (++readies == 2 && fault == "stall-ready") continue;
      std::cout << "readyok" << std::endl;
    } else if (t[0] == "position") {
      std::size_t i = 3;
      if (t[1] == "startpos") {
        game = *mancala::Game::from_spec(t[2]);
      } else {
        std::string n;
        for (i = 2; i < t.size() && t[i] != "moves"; ++i) n += (n.empty() ? "" : " ") + t[i];
        game = *mancala::Game::from_notation(n);
      }
      if (i < t.size() && t[i] == "moves")
        for (++i; i < t.size(); ++i) (void)game->play(t[i]);
    } else if (t[0] == "go") {
      const bool now = ++gos >= at;
      if (now && fault == "illegal") std::cout << "bestmove 99" << std::endl;
      else if (now && fault == "crash") std::_Exit(3);
      else if (now && fault == "hang") sleep_forever();
      else if (now && fault == "empty-bestmove") std::cout << "bestmove" << std::endl;
      else if (now && fault == "long-line") std::cout << std::string(1 << 20, 'x') << std::endl;
      else if (now && fault == "grandchild") {
        if (::fork() == 0) sleep_forever();
        std::_Exit(4);
      } else {
        if (now && fault == "flood")
          for (int k = 0; k < 100000; ++k) std::cout << "info depth 1 nodes " << k << " pv " << std::string(80, '1') << "\n";
        if (now && fault == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(300));
        std::cout << "info depth 1 score seeds 0\nbestmove " << game->move_text(game->legal_moves().front()) << std::endl;
      }
    } else if (t[0] == "quit") {
      if (fault != "ignore-quit") return 0;
    }
  }
  if (fault == "ignore-quit") sleep_forever();
  return 0;
}
