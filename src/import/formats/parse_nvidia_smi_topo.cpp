// `nvidia-smi topo -m`: the GPU (and NIC) link matrix, CPU and NUMA affinity, the NIC legend.
//
//         GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity   GPU NUMA ID
// GPU0     X      NV18    PIX     0-79            0               N/A
//
// Cells: X (self), NV# (a bonded set of # NVLinks), PIX, PXB, PHB, NODE, SYS, and SOC (the name of
// SYS before ~2017). Columns are told by their header names, not by position, and cells are split on
// any white space: pastes come tab-separated (as printed) or with the tabs turned into spaces (as
// GitHub and forums render them), and the empty column nvidia-smi prints before "GPU NUMA ID"
// vanishes either way.
//
// The result is a multigpu::Topology (ImportPart.topology) classified by classify_pairs(), so the
// imported machine reads like one gpuaudit measured. topo -m prints one NV# per pair and nothing per
// link, so on an NVSwitch box (HGX: NV18 between every pair of 8 H100s) the row sum (126) is not a
// link count; a full matrix of one NV# whose row sum exceeds the most links any GPU has (18) can only
// be switched, and is read as k links per GPU to the switches.
#include "import/import.hpp"
#include "import/text/smi_values.hpp"
#include "import/rows/topo_p2p.hpp"
#include "multigpu/topology.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace gpuaudit::imports {

