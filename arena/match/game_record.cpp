#include "match/game_record.h"

#include <cmath>
#include <iterator>
#include <limits>
#include <stdexcept>

#include "rules/game.h"

namespace arena::match {

using nlohmann::json;

namespace {

constexpr const char* kNames[] = {"normal", "decided", "max_moves", "time_forfeit", "illegal_move",
                                  "malformed_output", "crash", "no_handshake", "stalled"};
static_assert(std::size(kNames) == static_cast<std::size_t>(Termination::Stalled) + 1, "a name for every termination");

const char* side_name(mancala::Side s) { return s == mancala::Side::South ? "south" : "north"; }

mancala::Side loser_from(const std::string& s) {
  if (s == "south") return mancala::Side::South;
  if (s == "north") return mancala::Side::North;
  throw std::runtime_error("field 'loser': expected south or north, got '" + s + "'");
}

Winner winner_from(const std::string& s) {
  if (s == "south") return Winner::South;
  if (s == "north") return Winner::North;
  if (s == "draw") return Winner::Draw;
  throw std::runtime_error("field 'result': expected south, north or draw, got '" + s + "'");
}

template <class T>
T field(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) throw std::runtime_error(std::string("missing field '") + key + "'");
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    throw std::runtime_error(std::string("field '") + key + "' has the wrong type");
  }
}

// An integer, read strictly: a fraction or a value out of range is refused instead of being
// rounded or cut to the type's bits (a round of 2^40 was read as round 0).
template <class T>
T integer_value(const json& v, const std::string& name, T min = std::numeric_limits<T>::min(), T max = std::numeric_limits<T>::max()) {
  const bool in_range = v.is_number_unsigned()   ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(max)
                        : v.is_number_integer() ? v.get<std::int64_t>() >= min && v.get<std::int64_t>() <= max
                                                : false;
  if (!in_range)
    throw std::runtime_error("field '" + name + "' must be an integer from " + std::to_string(min) + " to " + std::to_string(max) +
                             ", got " + v.dump());
  return static_cast<T>(v.get<std::int64_t>());
}

template <class T>
T integer_field(const json& j, const char* key, T min = std::numeric_limits<T>::min(), T max = std::numeric_limits<T>::max()) {
  auto it = j.find(key);
  if (it == j.end()) throw std::runtime_error(std::string("missing field '") + key + "'");
  return integer_value<T>(*it, key, min, max);
}

double round3(double v) { return std::round(v * 1000.0) / 1000.0; }

}  // namespace

const char* termination_name(Termination t) { return kNames[static_cast<int>(t)]; }

std::optional<Termination> termination_from_name(const std::string& name) {
  for (int i = 0; i < static_cast<int>(std::size(kNames)); ++i)
    if (name == kNames[i]) return static_cast<Termination>(i);
  return std::nullopt;
}

std::vector<std::string> termination_names() { return {std::begin(kNames), std::end(kNames)}; }

const char* result_text(Winner w) { return w == Winner::South ? "1-0" : w == Winner::North ? "0-1" : "1/2-1/2"; }

const char* winner_name(Winner w) { return w == Winner::South ? "south" : w == Winner::North ? "north" : "draw"; }

double GameRecord::points_for(const std::string& engine) const {
  const bool is_south = engine == south;
  if (!is_south && engine != north) throw std::logic_error("engine did not play this game");
  if (winner == Winner::Draw) return 0.5;
  return (winner == Winner::South) == is_south ? 1.0 : 0.0;
}

json to_json(const GameRecord& g) {
  json moves = json::array();
  for (const auto& m : g.moves) {
    json jm = {{"side", std::string(1, m.side)}, {"move", m.move}, {"ms", round3(m.ms)}};
    if (m.score) {
      jm["score"] = *m.score;
      if (m.proven) jm["proven"] = true;
      if (m.bound != protocol::ScoreBound::Exact) jm["bound"] = m.bound == protocol::ScoreBound::Lower ? "lower" : "upper";
    }
    if (m.depth) jm["depth"] = *m.depth;
    if (m.nodes) jm["nodes"] = *m.nodes;
    if (m.ponderhit) jm["ponderhit"] = true;
    moves.push_back(std::move(jm));
  }
  json j = {{"type", "game"},
            {"id", g.id},
            {"round", g.round},
            {"opening_index", g.opening_index},
            {"south", g.south},
            {"north", g.north},
            {"variant", g.variant},
            {"opening", {{"position", g.opening.position}, {"moves", g.opening.moves}}},
            {"moves", std::move(moves)},
            {"result", winner_name(g.winner)},
            {"score", {g.south_score, g.north_score}},
            {"termination", termination_name(g.termination)},
            {"final", g.final_position},
            {"duration_ms", round3(g.duration_ms)}};
  if (g.loser_side) j["loser"] = side_name(*g.loser_side);
  if (!g.detail.empty()) j["detail"] = g.detail;
  return j;
}

