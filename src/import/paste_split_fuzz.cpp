// libFuzzer target of the paste splitter and planner (paste_split.cpp, paste_parts.cpp; fuzz_paste_split):
// any bytes, normalised as the importer does, split into segments whose ranges must lie inside the
// text, in order, with line numbers that match; then planned with the registered formats' detection
// and every part's text rebuilt (part_text), which must keep each line of the paste at its number.
// A crash, a sanitizer report, a range out of the text or a line moved is a finding.
#include "import/import.hpp"
#include "import/gates/paste_parts.hpp"
#include "import/gates/paste_split.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace gpuaudit::imports;

namespace {

gpuaudit::imports::PasteClaim claim(std::string_view text) {
  PasteClaim c;
  for (const auto& f : format_registry()) {
    const int score = f.detect(text);
    if (score <= 0) continue;
    ++c.claimants;
    if (score > c.score) c = PasteClaim{f.name, score, "", c.claimants};
    else if (score == c.score && c.tied_with.empty()) c.tied_with = f.name;
  }
  return c;
}

int line_at(const std::string& text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

// Line `n` (1-based) of `text`, "" past its end.
std::string_view nth_line(std::string_view text, int n) {
  std::size_t pos = 0;
  for (int i = 1; i < n; ++i) {
    pos = text.find('\n', pos);
    if (pos == std::string_view::npos) return {};
    ++pos;
  }
  return text.substr(pos, text.find('\n', pos) - pos);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = normalize_text(std::string_view(reinterpret_cast<const char*>(data), size));
  const auto segments = split_paste(text);
  if (segments.size() > kMaxPasteSegments) std::abort();
  int last = 0;
  for (const auto& s : segments) {
    if (s.begin > s.end || s.end > text.size() || s.first_line > s.last_line || s.first_line <= last) std::abort();
    if (line_at(text, s.begin) != s.first_line || line_at(text, s.end) != s.last_line) std::abort();
    last = s.last_line;
  }
  const PastePlan plan = plan_paste(text, claim);
  for (const auto& part : plan.parts) {
    const std::string rebuilt = part_text(text, part);
    // Each line the part holds is at its own number in the rebuilt text.
    for (const auto& [a, b] : part.lines) {
      if (a < 1 || b < a) std::abort();
      if (nth_line(rebuilt, a) != nth_line(text, a) || nth_line(rebuilt, b) != nth_line(text, b)) std::abort();
    }
  }
  return 0;
}
