#pragma once
// The results file: JSON Lines, one header line then one line per finished game, appended and
// fsync'ed the moment the game ends. Written so that kill -9 or a power cut at any moment
// leaves it readable:
//  * the header is written to a temporary file, synced and renamed into place, so the file
//    either does not exist or starts with a complete header;
//  * each game is one write() of one line and its newline, followed by fdatasync(): a crash can
//    at worst leave the last line torn, without its newline. Reading drops such a line (and
//    reopening for append truncates it away); a bad line anywhere else, or a last line that
//    ends with its newline but is not JSON, means the file was damaged or edited, and it is
//    refused instead of being overwritten.
#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "match/game_record.h"

namespace arena::tournament {

class ResultsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ResultsContent {
  nlohmann::json header;                   // the header object
  std::vector<match::GameRecord> games;    // in file order
  bool torn_tail = false;                  // the last line was incomplete and is ignored
  std::uint64_t good_bytes = 0;            // length of the file up to the last complete line

  // The anchor the run was started with ("" for the mean, or a header without one).
  std::string anchor() const {
    const auto a = header.find("anchor");
    return a != header.end() && a->is_string() ? a->get<std::string>() : std::string();
  }
};

inline constexpr const char* kResultsFormat = "mancala-arena-results";
inline constexpr int kResultsVersion = 1;

// Reads a results file. Throws ResultsError with a clear message (not a results file, corrupt
// line N, duplicate game id).
// A run reads the file it will append to, so a regular file only; `arena ratings` may read a pipe.
enum class ReadFrom { RegularFile, FileOrPipe };
ResultsContent read_results(const std::string& path, ReadFrom from = ReadFrom::RegularFile);

// A header's "openings": a list of {"position": text, "moves": [text...]}, or nothing if it
// is not one.
std::optional<std::vector<match::Opening>> openings_of(const nlohmann::json& header);

// The results file as one JSON line (bytes that are not UTF-8 replaced, so it never throws).
std::string dump_line(const nlohmann::json& j);

// An exclusive lock (flock on "<results>.lock") held while a run uses a results file, so that
// two arenas started on the same file do not both play its missing games. The kernel drops the
// lock when the holder dies, even by kill -9. The holder removes the file when done (one left by
// a killed run is harmless: an unheld lock file is simply taken). Throws ResultsError if
// another run holds it.
class ResultsLock {
 public:
  explicit ResultsLock(const std::string& results_path);
  ~ResultsLock();
  ResultsLock(const ResultsLock&) = delete;
  ResultsLock& operator=(const ResultsLock&) = delete;

 private:
  std::string path_;
  int fd_ = -1;
};

class ResultsWriter {
 public:
  // Creates a new file with this header (fails if the file exists).
  static ResultsWriter create(const std::string& path, const nlohmann::json& header);
  // Opens an existing file for appending; `good_bytes` from read_results: a torn tail is cut off.
  static ResultsWriter append_to(const std::string& path, std::uint64_t good_bytes);

  ResultsWriter(ResultsWriter&& other) noexcept;
  ResultsWriter& operator=(ResultsWriter&&) = delete;
  ~ResultsWriter();

  // Appends one game as one line and syncs it to disk. Thread-safe. Throws ResultsError; after
  // a failure the file is cut back to its last complete line and no more is appended.
  void append(const match::GameRecord& game);

 private:
  ResultsWriter(int fd, std::string path);
  int fd_ = -1;
  std::string path_;
  std::mutex mutex_;
  bool failed_ = false;  // a write failed: the file holds what it held before it
};

}  // namespace arena::tournament
