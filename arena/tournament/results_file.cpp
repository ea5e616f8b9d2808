#include "tournament/results_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <set>

#include "config/json_reader.h"

namespace arena::tournament {

using nlohmann::json;

namespace {

std::string sys_error(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

void write_all(int fd, const std::string& data, const std::string& path) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw ResultsError(sys_error("cannot write results file", path));
    done += static_cast<std::size_t>(n);
  }
}

std::string parent_dir(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

void sync_dir(const std::string& path) {
  const int d = ::open(parent_dir(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (d >= 0) {
    ::fsync(d);
    ::close(d);
  }
}

// Does `path` still lead to the open file `fd` (not deleted, not replaced by another file)?
bool names_open_file(const std::string& path, int fd) {
  struct stat open_file {}, named {};
  return ::fstat(fd, &open_file) == 0 && ::lstat(path.c_str(), &named) == 0 && open_file.st_dev == named.st_dev &&
         open_file.st_ino == named.st_ino;
}

// What a path names that is not a regular file, for messages.
std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a named pipe (FIFO)";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// The one refusal of a path that names something other than a regular file, read or appended to.
ResultsError not_a_regular_file(const std::string& path, mode_t mode) {
  return ResultsError("'" + path + "' is " + kind_of(mode) + ", not an arena results file");
}

// The whole file. A named pipe would block the open (and then every read) for good, a device
// such as /dev/zero never ends, and a directory holds no lines, so anything but a regular file
// is refused before a byte is read; O_NONBLOCK keeps the open itself from waiting on a pipe.
// A file only read (`arena ratings <(zcat old.jsonl.gz)`) may be a pipe: the user fills it.
std::string read_results_bytes(const std::string& path, bool pipe_ok) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw ResultsError(sys_error("cannot read results file", path));
  struct stat st {};
  const bool stat_ok = ::fstat(fd, &st) == 0;
  const bool pipe = stat_ok && S_ISFIFO(st.st_mode) && pipe_ok;
  if (!stat_ok || (!S_ISREG(st.st_mode) && !pipe)) {
    ::close(fd);
    throw not_a_regular_file(path, st.st_mode);
  }
  if (pipe) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);  // wait for the writer's lines
  std::string data;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const std::string error = sys_error("cannot read results file", path);
      ::close(fd);
      throw ResultsError(error);
    }
    if (n == 0) break;
    data.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return data;
}

// Does `j` hold the string `value` under `key` (and not another type, which j.value() would
// report in the JSON library's words)?
bool has_string(const json& j, const char* key, const std::string& value) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() && it->get_ref<const std::string&>() == value;
}

// The header's format version, read strictly: 4294967297 was cut to 1 and accepted.
void check_version(const json& header, const std::string& path) {
  const auto v = header.find("version");
  if (v == header.end() || !v->is_number_integer())
    throw ResultsError("'" + path + "' is not a results file this arena reads: its header's 'version' is " +
                       (v == header.end() ? std::string("missing") : config::describe(*v) + ", not an integer"));
  const bool current = v->is_number_unsigned() ? v->get<std::uint64_t>() == kResultsVersion : v->get<std::int64_t>() == kResultsVersion;
  if (!current)
    throw ResultsError("'" + path + "' has results format version " + v->dump() + "; this arena reads version " +
                       std::to_string(kResultsVersion));
}

}  // namespace

std::optional<std::vector<match::Opening>> openings_of(const json& header) {
  const auto list = header.find("openings");
  if (list == header.end() || !list->is_array()) return std::nullopt;
  std::vector<match::Opening> out;
  for (const auto& o : *list) {
    const auto position = o.find("position"), moves = o.find("moves");
    if (!o.is_object() || position == o.end() || !position->is_string() || moves == o.end() || !moves->is_array()) return std::nullopt;
    match::Opening opening{position->get<std::string>(), {}};
    for (const auto& m : *moves) {
      if (!m.is_string()) return std::nullopt;
      opening.moves.push_back(m.get<std::string>());
    }
    out.push_back(std::move(opening));
  }
  return out;
}

