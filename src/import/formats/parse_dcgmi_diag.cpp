// `dcgmi diag -r N` text table (dcgmi/Diag.cpp):
//   +---------------------------+------------------------------------------------+
//   | Diagnostic                | Result                                         |
//   +===========================+================================================+
//   |-----  Metadata  ----------+------------------------------------------------|
//   | DCGM Version              | 3.1.8                                          |
//   | Driver Version Detected   | 550.127.08                                     |
//   | GPU Device IDs Detected   | 2335,2335,...                                  |
//   |-----  Deployment  --------+------------------------------------------------|
//   | Persistence Mode          | Fail                                           |
//   | Error                     | Persistence mode for GPU 0 is currently disab  |
//   |                           | led. The DCGM diagnostic requires ...          |   (45-character slices)
//   +-----  Hardware  ----------+------------------------------------------------+
//   | GPU Memory                | Pass - All                                     |   (2.x/3.x: "- All",
//   | Diagnostic                | Fail - GPU: 0                                  |    "- GPU: 0", "- GPUs: 0, 1")
//   |                           | Pass - GPUs: 1, 2                              |
//   | Warning                   | GPU 0 ...                                      |
//   | Memory Bandwidth          | Pass                                           |   (4.x: a summary, then
//   |                           |   GPU0: Pass                                   |    one line per GPU)
// Error / Warning / Info rows belong to the test above them.
#include "import/text/bench_text.hpp"
#include "import/rows/dcgm_diag_rows.hpp"
#include "import/import.hpp"
#include "import/text/line_parser.hpp"

namespace gpuaudit::imports {

namespace {

using namespace bench;

constexpr std::size_t kSliceWidth = 45;  // DATA_INFO_TAG_LEN: dcgmi wraps long text at 45 characters

struct DiagParser {
  ImportPart part;
  dcgm::Report report;
  std::string category;
  std::string pending_key;  // the key of the row being continued: a test, "Error", "Warning", "Info"
  std::string text;         // the message being assembled from slices
  bool seen = false;
  bool in_table = false;

  void finish() {
    flush_message();
    if (seen) dcgm::fill_part(report, part);
  }

  void flush_message() {
    if (pending_key.empty() || text.empty() || report.tests.empty()) {
      text.clear();
      return;
    }
    auto& t = report.tests.back();
    const std::string msg(trim(text));
    if (pending_key == "Error") t.errors.push_back(msg);
    else if (pending_key == "Warning") t.warnings.push_back(msg);
    else if (pending_key == "Info") t.info.push_back(msg);
    text.clear();
  }

  // "Pass - GPUs: 0, 1" / "Fail - GPU: 3" / "Pass - All" / "Pass" / "GPU0: Pass".
  void apply_result(dcgm::Test& t, std::string_view v) {
    v = trim(v);
    if (starts_with(v, "GPU") && v.size() > 3 && std::isdigit(static_cast<unsigned char>(v[3]))) {
      const auto colon = v.find(':');
      if (colon != std::string_view::npos)
        if (const auto id = to_int(v.substr(3, colon - 3)); id && *id >= 0 && *id < 4096) {
          const std::string res = dcgm::normalize_result(split_ws(v.substr(colon + 1)).empty()
                                                             ? std::string_view()
                                                             : split_ws(v.substr(colon + 1))[0]);
          if (!res.empty()) t.per_gpu[static_cast<int>(*id)] = res;
        }
      return;
    }
    const auto dash = v.find(" - ");
    const std::string res = dcgm::normalize_result(dash == std::string_view::npos ? v : v.substr(0, dash));
    if (res.empty()) return;
    if (dash == std::string_view::npos) {
      if (t.result.empty()) t.result = res;
      return;
    }
    std::string_view who = trim(v.substr(dash + 3));
    if (who == "All") {
      t.result = res;
      return;
    }
    if (const auto c = who.find(':'); c != std::string_view::npos) who = who.substr(c + 1);
    bool any = false;
    std::size_t i = 0;
    while (i < who.size()) {
      while (i < who.size() && (who[i] == ',' || who[i] == ' ')) ++i;
      const std::size_t b = i;
      while (i < who.size() && std::isdigit(static_cast<unsigned char>(who[i]))) ++i;
      if (i > b)
        if (const auto id = to_int(who.substr(b, i - b)); id && *id < 4096) {
          t.per_gpu[static_cast<int>(*id)] = res;
          any = true;
        }
      if (i == b) ++i;
    }
    if (!any && t.result.empty()) t.result = res;
  }

