#include "protocol/engine_options.h"

namespace mancala::protocol {

OptionRegistry make_engine_options() {
  using namespace option_names;
  OptionRegistry options;
  options.add(Option::spin(kHash, 64, 1, 4096));  // MB of transposition table
  options.add(Option::button(kClearHash));
  options.add(Option::spin(kThreads, 1, 1, 1));  // one search thread for now; the option is reserved
  options.add(Option::spin(kLevel, search::Settings::kMaxLevel, 1, search::Settings::kMaxLevel));
  options.add(Option::check(kPlainEval, false));
  options.add(Option::spin(kMultiPV, 1, 1, kMaxPits));  // lines to report: at most every move
  options.add(Option::check(kPonder, false));
  options.add(Option::spin(kMoveOverhead, 10, 0, 5000));
  options.add(Option::check(kKalahEmptyCapture, false));
  options.add(Option::string(kOpponent, ""));
  return options;
}

search::Settings search_settings(const OptionRegistry& options) {
  using namespace option_names;
  search::Settings s;
  s.hash_mb = static_cast<int>(options.spin_value(kHash));
  s.level = static_cast<int>(options.spin_value(kLevel));
  s.plain_eval = options.check_value(kPlainEval);
  s.multipv = static_cast<int>(options.spin_value(kMultiPV));
  return s;
}

}  // namespace mancala::protocol
