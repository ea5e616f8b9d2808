#include "config/config_json.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "config/json_reader.h"

namespace arena::config {

using nlohmann::json;

namespace {

std::string option_text(const json& v, const std::string& path) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer() || v.is_number_unsigned()) return v.dump();
  throw ConfigError(path + ": expected a string, an integer or true/false, got " + describe(v));
}

EngineConfig parse_engine(const json& j, const std::string& path) {
  JsonReader r(j, path);
  EngineConfig e;
  if (auto v = r.string("name")) e.name = *v;
  if (auto v = r.string("command")) e.command = *v;
  if (auto* a = r.raw("args")) {
    if (!a->is_array()) throw ConfigError(r.path("args") + ": expected an array of strings, got " + describe(*a));
    for (std::size_t i = 0; i < a->size(); ++i) {
      if (!(*a)[i].is_string())
        throw ConfigError(r.path("args") + "[" + std::to_string(i) + "]: expected a string, got " + describe((*a)[i]));
      e.args.push_back((*a)[i].get<std::string>());
    }
  }
  if (auto v = r.string("dir")) e.dir = *v;
  if (auto* o = r.raw("options")) {
    if (!o->is_object()) throw ConfigError(r.path("options") + ": expected an object of name: value, got " + describe(*o));
    for (auto it = o->begin(); it != o->end(); ++it)
      e.options.emplace_back(it.key(), option_text(it.value(), r.path("options") + "." + it.key()));
  }
  if (auto v = r.integer("time_margin_ms", 0, kMaxTimeMs)) e.time_margin_ms = *v;
  if (auto v = r.boolean("restart")) e.restart = *v;
  if (auto v = r.boolean("ponder")) e.ponder = *v;
  if (auto* t = r.raw("time_control")) e.tc = parse_tc_json(*t, r.path("time_control"));
  r.finish();
  if (e.name.empty()) throw ConfigError(r.path("name") + ": every engine needs a non-empty name");
  if (e.command.empty()) throw ConfigError(r.path("command") + ": engine '" + e.name + "' needs a command");
  return e;
}

void parse_openings(const json& j, const std::string& path, OpeningsConfig& o) {
  JsonReader r(j, path);
  if (auto v = r.string("source")) {
    if (*v == "start") o.source = OpeningsConfig::Source::Start;
    else if (*v == "random") o.source = OpeningsConfig::Source::Random;
    else if (*v == "file") o.source = OpeningsConfig::Source::File;
    else throw ConfigError(r.path("source") + ": expected \"start\", \"random\" or \"file\", got \"" + *v + "\"");
  }
  if (auto v = r.integer("plies", 1, 200)) o.plies = static_cast<int>(*v);
  if (auto v = r.integer("count", 0, 1000000)) o.count = static_cast<int>(*v);
  if (auto v = r.string("file")) o.file = *v;
  if (auto v = r.boolean("shuffle")) o.shuffle = *v;
  if (auto v = r.string("filter_engine")) o.filter_engine = *v;
  if (auto v = r.integer("filter_depth", 1, 64)) o.filter_depth = static_cast<int>(*v);
  if (auto v = r.integer("filter_max_score", 0, 1000)) o.filter_max_score = static_cast<int>(*v);
  if (r.has("filter_depth") || r.has("filter_max_score")) o.filter_settings_given = true;
  r.finish();
  if (o.source == OpeningsConfig::Source::File && o.file.empty())
    throw ConfigError(r.path("file") + ": openings from a file need the file's path");
  // A field of the other source would be ignored without a word ("plies" with a file, say).
  const char* random_only[] = {"plies", "count", "filter_engine", "filter_depth", "filter_max_score"};
  const char* file_only[] = {"file", "shuffle"};
  const char* source = o.source == OpeningsConfig::Source::Start ? "start" : o.source == OpeningsConfig::Source::Random ? "random" : "file";
  for (const char* key : random_only)
    if (r.has(key) && o.source != OpeningsConfig::Source::Random)
      throw ConfigError(r.path(key) + ": only for random openings (\"source\": \"random\"), but the source is \"" + source + "\"");
  for (const char* key : file_only)
    if (r.has(key) && o.source != OpeningsConfig::Source::File)
      throw ConfigError(r.path(key) + ": only for openings from a file (\"source\": \"file\"), but the source is \"" + source + "\"");
}

