#pragma once
// Small helpers shared by the arena tests: temporary folders, running the arena executable,
// and finding processes by a unique tag in their command line (to prove none is left behind).
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace arena_test {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    // Parameterised suites are named "Prefix/Suite": keep the folder one level deep, or
    // removing it would leave "arena-test-<pid>-Prefix" behind in /tmp after every run.
    std::string name = "arena-test-" + std::to_string(::getpid()) + "-" + info->test_suite_name() + "-" + info->name();
    std::replace(name.begin(), name.end(), '/', '_');
    path = fs::temp_directory_path() / name;
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

// A sanitized build (scripts/sanitized-ctest.sh) runs several times slower: timed tests give it room.
inline bool sanitized() { return std::getenv("MANCALA_SANITIZED") != nullptr; }

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::vector<std::string> lines_of(const std::string& path) {
  std::vector<std::string> out;
  std::istringstream is(read_file(path));
  for (std::string l; std::getline(is, l);) out.push_back(l);
  return out;
}

// Starts argv with stdout and stderr sent to files; returns the pid.
inline pid_t start(const std::vector<std::string>& argv, const std::string& out_file, const std::string& err_file) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc == 0 ? pid : -1;
}

inline int wait_exit(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

struct RunResult {
  int code = -1;
  std::string out, err;
};

inline RunResult run(const std::vector<std::string>& argv, const TempDir& dir, const std::string& tag = "run") {
  const auto out = dir / (tag + ".out"), err = dir / (tag + ".err");
  const pid_t pid = start(argv, out, err);
  RunResult r;
  if (pid < 0) return r;
  r.code = wait_exit(pid);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

// The state letter and parent pid from /proc/<pid>/stat, or {0, 0} if the process is gone. The
// command name in parentheses may itself hold spaces and ')', hence the last ')'.
struct ProcStat {
  char state = 0;
  long ppid = 0;
};
inline ProcStat proc_stat(const std::string& proc_dir) {
  const std::string stat = read_file(proc_dir + "/stat");
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return {};
  std::istringstream fields(stat.substr(close + 1));
  ProcStat s;
  fields >> s.state >> s.ppid;
  return s;
}

// Live (non-zombie) processes whose command line contains `tag`.
inline int processes_with(const std::string& tag) {
  int n = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const auto name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmd = read_file(e.path().string() + "/cmdline");
    for (char& c : cmd)
      if (c == '\0') c = ' ';
    if (cmd.find(tag) == std::string::npos) continue;
    if (proc_stat(e.path().string()).state == 'Z') continue;
    ++n;
  }
  return n;
}

// Waits up to `limit` for no process with `tag` to remain.
inline int processes_after(const std::string& tag, std::chrono::milliseconds limit = std::chrono::milliseconds(2000)) {
  const auto end = std::chrono::steady_clock::now() + limit;
  int n = processes_with(tag);
  while (n && std::chrono::steady_clock::now() < end) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    n = processes_with(tag);
  }
  return n;
}

// `arena run` writing into the folder `d`, without the progress line, plus `extra` arguments.
template <class Dir>
std::vector<std::string> arena_run(const Dir& d, std::vector<std::string> extra, const std::string& results = "r.jsonl") {
  std::vector<std::string> argv = {ARENA_EXE, "run", "--out", d.path.string(), "--results", results, "--no-progress"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return argv;
}

// A results file as id -> game, without the timing fields; every id must appear once.
inline std::map<std::int64_t, nlohmann::json> games_of(const std::string& path) {
  std::map<std::int64_t, nlohmann::json> out;
  const auto lines = lines_of(path);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    nlohmann::json g = nlohmann::json::parse(lines[i]);
    g.erase("duration_ms");
    for (auto& m : g["moves"]) m.erase("ms");
    EXPECT_TRUE(out.emplace(g["id"].get<std::int64_t>(), g).second) << "game " << g["id"] << " recorded twice";
  }
  return out;
}

// How many times `part` occurs in `text`, not overlapping.
inline std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

// `arena check`'s output: the first line that is not a PASS ("" if there is none), and the
// item an output line is about.
inline std::string first_check_failure(const std::string& out) {
  std::istringstream is(out);
  for (std::string line; std::getline(is, line);)
    if (line.rfind("[FAIL]", 0) == 0 || line.rfind("[SKIP]", 0) == 0) return line;
  return "";
}
inline std::string check_item_of(const std::string& line) {
  const auto start = line.find("] ") + 2, colon = line.find(": ", start);
  return line.substr(start, colon - start);
}

}  // namespace arena_test
