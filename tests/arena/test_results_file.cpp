#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <memory>
#include <thread>

#include "tournament/results_file.h"

using namespace arena::tournament;
using arena::match::GameRecord;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("arena-results-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

GameRecord game(std::int64_t id) {
  GameRecord g;
  g.id = id;
  g.south = "a";
  g.north = "b";
  g.variant = "kalah(6,4)";
  g.opening.moves = {"3", "1"};
  g.moves.push_back({'s', "4", 0.25, 3.25, false, arena::protocol::ScoreBound::Exact, 5, 100});
  g.moves.push_back({'n', "1", 0.5, std::nullopt, false, arena::protocol::ScoreBound::Exact, std::nullopt, std::nullopt});
  g.moves.push_back({'s', "2", 0.75, 6, true, arena::protocol::ScoreBound::Lower, 7, 300, true});
  g.winner = arena::match::Winner::South;
  g.south_score = 30;
  g.north_score = 18;
  g.final_position = "kalah(6,4) 0,0,0,0,0,0:30 0,0,0,0,0,0:18 -";
  return g;
}

const nlohmann::json header = {{"type", "header"}, {"format", kResultsFormat}, {"version", kResultsVersion}, {"tournament", {{"seed", 1}}}};

void append_raw(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::app | std::ios::binary);
  out << text;
}

}  // namespace

TEST(ResultsFile, WriteReadRoundTrip) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  {
    auto w = ResultsWriter::create(p, header);
    w.append(game(0));
    w.append(game(1));
  }
  const auto c = read_results(p);
  EXPECT_EQ(c.header["tournament"]["seed"], 1);
  ASSERT_EQ(c.games.size(), 2u);
  EXPECT_EQ(arena::match::to_json(c.games[1]), arena::match::to_json(game(1)));
  const auto& moves = c.games[1].moves;  // decimal scores and bounds survive the round trip
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0].score, 3.25);
  EXPECT_FALSE(moves[1].score);
  EXPECT_EQ(moves[2].score, 6);
  EXPECT_TRUE(moves[2].proven);
  EXPECT_EQ(moves[2].bound, arena::protocol::ScoreBound::Lower);
  EXPECT_EQ(arena::match::to_json(c.games[1])["moves"][2]["bound"], "lower");
  EXPECT_TRUE(moves[2].ponderhit);  // ... and a ponder hit
  EXPECT_FALSE(moves[1].ponderhit);
  EXPECT_FALSE(arena::match::to_json(c.games[1])["moves"][1].contains("ponderhit"));
  EXPECT_FALSE(c.torn_tail);
  EXPECT_THROW(ResultsWriter::create(p, header), ResultsError);  // never overwrites
}

// Files written before scores were read as decimals hold integer scores and "proven": true for
// bounds too; they still load (and so still resume).
TEST(ResultsFile, OlderFilesWithIntegerScoresStillLoad) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  { ResultsWriter::create(p, header); }
  append_raw(p, R"j({"type":"game","id":0,"round":0,"opening_index":0,"south":"a","north":"b","variant":"kalah(6,4)",)j"
                R"j("opening":{"position":"","moves":[]},"moves":[{"side":"s","move":"3","ms":0.5,"score":4,"proven":true,"depth":9,)j"
                R"j("nodes":77},{"side":"s","move":"6","ms":0.25}],"result":"south","score":[30,18],"termination":"normal",)j"
                R"j("final":"kalah(6,4) 0,0,0,0,0,0:30 0,0,0,0,0,0:18 -","duration_ms":3.5})j"
                "\n");
  const auto c = read_results(p);
  ASSERT_EQ(c.games.size(), 1u);
  ASSERT_EQ(c.games[0].moves.size(), 2u);
  EXPECT_EQ(c.games[0].moves[0].score, 4);
  EXPECT_TRUE(c.games[0].moves[0].proven);
  EXPECT_EQ(c.games[0].moves[0].bound, arena::protocol::ScoreBound::Exact);
  EXPECT_FALSE(c.games[0].moves[1].score);
}

TEST(ResultsFile, TornLastLineIsDroppedAndCutOnAppend) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  { ResultsWriter::create(p, header).append(game(0)); }
  const std::string full = arena::match::to_json(game(1)).dump();
  append_raw(p, full.substr(0, full.size() / 2));  // kill -9 in the middle of a write
  auto c = read_results(p);
  EXPECT_TRUE(c.torn_tail);
  ASSERT_EQ(c.games.size(), 1u);
  { ResultsWriter::append_to(p, c.good_bytes).append(game(1)); }
  c = read_results(p);
  EXPECT_FALSE(c.torn_tail);
  EXPECT_EQ(c.games.size(), 2u);
  // Also a complete JSON text without its newline counts as torn: the write was cut short.
  append_raw(p, arena::match::to_json(game(2)).dump());
  EXPECT_TRUE(read_results(p).torn_tail);
}

