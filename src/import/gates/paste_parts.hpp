// Which lines of a paste are which tool's output: the segments split_paste() cuts (paste_split.hpp)
// are detected one by one and the pieces of one output joined again, so a GitHub issue that holds
// prose, an nvidia-smi table, a topo matrix and an nccl-tests table becomes three parts, each read
// by its own parser, and the prose none. docs/import.md ("A paste of several outputs") states the
// rules; the importer runs the parsers.
//
// The rules, in order:
// 1. A text that only one format claims stays whole: that is every single-output file, read as
//    it always was (prose, prompts and all go to its parser, which expects them).
// 2. Otherwise the text is cut at its hard boundaries (fences, prompt and command lines) into
//    sections. A section that a format claims above 100 (a report that embeds other tools' outputs
//    on purpose: PyTorch's collect_env holds lscpu and topo -m blocks) is that format's whole.
// 3. A section's blank-line pieces are detected one by one; the section is cut into them only when
//    the pieces name the format that claims the whole section and at least one other (an nvidia-smi
//    table, a gap, a topo matrix). A piece nothing claims (a remark, the second GPU of a -q dump)
//    belongs to the output above it, or to the one below it when none is above.
// 4. When every part found is of the format that claims the whole text, the text stays whole
//    (rule 1 again, after the cuts showed nothing else is there).
// 5. (docs/import.md's rule 6) A text no format claims (a post of prose around one output: "2. nvidia-smi -L" and its lines
//    among sentences) is cut as in rules 2 and 3, and a part counts only where its format claims it
//    strongly (kStrongClaimScore: a header, a command line or a banner, not a shape guessed from a
//    few lines); the rest stays prose.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuaudit::imports {

// What detection says of a piece of text: the best format ("" when none), its score, the format it
// ties with ("" when none), and how many formats claimed it at all.
struct PasteClaim {
  std::string format;
  int score = 0;
  std::string tied_with;
  int claimants = 0;
};
using PasteDetector = std::function<PasteClaim(std::string_view text)>;

// Above this, a detector claims a text that embeds other tools' outputs as its own (rule 2).
inline constexpr int kEmbeddingScore = 100;
// From this, a claim rests on a header, a command line or a tool's banner; below it detection
// guessed a format from the shape of a few lines (nvidia-smi-csv claims headerless rows with 15).
inline constexpr int kStrongClaimScore = 20;

struct PastePart {
  std::string format;     // "" for lines nothing claims
  std::string tied_with;  // a second format as likely as `format`: the part cannot be read alone
  // The lines that are this part's, 1-based inclusive ranges in the text (a part may skip the fence
  // lines or the prose between its pieces).
  std::vector<std::pair<int, int>> lines;
  int first_line() const { return lines.empty() ? 0 : lines.front().first; }
  int last_line() const { return lines.empty() ? 0 : lines.back().second; }
};

struct PastePlan {
  bool whole = true;             // read as one text (the parts list then holds one entry, or none)
  std::vector<PastePart> parts;  // in the order of the text; unclaimed lines as parts with format ""
};

// `detect` is the importer's detection (every registered format's detect). Bounded: detection
// runs on each segment, each section and the whole text once, and segments are at most
// kMaxPasteSegments.
PastePlan plan_paste(std::string_view text, const PasteDetector& detect);

// The cuts of rules 2-3 whatever rules 1 and 4 say: for a text one format claims whole but whose
// parser finds nothing in it, while a piece holds another output (a detector that gives way to
// another format's banner anywhere in the text: the table's to nvidia-smi -q's "NVSMI LOG").
PastePlan plan_pieces(std::string_view text, const PasteDetector& detect);

// The text cut at its hard boundaries only (fences, prompts, commands), each section detected
// whole: the outputs of a paste that one format claims throughout, such as "node A:" and "node B:"
// each with its nvidia-smi table. Read whole, the table parser takes the first table only; whether
// the sections are two machines is the importer's question (it reads them apart only then, since a
// parser may read several runs of one paste together on purpose: bandwidthTest's numactl runs).
// Empty when the text has fewer than two sections that a format claims.
std::vector<PastePart> hard_sections(std::string_view text, const PasteDetector& detect);

// The text of a part as its parser reads it: the lines of the part where they were, every other
// line of the paste above and between them blank, so each line number a parser records is the
// line's number in the paste.
std::string part_text(std::string_view text, const PastePart& part);

// "12-40" or "12-40, 44-52".
std::string line_ranges(const std::vector<std::pair<int, int>>& lines);

}  // namespace gpuaudit::imports