  void on_line(std::string_view raw, int ln) {
    const std::string_view line = trim(raw);
    if (line.empty()) return;
    if (line.front() != '|' && line.front() != '+' &&
        (contains(line, "Successfully ran diagnostic") || starts_with(line, "Error: ") ||
         contains(line, "Diagnostic could not") || contains(line, "Unable to"))) {
      report.notes.push_back(std::string(line));
      seen = true;
      return;
    }
    if (line.front() != '|' && line.front() != '+') return;
    // A section separator: "|-----  Metadata  ----------+---...|" or "+-----  Hardware  ---...+".
    if (contains(line, "-----  ")) {
      flush_message();
      pending_key.clear();
      const auto b = line.find("-----  ") + 7;
      const auto e = line.find("  ", b);
      category = std::string(trim(line.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b)));
      in_table = true;
      seen = true;
      return;
    }
    if (line.front() == '+') return;  // borders
    // "| key | info |"
    const auto p1 = line.find('|');
    const auto p2 = line.find('|', p1 + 1);
    const auto p3 = line.rfind('|');
    if (p2 == std::string_view::npos) {
      part.skipped.push_back("line " + std::to_string(ln) + ": table row cut halfway");
      return;
    }
    const std::string key(trim(line.substr(p1 + 1, p2 - p1 - 1)));
    // A message's last slice that lost its right border ("|     | ts.") keeps the text it shows; a
    // test row cut so ("| Inforom | Pa") could be any result, so it is not read.
    const bool message_tail = key.empty() && (pending_key == "Error" || pending_key == "Warning" || pending_key == "Info");
    if (p3 <= p2 && !message_tail) {
      part.skipped.push_back("line " + std::to_string(ln) + ": table row cut halfway");
      return;
    }
    std::string_view info = p3 > p2 ? line.substr(p2 + 1, p3 - p2 - 1) : line.substr(p2 + 1);
    if (!info.empty() && info.front() == ' ') info.remove_prefix(1);
    // The column is kSliceWidth bytes wide; a UTF-8 character that straddles its edge stays whole
    // (cutting it would leave invalid UTF-8 in the document).
    std::size_t width = std::min(info.size(), kSliceWidth);
    while (width > 0 && width < info.size() && (static_cast<unsigned char>(info[width]) & 0xC0) == 0x80) --width;
    const std::string_view slice = info.substr(0, width);
    if (key == "Diagnostic" && trim(info) == "Result") {
      in_table = true;
      seen = true;
      return;
    }
    if (category == "Metadata") {
      if (key == "DCGM Version") report.dcgm_version = std::string(trim(info));
      else if (key == "Driver Version Detected") report.driver_version = std::string(trim(info));
      else if (key == "GPU Device IDs Detected") {
        const std::string_view ids = trim(info);
        std::size_t i = 0;
        while (i <= ids.size()) {
          const auto c = ids.find(',', i);
          const auto id = trim(ids.substr(i, c == std::string_view::npos ? std::string_view::npos : c - i));
          if (!id.empty()) report.device_ids.emplace_back(id);
          if (c == std::string_view::npos) break;
          i = c + 1;
        }
      }
      return;
    }
    if (key.empty()) {
      // A continuation: more of a message, or another result line of the test above.
      if (pending_key == "Error" || pending_key == "Warning" || pending_key == "Info") {
        text += std::string(slice);
      } else if (!report.tests.empty()) {
        apply_result(report.tests.back(), info);
      }
      return;
    }
    flush_message();
    if (key == "Error" || key == "Warning" || key == "Info") {
      pending_key = key;
      text = std::string(slice);
      return;
    }
    dcgm::Test t;
    t.category = category;
    t.name = key;
    t.line = ln;
    apply_result(t, info);
    report.tests.push_back(std::move(t));
    pending_key = key;
    seen = true;
  }
};

// A row of the table's two columns, "| <26 wide> | <46 wide> |" (the right border may be cut), that
// only dcgmi prints: a per-GPU result ("Fail - GPU: 0", "Pass - GPUs: 1, 2", "Pass - All") or a
// message row ("Warning", "Error", "Info") naming a GPU. A paste that starts past the section bars
// (a book's excerpt of the failing rows) is still told by these.
bool dcgmi_row(std::string_view line) {
  if (line.size() < 34 || line[0] != '|' || line[28] != '|' || (line.size() > 77 && line[77] != '|')) return false;
  const std::string_view key = trim(line.substr(1, 27));
  const std::string_view info = trim(line.substr(29, line.size() > 77 ? 48 : std::string_view::npos));
  if (key == "Warning" || key == "Error" || key == "Info") return starts_with(info, "GPU ");
  const auto dash = info.find(" - ");
  if (dash == std::string_view::npos || dcgm::normalize_result(info.substr(0, dash)).empty()) return false;
  const std::string_view who = info.substr(dash + 3);
  return who == "All" || starts_with(who, "GPU: ") || starts_with(who, "GPUs: ");
}

int detect_dcgmi_diag(std::string_view text) {
  int score = 0;
  int rows = 0;
  for (const auto line : split_lines(text))
    if (dcgmi_row(line) && ++rows == 2) {
      score += 40;
      break;
    }
  if (contains(text, "| Diagnostic") && contains(text, "| Result")) score += 50;
  for (std::string_view section : {"-----  Metadata  ", "-----  Deployment  ", "-----  Integration  ",
                                   "-----  Hardware  ", "-----  Stress  "})
    if (contains(text, section)) {
      score += 40;  // a paste that starts inside the table still has its section bars
      break;
    }
  if (contains(text, "DCGM Version")) score += 20;
  if (contains(text, "Successfully ran diagnostic")) score += 20;
  if (!text.empty() && trim(text).front() == '{') return 0;
  return score >= 40 ? std::min(score, 100) : 0;
}

const RegisterFormat reg{{"dcgmi-diag", "dcgmi diag text table", detect_dcgmi_diag, line_parse<DiagParser>("dcgmi")}};

}  // namespace

}  // namespace gpuaudit::imports