TEST(ResultsFile, DamageIsRefusedWithAClearMessage) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  { ResultsWriter::create(p, header).append(game(0)); }
  append_raw(p, "{not json}\n" + arena::match::to_json(game(1)).dump() + "\n");
  try {
    read_results(p);
    FAIL();
  } catch (const ResultsError& e) {
    // A damaged line in the middle cannot be a write cut short, and the message says so (the one
    // for a damaged last line, "ends with its newline", would not tell the user why).
    EXPECT_EQ(std::string(e.what()),
              "results file '" + p + "', line 3: not valid JSON; the file is damaged (a torn line can only be the last one)");
  }
  const auto dup = (d.path / "dup.jsonl").string();
  {
    auto w = ResultsWriter::create(dup, header);
    w.append(game(4));
    w.append(game(4));
  }
  EXPECT_THROW(read_results(dup), ResultsError);
  const auto other = (d.path / "notes.txt").string();
  append_raw(other, "hello\n");
  try {
    read_results(other);
    FAIL();
  } catch (const ResultsError& e) {
    EXPECT_NE(std::string(e.what()).find("is not an arena results file"), std::string::npos);
  }
}

// Each game is written with its newline in one write, so only a last line without its newline
// can be a write cut short; a complete last line that is not JSON was dropped as "unfinished".
TEST(ResultsFile, ACompleteLastLineThatIsNotJsonIsDamage) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  { ResultsWriter::create(p, header).append(game(0)); }
  const std::string full = arena::match::to_json(game(1)).dump();
  append_raw(p, full.substr(0, full.size() / 2) + "\n");
  try {
    read_results(p);
    FAIL() << "a complete but broken last line was accepted";
  } catch (const ResultsError& e) {
    EXPECT_EQ(std::string(e.what()), "results file '" + p +
                                         "', line 3: not valid JSON; the file is damaged (the line ends with its newline, so it "
                                         "is no write cut short)");
  }
}

// Integers were read loosely: a round of 2^40 and an opening_index of 2^32 were cut to 0 (and so
// matched the schedule), an id of 1.5 was read as 1, a version of 2^32 + 1 as 1.
TEST(ResultsFile, IntegerFieldsAreReadStrictly) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  auto message = [&](const std::string& text) -> std::string {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
    try {
      read_results(p);
    } catch (const ResultsError& e) {
      return e.what();
    }
    return "accepted";
  };
  const std::string head = header.dump() + "\n";
  auto with = [&](const char* key, const nlohmann::json& value) {
    auto g = arena::match::to_json(game(0));
    g[key] = value;
    return head + g.dump() + "\n";
  };
  const std::string line2 = "results file '" + p + "', line 2: ";
  EXPECT_EQ(message(with("round", 1099511627776ULL)), line2 + "field 'round' must be an integer from 0 to 2147483647, got 1099511627776");
  EXPECT_EQ(message(with("opening_index", 4294967296ULL)),
            line2 + "field 'opening_index' must be an integer from 0 to 2147483647, got 4294967296");
  EXPECT_EQ(message(with("id", 1.5)), line2 + "field 'id' must be an integer from 0 to 9223372036854775807, got 1.5");
  EXPECT_EQ(message(with("score", {30, 1e10})), line2 + "field 'score[1]' must be an integer from -2147483648 to 2147483647, got 10000000000.0");
  EXPECT_EQ(message(with("round", 2)), "accepted");

  auto versioned = [&](const nlohmann::json& version) {
    auto h = header;
    h["version"] = version;
    return h.dump() + "\n";
  };
  EXPECT_EQ(message(versioned(4294967297ULL)), "'" + p + "' has results format version 4294967297; this arena reads version 1");
  EXPECT_EQ(message(versioned(1e300)), "'" + p + "' is not a results file this arena reads: its header's 'version' is 1e+300, not an integer");
  EXPECT_EQ(message(versioned("1")), "'" + p + "' is not a results file this arena reads: its header's 'version' is \"1\", not an integer");
}

