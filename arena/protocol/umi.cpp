#include "protocol/umi.h"

#include <algorithm>
#include <charconv>
#include <cctype>

#include "text/tokens.h"

namespace arena::protocol {

namespace text = mancala::text;

namespace {


std::string join(const std::vector<std::string_view>& toks, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) {
    if (!out.empty()) out += ' ';
    out += toks[i];
  }
  return out;
}

// A number's text without a leading '+', which from_chars does not take; empty if a second
// sign follows it ("+-1" is not -1).
std::optional<std::string_view> without_plus(std::string_view token) {
  if (token.empty() || token.front() != '+') return token;
  token.remove_prefix(1);
  if (!token.empty() && (token.front() == '+' || token.front() == '-')) return std::nullopt;
  return token;
}

}  // namespace

bool is_whole_number(std::string_view token) {
  if (text::parse_integer(token)) return true;
  const auto digits = without_plus(token);  // too large for 64 bits: digits after at most a '+'
  return digits && !digits->empty() && digits->find_first_not_of("0123456789") == std::string_view::npos;
}

bool is_this_version(std::string_view token) { return text::parse_integer(token) == kVersion; }

std::optional<double> parse_seeds(std::string_view text) {
  const auto token = without_plus(text);
  if (!token || token->empty()) return std::nullopt;
  double v = 0;
  auto [ptr, ec] = std::from_chars(token->data(), token->data() + token->size(), v, std::chars_format::fixed);
  if (ec != std::errc() || ptr != token->data() + token->size() || !(v >= -1'000'000 && v <= 1'000'000)) return std::nullopt;
  return v;
}

std::optional<SearchInfo> parse_info(std::string_view line) {
  const auto t = text::split_tokens(line);
  if (t.empty() || t[0] != "info") return std::nullopt;
  if (t.size() >= 2 && t[1] == "string") return std::nullopt;
  SearchInfo info;
  auto small = [](std::optional<std::int64_t> v) -> std::optional<int> {
    if (!v || *v < -1'000'000 || *v > 1'000'000) return std::nullopt;
    return static_cast<int>(*v);
  };
  for (std::size_t i = 1; i < t.size(); ++i) {
    const auto next = [&]() -> std::optional<std::int64_t> {
      return i + 1 < t.size() ? text::parse_integer(t[i + 1]) : std::nullopt;
    };
    if (t[i] == "depth") {
      if (auto d = small(next()); d && *d >= 0) info.depth = d;
    } else if (t[i] == "multipv") {
      if (auto k = small(next()); k && *k >= 1) info.multipv = *k;
    } else if (t[i] == "nodes") {
      if (auto n = next(); n && *n >= 0) info.nodes = n;
    } else if (t[i] == "time") {
      if (auto n = next(); n && *n >= 0) info.time_ms = n;
    } else if (t[i] == "score") {
      info.has_score = true;
      if (i + 2 < t.size() && (t[i + 1] == "seeds" || t[i + 1] == "proven")) {
        const bool proven = t[i + 1] == "proven";  // an integer margin (PROTOCOL.md section 4)
        if (!proven) info.score = parse_seeds(t[i + 2]);
        else if (const auto n = small(text::parse_integer(t[i + 2]))) info.score = *n;
        info.proven = info.score && proven;
        i += 2;
        if (info.score && i + 1 < t.size() && (t[i + 1] == "lowerbound" || t[i + 1] == "upperbound")) {
          info.bound = t[i + 1] == "lowerbound" ? ScoreBound::Lower : ScoreBound::Upper;
          ++i;
        }
      }
    } else if (t[i] == "pv" || t[i] == "string") {
      break;  // the rest of the line is moves or free text
    }
  }
  return info;
}

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// PROTOCOL.md's score numbers, written exactly: an optional sign, digits, and for `seeds` at
// most two decimals without a trailing zero (3, -0.5, 1.25; not .5, 1., 1.50 or 1e2).
bool well_written(std::string_view number, bool decimals_allowed) {
  if (!number.empty() && (number.front() == '-' || number.front() == '+')) number.remove_prefix(1);
  const auto point = number.find('.');
  if (point == std::string_view::npos) return all_digits(number);
  const std::string_view fraction = number.substr(point + 1);
  return decimals_allowed && all_digits(number.substr(0, point)) && all_digits(fraction) && fraction.size() <= 2 &&
         fraction.back() != '0';
}

}  // namespace

