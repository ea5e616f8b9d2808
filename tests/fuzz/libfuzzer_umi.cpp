// libFuzzer target (MANCALA_FUZZ=ON, clang): the bytes are a UMI program for one long-lived
// in-process Session, and each of its lines goes to the notation, variant and move parsers and
// to the arena's parsers of engine output. Run, e.g.:
//   build-fuzz/tests/fuzz/fuzz-umi -max_total_time=60 tests/fuzz/corpus
// A crash it finds goes into tests/fuzz/corpus/ so that fuzz_test replays it for ever.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "protocol/line_io.h"
#include "protocol/protocol.h"
#include "text/tokens.h"
#include "protocol/umi.h"
#include "rules/game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::ostringstream out;
  static mancala::protocol::Session session(out);
  static bool configured = (session.execute("setoption name Hash value 1"), true);
  (void)configured;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  mancala::protocol::LineReader reader(in);
  while (auto line = reader.next()) {
    if (line->too_long) continue;
    const auto t = mancala::text::split_tokens(line->text);
    if (!t.empty() && (t[0] == "bench" || t[0] == "perft")) continue;  // long by design
    if (!t.empty() && t[0] == "setoption" && line->text.find("Hash") != std::string::npos) continue;
    session.execute(line->text);
    (void)mancala::parse_variant(line->text);
    if (auto g = mancala::Game::from_notation(line->text)) (void)mancala::Game::from_notation(g->notation());
    (void)arena::protocol::parse_info(line->text);
    (void)arena::protocol::parse_bestmove(line->text);
    (void)arena::protocol::parse_option(line->text);
  }
  session.execute("stop");
  out.str("");
  return 0;
}