// "line L, column C" of the byte a parse error stopped at. The library's own column is 0 when
// it looked one character ahead past a line end. `byte` counts from 1 and points at the
// offending character (one past the end at the end of the input); a newline there belongs to
// the line it ends. The column counts UTF-8 characters, as editors do.
std::string text_position(const std::string& text, std::size_t byte) {
  const std::size_t at = std::min(byte == 0 ? 0 : byte - 1, text.size());
  const std::size_t line_start = at == 0 ? 0 : text.rfind('\n', at - 1) + 1;  // npos + 1 == 0: the first line
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < line_start; ++i) line += text[i] == '\n';
  for (std::size_t i = line_start; i < at; ++i) column += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

TimeControl parse_tc_json(const json& j, const std::string& path) {
  if (j.is_string()) {
    std::string error;
    auto tc = parse_clock(j.get<std::string>(), error);
    if (!tc) throw ConfigError(path + ": " + error);
    return *tc;
  }
  JsonReader r(j, path);
  TimeControl tc;
  if (auto v = r.integer("base_ms", 1, kMaxTimeMs)) tc.base_ms = *v;
  if (auto v = r.integer("increment_ms", 0, kMaxTimeMs)) tc.increment_ms = *v;
  if (auto v = r.integer("moves_per_period", 1, 10000)) tc.moves_per_period = static_cast<int>(*v);
  if (auto v = r.integer("movetime_ms", 1, kMaxTimeMs)) tc.movetime_ms = *v;
  if (auto v = r.integer("depth", 1, kMaxDepth)) tc.depth = *v;
  if (auto v = r.integer("nodes", 1, kMaxNodes)) tc.nodes = *v;
  r.finish();
  if (!tc.has_clock() && (tc.increment_ms || tc.moves_per_period))
    throw ConfigError(r.path("base_ms") + ": an increment or moves_per_period needs a base time");
  if (!tc.limited())
    throw ConfigError(path + ": give a clock (base_ms), movetime_ms, depth or nodes");
  return tc;
}

json tc_json(const TimeControl& tc) {
  json j = json::object();
  if (tc.has_clock()) {
    j["base_ms"] = tc.base_ms;
    j["increment_ms"] = tc.increment_ms;
    if (tc.moves_per_period) j["moves_per_period"] = tc.moves_per_period;
  }
  if (tc.movetime_ms) j["movetime_ms"] = *tc.movetime_ms;
  if (tc.depth) j["depth"] = *tc.depth;
  if (tc.nodes) j["nodes"] = *tc.nodes;
  return j;
}

