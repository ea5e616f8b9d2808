#pragma once
// A typed option registry: what `umi` advertises and `setoption` changes. Names match
// case-insensitively and print in registration order. A rejected value leaves the old one.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::protocol {

enum class OptionType { Check, Spin, Combo, String, Button };

struct Option {
  std::string name;
  OptionType type = OptionType::String;
  std::string default_value;
  std::int64_t min = 0, max = 0;   // spin only
  std::vector<std::string> vars;   // combo only
  std::string value;               // canonical text: "true"/"false", decimal, the combo's own spelling
  int presses = 0;                 // button only: how often it was pressed since last asked

  static Option check(std::string name, bool def);
  static Option spin(std::string name, std::int64_t def, std::int64_t min, std::int64_t max);
  static Option combo(std::string name, std::string def, std::vector<std::string> vars);
  static Option string(std::string name, std::string def);
  static Option button(std::string name);
};

class OptionRegistry {
 public:
  // Names must be unique (case-insensitively) and must not contain the token "value", which
  // ends the name in `setoption`.
  void add(Option option);

  // `setoption` semantics: value is empty when the command had no `value` part. Returns an
  // error message (without the "error: " prefix) or nothing on success.
  std::optional<std::string> set(std::string_view name, std::optional<std::string_view> value);

  const Option* find(std::string_view name) const;
  bool check_value(std::string_view name) const;
  std::int64_t spin_value(std::string_view name) const;
  const std::string& string_value(std::string_view name) const;
  // How often the button was pressed since the last call; resets the count.
  int take_presses(std::string_view name);

  // The `option name ... type ...` lines of the handshake.
  std::vector<std::string> describe() const;

 private:
  Option* find_mutable(std::string_view name);
  std::vector<Option> options_;
};

}  // namespace mancala::protocol
