// The worked examples of shared/reference/rules-research.md that agree with RULES.md, the
// published perfect-play lines, and cases RULES.md decides that the research has no example of
// (each under a comment naming its rule). Positions are written in the project's notation.
#include <gtest/gtest.h>

#include <string>

#include "rules/game.h"

namespace {

using mancala::Game;

// Plays `moves` (space separated) from `before` and checks the resulting notation.
void expect_after(const std::string& before, const std::string& moves, const std::string& after) {
  auto game = Game::from_notation(before);
  ASSERT_TRUE(game) << game.error();
  Game g = *game;
  std::size_t start = 0;
  while (start < moves.size()) {
    std::size_t end = moves.find(' ', start);
    if (end == std::string::npos) end = moves.size();
    auto error = g.play(std::string_view(moves).substr(start, end - start));
    ASSERT_FALSE(error) << *error;
    start = end + 1;
  }
  EXPECT_EQ(g.notation(), after) << "from " << before << " playing " << moves;
}

TEST(KalahExamples, K1ExtraTurn) {
  expect_after("kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "3", "kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s");
}
TEST(KalahExamples, K2NorthTrack) {
  expect_after("kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 n", "4", "kalah(6,4) 5,4,4,4,4,4:0 4,4,4,0,5,5:1 s");
}
TEST(KalahExamples, K3StandardCapture) {
  expect_after("kalah(6,4) 1,0,2,0,3,0:10 2,3,0,5,4,1:17 s", "1", "kalah(6,4) 0,0,2,0,3,0:15 2,3,0,5,0,1:17 n");
}
TEST(KalahExamples, K4EmptyCaptureFlag) {
  expect_after("kalah(6,4) 2,0,0,0,0,3:20 1,4,2,0,2,1:13 s", "1", "kalah(6,4) 0,1,1,0,0,3:20 1,4,2,0,2,1:13 n");
  expect_after("kalah(6,4,empty) 2,0,0,0,0,3:20 1,4,2,0,2,1:13 s", "1",
               "kalah(6,4,empty) 0,1,0,0,0,3:21 1,4,2,0,2,1:13 n");
}
TEST(KalahExamples, K5ThirteenSeedLap) {
  expect_after("kalah(6,4) 13,1,0,2,0,0:10 2,1,3,0,4,2:10 s", "1", "kalah(6,4) 0,2,1,3,1,1:15 3,2,4,1,5,0:10 n");
}
TEST(KalahExamples, K6GameEndSweep) {
  expect_after("kalah(6,4) 0,0,0,0,0,2:20 1,0,3,0,2,0:20 s", "6", "kalah(6,4) 0,0,0,0,0,0:21 0,0,0,0,0,0:27 -");
}
TEST(KalahExamples, K7ExtraTurnThatEndsTheGame) {
  expect_after("kalah(6,4) 0,0,0,0,0,1:22 3,0,1,0,0,0:21 s", "6", "kalah(6,4) 0,0,0,0,0,0:23 0,0,0,0,0,0:25 -");
}

TEST(MangalaExamples, T1FirstStoneBack) {
  expect_after("mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "1", "mangala 1,5,5,5,4,4:0 4,4,4,4,4,4:0 n");
}
TEST(MangalaExamples, T2TreasureExtraTurn) {
  expect_after("mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", "4", "mangala 4,4,4,1,5,5:1 4,4,4,4,4,4:0 s");
}
TEST(MangalaExamples, T3North) {
  expect_after("mangala 4,4,4,4,4,4:0 4,4,4,4,4,4:0 n", "2", "mangala 4,4,4,4,4,4:0 4,1,5,5,5,4:0 s");
}
TEST(MangalaExamples, T4SingletonEmptyPitCapture) {
  expect_after("mangala 3,1,0,2,0,5:10 4,0,2,3,1,6:11 s", "2", "mangala 3,0,0,2,0,5:14 4,0,2,0,1,6:11 n");
}
TEST(MangalaExamples, T5EvenCapture) {
  expect_after("mangala 2,0,1,0,5,3:10 3,1,4,0,2,1:16 s", "5", "mangala 2,0,1,0,1,4:13 4,0,4,0,2,1:16 n");
}
TEST(MangalaExamples, T6EmptyOppositeCapturesNothing) {
  expect_after("mangala 3,0,0,0,2,0:18 1,2,5,0,5,0:12 s", "1", "mangala 1,1,1,0,2,0:18 1,2,5,0,5,0:12 n");
  expect_after("mangala 3,0,0,0,2,0:18 1,2,0,5,5,0:12 s", "1", "mangala 1,1,0,0,2,0:24 1,2,0,0,5,0:12 n");
}
TEST(MangalaExamples, T7MoverEmptiesOwnRowAndTakesTheRest) {
  expect_after("mangala 0,0,0,0,0,1:20 2,0,3,1,0,1:20 s", "6", "mangala 0,0,0,0,0,0:28 0,0,0,0,0,0:20 -");
}
TEST(MangalaExamples, T8CaptureEmptiesOpponentRow) {
  expect_after("mangala 1,0,0,0,0,4:20 0,0,0,0,3,0:20 s", "1", "mangala 0,0,0,0,0,0:24 0,0,0,0,0,0:24 -");
}
TEST(MangalaExamples, T9FourteenStoneLap) {
  expect_after("mangala 1,2,14,0,3,1:5 2,2,3,4,1,3:7 s", "3", "mangala 2,3,2,1,4,2:6 3,3,4,5,2,4:7 n");
}

TEST(Mangala2Examples, M1Opening) {
  expect_after("mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 0", "6", "mangala2 6,6,6,6,6,0:0 7,7,7,7,7,7:0 n 1");
  expect_after("mangala2 6,6,6,6,6,6:0 6,6,6,6,6,6:0 s 0", "1", "mangala2 0,7,7,7,7,7:0 7,6,6,6,6,6:0 n 1");
}
TEST(Mangala2Examples, M2ChainCrossesRowsAndStopsAtOrigin) {
  expect_after("mangala2 5,2,7,4,5,1:14 3,1,6,2,8,0:14 s 0", "4", "mangala2 5,2,7,0,0,0:28 0,0,6,2,8,0:14 n 0");
}
TEST(Mangala2Examples, M3ChainStopsAtFirstNonQualifyingHole) {
  expect_after("mangala2 3,1,2,3,0,5:20 4,1,3,0,2,6:22 s 0", "1", "mangala2 0,2,3,0,0,5:24 4,1,3,0,2,6:22 n 0");
}
TEST(Mangala2Examples, M4ChainIntoOwnRowThenPassesToTheEnd) {
  expect_after("mangala2 1,3,5,0,0,0:30 2,0,0,0,4,1:26 n 0", "5", "mangala2 0,0,0,0,0,0:30 2,0,0,0,0,0:40 n 0");
  expect_after("mangala2 1,3,5,0,0,0:30 2,0,0,0,4,1:26 n 0", "5 1 2", "mangala2 0,0,0,0,0,0:30 0,0,0,0,0,0:42 - 0");
}
TEST(Mangala2Examples, M5OriginNotSkipped) {
  expect_after("mangala2 12,0,3,1,0,2:24 1,0,2,3,0,1:23 s 0", "1", "mangala2 1,1,4,2,1,3:24 2,1,3,4,1,2:23 n 1");
}
// RULES.md rule 4, "the chain ... never takes the origin hole", read as: the chain ends at the
// origin. A sowing of 25 refills the origin with 2 and ends in the hole after it (4, taken); the
// other reading, skipping the origin, would go on to take North's six 2s. (An independent engine
// written from RULES.md alone read it the same way.)
TEST(Mangala2Examples, M6ChainEndsAtTheOriginEvenWhenItHolds2) {
  expect_after("mangala2 25,1,0,0,0,0:23 0,0,0,0,0,0:23 s 0", "1", "mangala2 2,0,2,2,2,2:27 2,2,2,2,2,2:23 n 0");
}

TEST(BedouinExamples, B1DistributionAndFlip) {
  const std::string start = "bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s distribute 0";
  expect_after(start, "20,15,25,10", "bedouin(70) 0,0,20,15,0,0:0 0,0,25,10,0,0:0 n choose 1");
  expect_after(start, "20,15,25,10 flip", "bedouin(70) 0,0,25,10,0,0:0 0,0,20,15,0,0:0 n opening 2");
}
TEST(BedouinExamples, B2RestrictedOpenings) {
  const std::string start = "bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s distribute 0";
  expect_after(start, "20,15,25,10 keep 4", "bedouin(70) 1,1,21,16,1,1:0 1,1,26,0,0,1:0 s opening 3");
  expect_after(start, "20,15,25,10 keep 4 4", "bedouin(70) 3,3,23,1,2,2:0 2,2,27,1,1,3:0 n play 4");
}
// RULES.md 5: the game ends after any lap that leaves a row empty, the opening sowings included.
// A finished game keeps the phase it ended in (PROTOCOL.md 9.3), and the notation reads back.
TEST(BedouinExamples, AnOpeningSowingThatEmptiesARowEndsTheGame) {
  const std::string start = "bedouin(70) 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s distribute 0";
  const std::string over = "bedouin(70) 0,0,0,0,0,0:0 0,1,69,0,0,0:0 - opening 3";
  expect_after(start, "0,0,68,2 keep 4", over);
  const auto finished = Game::from_notation(over);
  ASSERT_TRUE(finished) << finished.error();
  EXPECT_TRUE(finished->over());
  EXPECT_EQ(finished->notation(), over);
}
// The same when the move limit ends the game on an opening sowing: North's, and South's after it
// (South's was written "play 100"; an independent reviewer's rules oracle found it).
TEST(BedouinExamples, AnOpeningSowingThatReachesTheMoveLimitEndsTheGameInTheOpening) {
  expect_after("bedouin(17) 1,0,3,1,1,2:0 2,2,1,2,0,2:0 n opening 99", "4",
               "bedouin(17) 1,0,3,1,1,2:0 2,3,2,0,0,2:0 - opening 100");
  expect_after("bedouin(17) 1,0,3,1,1,2:0 2,2,1,2,0,2:0 s opening 99", "4",
               "bedouin(17) 1,0,4,0,1,2:0 2,2,1,2,0,2:0 - opening 100");
  expect_after("bedouin(70) 7,12,1,4,11,0:0 3,12,2,8,4,6:0 n opening 98", "4 4",
               "bedouin(70) 8,14,3,0,12,1:0 4,13,3,0,5,7:0 - opening 100");
}
TEST(BedouinExamples, B3OddStops) {
  expect_after("bedouin(70) 2,0,3,2,0,4:24 1,3,0,2,5,0:24 s play 0", "4",
               "bedouin(70) 2,1,4,0,0,4:24 1,3,0,2,5,0:24 n play 1");
}
TEST(BedouinExamples, B4EvenEvenCapturesBoth) {
  expect_after("bedouin(70) 2,0,3,1,0,4:24 1,3,0,2,5,0:25 s play 0", "4",
               "bedouin(70) 2,0,0,0,0,4:30 1,3,0,0,5,0:25 n play 0");
}
TEST(BedouinExamples, B5EmptyOppositeCountsAsEven) {
  expect_after("bedouin(70) 2,0,3,0,1,1:28 0,0,3,2,5,0:25 s play 0", "6",
               "bedouin(70) 2,0,3,0,0,0:30 0,0,3,2,5,0:25 n play 0");
}
TEST(BedouinExamples, B6RelayOnEvenOddThenStop) {
  expect_after("bedouin(70) 2,0,3,1,0,4:24 1,3,0,3,5,0:24 s play 0", "4",
               "bedouin(70) 3,1,0,0,1,5:24 2,4,1,4,0,1:24 n play 1");
}
TEST(BedouinExamples, B7MoreThanTenRelays) {
  expect_after("bedouin(70) 2,0,10,1,2,0:20 1,3,0,3,5,0:23 s play 0", "5",
               "bedouin(70) 3,1,0,3,1,1:20 2,4,1,4,6,1:23 n play 1");
}
TEST(BedouinExamples, B8GeometricOppositeNorth) {
  expect_after("bedouin(70) 1,0,3,0,2,1:26 1,2,0,3,5,0:26 n play 0", "2",
               "bedouin(70) 1,0,3,0,2,0:26 0,0,0,3,5,0:30 s play 0");
}
TEST(BedouinExamples, B9GeometricOppositeSouth) {
  expect_after("bedouin(70) 2,2,0,3,0,1:25 4,0,1,3,0,1:28 s play 0", "2",
               "bedouin(70) 3,0,0,3,0,1:29 4,0,1,0,1,0:28 n play 0");
}

// Replays a line written as in Irving et al.: 0-based pit digits, '-' between turns, several
// digits = one player's extra-turn chain. Checks the turn structure at every move.
void replay_line(const std::string& spec, const std::string& line, int south, int north) {
  auto game = Game::from_spec(spec);
  ASSERT_TRUE(game) << game.error();
  Game g = *game;
  std::size_t turn_start = 0;
  while (turn_start <= line.size()) {
    std::size_t turn_end = line.find('-', turn_start);
    if (turn_end == std::string::npos) turn_end = line.size();
    const std::string turn = line.substr(turn_start, turn_end - turn_start);
    const mancala::Side mover = g.side_to_move();
    for (std::size_t i = 0; i < turn.size(); ++i) {
      ASSERT_FALSE(g.over()) << "game ended before move " << turn[i] << " of turn " << turn;
      ASSERT_EQ(g.side_to_move(), mover) << "extra turn expected inside " << turn;
      auto error = g.play(std::string(1, static_cast<char>(turn[i] + 1)));
      ASSERT_FALSE(error) << *error;
    }
    if (turn_end == line.size()) break;
    ASSERT_FALSE(g.over()) << "game ended early, after turn " << turn;
    ASSERT_NE(g.side_to_move(), mover) << "turn " << turn << " should pass the move";
    turn_start = turn_end + 1;
  }
  EXPECT_TRUE(g.over());
  EXPECT_EQ(g.score(mancala::Side::South), south);
  EXPECT_EQ(g.score(mancala::Side::North), north);
}

TEST(PerfectPlay, Kalah64EmptyCaptureLineEndsAt29To19) {
  replay_line("kalah(6,4,empty)", "25-10-3-3-5153-1-4-5-045-4-535452-53-4-1-3-2-0-54-1-3", 29, 19);
}
TEST(PerfectPlay, Kalah65EmptyCaptureLineEndsAt36To24) {
  replay_line("kalah(6,5,empty)", "12-02-05-2-4-51-53-3-45-20-3-2-2-345-5-4-351-0-54-1-52-354-4-254-3-3", 36, 24);
}

}  // namespace
