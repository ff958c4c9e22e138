// CUDA samples bandwidthTest (Samples/1_Utilities/bandwidthTest; removed from cuda-samples in
// 2025, still shipped prebuilt as extras/demo_suite/bandwidthTest in the toolkits):
//   [CUDA Bandwidth Test] - Starting...
//    Device 0: NVIDIA H100 80GB HBM3
//    Quick Mode                                   (or Range Mode / Shmoo Mode: one line per size)
//    Host to Device Bandwidth, 1 Device(s)
//    PINNED Memory Transfers                      (PAGEABLE with --memory=pageable)
//      Transfer Size (Bytes)	Bandwidth(GB/s)     ("Bandwidth(MB/s)" in the older builds)
//      32000000			24.6
//   Result = PASS
// With --csv every result is one line instead of the tables (superbenchmark runs it so, in shmoo
// mode: 81 sizes per direction):
//   bandwidthTest-H2D-Pinned, Bandwidth = 12.4 GB/s, Time = 0.00549 s, Size = 68000000 bytes, NumDevsUsed = 1
// (D2H-Pinned, H2D-Paged, D2D; "-WriteCombined" appended with --wc; MB/s in the older builds).
// Consecutive lines of one configuration are one measurement, like one table.
// Units, from the samples' source: the GB/s builds (the cuda-samples repository from CUDA 10.1,
// 2019, quick mode 32,000,000 bytes) compute bytes * iterations / 1e9 / seconds. The MB/s builds
// (toolkit samples up to CUDA 10.0 and the demo_suite binary, quick mode 33,554,432 bytes) compute
// 2^10 * bytes * iterations / (ms * 2^20) = bytes / s / 1.024e6, so GB/s = MB/s x 1.024e-3 (the
// CUDA 3-4 "cutil" builds used 2^20 bytes/s, 2.4% more: not told apart from the text). Both count
// a device-to-device copy as 2 x bytes (read + write). With several devices (--device=all) the
// figure is the sum over them. Mapping: docs/import-benchmarks.md.
#include "import/text/bench_text.hpp"
#include "import/import.hpp"
#include "import/text/line_parser.hpp"

#include <algorithm>
#include <map>

namespace gpuaudit::imports {

namespace {

using namespace bench;

struct Measurement {
  std::string direction;  // "h2d" | "d2h" | "d2d"
  int devices = 1;
  std::string memory = "pinned";  // pinned | pageable
  bool write_combined = false;
  std::vector<std::pair<long long, double>> points;  // bytes, value as printed
  bool mbs = false;
  int line = 0;
  std::optional<int> host_node;  // the NUMA node of the host buffer: the run's numactl --membind (else --cpunodebind)
  bool csv = false;              // from --csv result lines, not a table
};

// The host memory node a `numactl ... bandwidthTest` prompt line binds the run to: --membind /
// -m (memory), else --cpunodebind / -N (CPUs, whose node then holds the buffers by local
// allocation). Only a single node counts: "-m 0,1" or "--interleave" places memory on several.
std::optional<int> numactl_node(std::string_view line) {
  if (!contains(line, "numactl")) return std::nullopt;
  const auto t = split_ws(line);
  std::optional<int> mem, cpu;
  auto node = [](std::string_view v) -> std::optional<int> {
    const auto n = to_int(v);
    if (!n || *n < 0 || *n > 1024) return std::nullopt;
    return static_cast<int>(*n);
  };
  for (std::size_t i = 0; i < t.size(); ++i) {
    const std::string_view a = t[i];
    const std::string_view next = i + 1 < t.size() ? t[i + 1] : std::string_view();
    auto value = [&](std::string_view shortf, std::string_view longf) -> std::optional<std::optional<int>> {
      if (a == shortf || a == longf) return node(next);
      if (starts_with(a, std::string(longf) + "=")) return node(a.substr(longf.size() + 1));
      if (a.size() > shortf.size() && starts_with(a, shortf) && a[shortf.size()] != '-') return node(a.substr(shortf.size()));
      return std::nullopt;
    };
    if (auto v = value("-m", "--membind")) mem = *v;
    else if (auto w = value("-N", "--cpunodebind")) cpu = *w;
  }
  return mem ? mem : cpu;
}

struct BwParser {
  ImportPart part;
  std::vector<std::pair<int, std::string>> devices;  // index, name
  std::vector<Measurement> ms;
  std::string mode;  // Quick | Range | Shmoo
  std::string result;
  bool seen = false, in_table = false, wc = false;
  std::string memory = "pinned";
  std::optional<int> host_node;  // of the run that follows a numactl prompt line

