#include "text/wrap.hpp"

#include "text/text_table.hpp"

#include <vector>

namespace gpuaudit {
namespace {

// The unbreakable pieces of `text`: words, and `...` spans with the word they are glued to.
std::vector<std::string_view> pieces(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    if (i == text.size()) break;
    const std::size_t start = i;
    bool in_code = false;
    while (i < text.size() && (in_code || text[i] != ' ')) {
      if (text[i] == '`') in_code = !in_code;
      ++i;
    }
    out.push_back(text.substr(start, i - start));
  }
  return out;
}

}  // namespace

std::string wrap(std::string_view text, std::size_t width, std::string_view first, std::string_view rest) {
  std::string out(first);
  std::size_t used = display_width(first);
  bool line_empty = true;
  for (const std::string_view p : pieces(text)) {
    const std::size_t w = display_width(p);
    if (!line_empty && used + 1 + w > width) {
      out += "\n";
      out += rest;
      used = display_width(rest);
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++used;
    }
    out += p;
    used += w;
    line_empty = false;
  }
  return out + "\n";
}

}  // namespace gpuaudit