// Header values of the wrong type gave the JSON library's text ("[json.exception.type_error.302]
// type must be number, but is string"), naming no file.
TEST(ResultsFile, AHeaderWithValuesOfTheWrongTypeGetsAPlainMessage) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  auto message = [&](const char* key, const nlohmann::json& value) -> std::string {
    auto h = header;
    h[key] = value;
    std::ofstream(p, std::ios::binary | std::ios::trunc) << h.dump() << "\n";
    try {
      read_results(p);
    } catch (const ResultsError& e) {
      return e.what();
    }
    return "accepted";
  };
  const std::string not_results = "'" + p + "' is not an arena results file (no arena header on its first line)";
  EXPECT_EQ(message("type", 5), not_results);
  EXPECT_EQ(message("format", nullptr), not_results);
  EXPECT_EQ(message("tournament", nlohmann::json::array()), "'" + p + "' has a damaged header: its 'tournament' is [], not an object");
  auto h = header;
  h.erase("tournament");
  std::ofstream(p, std::ios::binary | std::ios::trunc) << h.dump() << "\n";
  EXPECT_THROW(read_results(p), ResultsError);
}

// Nesting is bounded while a line is parsed (comparing or printing a value recurses per level).
TEST(ResultsFile, DeeplyNestedLinesAreRefused) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  { ResultsWriter::create(p, header).append(game(0)); }
  append_raw(p, "{\"type\": " + std::string(100000, '[') + std::string(100000, ']') + "}\n");
  try {
    read_results(p);
    FAIL();
  } catch (const ResultsError& e) {
    EXPECT_NE(std::string(e.what()).find("line 3: JSON nested more than 64 levels deep; the file is damaged"), std::string::npos)
        << e.what();
  }
}

// A write that fails part-way (here a file-size limit) leaves no fragment, and nothing is
// appended after it: with two workers, the next game's line after a fragment made one complete
// but broken line, which a resume refuses.
TEST(ResultsFile, AFailedWriteIsCutOffAndNothingFollowsIt) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  auto w = ResultsWriter::create(p, header);
  w.append(game(0));
  const auto good = fs::file_size(p);
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  rlimit small = old;
  small.rlim_cur = good + 10;  // room for the start of the next line only
  const auto old_handler = ::signal(SIGXFSZ, SIG_IGN);
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  EXPECT_THROW(w.append(game(1)), ResultsError);
  ::setrlimit(RLIMIT_FSIZE, &old);
  ::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(fs::file_size(p), good) << "the fragment is cut off";
  try {
    w.append(game(2));
    ADD_FAILURE() << "appended after a failed write";
  } catch (const ResultsError& e) {
    EXPECT_NE(std::string(e.what()).find("not written to after an earlier write failed"), std::string::npos) << e.what();
  }
  const auto content = read_results(p);
  EXPECT_EQ(content.games.size(), 1u);
  EXPECT_FALSE(content.torn_tail);
}

TEST(ResultsFile, LockIsExclusiveAndLeavesNoFileBehind) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  {
    const ResultsLock held(p);
    EXPECT_TRUE(fs::exists(p + ".lock"));
    try {
      const ResultsLock second(p);
      ADD_FAILURE() << "a second lock on the same results file";
    } catch (const ResultsError& e) {
      EXPECT_NE(std::string(e.what()).find("is in use by another arena run"), std::string::npos) << e.what();
    }
  }
  EXPECT_FALSE(fs::exists(p + ".lock"));
  // A lock file left by a killed run is taken over, and removed in turn.
  std::ofstream(p + ".lock") << "";
  { const ResultsLock again(p); }
  EXPECT_FALSE(fs::exists(p + ".lock"));
}

// Runs racing for the lock while each holder removes the lock file: never two holders at once.
// (Without the constructor's check that the locked file is still the one named, two processes
// held the lock together a few times in a hundred.)
TEST(ResultsFile, LockHoldersNeverOverlapWhileLockFilesComeAndGo) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  const auto marker = (d.path / "held").string();
  constexpr int kProcesses = 3, kRounds = 3000;
  std::vector<pid_t> children;
  for (int c = 0; c < kProcesses; ++c) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      // The child never returns into the test program (it would run the remaining tests).
      int overlaps = 0;
      try {
        for (int i = 0; i < kRounds; ++i) {
          try {
            const ResultsLock lock(p);
            const int fd = ::open(marker.c_str(), O_CREAT | O_EXCL | O_WRONLY, 0644);  // fails if another holds it too
            if (fd < 0) {
              ++overlaps;
              continue;
            }
            ::close(fd);
            ::unlink(marker.c_str());
          } catch (const ResultsError&) {
            // held by another: try again
          }
        }
      } catch (...) {
        ::_exit(2);
      }
      ::_exit(overlaps == 0 ? 0 : 1);
    }
    if (pid > 0) children.push_back(pid);
    EXPECT_GT(pid, 0) << "fork failed";
  }
  for (const pid_t pid : children) {
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "two runs held the lock at once (or a child failed)";
  }
  EXPECT_FALSE(fs::exists(p + ".lock"));
}

