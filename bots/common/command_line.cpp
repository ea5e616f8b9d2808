#include "common/command_line.h"

#include <ostream>

namespace bots {

std::optional<int> check_arguments(const std::vector<std::string>& args, const std::string& name,
                                   const std::string& summary, std::ostream& out) {
  if (args.empty()) return std::nullopt;
  if (args[0] == "--version") {
    out << name << " " << MANCALA_VERSION << "\n";  // as `mancala-engine --version` and `arena --version`
    return 0;
  }
  if (args[0] != "--help" && args[0] != "-h") return std::nullopt;
  out << "Usage: " << name << " [--help | --version]\n"
      << summary << "\n"
      << "It needs no arguments: it speaks UMI (PROTOCOL.md) on standard input and output.\n"
      << "Try it by typing 'umi', then 'position startpos kalah moves 3', 'go depth 1', 'quit'.\n";
  return 0;
}

}  // namespace bots
