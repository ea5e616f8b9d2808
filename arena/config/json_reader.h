#pragma once
// Reads one JSON object field by field, naming the field in every error
// ("engines[1].time_margin_ms: expected an integer >= 0, got \"abc\"") and rejecting fields it
// does not know, with a suggestion for near misses ("did you mean 'concurrency'?").
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

namespace arena::config {

class JsonReader {
 public:
  // Throws ConfigError if `value` is not an object.
  JsonReader(const nlohmann::json& value, std::string path);

  bool has(const std::string& key) const;
  const nlohmann::json* raw(const std::string& key);  // marks the key known; null if absent
  std::string path(const std::string& key) const;    // "engines[1].name"

  std::optional<std::string> string(const std::string& key);
  std::optional<std::int64_t> integer(const std::string& key, std::int64_t min, std::int64_t max);
  std::optional<double> number(const std::string& key, double min, double max);
  std::optional<bool> boolean(const std::string& key);

  // Throws for any field that was never asked for.
  void finish() const;

 private:
  const nlohmann::json& value_;
  std::string path_;
  std::set<std::string> known_;
};

// The JSON type of a value for messages: "a string", "an integer", ...
std::string describe(const nlohmann::json& v);

// JSON nested deeper than this is refused while it is parsed: printing or comparing a value
// recurses once per level, and a 140 KB file of brackets would overflow the stack.
constexpr int kMaxJsonDepth = 64;

}  // namespace arena::config