std::optional<std::string> info_line_problem(std::string_view line, std::vector<std::string>& pv) {
  static constexpr std::string_view kOrder[] = {"depth", "seldepth", "multipv", "score", "nodes", "nps", "time", "hashfull", "pv"};
  pv.clear();
  const auto t = text::split_tokens(line);
  if (t.empty() || t[0] != "info") return "not an info line";
  std::size_t next = 0;  // fields come in kOrder's order, each at most once
  for (std::size_t i = 1; i < t.size(); ++i) {
    const std::string field(t[i]);
    const auto at = static_cast<std::size_t>(std::find(std::begin(kOrder), std::end(kOrder), field) - std::begin(kOrder));
    if (at == std::size(kOrder))
      return "unknown field '" + field + "' (the fields are depth seldepth multipv score nodes nps time hashfull pv)";
    if (at < next) return "'" + field + "' repeated or out of order (the order is depth seldepth multipv score nodes nps time hashfull pv)";
    next = at + 1;
    if (field == "pv") {
      if (i + 1 == t.size()) return std::string("'pv' without moves");
      for (++i; i < t.size(); ++i) pv.emplace_back(t[i]);
      break;
    }
    if (i + 1 == t.size()) return "'" + field + "' without a value";
    const std::string value(t[++i]);
    if (field != "score") {
      if (!all_digits(value) || !text::parse_integer(value)) return field + " '" + value + "' is not a non-negative integer (no sign)";
      if (field == "hashfull" && *text::parse_integer(value) > 1000) return "hashfull '" + value + "' is over 1000 (per mille)";
      if (field == "multipv" && *text::parse_integer(value) == 0) return std::string("multipv '0': lines are numbered from 1");
      continue;
    }
    if (value != "seeds" && value != "proven")
      return "score '" + value + "': a score is 'seeds <decimal>' or 'proven <integer>' (UCI's cp and mate do not exist here)";
    if (i + 1 == t.size()) return "'score " + value + "' without a number";
    const std::string number(t[++i]);
    if (value == "seeds" && !(well_written(number, true) && parse_seeds(number)))
      return "score seeds '" + number + "' is not a decimal like 3, -0.5 or 1.25 (at most two decimals, no trailing zero)";
    if (value == "proven" && !(well_written(number, false) && text::parse_integer(number)))
      return "score proven '" + number + "' is not an integer";
    if (i + 1 < t.size() && (t[i + 1] == "lowerbound" || t[i + 1] == "upperbound")) ++i;
  }
  return std::nullopt;
}

void merge_info(SearchInfo& into, const SearchInfo& newer) {
  if (newer.depth) into.depth = newer.depth;
  if (newer.has_score && newer.multipv == 1) {  // a MultiPV search's other lines score other moves
    into.score = newer.score;
    into.has_score = true;
    into.proven = newer.proven;
    into.bound = newer.bound;
  }
  if (newer.nodes) into.nodes = newer.nodes;
  if (newer.time_ms) into.time_ms = newer.time_ms;
}

std::optional<BestMove> parse_bestmove(std::string_view line) {
  const auto t = text::split_tokens(line);
  if (t.size() < 2 || t[0] != "bestmove") return std::nullopt;
  BestMove bm{std::string(t[1]), ""};
  if (t.size() >= 4 && t[2] == "ponder") bm.ponder = std::string(t[3]);  // anything else after the move is ignored
  return bm;
}

namespace {
// Where an option line's name ends (the " type " token, or the end): the name may hold spaces.
std::size_t option_name_end(const std::vector<std::string_view>& t) {
  std::size_t end = 2;
  while (end < t.size() && t[end] != "type") ++end;
  return end;
}
}  // namespace

std::string declared_option_name(std::string_view line) {
  const auto t = text::split_tokens(line);
  if (t.size() < 3 || t[0] != "option" || t[1] != "name") return "";
  return join(t, 2, option_name_end(t));
}

const OptionSpec* find_option(const std::vector<OptionSpec>& declared, std::string_view name) {
  const auto it = std::find_if(declared.begin(), declared.end(), [&](const OptionSpec& o) { return text::iequals(o.name, name); });
  return it == declared.end() ? nullptr : &*it;
}

const OptionSpec* ponder_option(const std::vector<OptionSpec>& declared) {
  const OptionSpec* o = find_option(declared, "Ponder");
  return o && o->type == OptionType::Check ? o : nullptr;
}

std::string shown(std::string_view text, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    out += c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?';
  }
  return text.size() > limit ? out + "..." : out;
}

std::string stderr_note(std::string_view last_stderr_line) {
  if (last_stderr_line.empty()) return "";
  return "; its last line on stderr: '" + shown(last_stderr_line, 200) + "'";
}

bool is_error_line(std::string_view line) {
  const auto t = text::split_tokens(line);
  return t.size() >= 3 && t[0] == "info" && t[1] == "string" && t[2].substr(0, 6) == "error:";
}