void apply_json(const json& j, TournamentConfig& c) {
  JsonReader r(j, "");
  if (auto v = r.string("name")) c.name = *v;
  if (auto v = r.string("kind")) {
    if (*v == "round-robin" || *v == "roundrobin") c.kind = Kind::RoundRobin;
    else if (*v == "gauntlet") c.kind = Kind::Gauntlet;
    else throw ConfigError("kind: expected \"round-robin\" or \"gauntlet\", got \"" + *v + "\"");
  }
  if (auto v = r.integer("gauntlet_players", 1, 1000)) c.gauntlet_players = static_cast<int>(*v), c.gauntlet_players_given = true;
  if (auto v = r.string("variant")) c.variant = *v;
  if (auto* e = r.raw("engines")) {
    if (!e->is_array()) throw ConfigError("engines: expected an array of engine objects, got " + describe(*e));
    c.engines.clear();
    for (std::size_t i = 0; i < e->size(); ++i) c.engines.push_back(parse_engine((*e)[i], "engines[" + std::to_string(i) + "]"));
  }
  if (auto v = r.integer("rounds", 1, 10'000'000)) c.rounds = static_cast<int>(*v);
  if (auto* t = r.raw("time_control")) c.tc = parse_tc_json(*t, "time_control");
  if (auto v = r.integer("concurrency", 1, 1024)) c.concurrency = static_cast<int>(*v);
  if (auto v = r.integer("seed", 0, INT64_MAX)) c.seed = static_cast<std::uint64_t>(*v);
  if (auto* o = r.raw("openings")) parse_openings(*o, "openings", c.openings);
  if (auto* a = r.raw("adjudication")) {
    JsonReader ar(*a, "adjudication");
    if (auto v = ar.integer("max_moves", 0, 1'000'000)) c.adjudication.max_moves = static_cast<int>(*v);
    if (auto v = ar.boolean("decided")) c.adjudication.decided = *v;
    ar.finish();
  }
  if (auto* s = r.raw("sprt")) {
    JsonReader sr(*s, "sprt");
    SprtConfig sp;
    if (auto v = sr.number("elo0", -1000, 1000)) sp.elo0 = *v;
    if (auto v = sr.number("elo1", -1000, 1000)) sp.elo1 = *v;
    if (auto v = sr.number("alpha", 1e-9, 0.5)) sp.alpha = *v;
    if (auto v = sr.number("beta", 1e-9, 0.5)) sp.beta = *v;
    if (auto v = sr.string("model")) {
      if (*v == "normalized") sp.normalized = true;
      else if (*v == "logistic") sp.normalized = false;
      else throw ConfigError("sprt.model: expected \"logistic\" or \"normalized\", got \"" + *v + "\"");
    }
    sr.finish();
    c.sprt = sp;  // (checked with the rest in validate)
  }
  if (auto v = r.string("anchor")) c.anchor = *v;
  if (auto* t = r.raw("timeouts")) {
    JsonReader tr(*t, "timeouts");
    if (auto v = tr.integer("startup_ms", 1, kMaxTimeMs)) c.timeouts.startup_ms = *v;
    if (auto v = tr.integer("ready_ms", 1, kMaxTimeMs)) c.timeouts.ready_ms = *v;
    if (auto v = tr.integer("quit_grace_ms", 0, kMaxTimeMs)) c.timeouts.quit_grace_ms = *v;
    if (auto v = tr.integer("move_timeout_ms", 1, kMaxTimeMs)) c.timeouts.move_timeout_ms = *v;
    tr.finish();
  }
  if (auto* o = r.raw("output")) {
    JsonReader orr(*o, "output");
    if (auto v = orr.string("dir")) c.output.dir = *v;
    if (auto v = orr.string("results")) c.output.results = *v;
    if (auto v = orr.boolean("log_traffic")) c.output.log_traffic = *v;
    if (auto v = orr.boolean("log_stderr")) c.output.log_stderr = *v;
    if (auto v = orr.integer("log_limit_mb", 1, 1 << 20)) c.output.log_limit_mb = *v;
    if (auto v = orr.integer("report_every", 0, 1'000'000'000)) c.output.report_every = static_cast<int>(*v);
    if (auto v = orr.boolean("progress")) c.output.progress = *v;
    orr.finish();
  }
  if (auto v = r.integer("max_line_bytes", 256, 1 << 26)) c.max_line_bytes = *v;
  r.finish();
}

void apply_file(const std::string& path, TournamentConfig& config) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec) || std::filesystem::is_directory(path, ec))  // (a pipe, <(jq ...), is fine)
    throw ConfigError("config file '" + path + "' does not exist (or is a folder)");
  // A regular file or a pipe (<(jq ...)); not a device such as /dev/zero, which never ends.
  const auto type = std::filesystem::status(path, ec).type();
  if (type != std::filesystem::file_type::regular && type != std::filesystem::file_type::fifo)
    throw ConfigError("config file '" + path + "' is not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("config file '" + path + "' cannot be read");
  // Read with a bound, so that an endless pipe is refused rather than filling the memory.
  constexpr std::size_t kMaxConfigBytes = std::size_t{64} << 20;
  std::string text;
  for (char chunk[65536]; in.read(chunk, sizeof chunk) || in.gcount() > 0;) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxConfigBytes) throw ConfigError("config file '" + path + "' is larger than 64 MB");
  }
  // A key given twice in one object would silently keep the last value (JSON allows it; a
  // config file that says "rounds" twice is a mistake): one set of keys per open object.
  std::vector<std::set<std::string>> open_objects;
  std::string repeated;
  const json::parser_callback_t find_repeats = [&](int depth, json::parse_event_t event, json& parsed) {
    if (depth > kMaxJsonDepth)
      throw ConfigError("config file '" + path + "' nests its JSON more than " + std::to_string(kMaxJsonDepth) + " levels deep");
    if (event == json::parse_event_t::object_start) open_objects.emplace_back();
    else if (event == json::parse_event_t::object_end && !open_objects.empty()) open_objects.pop_back();
    else if (event == json::parse_event_t::key && !open_objects.empty() && repeated.empty() &&
             !open_objects.back().insert(parsed.get<std::string>()).second)
      repeated = parsed.get<std::string>();
    return true;
  };
  // The JSON parser reads a NUL byte as the end of the input and would report a syntax error
  // at the file's first byte: a UTF-16 file (PowerShell's `>` writes one) or a binary file gets
  // a clear message instead.
  if (text.starts_with(std::string_view("\xFF\xFE\0\0", 4)) || text.starts_with(std::string_view("\0\0\xFE\xFF", 4)))
    throw ConfigError("config file '" + path + "' is UTF-32 text; save it as UTF-8");
  if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF"))
    throw ConfigError("config file '" + path + "' is UTF-16 text; save it as UTF-8");
  if (const auto nul = text.find('\0'); nul != std::string::npos)
    throw ConfigError("config file '" + path + "' is not a text file (a NUL byte at offset " + std::to_string(nul) + ")");
  json j;
  try {
    // Comments (// and /* */) are allowed: a config is written by hand and explained in place.
    j = json::parse(text, find_repeats, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const json::parse_error& e) {
    // The library's text starts "[json.exception.parse_error.101] " and quotes the bytes it
    // stopped at, which may not be printable: keep the position and the reason, readable.
    std::string why = e.what();
    if (const auto end = why.find("] "); why.starts_with("[json.exception") && end != std::string::npos) why.erase(0, end + 2);
    if (const auto colon = why.find(": "); why.starts_with("parse error at line ") && colon != std::string::npos)
      why = "parse error at " + text_position(text, e.byte) + why.substr(colon);
    for (char& ch : why)
      if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) >= 0x7f) ch = '?';
    throw ConfigError("config file '" + path + "' is not valid JSON: " + why);
  }
  if (!repeated.empty()) throw ConfigError("config file '" + path + "': the key '" + repeated + "' appears twice in one object");
  if (!j.is_object()) throw ConfigError("config file '" + path + "' must hold one JSON object { ... }");
  apply_json(j, config);
}