std::string dump_line(const json& j) {
  // Engines' text can reach a record (an illegal move's detail, say): bytes that are not UTF-8
  // are replaced rather than making the write throw and the run stop.
  return j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

ResultsLock::ResultsLock(const std::string& results_path) : path_(results_path + ".lock") {
  // The holder removes the lock file when it is done. A run that opened the file just before
  // that may then lock a file no longer in the folder, so the lock only counts if the name
  // still leads to the locked file; otherwise try again with the file now there.
  for (int attempt = 0; attempt < 100; ++attempt) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd_ < 0) throw ResultsError(sys_error("cannot create the lock file", path_));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      ::close(fd_);
      fd_ = -1;
      throw ResultsError("the results file '" + results_path +
                         "' is in use by another arena run (it holds the lock " + path_ + "); two runs on one file would play games twice");
    }
    if (names_open_file(path_, fd_)) return;
    ::close(fd_);
    fd_ = -1;
  }
  throw ResultsError("cannot lock the results file '" + results_path + "': its lock file " + path_ + " keeps being replaced");
}

ResultsLock::~ResultsLock() {
  if (fd_ < 0) return;
  // Removed while still held (see the constructor), and only if the name still leads to it:
  // a lock file deleted by hand and made anew by another run is that run's.
  if (names_open_file(path_, fd_)) ::unlink(path_.c_str());
  ::close(fd_);  // the lock goes with the descriptor (and with the process, if it is killed)
}

ResultsContent read_results(const std::string& path, ReadFrom from) {
  const std::string data = read_results_bytes(path, from == ReadFrom::FileOrPipe);

  ResultsContent out;
  std::set<std::int64_t> ids;
  std::size_t pos = 0;
  for (int n = 1; pos < data.size(); ++n) {
    const std::size_t nl = data.find('\n', pos);
    const bool last = nl == std::string::npos || nl + 1 == data.size();
    const std::string line = data.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    const std::string where = "results file '" + path + "', line " + std::to_string(n) + ": ";
    const json::parser_callback_t limit_depth = [&](int depth, json::parse_event_t, json&) {
      if (depth > config::kMaxJsonDepth)
        throw ResultsError(where + "JSON nested more than " + std::to_string(config::kMaxJsonDepth) + " levels deep; the file is damaged");
      return true;
    };
    // A game is written as its line and newline in one write: a write cut short by a crash
    // leaves a last line without its newline, and only such a line is torn.
    const bool complete = nl != std::string::npos;
    json j;
    bool parsed = complete;
    if (parsed) {
      try {
        j = json::parse(line, limit_depth);
      } catch (const json::parse_error&) {
        parsed = false;
      }
    }
    if (!parsed) {
      if (n == 1)
        throw ResultsError("'" + path + "' is not an arena results file (its first line is not a complete JSON header)");
      if (!last) throw ResultsError(where + "not valid JSON; the file is damaged (a torn line can only be the last one)");
      if (complete)
        throw ResultsError(where + "not valid JSON; the file is damaged (the line ends with its newline, so it is no write cut short)");
      out.torn_tail = true;  // that game is simply played again
      break;
    }
    if (n == 1) {
      if (!j.is_object() || !has_string(j, "type", "header") || !has_string(j, "format", kResultsFormat))
        throw ResultsError("'" + path + "' is not an arena results file (no arena header on its first line)");
      check_version(j, path);
      const auto tournament = j.find("tournament");
      if (tournament == j.end() || !tournament->is_object())
        throw ResultsError("'" + path + "' has a damaged header: its 'tournament' is " +
                           (tournament == j.end() ? std::string("missing") : config::describe(*tournament) + ", not an object"));
      out.header = j;
    } else {
      try {
        out.games.push_back(match::game_from_json(j));
      } catch (const std::exception& e) {
        throw ResultsError(where + e.what());
      }
      if (!ids.insert(out.games.back().id).second)
        throw ResultsError(where + "game " + std::to_string(out.games.back().id) + " appears twice; the file is damaged");
    }
    pos = nl + 1;
    out.good_bytes = pos;
  }
  if (out.header.is_null()) throw ResultsError("'" + path + "' is empty: not an arena results file");
  return out;
}