namespace {

// What contradicts itself in a record read back (a file edited by hand, or damaged in a way that
// still parses): its result, loser, termination, score and final position are written together
// by play_game, from the rules, so they must agree. Empty if the record is consistent.
std::optional<std::string> inconsistency(const GameRecord& g) {
  if (is_fault(g.termination) != g.loser_side.has_value())
    return std::string(g.loser_side ? "a 'loser' is given but the termination '" : "the termination '") +
           termination_name(g.termination) + (g.loser_side ? "' is no fault" : "' is a fault without a 'loser'");
  if (g.loser_side && g.winner != winner_of(~*g.loser_side))
    return std::string("the result '") + winner_name(g.winner) + "' does not follow from the loser '" + side_name(*g.loser_side) + "'";
  if (g.termination == Termination::MaxMoves && g.winner != Winner::Draw)
    return std::string("a game ended by the move limit is a draw, not '") + winner_name(g.winner) + "'";
  auto final_game = mancala::Game::from_notation(g.final_position);
  if (!final_game) return "field 'final': " + final_game.error();
  if (final_game->score(mancala::Side::South) != g.south_score || final_game->score(mancala::Side::North) != g.north_score)
    return "the score " + std::to_string(g.south_score) + "-" + std::to_string(g.north_score) + " is not that of the final position (" +
           std::to_string(final_game->score(mancala::Side::South)) + "-" + std::to_string(final_game->score(mancala::Side::North)) + ")";
  const auto outcome = final_game->outcome();
  if ((g.termination == Termination::Normal) != outcome.has_value())
    return g.termination == Termination::Normal ? std::string("the termination is 'normal' but the final position is not over")
                                                : std::string("the final position is over, so the termination must be 'normal'");
  if (outcome) {
    const Winner ruled = winner_of(*outcome);
    if (ruled != g.winner)
      return std::string("the result '") + winner_name(g.winner) + "' is not the rules' result of the final position ('" +
             winner_name(ruled) + "')";
  }
  return std::nullopt;
}

}  // namespace

GameRecord game_from_json(const json& j) {
  if (!j.is_object()) throw std::runtime_error("a game line is not a JSON object");
  if (const auto type = field<std::string>(j, "type"); type != "game")
    throw std::runtime_error("field 'type' of a game line is '" + type + "', not 'game'; the file is damaged");
  GameRecord g;
  g.id = integer_field<std::int64_t>(j, "id", 0);
  g.round = integer_field<int>(j, "round", 0);
  g.opening_index = integer_field<int>(j, "opening_index", 0);
  g.south = field<std::string>(j, "south");
  g.north = field<std::string>(j, "north");
  g.variant = field<std::string>(j, "variant");
  const auto& op = field<json>(j, "opening");
  g.opening.position = field<std::string>(op, "position");
  g.opening.moves = field<std::vector<std::string>>(op, "moves");
  for (const auto& jm : field<json>(j, "moves")) {
    MoveRecord m;
    const auto side = field<std::string>(jm, "side");
    if (side != "s" && side != "n") throw std::runtime_error("field 'side' must be s or n");
    m.side = side[0];
    m.move = field<std::string>(jm, "move");
    m.ms = field<double>(jm, "ms");
    if (jm.contains("score")) m.score = field<double>(jm, "score");
    if (jm.contains("proven")) m.proven = field<bool>(jm, "proven");
    if (jm.contains("bound")) {
      const auto bound = field<std::string>(jm, "bound");
      if (bound != "lower" && bound != "upper") throw std::runtime_error("field 'bound' must be lower or upper");
      m.bound = bound == "lower" ? protocol::ScoreBound::Lower : protocol::ScoreBound::Upper;
    }
    if (jm.contains("depth")) m.depth = integer_field<int>(jm, "depth");
    if (jm.contains("nodes")) m.nodes = integer_field<std::int64_t>(jm, "nodes");
    if (jm.contains("ponderhit")) m.ponderhit = field<bool>(jm, "ponderhit");
    g.moves.push_back(std::move(m));
  }
  g.winner = winner_from(field<std::string>(j, "result"));
  const auto score = field<json>(j, "score");
  if (!score.is_array() || score.size() != 2) throw std::runtime_error("field 'score' must hold two numbers");
  g.south_score = integer_value<int>(score[0], "score[0]");
  g.north_score = integer_value<int>(score[1], "score[1]");
  const auto term = field<std::string>(j, "termination");
  auto t = termination_from_name(term);
  if (!t) throw std::runtime_error("unknown termination '" + term + "'");
  g.termination = *t;
  if (j.contains("loser")) g.loser_side = loser_from(field<std::string>(j, "loser"));
  if (j.contains("detail")) g.detail = field<std::string>(j, "detail");
  g.final_position = field<std::string>(j, "final");
  g.duration_ms = field<double>(j, "duration_ms");
  if (auto problem = inconsistency(g)) throw std::runtime_error(*problem + "; the file is damaged");
  return g;
}

}  // namespace arena::match
