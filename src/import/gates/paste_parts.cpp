// plan_paste(): which lines of a paste are which tool's output (paste_parts.hpp).
#include "import/gates/paste_parts.hpp"

#include "import/gates/paste_split.hpp"

#include <algorithm>
#include <set>

namespace gpuaudit::imports {
namespace {

using Range = std::pair<int, int>;

int line_count(std::string_view text) {
  int n = 1;
  for (char c : text) n += c == '\n' ? 1 : 0;
  if (!text.empty() && text.back() == '\n') --n;
  return n;
}

std::string_view span(std::string_view text, const PasteSegment& from, const PasteSegment& to) {
  return text.substr(from.begin, to.end - from.begin);
}

Range range_of(const PasteSegment& s) { return {s.first_line, s.last_line}; }

// The segments [first, last) are one section (a hard boundary before each): its part, or its parts
// when its pieces name the section's format and another one (rule 3).
void plan_section(std::string_view text, const std::vector<PasteSegment>& segs, std::size_t first, std::size_t last,
                  const PasteDetector& detect, std::vector<PastePart>& out) {
  const PasteClaim whole = detect(span(text, segs[first], segs[last - 1]));
  PastePart section{whole.format, whole.tied_with, {}};
  for (std::size_t k = first; k < last; ++k) section.lines.push_back(range_of(segs[k]));
  if (last - first == 1 || whole.score > kEmbeddingScore || whole.format.empty()) {
    out.push_back(std::move(section));
    return;
  }
  std::vector<PasteClaim> claims;
  std::set<std::string> named;
  for (std::size_t k = first; k < last; ++k) {
    claims.push_back(detect(span(text, segs[k], segs[k])));
    if (!claims.back().format.empty() && claims.back().tied_with.empty()) named.insert(claims.back().format);
  }
  if (!named.count(whole.format) || named.size() < 2) {
    out.push_back(std::move(section));
    return;
  }
  std::vector<PastePart> local;
  std::vector<Range> leading;  // pieces nothing claims before the first claimed one
  for (std::size_t k = first; k < last; ++k) {
    const PasteClaim& c = claims[k - first];
    const Range r = range_of(segs[k]);
    if (c.format.empty()) {
      (local.empty() ? leading : local.back().lines).push_back(r);
      continue;
    }
    if (!local.empty() && local.back().tied_with.empty() &&
        (local.back().format == c.format || (!c.tied_with.empty() && local.back().format == c.tied_with))) {
      local.back().lines.push_back(r);
      continue;
    }
    PastePart p{c.format, c.tied_with, std::move(leading)};
    leading.clear();
    p.lines.push_back(r);
    local.push_back(std::move(p));
  }
  for (auto& p : local) out.push_back(std::move(p));
}

std::vector<PastePart> pieces(std::string_view text, const std::vector<PasteSegment>& segs, const PasteDetector& detect) {
  std::vector<PastePart> parts;
  for (std::size_t first = 0; first < segs.size();) {
    std::size_t last = first + 1;
    while (last < segs.size() && !hard_boundary(segs[last].boundary)) ++last;
    plan_section(text, segs, first, last, detect, parts);
    first = last;
  }
  return parts;
}

// Rule 5: a text nothing claims whole, piece by piece; a piece counts as an output only where a
// format claims it strongly, and pieces of one format that follow each other are one part.
std::vector<PastePart> prose_pieces(std::string_view text, const std::vector<PasteSegment>& segs, const PasteDetector& detect) {
  std::vector<PastePart> parts;
  for (const auto& seg : segs) {
    PasteClaim c = detect(span(text, seg, seg));
    if (c.score < kStrongClaimScore || !c.tied_with.empty()) c = PasteClaim{};
    if (!parts.empty() && parts.back().format == c.format) {
      parts.back().lines.push_back(range_of(seg));
      continue;
    }
    parts.push_back(PastePart{c.format, "", {range_of(seg)}});
  }
  return parts;
}

}  // namespace

PastePlan plan_pieces(std::string_view text, const PasteDetector& detect) {
  PastePlan plan;
  plan.whole = false;
  plan.parts = pieces(text, split_paste(text), detect);
  return plan;
}

PastePlan plan_paste(std::string_view text, const PasteDetector& detect) {
  PastePlan plan;
  const PasteClaim whole = detect(text);
  auto whole_plan = [&] {
    PastePlan p;
    if (!whole.format.empty()) p.parts.push_back(PastePart{whole.format, whole.tied_with, {{1, line_count(text)}}});
    return p;
  };
  if (whole.claimants == 1) return whole_plan();  // rule 1
  const std::vector<PasteSegment> segs = split_paste(text);
  if (segs.size() <= 1) return whole_plan();
  std::vector<PastePart> parts = whole.claimants == 0 ? prose_pieces(text, segs, detect) : pieces(text, segs, detect);
  std::set<std::string> formats;
  for (const auto& p : parts)
    if (!p.format.empty()) formats.insert(p.format);
  if (formats.empty()) return whole_plan();
  // Rule 4: nothing but the whole text's own format was found.
  if (formats.size() == 1 && *formats.begin() == whole.format && whole.tied_with.empty() &&
      std::none_of(parts.begin(), parts.end(), [](const PastePart& p) { return !p.tied_with.empty(); }))
    return whole_plan();
  plan.whole = false;
  plan.parts = std::move(parts);
  return plan;
}

std::vector<PastePart> hard_sections(std::string_view text, const PasteDetector& detect) {
  const std::vector<PasteSegment> segs = split_paste(text);
  std::vector<PastePart> out;
  int claimed = 0;
  for (std::size_t first = 0; first < segs.size();) {
    std::size_t last = first + 1;
    while (last < segs.size() && !hard_boundary(segs[last].boundary)) ++last;
    const PasteClaim c = detect(span(text, segs[first], segs[last - 1]));
    PastePart p{c.format, c.tied_with, {}};
    for (std::size_t k = first; k < last; ++k) p.lines.push_back(range_of(segs[k]));
    claimed += c.format.empty() ? 0 : 1;
    out.push_back(std::move(p));
    first = last;
  }
  if (claimed < 2) out.clear();
  return out;
}

std::string part_text(std::string_view text, const PastePart& part) {
  std::string out;
  if (part.lines.empty()) return out;
  std::size_t r = 0;
  int no = 1;
  for (std::size_t pos = 0; pos <= text.size() && r < part.lines.size(); ++no) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    while (r < part.lines.size() && part.lines[r].second < no) ++r;
    if (r < part.lines.size() && no >= part.lines[r].first) out.append(text.substr(pos, end - pos));
    if (end == text.size()) break;
    if (r < part.lines.size()) out += '\n';
    pos = end + 1;
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

std::string line_ranges(const std::vector<std::pair<int, int>>& lines) {
  std::string s;
  for (const auto& [a, b] : lines) s += (s.empty() ? "" : ", ") + std::to_string(a) + (b > a ? "-" + std::to_string(b) : "");
  return s;
}

}  // namespace gpuaudit::imports