ResultsWriter::ResultsWriter(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}

ResultsWriter::ResultsWriter(ResultsWriter&& other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)), failed_(other.failed_) {
  other.fd_ = -1;
}

ResultsWriter::~ResultsWriter() {
  if (fd_ >= 0) ::close(fd_);
}

ResultsWriter ResultsWriter::create(const std::string& path, const json& header) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) throw ResultsError("results file '" + path + "' already exists");
  // A symbolic link that leads nowhere: link() below would fail with "File exists".
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
    throw ResultsError("results file '" + path + "' is a symbolic link that leads nowhere; remove it or give another name");
  const std::string tmp = path + ".tmp";
  // A temporary file left by an arena killed at this very point is replaced; a symbolic link
  // planted there is removed, never followed.
  ::unlink(tmp.c_str());
  const int t = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (t < 0) throw ResultsError(sys_error("cannot create", tmp));
  try {
    write_all(t, dump_line(header), tmp);
  } catch (...) {
    ::close(t);
    throw;
  }
  if (::fsync(t) != 0 || ::close(t) != 0) throw ResultsError(sys_error("cannot sync", tmp));
  // link() instead of rename(): it fails if the file appeared meanwhile, never overwrites.
  if (::link(tmp.c_str(), path.c_str()) != 0) {
    ::unlink(tmp.c_str());
    throw ResultsError(sys_error("cannot create results file", path));
  }
  ::unlink(tmp.c_str());
  sync_dir(path);
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) throw ResultsError(sys_error("cannot open", path));
  return ResultsWriter(fd, path);
}

ResultsWriter ResultsWriter::append_to(const std::string& path, std::uint64_t good_bytes) {
  // The file was read as a regular file, but it may have been replaced since: opening a named
  // pipe to write waits for a reader for good, and a device such as /dev/null would swallow the
  // games. So the kind is checked again, before the open (O_NONBLOCK guards the gap) and on
  // what was opened.
  struct stat named {};
  if (::lstat(path.c_str(), &named) == 0 && !S_ISREG(named.st_mode) && !S_ISLNK(named.st_mode))
    throw not_a_regular_file(path, named.st_mode);
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw ResultsError(sys_error("cannot open results file", path));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw not_a_regular_file(path, st.st_mode);
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  if (static_cast<std::uint64_t>(st.st_size) > good_bytes) {
    if (::ftruncate(fd, static_cast<off_t>(good_bytes)) != 0 || ::fsync(fd) != 0) {
      ::close(fd);
      throw ResultsError(sys_error("cannot cut the torn last line of", path));
    }
  }
  return ResultsWriter(fd, path);
}

void ResultsWriter::append(const match::GameRecord& game) {
  const std::string line = dump_line(match::to_json(game));
  std::lock_guard lock(mutex_);
  // A write that fails part-way (a full disk, a file-size limit) is cut off again, and nothing
  // is appended after it: another worker's line after the fragment would make one complete but
  // broken line, which a resume must refuse as damage instead of dropping as torn.
  if (failed_) throw ResultsError("results file '" + path_ + "': not written to after an earlier write failed");
  struct stat before {};
  const bool sized = ::fstat(fd_, &before) == 0;
  try {
    write_all(fd_, line, path_);
    if (::fdatasync(fd_) != 0) throw ResultsError(sys_error("cannot sync results file", path_));
  } catch (...) {
    failed_ = true;
    if (sized && ::ftruncate(fd_, before.st_size) == 0) ::fdatasync(fd_);
    throw;
  }
}

}  // namespace arena::tournament
