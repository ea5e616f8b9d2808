#include "tournament/preflight.h"

#include <algorithm>
#include <memory>

#include "match/match.h"
#include "openings/openings.h"
#include "rules/splitmix.h"
#include "rules/variant.h"

namespace arena::tournament {

using config::ConfigError;
using Clock = std::chrono::steady_clock;

engine::ClientEnv client_env(const config::TournamentConfig& cfg, process::ChildRegistry& registry, const std::string& variant) {
  engine::ClientEnv env;
  env.registry = &registry;
  env.timeouts = cfg.timeouts;
  env.max_line = static_cast<std::size_t>(cfg.max_line_bytes);
  env.variant_family = std::string(mancala::family_name(mancala::parse_variant(variant)->family));
  return env;
}

// Starts every engine once: a bad command, a missing option or a wrong variant is a config
// error now, not a forfeit in every game overnight. A handshake without the `protocol` or
// `variants` line is played (as cutechess plays a quiet UCI engine) but noted, since the
// variant check then rests on trust.
void preflight(const config::TournamentConfig& cfg, process::ChildRegistry& registry, const std::string& variant,
               output::Console& console) {
  const engine::ClientEnv env = client_env(cfg, registry, variant);
  for (std::size_t i = 0; i < cfg.engines.size(); ++i) {
    engine::EngineClient c(cfg.engines[i], env);
    const std::string who = "engines[" + std::to_string(i) + "] '" + cfg.engines[i].name + "'";
    if (auto err = c.start()) {
      if (registry.interrupted()) throw ConfigError("interrupted");
      throw ConfigError(who + ": " + *err);
    }
    std::string missing;
    if (!c.identity().protocol_version) missing = "'protocol 1'";
    if (c.identity().variants.empty()) missing += (missing.empty() ? "" : " and ") + std::string("'variants ...'");
    if (!missing.empty())
      console.print("Note: " + who + " sent no " + missing + " line before 'umiok'; playing it as a protocol 1 engine for " +
                    env.variant_family + ". `arena check` tests a handshake in full.\n");
  }
}

std::vector<match::Opening> make_openings(const config::TournamentConfig& cfg, process::ChildRegistry& registry,
                                          const std::string& variant) {
  using Source = config::OpeningsConfig::Source;
  const auto& oc = cfg.openings;
  if (oc.source == Source::Start) return {match::Opening{}};
  if (oc.source == Source::File) {
    auto list = openings::load_file(oc.file, variant);
    if (oc.shuffle) {
      mancala::SplitMix64 rng(cfg.seed ^ 0x626f6f6bULL);
      rng.shuffle(list);
    }
    return list;
  }
  openings::RandomSpec spec{variant, oc.plies, oc.count ? oc.count : cfg.rounds, cfg.seed, oc.filter_max_score};
  std::unique_ptr<engine::EngineClient> judge;
  openings::BalanceProbe probe;
  if (!oc.filter_engine.empty()) {
    const auto it = std::find_if(cfg.engines.begin(), cfg.engines.end(), [&](const auto& e) { return e.name == oc.filter_engine; });
    judge = std::make_unique<engine::EngineClient>(*it, client_env(cfg, registry, variant));
    if (auto err = judge->start()) throw ConfigError("openings.filter_engine '" + oc.filter_engine + "': " + *err);
    probe = [&](const match::Opening& o) -> std::optional<double> {
      std::string detail;
      if (!judge->running() && judge->start()) throw ConfigError("openings.filter_engine stopped working");
      if (judge->new_game(detail) != engine::Fault::None) throw ConfigError("openings.filter_engine: " + detail);
      protocol::GoLimits limits;
      limits.depth = oc.filter_depth;
      const auto reply = judge->search(match::position_command(variant, o, ""), limits,
                                       Clock::now() + std::chrono::milliseconds(cfg.timeouts.move_timeout_ms));
      if (reply.fault != engine::Fault::None) throw ConfigError("openings.filter_engine: " + reply.detail);
      // A judge that never says a score would refuse every opening, blamed on filter_max_score.
      if (!reply.info.score && reply.info.has_score)
        throw ConfigError("openings.filter_engine '" + oc.filter_engine + "': its last 'info ... score' at depth " +
                          std::to_string(oc.filter_depth) + " could not be read (expected 'score seeds <decimal>' or 'score proven <integer>')");
      if (!reply.info.score)
        throw ConfigError("openings.filter_engine '" + oc.filter_engine + "': no 'info ... score' before its bestmove at depth " +
                          std::to_string(oc.filter_depth) + "; the filter needs an engine that reports scores");
      return reply.info.score;
    };
  }
  try {
    return openings::generate_random(spec, probe);
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const ConfigError*>(&e)) throw;
    throw ConfigError(std::string("openings: ") + e.what());
  }
}

}  // namespace arena::tournament