json schedule_json(const TournamentConfig& c) {
  json engines = json::array();
  for (const auto& e : c.engines) {
    json opts = json::array();
    for (const auto& [k, v] : e.options) opts.push_back({k, v});
    engines.push_back({{"name", e.name}, {"command", e.command}, {"args", e.args}, {"options", opts},
                       {"time_margin_ms", e.time_margin_ms}, {"time_control", tc_json(c.tc_for(e))}});
    if (e.ponder) engines.back()["ponder"] = true;  // (only when on: the headers of earlier files stay equal)
  }
  const auto& o = c.openings;
  json openings = {{"source", o.source == OpeningsConfig::Source::Start    ? "start"
                              : o.source == OpeningsConfig::Source::Random ? "random"
                                                                            : "file"}};
  if (o.source == OpeningsConfig::Source::Random)
    openings.update({{"plies", o.plies}, {"count", o.count}, {"filter_engine", o.filter_engine},
                     {"filter_depth", o.filter_depth}, {"filter_max_score", o.filter_max_score}});
  if (o.source == OpeningsConfig::Source::File) openings.update({{"file", o.file}, {"shuffle", o.shuffle}});
  json j = {{"kind", c.kind == Kind::RoundRobin ? "round-robin" : "gauntlet"},
            {"variant", c.variant},
            {"engines", engines},
            {"rounds", c.rounds},
            {"seed", c.seed},
            {"openings", openings},
            {"adjudication", {{"max_moves", c.adjudication.max_moves}, {"decided", c.adjudication.decided}}}};
  if (c.kind == Kind::Gauntlet) j["gauntlet_players"] = c.gauntlet_players;
  if (c.sprt)
    j["sprt"] = {{"elo0", c.sprt->elo0}, {"elo1", c.sprt->elo1}, {"alpha", c.sprt->alpha}, {"beta", c.sprt->beta},
                 {"model", c.sprt->normalized ? "normalized" : "logistic"}};
  return j;
}

}  // namespace arena::config