// A lock file deleted by hand while its run holds it lets a second run in (nothing can prevent
// that); when the first run ends it must not remove the second run's lock file.
TEST(ResultsFile, ARunRemovesOnlyItsOwnLockFile) {
  TempDir d;
  const auto p = (d.path / "r.jsonl").string();
  auto first = std::make_unique<ResultsLock>(p);
  fs::remove(p + ".lock");
  const ResultsLock second(p);
  first.reset();
  EXPECT_TRUE(fs::exists(p + ".lock")) << "the first run removed the second run's lock file";
  try {
    const ResultsLock third(p);
    ADD_FAILURE() << "a third run got in beside the second";
  } catch (const ResultsError& e) {
    EXPECT_NE(std::string(e.what()).find("is in use by another arena run"), std::string::npos) << e.what();
  }
}

// Runs `open_it` in a child process, so that an open or read that hangs fails the test instead of
// stopping it; an empty string when it threw `message`, what went wrong otherwise.
std::string refusal_in_child(const std::function<void()>& open_it, const std::string& message) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    try {
      open_it();
    } catch (const ResultsError& e) {
      ::_exit(e.what() == message ? 0 : 1);
    } catch (...) {
    }
    ::_exit(2);
  }
  if (pid < 0) return "fork failed";
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  bool ended = false;
  while (!(ended = ::waitpid(pid, &status, WNOHANG) == pid) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (!ended) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return "it did not end";
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  return "not refused with \"" + message + "\"";
}

// Paths in `d` that are not regular files (a named pipe, a directory) and `device`, each with the
// message that refuses it.
std::vector<std::pair<std::string, std::string>> not_regular_files(const TempDir& d, const std::string& device) {
  const auto fifo = (d.path / "fifo.jsonl").string();
  EXPECT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const auto dir = (d.path / "dir.jsonl").string();
  fs::create_directories(dir);
  return {
      {fifo, "'" + fifo + "' is a named pipe (FIFO), not an arena results file"},
      {dir, "'" + dir + "' is a directory, not an arena results file"},
      {device, "'" + device + "' is a device, not an arena results file"},
  };
}

// A named pipe blocked the read forever, /dev/zero never ended and a directory was called
// "empty": anything but a regular file is refused before it is read.
// (For a run, which appends to the file; `arena ratings` reads pipes: ReadFrom::FileOrPipe.)
TEST(ResultsFile, OnlyARegularFileIsRead) {
  TempDir d;
  for (const auto& [path, message] : not_regular_files(d, "/dev/zero"))
    EXPECT_EQ(refusal_in_child([&path = path] { read_results(path); }, message), "") << path;
}

// A file read as results and replaced before the run appends to it is checked again: a named
// pipe would block the open for good, /dev/null would swallow the games.
TEST(ResultsFile, OnlyARegularFileIsAppendedTo) {
  TempDir d;
  for (const auto& [path, message] : not_regular_files(d, "/dev/null"))
    EXPECT_EQ(refusal_in_child([&path = path] { ResultsWriter::append_to(path, 0); }, message), "") << path;

  const auto p = d.path / "r.jsonl";  // a regular file is still appended to
  { ResultsWriter::create(p.string(), header); }
  { ResultsWriter::append_to(p.string(), fs::file_size(p)).append(game(1)); }
  EXPECT_EQ(read_results(p.string()).games.size(), 1u);
}

// A results name that is a symbolic link leading nowhere is named as one (the link() that
// creates the file said only "File exists"), and nothing is created at its target.
TEST(ResultsFile, ADanglingLinkIsNamedAsOne) {
  TempDir d;
  const auto p = d.path / "r.jsonl";
  fs::create_symlink(d.path / "missing" / "target.jsonl", p);
  try {
    ResultsWriter::create(p.string(), header);
    FAIL() << "created through a dangling link";
  } catch (const ResultsError& e) {
    EXPECT_EQ(std::string(e.what()), "results file '" + p.string() + "' is a symbolic link that leads nowhere; remove it or give another name");
  }
  EXPECT_FALSE(fs::exists(d.path / "missing"));
}
