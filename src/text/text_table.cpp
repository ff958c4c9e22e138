#include "text/text_table.hpp"

#include "text/escape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <iterator>

namespace gpuaudit {
namespace {

// The width {fmt} gives `s` when it pads it: wide and fullwidth characters 2, every other code
// point 1. {fmt} has no public call for it, but pads `{:<N}` with N minus that width, and no
// string is wider than its byte count, so padding to the byte count tells it exactly.
std::size_t fmt_width(std::string_view s) {
  return 2 * s.size() - fmt::formatted_size("{:<{}}", s, s.size());
}

// Code points a terminal draws on the character before them (or not at all). {fmt} 9 counts each
// as 1, or as 2 inside its wide range (the CJK and kana marks below). The common marks of Latin,
// Greek, Cyrillic, Hebrew, Arabic, Thai, Hangul jamo and the kana voicing marks; not every
// script's, which a GPU name or a tag is unlikely to hold.
struct Range {
  std::uint32_t first, last;
};
constexpr Range kZeroWidth[] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x05BF, 0x05BF}, {0x05C1, 0x05C2},
    {0x05C4, 0x05C5}, {0x05C7, 0x05C7}, {0x0610, 0x061A}, {0x064B, 0x065F}, {0x0670, 0x0670},
    {0x06D6, 0x06DC}, {0x06DF, 0x06E4}, {0x06E7, 0x06E8}, {0x06EA, 0x06ED}, {0x0E31, 0x0E31},
    {0x0E34, 0x0E3A}, {0x0E47, 0x0E4E}, {0x1160, 0x11FF}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF},
    {0x200B, 0x200F}, {0x202A, 0x202E}, {0x2060, 0x2064}, {0x20D0, 0x20FF}, {0x302A, 0x302F},
    {0x3099, 0x309A}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF}, {0xE0100, 0xE01EF},
};

bool zero_width(std::uint32_t cp) {
  return std::any_of(std::begin(kZeroWidth), std::end(kZeroWidth),
                     [cp](const Range& r) { return cp >= r.first && cp <= r.last; });
}

// How much wider {fmt} thinks `s` is than a terminal shows it: the sum of what it counts for
// each zero-width code point. `s` is valid UTF-8 (terminal_text made it so).
std::size_t fmt_overcount(std::string_view s) {
  std::size_t over = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    std::uint32_t cp = n == 1 ? b : n == 2 ? b & 0x1Fu : n == 3 ? b & 0x0Fu : b & 0x07u;
    for (std::size_t k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    if (zero_width(cp)) over += fmt_width(s.substr(i, std::min(n, s.size() - i)));
    i += n;
  }
  return over;
}

}  // namespace

std::size_t display_width(std::string_view utf8) {
  const std::string s = valid_utf8(utf8);
  return fmt_width(s) - fmt_overcount(s);
}

std::string render_table(const TextTable& t) {
  std::vector<std::vector<std::string>> cells;
  std::vector<std::vector<std::size_t>> widths;
  std::vector<std::size_t> column;
  for (const auto& r : t.rows) {
    auto& row = cells.emplace_back();
    auto& w = widths.emplace_back();
    for (std::size_t i = 0; i < r.size(); ++i) {
      row.push_back(terminal_text(r[i]));
      w.push_back(display_width(row.back()));
      if (column.size() <= i) column.resize(i + 1, 0);
      // A row's last cell, left-aligned, is never padded: its width widens nothing.
      const bool right = i < t.align.size() && t.align[i] == Align::right;
      if (i + 1 < r.size() || right) column[i] = std::max(column[i], w.back());
    }
  }
  fmt::memory_buffer out;
  for (std::size_t j = 0; j < cells.size(); ++j) {
    std::string line = t.indent;
    const auto& row = cells[j];
    for (std::size_t i = 0; i < row.size(); ++i) {
      const bool right = i < t.align.size() && t.align[i] == Align::right;
      const bool last = i + 1 == row.size();
      // {fmt} pads to its own count of the cell's width: ask for what makes the shown width right.
      const std::size_t target = std::max(column[i], widths[j][i]) + (fmt_width(row[i]) - widths[j][i]);
      if (right) line += fmt::format("{:>{}}", row[i], target);
      else if (last) line += row[i];
      else line += fmt::format("{:<{}}", row[i], target);
      if (!last) line += t.gap;
    }
    while (line.size() > t.indent.size() && line.back() == ' ') line.pop_back();
    fmt::format_to(std::back_inserter(out), "{}\n", line);
  }
  return fmt::to_string(out);
}

}  // namespace gpuaudit
