// GPU metrics in the Prometheus text format, as people paste a scrape (`curl localhost:9400/metrics`)
// into an issue: NVIDIA's DCGM-exporter (`DCGM_FI_*`, `DCGM_EXP_*`) and utkuozdemir's
// nvidia_gpu_exporter (`nvidia_smi_*`, the --query-gpu fields under Prometheus names). One scrape is
// one moment, so it reads like a `nvidia-smi -q`: each GPU's identity and state, plus a one-sample
// telemetry timeline when the scrape says how busy the GPU was.
//
// GPUs come from the labels: the UUID (DCGM `UUID`, nvidia_smi `uuid`), DCGM's `gpu` id (NVML's
// index) or nvidia_smi_gpu_info's `index`, `modelName` / `name`, `pci_bus_id`, `Hostname`. The
// fields map onto what nvidia-smi -q fills (the tables below, field by field in docs/import.md): clocks, power and limits, temperature, utilisation, memory, PCIe link, ECC and
// row-remap counts, the active clock-event reasons (DCGM's bitmask is NVML's
// nvmlClocksEventReasons, read bit by bit like -q's flags), MIG mode. MIG labels (`GPU_I_PROFILE`,
// `GPU_I_ID`; nvidia_smi_mig_info) put the board in MIG mode and list its instances in
// `mig.extra.gpu_instances`, as the MIG listing does. A nonzero DCGM_FI_DEV_XID_ERRORS (the last Xid
// DCGM saw since it started watching) and DCGM's per-Xid counts become the GPU's kernel events with
// `extra.from` "DCGM exporter", the way dcgmi diag's Xids do. NVLink error counters go beside the
// links (`nvlink.extra.dcgm_errors`), as dcgmi diag's. DCGM's "blank" values (dcgm_structs.h:
// DCGM_INT32_BLANK 0x7ffffff0, DCGM_INT64_BLANK 0x7ffffffffffffff0, DCGM_FP64_BLANK 2^47 and the
// sentinels above each: not found, not supported, no permission) are no reading.
#include "core/kernel_event.hpp"
#include "import/import.hpp"
#include "import/text/prometheus_text.hpp"
#include "import/text/smi_values.hpp"
#include "probe/clock_reasons.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

