#include "search.h"

#include "alphabeta.h"
#include "evaluate.h"
#include "time_manager.h"
#include "tt.h"

namespace mancala::search {

class SearchImpl {
 public:
  Settings settings;
  TranspositionTable tt;
};

Searcher::Searcher(const Settings& settings) : impl_(std::make_unique<SearchImpl>()) {
  impl_->settings = settings;
  impl_->tt.resize(settings.hash_mb);
}

Searcher::~Searcher() = default;

void Searcher::configure(const Settings& settings) {
  if (settings.hash_mb != impl_->settings.hash_mb) impl_->tt.resize(settings.hash_mb);
  impl_->settings = settings;
}

const Settings& Searcher::settings() const { return impl_->settings; }

void Searcher::new_game() { impl_->tt.clear(); }

namespace {

// Different for every two variants (the table tells their positions apart by it).
std::uint32_t variant_tag(const Variant& v) {
  return static_cast<std::uint32_t>(v.family) | static_cast<std::uint32_t>(v.pits) << 3 |
         static_cast<std::uint32_t>(v.seeds) << 8 | static_cast<std::uint32_t>(v.empty_capture) << 15 |
         static_cast<std::uint32_t>(v.counters) << 16;
}

}  // namespace

Result Searcher::search(const Variant& variant, const Position& pos, const Limits& limits, const std::atomic<bool>& stop,
                        const std::function<void(const Info&)>& on_info) {
  impl_->tt.new_search(variant_tag(variant));
  const TimeManager time(limits, pos.side);
  Result result = visit_rules(variant, [&](const auto& rules) {
    AlphaBeta search(rules, impl_->tt, impl_->settings, limits, stop, time);
    return search.run(pos, on_info);
  });
  return result;
}

int Searcher::evaluate(const Variant& variant, const Position& pos) const {
  return visit_rules(variant, [&](const auto& rules) { return search::evaluate(rules, pos, impl_->settings.plain_eval); });
}

}  // namespace mancala::search