  void on_line(std::string_view raw, int ln) {
    std::string_view line = trim(raw);
    while (!line.empty() && line.front() == '>') line = trim(line.substr(1));  // quoted in Markdown
    if (line.empty()) {
      in_table = false;
      return;
    }
    if (contains(line, "numactl") && contains(line, "bandwidthTest")) {
      host_node = numactl_node(line);  // a new run starts, on this node (or on none said)
      return;
    }
    if (contains(line, "CUDA Bandwidth Test]")) {  // also a paste that lost the leading '['
      seen = true;
      return;
    }
    if (starts_with(line, "Device ") && line.find(':') != std::string_view::npos) {
      const auto colon = line.find(':');
      if (const auto idx = to_int(trim(line.substr(7, colon - 7))); idx && *idx >= 0 && *idx < 4096) {
        // A second run in the same paste names its device again: still one GPU.
        std::pair<int, std::string> d{static_cast<int>(*idx), std::string(trim(line.substr(colon + 1)))};
        if (std::find(devices.begin(), devices.end(), d) == devices.end()) devices.push_back(std::move(d));
        seen = true;
      }
      return;
    }
    if (line == "Quick Mode" || line == "Range Mode" || line == "Shmoo Mode") {
      mode = std::string(line.substr(0, line.find(' ')));
      return;
    }
    if (contains(line, "Write-Combined")) {
      wc = true;
      return;
    }
    if (contains(line, "Bandwidth, ") && contains(line, "Device(s)")) {
      Measurement m;
      m.direction = starts_with(line, "Host to Device")     ? "h2d"
                    : starts_with(line, "Device to Host")   ? "d2h"
                    : starts_with(line, "Device to Device") ? "d2d"
                                                            : "";
      const auto t = split_ws(line);
      for (std::size_t i = 0; i + 1 < t.size(); ++i)
        if (t[i + 1] == "Device(s)")
          if (const auto n = to_int(t[i])) m.devices = static_cast<int>(*n);
      m.line = ln;
      m.write_combined = wc;
      m.host_node = host_node;
      ms.push_back(std::move(m));
      seen = true;
      return;
    }
    if (contains(line, "Memory Transfers")) {
      memory = starts_with(line, "PAGEABLE") ? "pageable" : "pinned";
      if (!ms.empty()) ms.back().memory = memory;
      return;
    }
    if (starts_with(line, "Transfer Size")) {
      if (!ms.empty()) ms.back().mbs = contains(line, "MB/s");
      in_table = true;
      return;
    }
    if (starts_with(line, "Result =")) {
      result = std::string(trim(line.substr(8)));
      return;
    }
    if (starts_with(line, "bandwidthTest-") && contains(line, "Bandwidth =")) {
      csv_line(line, ln);
      return;
    }
    if (in_table && !ms.empty()) {
      const auto t = split_ws(line);
      const auto bytes = t.size() == 2 ? to_int(t[0]) : std::nullopt;
      const auto value = t.size() == 2 ? to_double(t[1]) : std::nullopt;
      if (!bytes || !value || *bytes <= 0) {
        part.skipped.push_back("line " + std::to_string(ln) + ": not a \"size bandwidth\" row (cut halfway?)");
        in_table = false;
        return;
      }
      ms.back().points.emplace_back(*bytes, *value);
    }
  }

  // "bandwidthTest-H2D-Pinned, Bandwidth = 12.4 GB/s, Time = 0.00549 s, Size = 68000000 bytes, NumDevsUsed = 1"
  void csv_line(std::string_view line, int ln) {
    seen = true;
    std::vector<std::string_view> fields;
    for (std::size_t at = 0; at <= line.size();) {
      const std::size_t comma = std::min(line.find(',', at), line.size());
      fields.push_back(trim(line.substr(at, comma - at)));
      at = comma + 1;
    }
    const std::string_view config = fields.front().substr(14);  // after "bandwidthTest-"
    const std::string direction = starts_with(config, "H2D")   ? "h2d"
                                  : starts_with(config, "D2H") ? "d2h"
                                  : starts_with(config, "D2D") ? "d2d"
                                                               : "";
    std::optional<double> value;
    std::optional<long long> bytes;
    bool mbs = false;
    int devs = 1;
    for (std::string_view f : fields) {
      const std::size_t eq = f.find('=');
      if (eq == std::string_view::npos) continue;
      const std::string_view key = trim(f.substr(0, eq));
      const auto t = split_ws(f.substr(eq + 1));
      if (t.empty()) continue;
      if (key == "Bandwidth" && t.size() == 2 && (t[1] == "GB/s" || t[1] == "MB/s")) {
        value = to_double(t[0]);
        mbs = t[1] == "MB/s";
      } else if (key == "Size") {
        bytes = to_int(t[0]);
      } else if (key == "NumDevsUsed") {
        if (const auto n = to_int(t[0]); n && *n > 0 && *n < 4096) devs = static_cast<int>(*n);
      }
    }
    if (direction.empty() || !value || !bytes || *bytes <= 0 || *value < 0) {
      part.skipped.push_back("line " + std::to_string(ln) + ": a --csv result line without a direction, bandwidth or size");
      return;
    }
    const std::string mem = contains(config, "-Paged") || contains(config, "-Pageable") ? "pageable" : "pinned";
    const bool wcomb = contains(config, "WriteCombined");
    const bool same = !ms.empty() && ms.back().csv && ms.back().direction == direction && ms.back().memory == mem &&
                      ms.back().write_combined == wcomb && ms.back().devices == devs && ms.back().mbs == mbs;
    if (!same) {
      Measurement m;
      m.direction = direction;
      m.devices = devs;
      m.memory = mem;
      m.write_combined = wcomb;
      m.mbs = mbs;
      m.line = ln;
      m.host_node = host_node;
      m.csv = true;
      ms.push_back(std::move(m));
    }
    ms.back().points.emplace_back(*bytes, *value);
  }

