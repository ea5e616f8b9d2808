#include "config/json_reader.h"

#include <algorithm>
#include <map>
#include <vector>

#include "config/config.h"

namespace arena::config {

namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string describe(const nlohmann::json& v) {
  std::string dump = v.dump();
  if (dump.size() > 40) dump = dump.substr(0, 37) + "...";
  return dump;
}

JsonReader::JsonReader(const nlohmann::json& value, std::string path) : value_(value), path_(std::move(path)) {
  if (!value_.is_object())
    throw ConfigError((path_.empty() ? std::string("config") : path_) + ": expected a JSON object, got " + describe(value_));
}

std::string JsonReader::path(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

bool JsonReader::has(const std::string& key) const { return value_.contains(key) && !value_.at(key).is_null(); }

const nlohmann::json* JsonReader::raw(const std::string& key) {
  known_.insert(key);
  auto it = value_.find(key);
  if (it == value_.end() || it->is_null()) return nullptr;
  return &*it;
}

std::optional<std::string> JsonReader::string(const std::string& key) {
  const auto* v = raw(key);
  if (!v) return std::nullopt;
  if (!v->is_string()) throw ConfigError(path(key) + ": expected a string, got " + describe(*v));
  return v->get<std::string>();
}

std::optional<std::int64_t> JsonReader::integer(const std::string& key, std::int64_t min, std::int64_t max) {
  const auto* v = raw(key);
  if (!v) return std::nullopt;
  std::optional<std::int64_t> out;
  if (v->is_number_integer()) out = v->get<std::int64_t>();
  else if (v->is_number_unsigned() && v->get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX)) out = v->get<std::int64_t>();
  if (!out || *out < min || *out > max)
    throw ConfigError(path(key) + ": expected an integer from " + std::to_string(min) + " to " + std::to_string(max) +
                      ", got " + describe(*v));
  return out;
}

std::optional<double> JsonReader::number(const std::string& key, double min, double max) {
  const auto* v = raw(key);
  if (!v) return std::nullopt;
  if (!v->is_number() || v->get<double>() < min || v->get<double>() > max) {
    char range[96];
    std::snprintf(range, sizeof range, "expected a number from %g to %g", min, max);
    throw ConfigError(path(key) + ": " + range + ", got " + describe(*v));
  }
  return v->get<double>();
}

std::optional<bool> JsonReader::boolean(const std::string& key) {
  const auto* v = raw(key);
  if (!v) return std::nullopt;
  if (!v->is_boolean()) throw ConfigError(path(key) + ": expected true or false, got " + describe(*v));
  return v->get<bool>();
}

void JsonReader::finish() const {
  for (auto it = value_.begin(); it != value_.end(); ++it) {
    if (known_.count(it.key())) continue;
    // The --engine flag's short words, as people copy them into a config file ("cmd" is
    // closer to "dir" than to "command" by spelling).
    static const std::map<std::string, std::string> kFlagWords = {
        {"cmd", "command"}, {"arg", "args"}, {"margin", "time_margin_ms"}, {"tc", "time_control"}, {"option", "options"},
        // and other tools' words for the same fields
        {"arguments", "args"}, {"argv", "args"}, {"cwd", "dir"}, {"workdir", "dir"}, {"working_dir", "dir"}};
    std::string best;
    std::size_t best_d = 4;
    if (auto alias = kFlagWords.find(it.key()); alias != kFlagWords.end() && known_.count(alias->second)) best = alias->second, best_d = 0;
    for (const auto& k : known_) {
      const bool prefix = k.rfind(it.key(), 0) == 0 || it.key().rfind(k, 0) == 0;
      const auto d = prefix ? 1 : edit_distance(it.key(), k);
      if (d < best_d) best_d = d, best = k;
    }
    throw ConfigError(path(it.key()) + ": unknown field" + (best.empty() ? "" : " (did you mean '" + best + "'?)"));
  }
}

}  // namespace arena::config
