#include "protocol/options.h"

#include <stdexcept>

#include "text/tokens.h"

namespace mancala::protocol {

namespace {

Option make(std::string name, OptionType type, std::string def) {
  Option o;
  o.name = std::move(name);
  o.type = type;
  o.default_value = std::move(def);
  o.value = o.default_value;
  return o;
}

}  // namespace

Option Option::check(std::string name, bool def) { return make(std::move(name), OptionType::Check, def ? "true" : "false"); }

Option Option::spin(std::string name, std::int64_t def, std::int64_t min, std::int64_t max) {
  Option o = make(std::move(name), OptionType::Spin, std::to_string(def));
  o.min = min;
  o.max = max;
  return o;
}

Option Option::combo(std::string name, std::string def, std::vector<std::string> vars) {
  Option o = make(std::move(name), OptionType::Combo, std::move(def));
  o.vars = std::move(vars);
  return o;
}

Option Option::string(std::string name, std::string def) { return make(std::move(name), OptionType::String, std::move(def)); }

Option Option::button(std::string name) { return make(std::move(name), OptionType::Button, ""); }

void OptionRegistry::add(Option option) {
  // Programming errors, caught by the first test that builds the registry.
  if (find(option.name)) throw std::logic_error("duplicate option " + option.name);
  for (auto token : text::split_tokens(option.name))
    if (text::iequals(token, "value")) throw std::logic_error("option names must not contain 'value'");
  options_.push_back(std::move(option));
}

const Option* OptionRegistry::find(std::string_view name) const {
  for (const Option& o : options_)
    if (text::iequals(o.name, name)) return &o;
  return nullptr;
}

Option* OptionRegistry::find_mutable(std::string_view name) { return const_cast<Option*>(find(name)); }

std::optional<std::string> OptionRegistry::set(std::string_view name, std::optional<std::string_view> value) {
  Option* o = find_mutable(name);
  if (!o) return "setoption: unknown option " + text::quote(name);
  const std::string where = "setoption: " + o->name + ": ";
  if (o->type == OptionType::Button) {  // a value sent with a button is ignored
    ++o->presses;
    return std::nullopt;
  }
  if (!value) return where + "needs a value (setoption name " + o->name + " value <value>)";
  switch (o->type) {
    case OptionType::Check: {
      const std::string v = text::to_lower(*value);
      if (v != "true" && v != "false") return where + "expected true or false, got " + text::quote(*value);
      o->value = v;
      return std::nullopt;
    }
    case OptionType::Spin: {
      const auto v = text::parse_integer(*value);
      const auto outside = [&](const std::string& shown) {
        return where + shown + " is outside " + std::to_string(o->min) + ".." + std::to_string(o->max) + " (kept " +
               o->value + ")";
      };
      if (!v && text::is_integer_text(*value)) return outside(text::quote(*value));  // too many digits for 64 bits: still a number
      if (!v) return where + "expected an integer, got " + text::quote(*value);
      if (*v < o->min || *v > o->max) return outside(std::to_string(*v));
      o->value = std::to_string(*v);
      return std::nullopt;
    }
    case OptionType::Combo:
      for (const std::string& var : o->vars)
        if (text::iequals(var, *value)) {
          o->value = var;
          return std::nullopt;
        }
      return where + text::quote(*value) + " is not one of its choices";
    case OptionType::String:
      o->value = *value == "<empty>" ? std::string() : std::string(*value);
      return std::nullopt;
    case OptionType::Button: break;
  }
  return std::nullopt;
}

bool OptionRegistry::check_value(std::string_view name) const {
  const Option* o = find(name);
  return o && o->value == "true";
}

std::int64_t OptionRegistry::spin_value(std::string_view name) const {
  const Option* o = find(name);
  return o ? text::parse_integer(o->value).value_or(0) : 0;
}

const std::string& OptionRegistry::string_value(std::string_view name) const {
  static const std::string kNone;
  const Option* o = find(name);
  return o ? o->value : kNone;
}

int OptionRegistry::take_presses(std::string_view name) {
  Option* o = find_mutable(name);
  if (!o) return 0;
  const int n = o->presses;
  o->presses = 0;
  return n;
}

std::vector<std::string> OptionRegistry::describe() const {
  std::vector<std::string> lines;
  for (const Option& o : options_) {
    std::string line = "option name " + o.name + " type ";
    switch (o.type) {
      case OptionType::Check: line += "check default " + o.default_value; break;
      case OptionType::Spin:
        line += "spin default " + o.default_value + " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
        break;
      case OptionType::Combo:
        line += "combo default " + o.default_value;
        for (const std::string& var : o.vars) line += " var " + var;
        break;
      case OptionType::String: line += "string default " + (o.default_value.empty() ? "<empty>" : o.default_value); break;
      case OptionType::Button: line += "button"; break;
    }
    lines.push_back(line);
  }
  return lines;
}

}  // namespace mancala::protocol
