#pragma once
// The name a program was started by (argv[0] without its folder), for its usage text: once
// installed, `solve` is `mancala-solve` and `random-bot` is `mancala-random-bot`.
#include <string>
#include <string_view>

namespace mancala::text {

inline std::string program_name(const char* argv0, std::string_view fallback) {
  const std::string_view path = argv0 ? argv0 : "";
  const std::string_view name = path.substr(path.find_last_of('/') + 1);  // (npos + 1 == 0)
  return std::string(name.empty() ? fallback : name);
}

}  // namespace mancala::text
