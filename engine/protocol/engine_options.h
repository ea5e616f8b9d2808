#pragma once
// The options this engine advertises, and how they turn into search settings.
#include <cstdint>

#include "protocol/options.h"
#include "search/search.h"

namespace mancala::protocol {

namespace option_names {
inline constexpr const char* kHash = "Hash";
inline constexpr const char* kClearHash = "Clear Hash";
inline constexpr const char* kThreads = "Threads";
inline constexpr const char* kLevel = "Level";
inline constexpr const char* kPlainEval = "PlainEval";
inline constexpr const char* kMultiPV = "MultiPV";
inline constexpr const char* kPonder = "Ponder";
inline constexpr const char* kMoveOverhead = "MoveOverhead";
inline constexpr const char* kKalahEmptyCapture = "KalahEmptyCapture";
inline constexpr const char* kOpponent = "UMI_Opponent";
}  // namespace option_names

OptionRegistry make_engine_options();
search::Settings search_settings(const OptionRegistry& options);

}  // namespace mancala::protocol