namespace {

using smi::trim;

// No GPU has more NVLinks than this (NVLink 4 and 5: 18 per GPU).
constexpr int kMaxLinksPerGpu = 18;
// Bounds that no real matrix reaches (a node has at most a few dozen GPUs),
// so a hostile file cannot make the pair classification quadratic in megabytes: a larger NV# is an
// unknown cell, GPU rows past the bound are dropped with a note.
constexpr int kMaxNvlinksInCell = 64;
constexpr std::size_t kMaxGpuRows = 128;

std::vector<std::string> tokens(std::string_view line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

// The text's numbered lines (smi::numbered_lines), viewing the ANSI-stripped copy the caller holds.
using Lines = std::vector<std::pair<int, std::string_view>>;

std::optional<int> gpu_number(std::string_view name) {
  if (name.size() < 4 || name.substr(0, 3) != "GPU") return std::nullopt;
  int v = 0;
  for (char c : name.substr(3)) {
    if (!std::isdigit(static_cast<unsigned char>(c)) || v > 100000) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// NV# -> #, else nullopt.
std::optional<int> nvlinks_of(std::string_view cell) {
  if (cell.size() < 3 || cell.substr(0, 2) != "NV") return std::nullopt;
  int v = 0;
  for (char c : cell.substr(2)) {
    if (!std::isdigit(static_cast<unsigned char>(c)) || v > kMaxNvlinksInCell) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v > kMaxNvlinksInCell) return std::nullopt;
  return v;
}

// The PCIe label topology.hpp uses, or "" when the cell is not a PCIe path.
std::string pcie_label(std::string_view cell) {
  if (cell == "PIX" || cell == "PXB" || cell == "PHB" || cell == "NODE" || cell == "SYS") return std::string(cell);
  if (cell == "SOC") return "SYS";  // the name of SYS in drivers before ~384
  return "";
}

struct Header {
  int line = 0;
  std::vector<std::string> columns;  // GPU0, GPU1, ..., NIC0 / mlx5_0 ...
  bool cpu_affinity = false, numa_affinity = false, gpu_numa_id = false;
  bool headerless = false;  // columns inferred from the rows (headerless_header)
};

// The header is the first line whose tokens start with GPU0 (and that is not a row: rows start with
// their own label and then the cells).
std::optional<Header> find_header(const Lines& lines) {
  for (const auto& [no, text] : lines) {
    const auto t = tokens(text);
    if (t.empty() || t[0] != "GPU0" || (t.size() > 1 && (t[1] == "X" || nvlinks_of(t[1]) || !pcie_label(t[1]).empty())))
      continue;
    Header h;
    h.line = no;
    for (const auto& tok : t) {
      if (tok == "CPU" || tok == "NUMA" || tok == "GPU" || tok == "Affinity" || tok == "ID") break;
      h.columns.push_back(tok);
    }
    h.cpu_affinity = text.find("CPU Affinity") != std::string::npos;
    h.numa_affinity = text.find("NUMA Affinity") != std::string::npos;
    h.gpu_numa_id = text.find("GPU NUMA ID") != std::string::npos;
    return h;
  }
  return std::nullopt;
}

// A paste of the matrix rows alone (the header line left out): GPU0..GPU<n-1> rows with X on the
// diagonal. The columns are then the GPUs in row order, and the cells after them the CPU and NUMA
// affinity, as nvidia-smi prints them.
// A matrix cell (X, NV#, PIX ... SYS, SOC), as against the affinity values after the cells (a CPU
// list, a NUMA node, N/A).
bool link_cell(std::string_view cell) { return cell == "X" || nvlinks_of(cell) || !pcie_label(cell).empty(); }

// How many of a row's last tokens (at most the three topo -m prints) are affinity values.
std::size_t affinity_tail(const std::vector<std::string>& t, std::size_t first) {
  std::size_t n = 0;
  while (n < 3 && t.size() > first + n && !link_cell(t[t.size() - 1 - n])) ++n;
  return n;
}

std::optional<Header> headerless_header(const Lines& lines) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto t0 = tokens(lines[i].second);
    if (t0.size() < 2 || t0[0] != "GPU0" || t0[1] != "X") continue;
    std::size_t n = 0;
    for (std::size_t k = i; k < lines.size() && n < kMaxGpuRows; ++k) {
      const auto t = tokens(lines[k].second);
      if (t.empty()) continue;
      if (t[0] != "GPU" + std::to_string(n) || t.size() < n + 2 || t[n + 1] != "X") break;
      ++n;
    }
    if (n < 2) return std::nullopt;
    Header h;
    h.line = lines[i].first - 1;
    for (std::size_t k = 0; k < n; ++k) h.columns.push_back("GPU" + std::to_string(k));
    // The affinity columns are the row's last tokens that are no matrix cell: a row may hold more
    // cells than GPU rows were pasted (GPUs past the last row shown, NICs), which cannot be named.
    const std::size_t trailer = affinity_tail(t0, n + 1);
    h.cpu_affinity = trailer >= 1;
    h.numa_affinity = trailer >= 2;
    h.gpu_numa_id = trailer >= 3;
    h.headerless = true;
    return h;
  }
  return std::nullopt;
}

// `nvidia-smi topo -p2p r|w|n|a|p` prints a matrix of the same shape whose cells are peer-access
// statuses (OK, NS, CNS, GNS, TNS, DR, U): parse_nvidia_smi_topo_p2p.cpp reads it, not this parser.
bool p2p_status_cell(std::string_view cell) {
  return cell == "OK" || cell == "NS" || cell == "CNS" || cell == "GNS" || cell == "TNS" || cell == "DR" || cell == "U";
}

int detect_topo(std::string_view raw) {
  const std::string clean = smi::strip_ansi(raw.substr(0, 64 * 1024));
  const std::string_view head = clean;
  if (head.find("<nvidia_smi_log") != std::string_view::npos) return 0;
  const auto lines = smi::numbered_lines(head);
  auto h = find_header(lines);
  if (!h) {
    // Rows alone are a weaker sign than a header: a square GPU matrix with X on the diagonal.
    for (const auto& [no, text_line] : lines) {
      const auto t = tokens(text_line);
      if (t.size() >= 3 && t[0] == "GPU0" && t[1] == "X" && p2p_status_cell(t[2])) return 0;
    }
    return headerless_header(lines) ? 50 : 0;
  }
  int score = 30;
  bool row = false;
  for (const auto& [no, text_line] : lines) {
    const auto t = tokens(text_line);
    if (t.size() >= 2 && t[0] == "GPU0" && t[1] == "X" && !(t.size() >= 3 && p2p_status_cell(t[2]))) row = true;
  }
  if (!row) return 0;
  score += 30;
  if (head.find("Legend:") != std::string_view::npos) score += 20;
  if (head.find("Connection traversing") != std::string_view::npos) score += 10;
  if (h->cpu_affinity) score += 10;
  return std::min(score, 100);
}

struct Row {
  std::string label;
  int line = 0;
  std::vector<std::string> cells;    // one per column
  std::vector<std::string> trailer;  // CPU affinity, NUMA affinity, GPU NUMA ID (as present)
};

// The matrix below its header: the rows, the NIC legend, and a cell by its column's name.
struct Matrix {
  Header header;
  std::map<std::string, std::size_t> col_index;
  std::vector<Row> rows;
  std::map<std::string, std::string> nic_legend;  // NIC0 -> mlx5_0
  std::vector<const Row*> gpu_rows;               // the rows named GPU<n>, in the order printed
  // Pairs, each from the row of its lower GPU (the matrix is symmetric; the other half fills gaps of
  // a cut row).
  std::map<std::pair<int, int>, std::string> pair_cell;

  std::string cell(const Row& r, const std::string& col) const {
    auto it = col_index.find(col);
    if (it == col_index.end() || it->second >= r.cells.size()) return "";
    return r.cells[it->second];
  }
};

// A row's cells past the GPU columns when the header is missing: only the affinity values at its
// end are known, the cells between belong to columns no line names and are dropped (noted once).
void drop_unnamed_cells(Row& r, const std::vector<std::string>& t, std::size_t n, std::size_t columns, ImportPart& part,
                        bool& noted) {
  const std::size_t tail = affinity_tail(t, 1 + n);
  const std::size_t unnamed = r.trailer.size() - tail;
  r.trailer.erase(r.trailer.begin(), r.trailer.begin() + static_cast<std::ptrdiff_t>(unnamed));
  if (unnamed > 0 && !noted) {
    noted = true;
    part.skipped.push_back("line " + std::to_string(r.line) + ": row " + std::string(t[0]) + " has " + std::to_string(unnamed) +
                           " cells past GPU" + std::to_string(columns - 1) +
                           " (more GPUs or NICs): without the header their columns cannot be named, so they are not read");
  }
}

// The lines after the header: matrix rows until the legend, then the NIC legend.
void read_rows(Matrix& m, const Lines& lines, ImportPart& part) {
  const auto& cols = m.header.columns;
  bool in_nic_legend = false, after_matrix = false, unnamed_noted = false;
  for (const auto& [no, text_line] : lines) {
    if (no <= m.header.line) continue;
    const auto t = tokens(text_line);
    if (t.empty()) continue;
    if (text_line.find("NIC Legend") != std::string::npos) {
      in_nic_legend = true;
      continue;
    }
    if (in_nic_legend) {
      // "  NIC0: mlx5_0"
      if (t.size() == 2 && t[0].size() > 1 && t[0].back() == ':') m.nic_legend[t[0].substr(0, t[0].size() - 1)] = t[1];
      continue;
    }
    if (t[0] == "Legend:" || t[0].rfind("Legend", 0) == 0) {
      after_matrix = true;
      continue;
    }
    if (after_matrix || !m.col_index.count(t[0])) continue;
    Row r;
    r.label = t[0];
    r.line = no;
    const std::size_t n = std::min(cols.size(), t.size() - 1);
    r.cells.assign(t.begin() + 1, t.begin() + 1 + static_cast<std::ptrdiff_t>(n));
    r.trailer.assign(t.begin() + 1 + static_cast<std::ptrdiff_t>(n), t.end());
    if (m.header.headerless) drop_unnamed_cells(r, t, n, cols.size(), part, unnamed_noted);
    if (r.cells.size() < cols.size())
      part.skipped.push_back("line " + std::to_string(no) + ": row " + r.label + " has " + std::to_string(r.cells.size()) +
                             " of " + std::to_string(cols.size()) + " cells (cut short)");
    m.rows.push_back(std::move(r));
  }
}

// GPUs: the rows named GPU<n>, in the order printed (at most kMaxGpuRows), and their pairs' cells.
void find_gpu_rows(Matrix& m, int last_line, ImportPart& part) {
  std::set<std::string> seen_rows;
  for (const auto& r : m.rows)
    if (gpu_number(r.label) && seen_rows.insert(r.label).second) m.gpu_rows.push_back(&r);
  if (m.gpu_rows.size() > kMaxGpuRows) {
    part.skipped.push_back("line " + std::to_string(m.gpu_rows[kMaxGpuRows]->line) + ": more than " +
                           std::to_string(kMaxGpuRows) + " GPU rows; the rest are not read");
    m.gpu_rows.resize(kMaxGpuRows);
  }
  std::set<std::string> gpu_cols;
  for (const auto& c : m.header.columns)
    if (gpu_number(c)) gpu_cols.insert(c);
  const int expected_gpus = static_cast<int>(gpu_cols.size());
  if (static_cast<int>(m.gpu_rows.size()) < expected_gpus)
    part.skipped.push_back("line " + std::to_string(last_line) + ": the matrix ends after " +
                           std::to_string(m.gpu_rows.size()) + " of " + std::to_string(expected_gpus) + " GPU rows");
  for (const Row* r : m.gpu_rows) {
    const int a = *gpu_number(r->label);
    for (const Row* s : m.gpu_rows) {
      const int b = *gpu_number(s->label);
      if (a == b) continue;
      const std::string c = m.cell(*r, s->label);
      if (c.empty()) continue;
      auto key = std::make_pair(std::min(a, b), std::max(a, b));
      if (!m.pair_cell.count(key) || a < b) m.pair_cell[key] = c;
    }
  }
}

// The one NV# every pair shows when the matrix is switched (every pair one NV k, and the row sum
// more links than a GPU has): then each GPU has k links to the switches. nullopt: direct links.
std::optional<int> switched_links(const Matrix& m, ImportPart& part) {
  std::set<int> nv_counts;
  bool all_nv = !m.pair_cell.empty();
  for (const auto& [k, c] : m.pair_cell) {
    if (auto n = nvlinks_of(c)) nv_counts.insert(*n);
    else all_nv = false;
  }
  const int n_gpus = static_cast<int>(m.gpu_rows.size());
  const std::size_t full_pairs = static_cast<std::size_t>(n_gpus) * static_cast<std::size_t>(std::max(n_gpus - 1, 0)) / 2;
  const bool switched = all_nv && nv_counts.size() == 1 && m.pair_cell.size() == full_pairs &&
                        *nv_counts.begin() * (n_gpus - 1) > kMaxLinksPerGpu;
  if (all_nv && nv_counts.size() == 1 && !switched && n_gpus > 1)
    part.warnings.push_back("every GPU pair shows NV" + std::to_string(*nv_counts.begin()) +
                            ": read as direct links (topo -m cannot tell a small NVSwitch slice from a bridge or mesh)");
  if (switched) return *nv_counts.begin();
  return std::nullopt;
}

std::string synthetic_id(int i) { return "topo:GPU" + std::to_string(i); }

// One GPU's links: NV# cells as direct links to the other GPU, or k links to the switches.
multigpu::GpuLinks links_of(const Matrix& m, const Row& r, std::optional<int> switched) {
  const int i = *gpu_number(r.label);
  multigpu::GpuLinks g;
  g.index = i;
  g.bus_id = synthetic_id(i);  // classify_pairs matches link ends by id; cleared below
  for (const Row* s : m.gpu_rows) {
    const int j = *gpu_number(s->label);
    if (i == j) continue;
    auto it = m.pair_cell.find({std::min(i, j), std::max(i, j)});
    if (it == m.pair_cell.end()) continue;
    if (auto n = nvlinks_of(it->second)) {
      if (switched) continue;
      g.nvlinks_up += *n;
      for (int k = 0; k < *n; ++k) g.nvlink_remotes.push_back(synthetic_id(j));
    }
  }
  if (switched) {
    g.nvlinks_up = *switched;
    g.nvlinks_to_switch = *switched;
  }
  return g;
}

multigpu::Topology topology_of(Matrix& m, ImportPart& part) {
  multigpu::Topology topo;
  topo.source = "nvidia-smi topo -m";
  const std::optional<int> switched = switched_links(m, part);
  for (const Row* r : m.gpu_rows) topo.gpus.push_back(links_of(m, *r, switched));
  for (const auto& [key, c] : m.pair_cell) {
    multigpu::PairTopology p;
    p.a = key.first;
    p.b = key.second;
    p.pcie_path = pcie_label(c);
    if (p.pcie_path.empty() && !nvlinks_of(c)) {
      part.skipped.push_back("GPU" + std::to_string(p.a) + "-GPU" + std::to_string(p.b) + ": unknown link \"" + c + "\"");
      continue;
    }
    topo.pairs.push_back(p);
  }
  multigpu::classify_pairs(topo);
  for (auto& g : topo.gpus) {
    g.bus_id.clear();
    g.nvlink_remotes.clear();
  }
  // classify_pairs names a pair by what it computed; keep the cell exactly as printed.
  for (auto& p : topo.pairs) p.label = m.pair_cell[{p.a, p.b}];
  return topo;
}

// GpuInfo of a GPU row: index, NUMA node, affinity as printed.
GpuInfo gpu_of(const Header& header, const Row& r, const SourceRef& source) {
  GpuInfo g;
  g.index = *gpu_number(r.label);
  g.extra = json::object();
  json im = json::object();
  std::size_t k = 0;
  auto next = [&]() -> std::optional<std::string> {
    if (k < r.trailer.size()) return r.trailer[k++];
    return std::nullopt;
  };
  if (header.cpu_affinity)
    if (auto v = next()) im["cpu_affinity"] = *v;
  if (header.numa_affinity)
    if (auto v = next()) {
      im["numa_affinity"] = *v;
      const bool plain = !v->empty() && std::all_of(v->begin(), v->end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
      if (plain) g.numa_node = smi::integer(*v);
    }
  if (header.gpu_numa_id)
    if (auto v = next()) im["gpu_numa_id"] = *v;
  if (!im.empty()) g.extra["imported"] = im;
  SourceRef s = source;
  s.line = r.line;
  g.extra["source"] = source_json(s);
  return g;
}

// NICs (any non-GPU column): their path to each GPU, and the device name from the NIC legend.
json nics_of(const Matrix& m) {
  json nics = json::array();
  for (const auto& c : m.header.columns) {
    if (gpu_number(c)) continue;
    json n = json::object();
    n["name"] = c;
    if (auto it = m.nic_legend.find(c); it != m.nic_legend.end()) n["device"] = it->second;
    json to = json::object();
    for (const Row* r : m.gpu_rows)
      if (auto v = m.cell(*r, c); !v.empty()) to[r->label] = v;
    n["to_gpus"] = to;
    nics.push_back(n);
  }
  return nics;
}

ImportPart parse_topo(std::string_view raw, const std::string& file) {
  const std::string clean = smi::strip_ansi(raw);
  const std::string_view text = clean;
  ImportPart part;
  part.source = {"nvidia-smi", "", file, 0};
  const auto lines = smi::numbered_lines(text);
  auto header = find_header(lines);
  if (!header && (header = headerless_header(lines)))
    part.warnings.push_back("line " + std::to_string(header->line + 1) +
                            ": the matrix has no header line; its columns read as GPU0..GPU" +
                            std::to_string(header->columns.size() - 1) + " in row order, then CPU and NUMA affinity");
  if (!header) {
    part.skipped.push_back("no topo -m header (a line starting with GPU0 GPU1 ...): nothing was read");
    return part;
  }
  part.source.line = header->line;
  Matrix m;
  m.header = std::move(*header);
  for (std::size_t i = 0; i < m.header.columns.size(); ++i) m.col_index[m.header.columns[i]] = i;
  read_rows(m, lines, part);
  find_gpu_rows(m, lines.empty() ? 0 : lines.back().first, part);
  part.topology = topology_of(m, part);
  for (const Row* r : m.gpu_rows) part.gpus.push_back(gpu_of(m.header, *r, part.source));

  json im = json::object();
  if (json nics = nics_of(m); !nics.empty()) im["nics"] = std::move(nics);
  if (!m.nic_legend.empty()) im["nic_legend"] = m.nic_legend;
  // `nvidia-smi topo -p2p` pasted below it: the peer-access statuses, for the no-peer-access rule.
  if (json p2p = topo_p2p_matrices(raw); !p2p.empty()) im["p2p_matrices"] = std::move(p2p);
  if (!im.empty()) part.imported = json{{"nvidia-smi-topo", im}};
  if (m.gpu_rows.empty()) part.skipped.push_back("line " + std::to_string(m.header.line) + ": a header but no GPU rows");
  return part;
}

const RegisterFormat reg{{"nvidia-smi-topo", "nvidia-smi topo -m: GPU/NIC link matrix and affinity", detect_topo, parse_topo}};

}  // namespace

}  // namespace gpuaudit::imports