  void finish() {
    if (seen) add_rows();
  }

  void add_rows() {
    bool any_mbs = false;
    // Runs of one direction pinned to different host NUMA nodes (numactl prompt lines): the first
    // keeps the figure's name, a run from another node is its `_remote` counterpart (rule_numa
    // compares the two and swaps them when the GPU's own node is known to be the other one).
    std::map<std::string, std::optional<int>> first_node;
    for (const auto& m : ms) {
      if (m.direction.empty() || m.points.empty()) {
        if (!m.direction.empty())
          part.skipped.push_back("line " + std::to_string(m.line) + ": a bandwidth section with no result row");
        continue;
      }
      any_mbs = any_mbs || m.mbs;
      const double to_gbs = m.mbs ? 1.024e-3 : 1.0;
      // The figure: the largest transfer (quick mode has one; range/shmoo sweep sizes).
      auto best = m.points.front();
      for (const auto& p : m.points)
        if (p.first >= best.first) best = p;
      const bool one_gpu = m.devices == 1 && devices.size() == 1;
      std::optional<int> gpu;
      if (one_gpu) gpu = devices.front().first;
      std::string name;
      if (m.direction == "d2d") name = "bandwidthTest/d2d";
      else if (!one_gpu || m.write_combined) name = "bandwidthTest/" + m.direction + "_" + m.memory;
      else name = "pcie/" + m.direction + "_" + m.memory;
      if (m.host_node) {
        auto [it, fresh] = first_node.emplace(name, m.host_node);
        if (!fresh && it->second && *it->second != *m.host_node && name.rfind("pcie/", 0) == 0) name += "_remote";
      }
      BenchmarkResult r = import_row(name, gpu, "GB/s", part.source, m.line);
      r.params = {{"memory", m.memory}, {"transfer_bytes", best.first}, {"devices", m.devices}};
      if (m.host_node) r.params["host_numa_node"] = *m.host_node;
      if (!mode.empty()) r.params["mode"] = mode;
      if (m.write_combined) r.params["write_combined"] = true;
      r.params["unit_printed"] = m.mbs ? "MB/s" : "GB/s";
      if (m.direction == "d2d") r.params["byte_counting"] = "2 x bytes / time (read + write)";
      if (m.devices > 1) r.message = "the sum over " + std::to_string(m.devices) + " devices (--device=all)";
      set_single_figure(r, best.second * to_gbs);
      r.extra["as_printed"] = best.second;
      if (m.points.size() > 1) {
        json sweep = json::array();
        for (const auto& [b, v] : m.points) sweep.push_back({{"bytes", b}, {"gbs", v * to_gbs}});
        r.extra["sweep"] = sweep;
      }
      part.benchmarks.push_back(std::move(r));
    }
    bool any_gbs = false;
    for (const auto& m : ms) any_gbs = any_gbs || (!m.mbs && !m.points.empty());
    if (any_gbs)
      part.warnings.push_back("bandwidthTest printed GB/s: read as 10^9 bytes/s (the cuda-samples builds since CUDA 10.1)");
    if (any_mbs)
      part.warnings.push_back(
          "bandwidthTest printed MB/s (a build older than the 2019 GB/s samples): read as 2^10 x bytes / (ms x 2^20) "
          "= 1.024e6 bytes/s per MB/s (CUDA 5-10 samples, the demo_suite binary); CUDA 3-4 builds used 2^20 bytes/s");
    for (const auto& [idx, name] : devices) {
      GpuInfo g;
      g.index = idx;
      g.name = name;
      g.extra = json::object();
      g.extra["source"] = source_json(part.source);
      part.gpus.push_back(std::move(g));
    }
    json info = json::object();
    if (!mode.empty()) info["mode"] = mode;
    if (!result.empty()) info["result"] = result;
    if (!info.empty()) part.imported["bandwidthTest"] = info;
    if (result == "FAIL")
      for (auto& b : part.benchmarks) b.message += (b.message.empty() ? "" : "; ") + std::string("the sample ended with Result = FAIL");
  }
};

int detect_bandwidth_test(std::string_view text) {
  int score = 0;
  if (contains(text, "[CUDA Bandwidth Test]")) score += 70;
  if (contains(text, "Transfer Size (Bytes)")) score += 30;
  if (contains(text, "Memory Transfers")) score += 20;
  if (contains(text, "Bandwidth, ") && contains(text, "Device(s)")) score += 20;
  if (contains(text, "bandwidthTest-") && contains(text, "NumDevsUsed")) score += 50;  // --csv lines
  return score >= 40 ? std::min(score, 100) : 0;
}

const RegisterFormat reg{
    {"bandwidthTest", "CUDA samples bandwidthTest output", detect_bandwidth_test, line_parse<BwParser>("bandwidthTest")}};

}  // namespace

}  // namespace gpuaudit::imports
