// Random openings from the rules alone (no filter engine here; the integration tests run one).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>

#include "config/config.h"
#include "openings/openings.h"
#include "process/child_registry.h"
#include "tournament/preflight.h"

// Random openings: when none can be made, the message names the real cause.
TEST(RandomOpenings, NoneMadeSaysWhy) {
  using arena::openings::generate_random;
  auto message = [](const arena::openings::RandomSpec& spec, const arena::openings::BalanceProbe& probe) {
    try {
      generate_random(spec, probe);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // kalah(1,1): South's one move ends the game, so two plies never exist.
  EXPECT_EQ(message({"kalah(1,1)", 2, 4, 1, 2}, nullptr),
            "no random opening: every sequence of 2 random moves in kalah(1,1) ends the game; ask for fewer plies");
  const arena::openings::BalanceProbe refuse_all = [](const arena::openings::Opening&) { return std::optional<int>(); };
  EXPECT_EQ(message({"kalah(6,4)", 2, 4, 1, 2}, refuse_all),
            "no random opening passes the filter; allow a larger filter_max_score or fewer plies");
  EXPECT_EQ(generate_random({"kalah(6,4)", 2, 4, 1, 2}, nullptr).size(), 4u);
}

// A file saved by a Windows editor: a byte order mark and CR LF line ends.
TEST(OpeningsFile, AByteOrderMarkAndCrLfAreRead) {
  const std::string path = ::testing::TempDir() + "openings-bom.txt";
  std::ofstream(path, std::ios::binary) << "\xEF\xBB\xBF# kalah openings\r\nkalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s\r\n";
  const auto list = arena::openings::load_file(path, "kalah(6,4)");
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].position, "kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s");
  // Elsewhere the same bytes are no position.
  std::ofstream(path, std::ios::binary) << "kalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s\n\xEF\xBB\xBFkalah(6,4) 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s\n";
  EXPECT_THROW(arena::openings::load_file(path, "kalah(6,4)"), arena::config::ConfigError);
  std::remove(path.c_str());
}

namespace {

// Why load_file refuses `path` (empty if it does not).
std::string refusal(const std::string& path) {
  try {
    arena::openings::load_file(path, "kalah(6,4)");
  } catch (const arena::config::ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// An openings file must be a file (or a pipe): a folder is named as one, and a device such as
// /dev/zero is refused before a byte is read (it used to be read until the memory ran out).
TEST(OpeningsFile, AFolderOrADeviceIsRefusedByName) {
  EXPECT_EQ(refusal("/"), "openings.file: '/' is a folder");
  EXPECT_EQ(refusal("/dev/zero"), "openings.file: '/dev/zero' is not a file");
}

// A file that cannot be read says why (the message used to stop at "cannot read 'nope.txt'").
TEST(OpeningsFile, AnUnreadableFileSaysWhy) {
  EXPECT_EQ(refusal("/nonexistent/openings.txt"), "openings.file: cannot read '/nonexistent/openings.txt': No such file or directory");
  const std::string file = ::testing::TempDir() + "openings-unreadable.txt";
  std::ofstream(file) << "# no positions\n";
  EXPECT_EQ(refusal(file + "/inside.txt"), "openings.file: cannot read '" + file + "/inside.txt': Not a directory");
  std::filesystem::permissions(file, std::filesystem::perms::none);
  if (::geteuid() != 0) {  // root reads any file
    EXPECT_EQ(refusal(file), "openings.file: cannot read '" + file + "': Permission denied");
  }
  std::remove(file.c_str());
}

// The balance filter keeps an opening whose score lies within max_score either way, the bound
// itself included, and refuses one beyond it on either side.
TEST(RandomOpenings, TheFilterKeepsScoresWithinTheBoundOnBothSides) {
  using arena::openings::generate_random;
  auto scoring = [](double score) {
    return arena::openings::BalanceProbe([score](const arena::openings::Opening&) { return std::optional<double>(score); });
  };
  const arena::openings::RandomSpec spec{"kalah(6,4)", 2, 4, 1, 2};
  EXPECT_EQ(generate_random(spec, scoring(2)).size(), 4u);
  EXPECT_EQ(generate_random(spec, scoring(-2)).size(), 4u);
  EXPECT_THROW(generate_random(spec, scoring(2.5)), std::runtime_error);
  EXPECT_THROW(generate_random(spec, scoring(-2.5)), std::runtime_error);
}

// An openings file is played in file order unless `shuffle` is set; shuffled, the same
// positions come in a seeded order.
TEST(OpeningsFile, ShuffleOnlyWhenAskedAndBySeed) {
  arena::config::TournamentConfig cfg;
  cfg.openings.source = arena::config::OpeningsConfig::Source::File;
  cfg.openings.file = OPENINGS_FILE;
  arena::process::ChildRegistry registry;  // (no engine is started for a file's openings)
  const auto in_file = arena::openings::load_file(OPENINGS_FILE, "kalah(6,4)");
  ASSERT_GT(in_file.size(), 3u);
  EXPECT_EQ(arena::tournament::make_openings(cfg, registry, "kalah(6,4)"), in_file);
  cfg.openings.shuffle = true;
  const auto shuffled = arena::tournament::make_openings(cfg, registry, "kalah(6,4)");
  EXPECT_NE(shuffled, in_file);
  EXPECT_TRUE(std::is_permutation(shuffled.begin(), shuffled.end(), in_file.begin(), in_file.end()));
  EXPECT_EQ(arena::tournament::make_openings(cfg, registry, "kalah(6,4)"), shuffled) << "the same seed, the same order";
}