std::optional<OptionSpec> parse_option(std::string_view line) {
  const auto t = text::split_tokens(line);
  if (t.size() < 5 || t[0] != "option" || t[1] != "name") return std::nullopt;
  const std::size_t type_at = option_name_end(t);
  if (type_at == 2 || type_at + 1 >= t.size()) return std::nullopt;
  OptionSpec spec;
  spec.name = join(t, 2, type_at);
  const std::string type = text::to_lower(t[type_at + 1]);
  if (type == "check") spec.type = OptionType::Check;
  else if (type == "spin") spec.type = OptionType::Spin;
  else if (type == "combo") spec.type = OptionType::Combo;
  else if (type == "string") spec.type = OptionType::String;
  else if (type == "button") spec.type = OptionType::Button;
  else return std::nullopt;

  bool has_default = false;
  auto keyword = [](std::string_view s) { return s == "default" || s == "min" || s == "max" || s == "var"; };
  for (std::size_t i = type_at + 2; i < t.size();) {
    if (!keyword(t[i])) {
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < t.size() && !keyword(t[j])) ++j;
    const std::string value = join(t, i + 1, j);
    if (t[i] == "default") {
      spec.default_value = value == "<empty>" ? "" : value;
      has_default = true;
    } else if (t[i] == "min") spec.min = text::parse_integer(value);
    else if (t[i] == "max") spec.max = text::parse_integer(value);
    else spec.vars.push_back(value);
    i = j;
  }
  if (spec.type == OptionType::Spin && (!spec.min || !spec.max || *spec.min > *spec.max)) return std::nullopt;
  // Every type but a button has a default, and it is one of the option's own values (a spin's
  // within its range, a combo's among its vars): the arena's `check` sets each option to it.
  if (spec.type != OptionType::Button && (!has_default || !validate_option(spec, spec.default_value).ok())) return std::nullopt;
  return spec;
}

OptionValue validate_option(const OptionSpec& spec, const std::string& value) {
  const std::string where = "option '" + spec.name + "': ";
  if (value.find_first_of("\r\n") != std::string::npos) return {std::nullopt, where + "value contains a line break"};
  switch (spec.type) {
    case OptionType::Button:  // pressed once at start; "false" or any other value would read as a wish not kept
      if (value.empty() || text::to_lower(value) == "true") return {std::nullopt, ""};
      return {std::nullopt, where + "a button takes no value (give \"\" or true to press it), got '" + value + "'"};
    case OptionType::Check: {
      const std::string v = text::to_lower(value);
      if (v == "true" || v == "false") return {v, ""};
      return {std::nullopt, where + "expected true or false, got '" + value + "'"};
    }
    case OptionType::Spin: {
      const auto v = text::parse_integer(value);
      if (!v) return {std::nullopt, where + "expected an integer, got '" + value + "'"};
      if (*v < *spec.min || *v > *spec.max)
        return {std::nullopt, where + std::to_string(*v) + " is outside the engine's range [" + std::to_string(*spec.min) +
                                  ", " + std::to_string(*spec.max) + "]"};
      return {std::to_string(*v), ""};
    }
    case OptionType::Combo: {
      for (const auto& var : spec.vars)
        if (text::iequals(var, value)) return {var, ""};
      std::string choices;
      for (const auto& var : spec.vars) choices += (choices.empty() ? "" : ", ") + var;
      return {std::nullopt, where + "'" + value + "' is not one of: " + choices};
    }
    case OptionType::String:
      return {value, ""};
  }
  return {std::nullopt, where + "unknown type"};
}

std::string format_setoption(const OptionSpec& spec, const std::optional<std::string>& value) {
  std::string out = "setoption name " + spec.name;
  if (value) {
    out += " value";
    if (!value->empty()) out += " " + *value;
  }
  return out;
}

std::string format_setoption_default(const OptionSpec& spec) {
  if (spec.type == OptionType::Button) return format_setoption(spec, std::nullopt);
  return format_setoption(spec, spec.default_value.empty() ? "<empty>" : spec.default_value);
}

std::string format_go(const GoLimits& l, bool ponder) {
  std::string out = ponder ? "go ponder" : "go";
  auto add = [&](const char* key, const std::optional<std::int64_t>& v) {
    if (!v) return;
    out += ' ';
    out += key;
    out += ' ';
    out += std::to_string(*v);
  };
  add("stime", l.stime);
  add("ntime", l.ntime);
  add("sinc", l.sinc);
  add("ninc", l.ninc);
  add("movestogo", l.movestogo);
  add("movetime", l.movetime);
  add("depth", l.depth);
  add("nodes", l.nodes);
  return out;
}

std::string format_gameover(const std::string& result, int south_score, int north_score, const std::string& reason) {
  return "gameover " + result + " " + std::to_string(south_score) + " " + std::to_string(north_score) + " " + reason;
}

}  // namespace arena::protocol
