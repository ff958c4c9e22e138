#include "report/chart_label.hpp"

namespace gpuaudit {

namespace {

// Byte offset of code point `n` (or the size).
std::size_t offset_of(const std::string& s, std::size_t n) {
  std::size_t cps = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
    if (cps++ == n) return i;
  }
  return s.size();
}

std::string drop_vendor(std::string s) {
  for (const std::string vendor : {"NVIDIA "}) {
    for (std::size_t p = s.find(vendor); p != std::string::npos; p = s.find(vendor, p))
      if (p == 0 || s[p - 1] == ' ' || s[p - 1] == '(') s.erase(p, vendor.size());
      else p += vendor.size();
  }
  return s;
}

// Shortened in the middle: the start and the end (where a MIG profile or a size is) both stay.
std::string middle_cut(const std::string& s, std::size_t max_chars) {
  const std::size_t w = label_width(s);
  if (w <= max_chars || max_chars < 3) return s;
  const std::size_t tail = (max_chars - 1) / 2 + (max_chars - 1) % 2;
  const std::size_t head = max_chars - 1 - tail;
  return s.substr(0, offset_of(s, head)) + "\xE2\x80\xA6" + s.substr(offset_of(s, w - tail));
}

std::vector<std::string> split_parts(const std::string& s) {
  std::vector<std::string> parts;
  std::size_t at = 0;
  for (std::size_t p = s.find(" / "); p != std::string::npos; p = s.find(" / ", at)) {
    parts.push_back(s.substr(at, p - at));
    at = p + 3;
  }
  parts.push_back(s.substr(at));
  return parts;
}

// Greedy: as many " / " parts on a line as fit; the last line takes the rest.
std::vector<std::string> pack(const std::vector<std::string>& parts, std::size_t max_chars, std::size_t max_lines) {
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (lines.empty()) {
      lines.push_back(parts[i]);
      continue;
    }
    const std::string joined = lines.back() + " / " + parts[i];
    if (label_width(joined) <= max_chars || lines.size() == max_lines) lines.back() = joined;
    else lines.push_back(parts[i]);
  }
  return lines;
}

}  // namespace

std::size_t label_width(const std::string& s) {
  std::size_t cps = 0;
  for (unsigned char c : s) cps += (c & 0xC0) != 0x80;
  return cps;
}

std::vector<std::string> fit_label(const std::string& label, std::size_t max_chars, std::size_t max_lines) {
  if (max_lines == 0) max_lines = 1;
  if (label_width(label) <= max_chars) return {label};
  const auto parts = split_parts(label);
  auto lines = pack(parts, max_chars, max_lines);
  bool fits = true;
  for (const auto& l : lines) fits &= label_width(l) <= max_chars;
  if (!fits) {
    std::vector<std::string> shorter;
    for (const auto& p : parts) shorter.push_back(drop_vendor(p));
    lines = pack(shorter, max_chars, max_lines);
  }
  for (auto& l : lines) l = middle_cut(l, max_chars);
  return lines;
}

}  // namespace gpuaudit
