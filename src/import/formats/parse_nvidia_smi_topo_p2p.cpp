// `nvidia-smi topo -p2p r|w|n|a|p`: whether each pair of GPUs can reach the other's memory directly
// (r read, w write, n NVLink, a atomics, p PCIe), as the driver sees it.
//
//         GPU0    GPU1
//  GPU0   X       GNS
//  GPU1   GNS     X
//
//  Legend:  X = Self, OK = Status Ok, CNS = Chipset not supported, GNS = GPU not supported,
//           TNS = Topology not supported, NS = Not supported, DR = Disabled by regkey, U = Unknown
//
// Each matrix becomes doc.extra.imported["nvidia-smi-topo-p2p"].matrices[]: the capability (from the
// "$ nvidia-smi topo -p2p r" line above it, "" when not pasted), and every pair whose status is not
// OK, with its line. The rule for peer access (score/rule_peer_access.cpp) judges them; this parser
// names no GPU (the matrix gives indices only).
#include "import/import.hpp"
#include "import/rows/topo_p2p.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <sstream>

namespace gpuaudit::imports {

namespace {

constexpr std::size_t kMaxGpus = 128;

std::vector<std::string> tokens(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string t; in >> t && out.size() <= kMaxGpus + 2;) out.push_back(t);
  return out;
}

bool status_cell(const std::string& c) {
  return c == "X" || c == "OK" || c == "NS" || c == "CNS" || c == "GNS" || c == "TNS" || c == "DR" || c == "U";
}

std::optional<int> gpu_label(const std::string& t) {
  if (t.size() < 4 || t.compare(0, 3, "GPU") != 0 || t.size() > 7) return std::nullopt;
  int n = 0;
  for (std::size_t i = 3; i < t.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return std::nullopt;
    n = n * 10 + (t[i] - '0');
  }
  return n;
}

// "GPU0 GPU1 ...": the column labels.
std::optional<std::vector<int>> header(const std::vector<std::string>& t) {
  if (t.size() < 2 || t.size() > kMaxGpus) return std::nullopt;
  std::vector<int> cols;
  for (const auto& x : t) {
    const auto g = gpu_label(x);
    if (!g) return std::nullopt;
    cols.push_back(*g);
  }
  return cols;
}

// "$ nvidia-smi topo -p2p r" (also "-p2p rw", "--p2p=r"): the capability letters.
std::optional<std::string> capability(std::string_view line) {
  const auto at = line.find("-p2p");
  if (at == std::string_view::npos || line.find("nvidia-smi") == std::string_view::npos) return std::nullopt;
  std::string_view rest = line.substr(at + 4);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '=')) rest.remove_prefix(1);
  std::string cap;
  while (!rest.empty() && std::isalpha(static_cast<unsigned char>(rest.front())) && cap.size() < 5) cap += rest.front(), rest.remove_prefix(1);
  return cap;
}

struct Scan {
  json matrices = json::array();
  int rows_read = 0;
  std::vector<std::string> skipped;
};

Scan scan(std::string_view text) {
  Scan s;
  std::string cap;
  std::optional<std::vector<int>> cols;
  json matrix;
  int no = 0;
  std::size_t pos = 0;
  auto close = [&]() {
    if (cols && matrix.is_object()) s.matrices.push_back(matrix);
    cols.reset();
    matrix = json();
  };
  while (pos <= text.size() && s.matrices.size() < 16) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++no;
    if (const auto c = capability(line)) {
      close();
      cap = *c;
    }
    const auto t = tokens(line);
    if (const auto h = header(t)) {
      close();
      cols = h;
      matrix = json{{"capability", cap}, {"line", no}, {"gpus", static_cast<int>(h->size())}, {"pairs", json::array()}};
    } else if (cols && !t.empty() && gpu_label(t[0]) && t.size() >= 2 && status_cell(t[1])) {
      const int row = *gpu_label(t[0]);
      ++s.rows_read;
      for (std::size_t i = 1; i < t.size() && i - 1 < cols->size(); ++i) {
        const std::string& cell = t[i];
        const int col = (*cols)[i - 1];
        if (!status_cell(cell)) {
          s.skipped.push_back("line " + std::to_string(no) + ": cell \"" + cell + "\" is no peer-access status");
          continue;
        }
        if (cell == "X" || cell == "OK" || col == row) continue;
        matrix["pairs"].push_back(json{{"a", row}, {"b", col}, {"status", cell}, {"line", no}});
      }
      if (matrix["ok_pairs"].is_null()) matrix["ok_pairs"] = 0;
      for (std::size_t i = 1; i < t.size() && i - 1 < cols->size(); ++i)
        if (t[i] == "OK") matrix["ok_pairs"] = matrix["ok_pairs"].get<int>() + 1;
    } else if (cols && !t.empty() && t[0].rfind("Legend", 0) == 0) {
      close();
    }
    if (end == text.size()) break;
  }
  close();
  return s;
}

int detect_p2p(std::string_view text) {
  const Scan s = scan(text.substr(0, 64 * 1024));
  if (s.rows_read == 0) return 0;
  // A paste of topo -m with its -p2p matrix below: topo -m's parser reads both.
  if (text.find("Connection traversing") != std::string_view::npos) return 40;
  int score = 70;
  if (text.find("Chipset not supported") != std::string_view::npos) score += 20;
  if (text.find("-p2p") != std::string_view::npos) score += 10;
  return score;
}

ImportPart parse_p2p(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source.tool = "nvidia-smi topo -p2p";
  part.source.file = file;
  Scan s = scan(text);
  json legend = json::object();
  for (const auto& [k, v] : std::map<std::string, std::string>{{"OK", "Status Ok"},
                                                               {"CNS", "Chipset not supported"},
                                                               {"GNS", "GPU not supported"},
                                                               {"TNS", "Topology not supported"},
                                                               {"NS", "Not supported"},
                                                               {"DR", "Disabled by regkey"},
                                                               {"U", "Unknown"}})
    legend[k] = v;
  if (!s.matrices.empty()) part.imported = json{{"matrices", s.matrices}, {"legend", legend}};
  part.skipped = std::move(s.skipped);
  if (s.matrices.empty()) part.skipped.push_back("no peer-access matrix (GPU0 GPU1 ... with OK/NS/CNS/GNS/TNS cells)");
  return part;
}

}  // namespace

json topo_p2p_matrices(std::string_view text) { return scan(text).matrices; }

namespace {

const RegisterFormat reg{{"nvidia-smi-topo-p2p", "nvidia-smi topo -p2p r|w|n|a|p: which GPU pairs have peer access",
                          detect_p2p, parse_p2p}};

}  // namespace

}  // namespace gpuaudit::imports
