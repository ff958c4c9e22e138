// The one printer of gpuaudit's text tables (run, score, compare, report, baselines list): columns
// padded by the width a terminal shows, not by bytes, so that a tag in Chinese or Japanese, an
// accented hostname or a GPU name with a combining mark keeps every column below it in line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuaudit {

enum class Align { left, right };

struct TextTable {
  TextTable() = default;
  explicit TextTable(std::vector<std::vector<std::string>> r) : rows(std::move(r)) {}

  std::vector<std::vector<std::string>> rows;  // the first is the header; rows may be shorter than it
  std::vector<Align> align;                    // per column; a column not named is left-aligned
  std::string indent;                          // before every line ("  " under a heading)
  std::string gap = "  ";                      // between columns
  // A row's last cell, when left-aligned (free text: a reason, a note), is printed as it is and
  // widens no column; trailing blanks are cut from every line.
};

// Columns wide in a terminal: East Asian wide and fullwidth characters count 2 (as {fmt} counts
// them), combining marks, variation selectors and zero-width spaces 0 ({fmt} 9 counts those 1,
// which would push a column one place left per mark), everything else 1. Invalid UTF-8 counts 1
// a byte, as the U+FFFD that terminal_text shows in its place.
std::size_t display_width(std::string_view utf8);

// Each cell goes through terminal_text first (so an escaped control character is measured as
// the four characters it prints), then is padded to its column's display width.
std::string render_table(const TextTable& table);

}  // namespace gpuaudit
