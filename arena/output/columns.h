#pragma once
// Text columns for the tables people read. Widths are terminal columns, not bytes, so that names
// with accents (UTF-8) or in CJK scripts line up too.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace arena::output {

// The columns a terminal gives `s` (UTF-8): two for an East Asian wide or fullwidth character or
// an emoji, none for a combining mark or a zero-width character, one for any other character and
// for each byte that is not UTF-8. The ranges are the common blocks, not all of Unicode's tables.
std::size_t display_width(const std::string& s);

// `s` padded with spaces to `w` characters: on the left (right-aligned) or on the right.
inline std::string pad(const std::string& s, std::size_t w, bool right = true) {
  const std::size_t n = display_width(s);
  if (n >= w) return s;
  return right ? std::string(w - n, ' ') + s : s + std::string(w - n, ' ');
}

// A table of text cells: each column as wide as its heading, its widest cell and any width it
// asks for; number columns right-aligned; two spaces between columns; no blanks at a line's end.
class TextTable {
 public:
  struct Column {
    std::string heading;
    bool right = true;
    std::size_t width = 0;  // at least this wide
  };

  explicit TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {
    for (auto& c : columns_) c.width = std::max(c.width, display_width(c.heading));
  }

  // Widens the columns to hold a row (one cell per column) that will be shown.
  void fit(const std::vector<std::string>& cells) {
    for (std::size_t c = 0; c < columns_.size() && c < cells.size(); ++c)
      columns_[c].width = std::max(columns_[c].width, display_width(cells[c]));
  }

  std::string line(const std::vector<std::string>& cells) const {
    std::string out;
    for (std::size_t c = 0; c < columns_.size(); ++c)
      out += (c ? "  " : "") + pad(c < cells.size() ? cells[c] : "", columns_[c].width, columns_[c].right);
    return out.erase(out.find_last_not_of(' ') + 1);
  }

  std::string heading_line() const {
    std::vector<std::string> headings;
    for (const auto& c : columns_) headings.push_back(c.heading);
    return line(headings);
  }

 private:
  std::vector<Column> columns_;
};

}  // namespace arena::output
