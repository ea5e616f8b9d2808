// A game line read back must agree with itself: play_game writes its result, loser,
// termination, score and final position together from the rules, so a line where they disagree
// (a file edited by hand, or damaged in a way that still parses) is refused, not counted.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "match/game_record.h"

using arena::match::game_from_json;
using arena::match::GameRecord;
using arena::match::Termination;
using arena::match::to_json;
using arena::match::Winner;
using nlohmann::json;

namespace {

// North won 41-7: the rules' result of its final position.
GameRecord finished_game() {
  GameRecord g;
  g.south = "a";
  g.north = "b";
  g.variant = "kalah(6,4)";
  g.moves.push_back({'s', "2", 0.25, std::nullopt, false, arena::protocol::ScoreBound::Exact, std::nullopt, std::nullopt});
  g.winner = Winner::North;
  g.south_score = 7;
  g.north_score = 41;
  g.final_position = "kalah(6,4) 0,0,0,0,0,0:7 0,0,0,0,0,0:41 -";
  return g;
}

// The message game_from_json refuses the changed record with ("" if it reads it).
std::string refusal(const std::function<void(json&)>& change) {
  json j = to_json(finished_game());
  change(j);
  try {
    game_from_json(j);
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace

TEST(GameRecord, AConsistentRecordReadsBack) {
  EXPECT_EQ(refusal([](json&) {}), "");
  // A fault: the loser's opponent wins, whatever the position says.
  EXPECT_EQ(refusal([](json& j) {
              j["termination"] = "crash", j["loser"] = "north", j["result"] = "south";
              j["final"] = "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", j["score"] = {0, 0};
            }),
            "");
  EXPECT_EQ(refusal([](json& j) {
              j["termination"] = "max_moves", j["result"] = "draw";
              j["final"] = "kalah(6,4) 0,5,5,5,5,4:0 4,4,4,4,4,4:0 n", j["score"] = {0, 0};
            }),
            "");
}

TEST(GameRecord, ARecordThatContradictsItselfIsRefused) {
  auto expect_refused = [](const std::function<void(json&)>& change, const std::string& message) {
    const std::string got = refusal(change);
    EXPECT_NE(got.find(message), std::string::npos) << "got: " << got;
  };
  expect_refused([](json& j) { j["result"] = "south"; },
                 "the result 'south' is not the rules' result of the final position ('north'); the file is damaged");
  expect_refused([](json& j) { j["score"] = {8, 41}; }, "the score 8-41 is not that of the final position (7-41)");
  expect_refused([](json& j) { j["type"] = "header"; }, "field 'type' of a game line is 'header', not 'game'; the file is damaged");
  expect_refused([](json& j) { j["final"] = "kalah(6,4) 9,9"; }, "field 'final': ");
  expect_refused([](json& j) { j["termination"] = "crash"; }, "the termination 'crash' is a fault without a 'loser'");
  expect_refused([](json& j) { j["loser"] = "south"; }, "a 'loser' is given but the termination 'normal' is no fault");
  expect_refused([](json& j) { j["termination"] = "crash", j["loser"] = "north"; },
                 "the result 'north' does not follow from the loser 'north'");
  expect_refused([](json& j) { j["termination"] = "crash", j["loser"] = "draw"; },
                 "field 'loser': expected south or north, got 'draw'");
  expect_refused([](json& j) { j["termination"] = "max_moves"; }, "a game ended by the move limit is a draw, not 'north'");
  expect_refused([](json& j) { j["termination"] = "decided"; },
                 "the final position is over, so the termination must be 'normal'");
  expect_refused([](json& j) { j["final"] = "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s", j["score"] = {0, 0}; },
                 "the termination is 'normal' but the final position is not over");
}
