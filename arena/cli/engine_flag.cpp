#include "cli/engine_flag.h"

#include <set>
#include <string>
#include <vector>

#include "protocol/umi.h"
#include "text/tokens.h"

namespace arena::cli {

using config::ConfigError;

namespace {

// The flag's words: blanks separate them, except inside double quotes (arg="my bot.py",
// "option.Clear Hash=", option.UMI_Opponent="Deep Sower"), where \" and \\ stand for " and \.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false, quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted && c == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) {
      word += text[++i];
    } else if (c == '"') {
      quoted = !quoted;
      in_word = true;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (in_word) out.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quoted) throw ConfigError("--engine \"" + text + "\": a double quote is not closed");
  if (in_word) out.push_back(word);
  return out;
}

}  // namespace

config::EngineConfig parse_engine_flag(const std::string& text) {
  config::EngineConfig e;
  config::TimeControl tc;
  bool has_tc = false;
  std::set<std::string> seen;
  for (const std::string& tok : words(text)) {
    const auto eq = tok.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw ConfigError("--engine \"" + text + "\": '" + tok + "' is not key=value (quote a value with blanks: arg=\"my bot.py\")");
    const std::string key = tok.substr(0, eq), value = tok.substr(eq + 1);
    // Only arg= adds; any other key given twice would silently keep its last value.
    // (option.X given twice, in any case, is refused with the config's other checks.)
    if (key != "arg" && key.rfind("option.", 0) != 0 && !seen.insert(key).second)
      throw ConfigError("--engine \"" + text + "\": '" + key + "=' is given twice");
    auto number = [&](std::int64_t min) {
      auto v = mancala::text::parse_integer(value);
      if (!v || *v < min) throw ConfigError("--engine: " + key + "=" + value + " is not an integer >= " + std::to_string(min));
      return *v;
    };
    if (key == "name") e.name = value;
    else if (key == "cmd") e.command = value;
    else if (key == "arg") e.args.push_back(value);
    else if (key == "dir") e.dir = value;
    else if (key.rfind("option.", 0) == 0 && key.size() > 7) e.options.emplace_back(key.substr(7), value);
    else if (key == "margin") e.time_margin_ms = number(0);
    else if (key == "restart") {
      if (value != "on" && value != "off") throw ConfigError("--engine: restart=" + value + ": expected on or off");
      e.restart = value == "on";
    }
    else if (key == "ponder") {
      if (value != "on" && value != "off") throw ConfigError("--engine: ponder=" + value + ": expected on or off");
      e.ponder = value == "on";
    }
    else if (key == "tc") {
      std::string err;
      auto clock = config::parse_clock(value, err);
      if (!clock) throw ConfigError("--engine: tc=" + err);
      tc.base_ms = clock->base_ms;
      tc.increment_ms = clock->increment_ms;
      tc.moves_per_period = clock->moves_per_period;
      has_tc = true;
    } else if (key == "movetime") tc.movetime_ms = number(1), has_tc = true;
    else if (key == "depth") tc.depth = number(1), has_tc = true;
    else if (key == "nodes") tc.nodes = number(1), has_tc = true;
    else throw ConfigError("--engine: unknown key '" + key + "' (known: name, cmd, arg, dir, option.<Name>, margin, restart, ponder, tc, movetime, depth, nodes)");
  }
  if (e.command.empty()) throw ConfigError("--engine \"" + text + "\": needs cmd=<program>");
  if (e.name.empty()) {
    const auto slash = e.command.rfind('/');
    e.name = slash == std::string::npos ? e.command : e.command.substr(slash + 1);
  }
  if (has_tc) e.tc = tc;
  return e;
}

}  // namespace arena::cli
