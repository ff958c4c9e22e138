#include "import/rows/nvbandwidth_rows.hpp"

#include "core/stats.hpp"
#include "import/text/bench_text.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::imports::nvb {

using namespace bench;

std::optional<int> cuda_version_number(std::string_view text) {
  text = trim(text);
  // "13.3 (13030)": the number in parentheses.
  if (const auto open = text.find('('); open != std::string_view::npos) {
    const auto close = text.find(')', open);
    if (close != std::string_view::npos)
      if (const auto v = to_int(trim(text.substr(open + 1, close - open - 1))); v && *v > 0 && *v < 1000000)
        return static_cast<int>(*v);
  }
  const auto tok = split_ws(text);
  if (!tok.empty())
    if (const auto v = to_int(tok[0]); v && *v > 0 && *v < 1000000) return static_cast<int>(*v);
  return std::nullopt;
}

std::string bus_id_from_nvbandwidth(std::string_view bus) {
  // domain (8 hex) : bus (2) : device (2)
  if (bus.size() != 14 || bus[8] != ':' || bus[11] != ':') return "";
  std::string out;
  for (char c : bus) {
    if (c != ':' && !std::isxdigit(static_cast<unsigned char>(c))) return "";
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out + ".0";
}

namespace {

struct Unit {
  std::string unit = "GB/s";
  bool higher_is_better = true;
};

Unit unit_of(const std::string& description) {
  if (contains(description, "(ns)")) return {"ns", false};
  if (contains(description, "(us)")) return {"us", false};
  return {};
}

std::optional<int> label_index(const std::string& label) {
  const auto v = to_int(trim(label));
  if (!v || *v < 0 || *v > 4096) return std::nullopt;
  return static_cast<int>(*v);
}

// The values of a matrix that are figures: every measured cell, leaving out the diagonal of a
// GPU x GPU matrix (nvbandwidth prints 0.00 or N/A there: a GPU is not its own peer) and zeros.
std::vector<double> figure_cells(const Matrix& m) {
  const bool square = m.cells.size() > 1 && m.row_labels.size() == m.column_labels.size();
  std::vector<double> out;
  for (std::size_t r = 0; r < m.cells.size(); ++r)
    for (std::size_t c = 0; c < m.cells[r].size(); ++c) {
      if (square && r == c) continue;
      if (m.cells[r][c] && *m.cells[r][c] > 0) out.push_back(*m.cells[r][c]);
    }
  return out;
}

json matrix_json(const Matrix& m) {
  json values = json::array();
  for (const auto& row : m.cells) {
    json r = json::array();
    for (const auto& v : row) r.push_back(v ? json(*v) : json(nullptr));
    values.push_back(r);
  }
  json j = {{"description", m.description}, {"row_labels", m.row_labels}, {"column_labels", m.column_labels},
            {"values", values}};
  if (m.sum) j["sum"] = *m.sum;
  if (m.coefficient_of_variation) j["coefficient_of_variation"] = *m.coefficient_of_variation;
  return j;
}

SourceRef source_of(const Run& run, const ImportPart& part) {
  SourceRef s = part.source;
  s.version = run.version;
  return s;
}

BenchmarkResult matrix_row(const Run& run, const Testcase& tc, const Matrix& m, const ImportPart& part) {
  const Unit u = unit_of(m.description);
  BenchmarkResult r = import_row("nvbandwidth/" + (m.key.empty() ? tc.name : m.key), std::nullopt, u.unit,
                                 source_of(run, part), m.line ? m.line : tc.line);
  r.higher_is_better = u.higher_is_better;
  r.params = {{"testcase", tc.name}};
  r.extra["matrix"] = matrix_json(m);
  const std::vector<double> cells = figure_cells(m);
  const bool one_line = m.cells.size() == 1 || (!m.cells.empty() && m.cells.front().size() == 1);
  if (cells.empty()) {
    r.status = "not-applicable";
    r.message = "no cell of the matrix was measured (N/A: no peer access, or the testcase did not apply)";
    return r;
  }
  if (one_line && u.higher_is_better) {
    // A CPU x GPU line: the tool's own figure is the SUM over the GPUs (each copied alone).
    double sum = 0;
    for (double v : cells) sum += v;
    set_single_figure(r, m.sum ? *m.sum : sum);
    r.params["figure"] = "sum";
  } else {
    r.status = "ok";
    r.samples = cells;
    r.summary = summarize(r.samples);
    r.params["figure"] = "median cell";
  }
  if (m.sum) r.derived["sum"] = *m.sum;
  r.derived["min_cell"] = *std::min_element(cells.begin(), cells.end());
  r.derived["max_cell"] = *std::max_element(cells.begin(), cells.end());
  r.derived["cells_measured"] = static_cast<double>(cells.size());
  if (m.coefficient_of_variation) r.derived["coefficient_of_variation"] = *m.coefficient_of_variation;
  return r;
}

// host_to_device_memcpy_ce / device_to_host_memcpy_ce: one pinned-memory copy engine copy per GPU,
// bytes / time, each GPU alone: what gpuaudit's pcie/h2d_pinned and pcie/d2h_pinned measure.
void add_pcie_rows(const Run& run, const Matrix& m, const std::string& name, const ImportPart& part,
                   std::vector<BenchmarkResult>& out) {
  if (m.cells.size() != 1) return;
  for (std::size_t c = 0; c < m.cells[0].size() && c < m.column_labels.size(); ++c) {
    const auto gpu = label_index(m.column_labels[c]);
    if (!gpu || !m.cells[0][c] || *m.cells[0][c] <= 0) continue;
    BenchmarkResult r = import_row(name, *gpu, "GB/s", source_of(run, part), m.line);
    r.params = {{"method", "nvbandwidth " + m.key + " (copy engine, pinned host memory)"}};
    set_single_figure(r, *m.cells[0][c]);
    out.push_back(std::move(r));
  }
}

// device_to_device_memcpy_write_ce: a copy engine copy from the row GPU to the column GPU issued
// in the source's context, with peer access enabled, one pair at a time: gpuaudit's p2p/matrix
// with peer access on (cudaMemcpyPeerAsync). Cells are N/A where peer access is not possible.
void add_p2p_row(const Run& run, const Matrix& m, const ImportPart& part, std::vector<BenchmarkResult>& out) {
  BenchmarkResult r = import_row("p2p/matrix", std::nullopt, "GB/s", source_of(run, part), m.line);
  r.params = {{"peer_access", true},
              {"direction", "one-way"},
              {"method", "nvbandwidth device_to_device_memcpy_write_ce (cuMemcpyAsync, source context)"}};
  json pairs = json::array();
  int measured = 0, without = 0;
  for (std::size_t row = 0; row < m.cells.size() && row < m.row_labels.size(); ++row)
    for (std::size_t c = 0; c < m.cells[row].size() && c < m.column_labels.size(); ++c) {
      const auto src = label_index(m.row_labels[row]);
      const auto dst = label_index(m.column_labels[c]);
      if (!src || !dst || *src == *dst) continue;
      json e = {{"src", *src}, {"dst", *dst}};
      if (m.cells[row][c] && *m.cells[row][c] > 0) {
        e["gbs"] = *m.cells[row][c];
        r.samples.push_back(*m.cells[row][c]);
        ++measured;
      } else {
        e["skipped"] = "N/A in nvbandwidth's matrix: no peer access between these GPUs";
        ++without;
      }
      pairs.push_back(e);
    }
  r.extra["pairs"] = pairs;
  if (measured == 0) {
    r.status = "not-applicable";
    r.message = "no GPU pair allows peer access (every cell N/A)";
    r.samples.clear();
  } else {
    r.summary = summarize(r.samples);
    r.derived["min_pair_gbs"] = r.summary->min;
    r.derived["max_pair_gbs"] = r.summary->max;
    r.derived["pairs_measured"] = measured;
    if (without) r.derived["pairs_without_peer_access"] = without;
  }
  out.push_back(std::move(r));
}

}  // namespace

void fill_part(const Run& run, ImportPart& part) {
  part.source.version = run.version;
  if (!run.driver_version.empty()) part.software.driver_version = run.driver_version;
  part.software.cuda_driver_version = run.cuda_driver;
  part.software.cuda_runtime_version = run.cuda_runtime;
  if (!run.hostname.empty()) part.host.hostname = run.hostname;
  for (const auto& d : run.devices) {
    if (!run.hostname.empty() && !d.host.empty() && d.host != run.hostname) continue;  // other nodes
    GpuInfo g;
    g.index = d.index;
    g.name = d.name;
    g.pci_bus_id = bus_id_from_nvbandwidth(d.bus);
    g.extra = json::object();
    g.extra["source"] = source_json(source_of(run, part));
    part.gpus.push_back(std::move(g));
  }
  json cases = json::array();
  for (const auto& tc : run.testcases) {
    json c = {{"name", tc.name}, {"status", tc.status}};
    if (!tc.message.empty()) c["message"] = tc.message;
    cases.push_back(c);
    if (tc.matrices.empty()) {
      BenchmarkResult r = import_row("nvbandwidth/" + tc.name, std::nullopt, "GB/s", source_of(run, part), tc.line);
      r.params = {{"testcase", tc.name}};
      if (tc.status == "Waived" || tc.status == "Not Found") {
        r.status = "skipped";
        r.message = "nvbandwidth: " + tc.status + (tc.message.empty() ? "" : ": " + tc.message);
      } else {
        // "Invalid value when checking the pattern": the copy's destination did not hold what was
        // sent (nvbandwidth 0.4+ verifies every copy), a wrong result rather than a failed call.
        r.status = contains(tc.message, "checking the pattern") ? "check-failed" : "error";
        r.message = tc.message.empty() ? "nvbandwidth printed no result for this testcase" : tc.message;
      }
      part.benchmarks.push_back(std::move(r));
      continue;
    }
    for (const auto& m : tc.matrices) {
      part.benchmarks.push_back(matrix_row(run, tc, m, part));
      if (m.key == "host_to_device_memcpy_ce") add_pcie_rows(run, m, "pcie/h2d_pinned", part, part.benchmarks);
      if (m.key == "device_to_host_memcpy_ce") add_pcie_rows(run, m, "pcie/d2h_pinned", part, part.benchmarks);
      if (m.key == "device_to_device_memcpy_write_ce") add_p2p_row(run, m, part, part.benchmarks);
    }
  }
  json info = json::object();
  if (!run.version.empty()) info["version"] = run.version;
  if (!run.git_version.empty()) info["git_version"] = run.git_version;
  info["testcases"] = cases;
  if (!run.errors.empty()) info["errors"] = run.errors;
  if (!run.warnings.empty()) info["warnings"] = run.warnings;
  part.imported["nvbandwidth"] = info;
}

}  // namespace gpuaudit::imports::nvb
