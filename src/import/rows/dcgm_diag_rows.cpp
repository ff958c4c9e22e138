#include "import/rows/dcgm_diag_rows.hpp"

#include "core/join.hpp"
#include "core/kernel_event.hpp"
#include "import/text/bench_text.hpp"
#include "import/rows/dcgm_reasons.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace gpuaudit::imports::dcgm {

using namespace bench;

std::string normalize_result(std::string_view word) {
  const std::string w = lower(trim(word));
  if (w == "pass" || w == "passed") return "Pass";
  if (w == "fail" || w == "failed") return "Fail";
  if (w == "warn" || w == "warning") return "Warn";
  if (w == "skip" || w == "skipped") return "Skip";
  if (w == "not run" || w == "notrun" || w == "not_run") return "Not Run";
  return "";
}

std::string test_slug(std::string_view name) {
  std::string out;
  for (char c : trim(name)) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out.empty() ? "unnamed" : out;
}

namespace {

// The worst result: Fail > Warn > Pass > Skip > Not Run.
int rank(const std::string& r) {
  if (r == "Fail") return 4;
  if (r == "Warn") return 3;
  if (r == "Pass") return 2;
  if (r == "Skip") return 1;
  return 0;
}

// Figures the diagnostics state in their messages: "... 24.47 GB/s", "... 41213.2 GFLOPS".
json reported_figures(const std::vector<std::string>& texts) {
  json out = json::array();
  for (const auto& t : texts) {
    const auto tok = split_ws(t);
    for (std::size_t i = 0; i + 1 < tok.size(); ++i) {
      std::string unit(tok[i + 1]);
      while (!unit.empty() && (unit.back() == '.' || unit.back() == ',' || unit.back() == ')')) unit.pop_back();
      if (unit != "GB/s" && unit != "GFLOPS" && unit != "GFLOP/s" && unit != "TFLOPS" && unit != "W" && unit != "C")
        continue;
      std::string_view num = tok[i];
      while (!num.empty() && (num.front() == '(' || num.front() == ':')) num.remove_prefix(1);
      if (const auto v = to_double(num)) out.push_back({{"value", *v}, {"unit", unit}, {"text", t}});
    }
  }
  return out;
}

// An Xid DCGM saw during `test` (its row at `line`), as the kernel-log importer records one
// (core/kernel_event.hpp) so that the same rules judge it, but with extra.from saying that
// dcgmi diag reported it: its line is the diagnostic's, not a kernel log's.
KernelEvent dcgm_xid(int xid, int gpu, const std::string& test, int line) {
  KernelEvent e;
  e.kind = "xid";
  e.xid = xid;
  e.line = line;
  e.message = "DCGM saw Xid " + std::to_string(xid) + " on GPU " + std::to_string(gpu) + " during its " + test + " test";
  e.extra = {{"from", "dcgmi diag"}, {"test", test}};
  return e;
}

// DCGM watched the GPUs while its tests loaded them: what its messages state about a GPU's clocks
// and heat (dcgm_reasons.hpp) becomes that GPU's `telemetry/under-load` row, read by the rules
// like an nvidia-smi log taken under load; its Xids, ECC counts and NVLink error counts become
// the GPU's state, where the rules read the same from the kernel log and nvidia-smi -q. The GPU
// itself is known by its index only.
void add_signs(const Report& r, ImportPart& part) {
  std::map<int, GpuSigns> signs;
  std::map<int, std::pair<std::string, int>> first;  // GPU -> the test and line that said it
  std::map<int, std::vector<KernelEvent>> events;    // GPU -> its Xids, each once, first test first
  for (const auto& t : r.tests)
    for (const auto* list : {&t.errors, &t.warnings, &t.info})
      for (const auto& m : *list) {
        std::map<int, GpuSigns> here;
        read_signs(m, here);
        for (auto& [gpu, s] : here) {
          GpuSigns& g = signs[gpu];
          g.reasons.insert(s.reasons.begin(), s.reasons.end());
          if (s.temperature_c) g.temperature_c = std::max(g.temperature_c.value_or(*s.temperature_c), *s.temperature_c);
          if (s.thermal_violation_s)
            g.thermal_violation_s = std::max(g.thermal_violation_s.value_or(0.0), *s.thermal_violation_s);
          g.remap_pending = g.remap_pending || s.remap_pending;
          g.remap_failure = g.remap_failure || s.remap_failure;
          for (const int x : s.xids)
            if (g.xids.insert(x).second) events[gpu].push_back(dcgm_xid(x, gpu, t.name, t.line));
          if (s.dbe_volatile) g.dbe_volatile = std::max(g.dbe_volatile.value_or(0), *s.dbe_volatile);
          if (s.sbe_volatile) g.sbe_volatile = std::max(g.sbe_volatile.value_or(0), *s.sbe_volatile);
          g.nvlink_errors.insert(g.nvlink_errors.end(), s.nvlink_errors.begin(), s.nvlink_errors.end());
          g.persistence_off = g.persistence_off || s.persistence_off;
          first.emplace(gpu, std::make_pair(t.name, t.line));
        }
      }
  // "GPU Device IDs Detected | 2330,2330,...": the PCI device ids of the GPUs DCGM ran on, in its
  // group's order, which need not be the GPU ids' (`-i 2,3`). Only when every id is the same is each
  // GPU's known whatever the order: the usual board of one model, named then by its PCI id.
  std::optional<std::string> one_id;
  for (const auto& id : r.device_ids) {
    const bool hex = id.size() == 4 && std::all_of(id.begin(), id.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
    if (!hex || (one_id && *one_id != lower(id))) {
      one_id.reset();
      break;
    }
    one_id = lower(id);
  }
  for (const auto& [gpu, s] : signs) {
    SourceRef src = part.source;
    src.line = first[gpu].second;
    GpuInfo g;
    g.index = gpu;
    if (one_id) g.pci_device_id = "10de:" + *one_id;
    g.extra = json::object();
    g.extra["source"] = source_json(src);
    // Row-remap state is the GPU's, read by DCGM from NVML as nvidia-smi -q prints it.
    if (s.remap_pending) g.ecc.remap_pending = true;
    if (s.remap_failure) g.ecc.remap_failure = true;
    // DCGM counts NVML's volatile ECC counters, the ones nvidia-smi -q prints as "Volatile".
    if (s.dbe_volatile) g.ecc.volatile_uncorrected = s.dbe_volatile;
    if (s.sbe_volatile) g.ecc.volatile_corrected = s.sbe_volatile;
    if (s.persistence_off) g.persistence_mode = false;
    if (const auto ev = events.find(gpu); ev != events.end()) {
      json list = json::array();
      for (const auto& e : ev->second) list.push_back(e);
      g.extra[kKernelEventsKey] = list;
    }
    // NVLink error counts have no field of their own: kept beside the links like nvlink -e's counters.
    if (!s.nvlink_errors.empty()) {
      json list = json::array();
      for (const auto& n : s.nvlink_errors)
        list.push_back({{"field", n.field}, {n.per_second ? "per_second" : "count", n.count}, {"from", "dcgmi diag"}});
      g.nvlink.extra = {{"dcgm_errors", list}};
    }
    part.gpus.push_back(std::move(g));
    // Only clocks and heat make the load's telemetry row; a memory message alone says nothing of them.
    if (s.reasons.empty() && !s.temperature_c && !s.thermal_violation_s) continue;

    BenchmarkResult row;
    row.name = kUnderLoadRow;
    row.gpu = gpu;
    row.status = "ok";
    row.unit = "";
    row.params = {{"from", "dcgmi diag"}, {"test", first[gpu].first}, {"load_criterion", "during a DCGM diagnostic test"}};
    TelemetrySummary tel;
    tel.samples = 1;
    tel.clock_event_reasons.assign(s.reasons.begin(), s.reasons.end());
    if (s.temperature_c) tel.temperature_c = Range{*s.temperature_c, *s.temperature_c, *s.temperature_c};
    if (s.thermal_violation_s) tel.extra = {{"thermal_violation_s", *s.thermal_violation_s}};
    row.telemetry = tel;
    row.message = "dcgmi diag (" + first[gpu].first + ") reported" +
                  (s.reasons.empty() ? std::string() : " clock-event reasons " + join(s.reasons)) +
                  (s.temperature_c ? std::string(s.reasons.empty() ? "" : " and") + " a temperature of " + std::to_string(static_cast<int>(*s.temperature_c)) + " C" : std::string());
    row.extra = json::object();
    row.extra["source"] = source_json(src);
    part.benchmarks.push_back(std::move(row));
  }
}

}  // namespace

void fill_part(const Report& r, ImportPart& part) {
  part.source.version = r.dcgm_version;
  if (!r.driver_version.empty()) part.software.driver_version = r.driver_version;
  json tests = json::array();
  for (const auto& t : r.tests) {
    std::string overall = t.result;
    for (const auto& [gpu, res] : t.per_gpu)
      if (rank(res) > rank(overall)) overall = res;
    json j = {{"category", t.category}, {"name", t.name}, {"result", overall}};
    if (!t.per_gpu.empty()) {
      json g = json::object();
      for (const auto& [gpu, res] : t.per_gpu) g[std::to_string(gpu)] = res;
      j["gpus"] = g;
    }
    if (!t.errors.empty()) j["errors"] = t.errors;
    if (!t.warnings.empty()) j["warnings"] = t.warnings;
    if (!t.info.empty()) j["info"] = t.info;
    tests.push_back(j);

    SourceRef s = part.source;
    s.line = t.line;
    BenchmarkResult row;
    row.name = "dcgm/" + test_slug(t.name);
    row.unit = "";
    row.params = {{"test", t.name}, {"category", t.category}, {"result", overall}};
    row.extra = json::object();
    row.extra["source"] = source_json(s);
    if (!t.per_gpu.empty()) row.extra["gpus"] = j["gpus"];
    std::vector<std::string> all = t.errors;
    all.insert(all.end(), t.warnings.begin(), t.warnings.end());
    all.insert(all.end(), t.info.begin(), t.info.end());
    if (!all.empty()) row.extra["messages"] = all;
    if (const json figs = reported_figures(all); !figs.empty()) row.extra["reported"] = figs;
    if (overall == "Fail") {
      row.status = "check-failed";
      // DCGM 2.x/3.x put a failure's reason in a Warning row, 4.x in an Error row.
      const std::vector<std::string>& why = t.errors.empty() ? t.warnings : t.errors;
      row.message = "dcgmi diag: " + t.name + " failed" + (why.empty() ? "" : ": " + why.front());
    } else if (overall == "Skip" || overall == "Not Run" || overall.empty()) {
      row.status = "skipped";
      row.message = "dcgmi diag: " + t.name + (overall.empty() ? " (no result)" : " " + overall);
    } else {
      row.status = "ok";
      if (overall == "Warn")
        row.message = "dcgmi diag: " + t.name + " passed with a warning" +
                      (t.warnings.empty() ? "" : ": " + t.warnings.front());
    }
    part.benchmarks.push_back(std::move(row));
  }
  json info = json::object();
  if (!r.dcgm_version.empty()) info["dcgm_version"] = r.dcgm_version;
  if (!r.driver_version.empty()) info["driver_version"] = r.driver_version;
  if (!r.device_ids.empty()) info["gpu_device_ids"] = r.device_ids;
  info["tests"] = tests;
  if (!r.notes.empty()) info["notes"] = r.notes;
  part.imported["dcgmi-diag"] = info;
  add_signs(r, part);
}

}  // namespace gpuaudit::imports::dcgm