namespace gpuaudit::imports {

namespace {

using prom::label;
using prom::Sample;

// What one GPU's series say.
struct GpuSeries {
  std::optional<int> index;
  std::string uuid, name, bus_id, host;
  int line = 0;
  GpuInfo gpu;
  TimelineSample sample;
  std::uint64_t reason_mask = 0;
  bool reasons_read = false;
  std::optional<double> fb_used_mib, fb_reserved_mib;  // DCGM prints used and free, not always the total
  std::set<std::pair<int, std::string>> instances;  // MIG GPU instance id, profile
  std::vector<KernelEvent> xids;
  json nvlink_errors = json::array();
  json unmapped = json::object();
};

bool is_blank(double v) {
  return (v >= 2147483632.0 && v <= 2147483647.0) || v >= 140737488355328.0 || v < -1e15;  // dcgm_structs.h sentinels
}

// A UUID as printed, "GPU-" added where the exporter dropped it; "" for one of zeros (a masked capture).
std::string uuid_of(std::string u) {
  if (u.empty()) return u;
  if (std::all_of(u.begin(), u.end(), [](char c) { return c == '0' || c == '-'; })) return "";
  if (u.rfind("GPU-", 0) != 0 && u.rfind("MIG-", 0) != 0) u = "GPU-" + u;
  return u;
}

using Setter = std::function<void(GpuSeries&, double)>;

void reasons_bit(GpuSeries& g, std::uint64_t bit, double v) {
  g.reasons_read = true;
  if (v >= 0.5) g.reason_mask |= bit;
}

// DCGM field -> GpuInfo / sample (dcgm_fields.h names; units as DCGM documents them).
const std::map<std::string, Setter>& dcgm_fields() {
  static const std::map<std::string, Setter> m = {
      {"DCGM_FI_DEV_SM_CLOCK", [](GpuSeries& g, double v) { g.gpu.clocks.sm_now_mhz = static_cast<int>(std::lround(v)); g.sample.sm_clock_mhz = v; }},
      {"DCGM_FI_DEV_MEM_CLOCK", [](GpuSeries& g, double v) { g.gpu.clocks.mem_now_mhz = static_cast<int>(std::lround(v)); g.sample.mem_clock_mhz = v; }},
      {"DCGM_FI_DEV_MAX_SM_CLOCK", [](GpuSeries& g, double v) { g.gpu.clocks.sm_max_mhz = static_cast<int>(std::lround(v)); }},
      {"DCGM_FI_DEV_MAX_MEM_CLOCK", [](GpuSeries& g, double v) { g.gpu.clocks.mem_max_mhz = static_cast<int>(std::lround(v)); }},
      {"DCGM_FI_DEV_GPU_TEMP", [](GpuSeries& g, double v) { g.gpu.temperature_c = static_cast<int>(std::lround(v)); g.sample.temperature_c = v; }},
      {"DCGM_FI_DEV_POWER_USAGE", [](GpuSeries& g, double v) { g.gpu.power.usage_w = v; g.sample.power_w = v; }},
      {"DCGM_FI_DEV_POWER_MGMT_LIMIT", [](GpuSeries& g, double v) { g.gpu.power.limit_w = v; g.sample.power_limit_w = v; }},
      {"DCGM_FI_DEV_ENFORCED_POWER_LIMIT", [](GpuSeries& g, double v) { g.gpu.power.enforced_limit_w = v; }},
      {"DCGM_FI_DEV_POWER_MGMT_LIMIT_DEF", [](GpuSeries& g, double v) { g.gpu.power.default_limit_w = v; }},
      {"DCGM_FI_DEV_GPU_UTIL", [](GpuSeries& g, double v) { g.gpu.utilization_pct = v; g.sample.gpu_util_pct = v; }},
      {"DCGM_FI_DEV_MEM_COPY_UTIL", [](GpuSeries& g, double v) { g.sample.mem_util_pct = v; }},
      {"DCGM_FI_DEV_FB_TOTAL", [](GpuSeries& g, double v) { g.gpu.memory_total_bytes = static_cast<std::uint64_t>(v) << 20; }},
      {"DCGM_FI_DEV_FB_FREE", [](GpuSeries& g, double v) { g.gpu.memory_free_bytes = static_cast<std::uint64_t>(v) << 20; }},
      {"DCGM_FI_DEV_FB_USED", [](GpuSeries& g, double v) { g.fb_used_mib = v; }},
      {"DCGM_FI_DEV_FB_RESERVED", [](GpuSeries& g, double v) { g.fb_reserved_mib = v; }},
      {"DCGM_FI_DEV_PCIE_LINK_GEN", [](GpuSeries& g, double v) { g.gpu.pcie.gen_now = static_cast<int>(v); g.sample.pcie_gen = static_cast<int>(v); }},
      {"DCGM_FI_DEV_PCIE_LINK_WIDTH", [](GpuSeries& g, double v) { g.gpu.pcie.width_now = static_cast<int>(v); g.sample.pcie_width = static_cast<int>(v); }},
      {"DCGM_FI_DEV_PCIE_MAX_LINK_GEN", [](GpuSeries& g, double v) { g.gpu.pcie.gen_max = static_cast<int>(v); }},
      {"DCGM_FI_DEV_PCIE_MAX_LINK_WIDTH", [](GpuSeries& g, double v) { g.gpu.pcie.width_max = static_cast<int>(v); }},
      {"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", [](GpuSeries& g, double v) { g.gpu.ecc.volatile_uncorrected = static_cast<std::uint64_t>(v); }},
      {"DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", [](GpuSeries& g, double v) { g.gpu.ecc.volatile_corrected = static_cast<std::uint64_t>(v); }},
      {"DCGM_FI_DEV_ECC_DBE_AGG_TOTAL", [](GpuSeries& g, double v) { g.gpu.ecc.aggregate_uncorrected = static_cast<std::uint64_t>(v); }},
      {"DCGM_FI_DEV_RETIRED_DBE", [](GpuSeries& g, double v) { g.gpu.ecc.retired_pages = g.gpu.ecc.retired_pages.value_or(0) + static_cast<int>(v); }},
      {"DCGM_FI_DEV_RETIRED_SBE", [](GpuSeries& g, double v) { g.gpu.ecc.retired_pages = g.gpu.ecc.retired_pages.value_or(0) + static_cast<int>(v); }},
      {"DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", [](GpuSeries& g, double v) { g.gpu.ecc.remapped_rows_correctable = static_cast<int>(v); }},
      {"DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", [](GpuSeries& g, double v) { g.gpu.ecc.remapped_rows_uncorrectable = static_cast<int>(v); }},
      {"DCGM_FI_DEV_ROW_REMAP_FAILURE", [](GpuSeries& g, double v) { g.gpu.ecc.remap_failure = v >= 0.5; }},
      {"DCGM_FI_DEV_ROW_REMAP_PENDING", [](GpuSeries& g, double v) { g.gpu.ecc.remap_pending = v >= 0.5; }},
      {"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", [](GpuSeries& g, double v) { g.reasons_read = true; g.reason_mask |= static_cast<std::uint64_t>(v); }},
      {"DCGM_FI_DEV_CLOCKS_EVENT_REASONS", [](GpuSeries& g, double v) { g.reasons_read = true; g.reason_mask |= static_cast<std::uint64_t>(v); }},
  };
  return m;
}

// nvidia_gpu_exporter's names: the --query-gpu field, dots as underscores, with its unit.
const std::map<std::string, Setter>& smi_fields() {
  static const std::map<std::string, Setter> m = {
      {"nvidia_smi_clocks_current_sm_clock_hz", [](GpuSeries& g, double v) { g.gpu.clocks.sm_now_mhz = static_cast<int>(std::lround(v / 1e6)); g.sample.sm_clock_mhz = v / 1e6; }},
      {"nvidia_smi_clocks_current_memory_clock_hz", [](GpuSeries& g, double v) { g.gpu.clocks.mem_now_mhz = static_cast<int>(std::lround(v / 1e6)); g.sample.mem_clock_mhz = v / 1e6; }},
      {"nvidia_smi_clocks_max_sm_clock_hz", [](GpuSeries& g, double v) { g.gpu.clocks.sm_max_mhz = static_cast<int>(std::lround(v / 1e6)); }},
      {"nvidia_smi_clocks_max_memory_clock_hz", [](GpuSeries& g, double v) { g.gpu.clocks.mem_max_mhz = static_cast<int>(std::lround(v / 1e6)); }},
      {"nvidia_smi_temperature_gpu", [](GpuSeries& g, double v) { g.gpu.temperature_c = static_cast<int>(std::lround(v)); g.sample.temperature_c = v; }},
      {"nvidia_smi_power_draw_watts", [](GpuSeries& g, double v) { g.gpu.power.usage_w = v; g.sample.power_w = v; }},
      {"nvidia_smi_power_limit_watts", [](GpuSeries& g, double v) { g.gpu.power.limit_w = v; g.sample.power_limit_w = v; }},
      {"nvidia_smi_enforced_power_limit_watts", [](GpuSeries& g, double v) { g.gpu.power.enforced_limit_w = v; }},
      {"nvidia_smi_power_default_limit_watts", [](GpuSeries& g, double v) { g.gpu.power.default_limit_w = v; }},
      {"nvidia_smi_power_min_limit_watts", [](GpuSeries& g, double v) { g.gpu.power.min_limit_w = v; }},
      {"nvidia_smi_power_max_limit_watts", [](GpuSeries& g, double v) { g.gpu.power.max_limit_w = v; }},
      {"nvidia_smi_utilization_gpu_ratio", [](GpuSeries& g, double v) { g.gpu.utilization_pct = v * 100; g.sample.gpu_util_pct = v * 100; }},
      {"nvidia_smi_utilization_memory_ratio", [](GpuSeries& g, double v) { g.sample.mem_util_pct = v * 100; }},
      {"nvidia_smi_memory_total_bytes", [](GpuSeries& g, double v) { g.gpu.memory_total_bytes = static_cast<std::uint64_t>(v); }},
      {"nvidia_smi_memory_free_bytes", [](GpuSeries& g, double v) { g.gpu.memory_free_bytes = static_cast<std::uint64_t>(v); }},
      {"nvidia_smi_pcie_link_gen_current", [](GpuSeries& g, double v) { g.gpu.pcie.gen_now = static_cast<int>(v); g.sample.pcie_gen = static_cast<int>(v); }},
      {"nvidia_smi_pcie_link_gen_max", [](GpuSeries& g, double v) { g.gpu.pcie.gen_max = static_cast<int>(v); }},
      {"nvidia_smi_pcie_link_gen_gpumax", [](GpuSeries& g, double v) { g.gpu.pcie.gen_gpu_max = static_cast<int>(v); }},
      {"nvidia_smi_pcie_link_width_current", [](GpuSeries& g, double v) { g.gpu.pcie.width_now = static_cast<int>(v); g.sample.pcie_width = static_cast<int>(v); }},
      {"nvidia_smi_pcie_link_width_max", [](GpuSeries& g, double v) { g.gpu.pcie.width_max = static_cast<int>(v); }},
      {"nvidia_smi_mig_mode_current", [](GpuSeries& g, double v) { g.gpu.mig.mode_enabled = v >= 0.5; }},
      {"nvidia_smi_persistence_mode", [](GpuSeries& g, double v) { g.gpu.persistence_mode = v >= 0.5; }},
      {"nvidia_smi_ecc_mode_current", [](GpuSeries& g, double v) { g.gpu.ecc.enabled = v >= 0.5; }},
      {"nvidia_smi_ecc_errors_uncorrected_volatile_total", [](GpuSeries& g, double v) { g.gpu.ecc.volatile_uncorrected = static_cast<std::uint64_t>(v); }},
      {"nvidia_smi_ecc_errors_corrected_volatile_total", [](GpuSeries& g, double v) { g.gpu.ecc.volatile_corrected = static_cast<std::uint64_t>(v); }},
      {"nvidia_smi_ecc_errors_uncorrected_aggregate_total", [](GpuSeries& g, double v) { g.gpu.ecc.aggregate_uncorrected = static_cast<std::uint64_t>(v); }},
      {"nvidia_smi_remapped_rows_correctable", [](GpuSeries& g, double v) { g.gpu.ecc.remapped_rows_correctable = static_cast<int>(v); }},
      {"nvidia_smi_remapped_rows_uncorrectable", [](GpuSeries& g, double v) { g.gpu.ecc.remapped_rows_uncorrectable = static_cast<int>(v); }},
      {"nvidia_smi_remapped_rows_pending", [](GpuSeries& g, double v) { g.gpu.ecc.remap_pending = v >= 0.5; }},
      {"nvidia_smi_remapped_rows_failure", [](GpuSeries& g, double v) { g.gpu.ecc.remap_failure = v >= 0.5; }},
  };
  return m;
}

bool family(const std::string& n) {
  return n.rfind("DCGM_FI_", 0) == 0 || n.rfind("DCGM_EXP_", 0) == 0 || n.rfind("nvidia_smi_", 0) == 0;
}

// The key a series' GPU is known by: host, then the UUID label as printed (a masked one still
// groups its series: nvidia_gpu_exporter's captures print one of zeros), else the DCGM / nvidia-smi index.
std::string gpu_key(const Sample& s) {
  std::string id = label(s, "UUID");
  if (id.empty()) id = label(s, "uuid");
  if (id.empty()) {
    std::string gpu = label(s, "gpu");
    if (gpu.empty()) gpu = label(s, "index");
    if (gpu.empty()) return "";
    id = "#" + gpu;
  }
  return label(s, "Hostname") + "|" + id;
}

// Identity from the labels every series carries.
void read_identity(GpuSeries& g, const Sample& s, int no) {
  if (g.line == 0) g.line = no;
  if (g.uuid.empty()) g.uuid = uuid_of(label(s, "UUID").empty() ? label(s, "uuid") : label(s, "UUID"));
  for (const char* k : {"gpu", "index", "minor_number"})
    if (!g.index && !label(s, k).empty()) g.index = smi::integer(label(s, k));
  if (g.name.empty()) g.name = label(s, "modelName").empty() ? label(s, "name") : label(s, "modelName");
  if (g.bus_id.empty()) g.bus_id = label(s, "pci_bus_id");
  if (g.host.empty()) g.host = label(s, "Hostname");
  // MIG: DCGM labels each instance's series with its GPU instance and profile; nvidia_smi_mig_info
  // names each MIG device.
  const std::string gi = label(s, "GPU_I_ID").empty() ? label(s, "gpu_instance_id") : label(s, "GPU_I_ID");
  const std::string profile = label(s, "GPU_I_PROFILE").empty() ? label(s, "profile") : label(s, "GPU_I_PROFILE");
  if (!gi.empty())
    if (const auto n = smi::integer(gi)) g.instances.insert({*n, profile});
}

// An Xid DCGM saw: DCGM_FI_DEV_XID_ERRORS holds the last one since it started watching (0: none);
// DCGM_EXP_XID_ERRORS_COUNT{xid="n"} how many of that Xid in its window.
void read_xid(GpuSeries& g, const Sample& s, int no) {
  std::optional<int> xid;
  std::string what;
  if (s.name == "DCGM_FI_DEV_XID_ERRORS") {
    if (s.value < 0.5) return;
    xid = static_cast<int>(std::lround(s.value));
    what = "DCGM_FI_DEV_XID_ERRORS " + std::to_string(*xid) + ": the last Xid DCGM saw on this GPU since it started watching";
  } else if (!label(s, "xid").empty()) {
    if (s.value < 0.5) return;
    xid = smi::integer(label(s, "xid"));
    if (xid) what = s.name + ": Xid " + std::to_string(*xid) + " seen " + std::to_string(std::lround(s.value)) + " time(s)";
  }
  if (!xid || *xid <= 0 || *xid > 1000) return;
  if (!label(s, "err_msg").empty()) what += " (" + label(s, "err_msg") + ")";
  KernelEvent e;
  e.kind = "xid";
  e.xid = xid;
  e.line = no;
  e.message = what.substr(0, 300);
  e.extra = {{"from", "DCGM exporter"}};
  g.xids.push_back(std::move(e));
}

bool nvlink_error_field(const std::string& n) {
  return n.rfind("DCGM_FI_DEV_NVLINK_", 0) == 0 && n.find("ERROR") != std::string::npos;
}

// nvidia_smi_clocks_event_reasons_sw_power_cap / nvidia_smi_clocks_throttle_reasons_hw_slowdown (0/1).
bool read_reason_flag(GpuSeries& g, const Sample& s) {
  for (const char* prefix : {"nvidia_smi_clocks_event_reasons_", "nvidia_smi_clocks_throttle_reasons_"}) {
    const std::string p = prefix;
    if (s.name.rfind(p, 0) != 0) continue;
    const std::string rest = s.name.substr(p.size());
    if (rest.rfind("counters_", 0) == 0 || rest == "supported" || rest == "active") return false;
    if (const std::uint64_t bit = smi::clock_reason_bit(rest)) {
      reasons_bit(g, bit, s.value);
      return true;
    }
  }
  return false;
}

struct Scrape {
  ImportPart part;
  std::map<std::string, GpuSeries> gpus;
  std::set<std::string> unmapped;
  int samples = 0, other = 0;
};

void read_sample(Scrape& sc, const Sample& s, int no) {
  ++sc.samples;
  const std::string key = gpu_key(s);
  if (key.empty()) {  // a series of the exporter itself (nvidia_smi_last_collect_success ...)
    ++sc.other;
    return;
  }
  GpuSeries& g = sc.gpus[key];
  read_identity(g, s, no);
  if (s.name == "nvidia_smi_gpu_info" || s.name == "nvidia_smi_mig_info") {
    if (const std::string d = label(s, "driver_version"); !d.empty() && !sc.part.software.driver_version) sc.part.software.driver_version = d;
    if (const std::string cc = label(s, "compute_cap"); !cc.empty()) g.gpu.compute_capability = cc;
    if (s.name == "nvidia_smi_mig_info") g.gpu.mig.mode_enabled = true;
    return;
  }
  if (const std::string d = label(s, "DCGM_FI_DRIVER_VERSION"); !d.empty() && !sc.part.software.driver_version)
    sc.part.software.driver_version = d;
  if (is_blank(s.value)) return;
  const bool per_instance = !label(s, "GPU_I_ID").empty();
  if (s.name.find("XID_ERRORS") != std::string::npos || s.name == "nvidia_smi_xid_errors_total") {
    read_xid(g, s, no);
    return;
  }
  if (nvlink_error_field(s.name)) {
    if (s.value > 0) g.nvlink_errors.push_back({{"field", s.name}, {"count", s.value}, {"from", "DCGM exporter"}});
    return;
  }
  if (read_reason_flag(g, s)) return;
  const auto& d = dcgm_fields();
  const auto& n = smi_fields();
  const auto it = d.find(s.name);
  const auto jt = n.find(s.name);
  // A MIG instance's series repeats the board's clocks, power and heat; its own utilisation and
  // memory are the instance's, not the board's, and are not read.
  static const std::set<std::string> board_wide = {"DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_MEM_CLOCK", "DCGM_FI_DEV_GPU_TEMP",
                                                   "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",
                                                   "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"};
  if (it != d.end() && (!per_instance || board_wide.count(s.name))) it->second(g, s.value);
  else if (jt != n.end()) jt->second(g, s.value);
  else if (it == d.end()) sc.unmapped.insert(s.name);
}

GpuInfo finish(GpuSeries& g, const SourceRef& base) {
  GpuInfo out = std::move(g.gpu);
  out.index = g.index.value_or(0);
  out.uuid = g.uuid;
  out.name = g.name;
  if (!g.bus_id.empty()) out.pci_bus_id = smi::bus_id_as_printed(g.bus_id);
  // Total = free + used + reserved, NVML's nvmlMemory_v2 sum, when the scrape has no FB_TOTAL.
  if (!out.memory_total_bytes && out.memory_free_bytes && g.fb_used_mib)
    out.memory_total_bytes = *out.memory_free_bytes + (static_cast<std::uint64_t>(*g.fb_used_mib + g.fb_reserved_mib.value_or(0)) << 20);
  if (g.reasons_read) {
    out.clock_event_reasons = clock_reason_names(g.reason_mask);
    out.extra["clock_event_reasons_read"] = true;
  }
  if (!g.instances.empty()) {
    out.mig.mode_enabled = true;
    json list = json::array();
    for (const auto& [gi, profile] : g.instances) {
      json j = {{"gpu_instance_id", gi}};
      if (!profile.empty()) j["profile"] = profile;
      list.push_back(j);
    }
    out.mig.extra["gpu_instances"] = list;
  }
  if (!g.xids.empty()) {
    json list = json::array();
    for (const auto& e : g.xids) list.push_back(e);
    out.extra[kKernelEventsKey] = list;
  }
  if (!g.nvlink_errors.empty()) out.nvlink.extra["dcgm_errors"] = g.nvlink_errors;
  SourceRef src = base;
  src.line = g.line;
  out.extra["source"] = source_json(src);
  return out;
}

int detect_prometheus(std::string_view text) {
  int n = 0;
  for (const auto& [no, raw] : smi::head_lines(text, 3000)) {
    if (const auto s = prom::parse_sample(raw); s && family(s->name)) ++n;
  }
  return n >= 3 ? 90 : n > 0 ? 70 : 0;
}

ImportPart parse_prometheus(std::string_view text, const std::string& file) {
  Scrape sc;
  sc.part.source = {"prometheus metrics", "", file, 0};
  int cut = 0;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const auto s = prom::parse_sample(raw);
    if (!s) {
      const std::string_view l = smi::trim(raw);
      if (!l.empty() && l[0] != '#' && family(std::string(l.substr(0, l.find_first_of("{ ")))) ) ++cut;
      continue;
    }
    if (!family(s->name)) continue;  // go_*, process_*, promhttp_*: the exporter's own process
    if (sc.part.source.line == 0) sc.part.source.line = no;
    read_sample(sc, *s, no);
  }
  if (cut > 0) sc.part.skipped.push_back(std::to_string(cut) + " metric line(s) cut or unreadable (a value or a closing brace missing)");
  std::set<std::string> hosts;
  for (auto& [key, g] : sc.gpus) {
    if (!g.host.empty()) hosts.insert(g.host);
    GpuInfo gpu = finish(g, sc.part.source);
    const bool sampled = gpu.utilization_pct || (g.sample.power_w && g.sample.power_limit_w);
    if (sampled) sc.part.timelines.push_back({gpu.index, {g.sample}});
    if (sampled && g.reasons_read) {
      sc.part.timelines.back().second.back().clock_event_reasons = gpu.clock_event_reasons;
      sc.part.timelines.back().second.back().reasons_read = true;
    }
    sc.part.gpus.push_back(std::move(gpu));
  }
  if (hosts.size() == 1) sc.part.host.hostname = *hosts.begin();
  if (hosts.size() > 1)
    sc.part.warnings.push_back("the metrics are of " + std::to_string(hosts.size()) +
                               " hosts: their GPUs are kept apart by UUID, but one document describes one machine");
  std::sort(sc.part.gpus.begin(), sc.part.gpus.end(), [](const GpuInfo& a, const GpuInfo& b) { return a.index < b.index; });
  json im = {{"samples", sc.samples}};
  if (!sc.unmapped.empty()) im["unmapped_metrics"] = sc.unmapped;
  sc.part.imported = json{{"prometheus-metrics", im}};
  if (sc.part.gpus.empty()) sc.part.skipped.push_back("no DCGM_FI_* / nvidia_smi_* series naming a GPU: nothing was read");
  return sc.part;
}

const RegisterFormat reg{{"prometheus-metrics", "GPU metrics in Prometheus text (DCGM-exporter DCGM_FI_*, nvidia_gpu_exporter nvidia_smi_*)",
                          detect_prometheus, parse_prometheus}};

}  // namespace

}  // namespace gpuaudit::imports
