// `nvidia-smi -q` (also -a, and -q -d SECTION filters): GPU identity and state, every driver version
// people paste, from 270 (2011: "GPU 0:2:0", "Memory Usage ... Mb") through the 384-470 layout
// ("Clocks Throttle Reasons", "Power Readings" with "Power Limit") to 535+ ("Clocks Event Reasons")
// and 550+ ("GPU Power Readings" with "Current Power Limit", "Module Power Readings").
//
// The text is read as an indentation outline first (indent_tree.hpp), then each "GPU <bus id>"
// section is mapped onto GpuInfo as docs/import-nvidia-smi.md lists. Values nvidia-smi could not
// give (N/A, [Not Supported]) stay null. What is not understood goes to `skipped` with its line.
#include "import/import.hpp"
#include "import/text/indent_tree.hpp"
#include "import/text/smi_session_stats.hpp"
#include "import/text/smi_values.hpp"
#include "probe/clock_reasons.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>
#include <utility>

namespace gpuaudit::imports {

namespace {

using smi::trim;

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && smi::lower(s.substr(0, prefix.size())) == smi::lower(prefix);
}

// "GPU 00000000:18:00.0", "GPU 0000:00:1E.0", "GPU 0:2:0" -> the bus id; "" when not a GPU header.
std::string gpu_header_bus_id(const IndentNode& n) {
  if (n.value || !starts_with_ci(n.key, "GPU ")) return "";
  std::string_view id = trim(std::string_view(n.key).substr(4));
  if (id.empty() || id.find(':') == std::string_view::npos) return "";
  for (char c : id)
    if (!std::isxdigit(static_cast<unsigned char>(c)) && c != ':' && c != '.') return "";
  return std::string(id);
}

// "610.57.04 [Deprecated; will be removed in CUDA 14.0. Use KMD Version instead]" -> "610.57.04".
std::string without_deprecation_note(std::string_view v) {
  v = trim(v);
  const std::size_t open = v.find(" [");
  if (open != std::string_view::npos && v.back() == ']' &&
      smi::lower(v.substr(open)).find("deprecated") != std::string::npos)
    v = trim(v.substr(0, open));
  return std::string(v);
}

void put(json& j, const char* key, const std::optional<std::string>& v) {
  if (v && !smi::is_absent(*v)) j[key] = *v;
}

// Sums the leaves of an ECC counter block: the pre-Ampere layout ("Single Bit" > "Total", "Double
// Bit" > "Total") or the Ampere+ one ("SRAM Correctable", "DRAM Uncorrectable", "SRAM Uncorrectable
// Parity" ...). corrected = single-bit / correctable, uncorrected = double-bit / uncorrectable.
struct EccSums {
  std::optional<std::uint64_t> corrected, uncorrected;
};
EccSums ecc_sums(const IndentNode& block) {
  EccSums s;
  auto add = [](std::optional<std::uint64_t>& to, const std::optional<std::string>& v) {
    if (!v) return;
    if (auto n = smi::count(*v)) to = to.value_or(0) + *n;
  };
  if (const IndentNode* sb = block.child({"Single Bit"})) add(s.corrected, sb->get({"Total"}));
  if (const IndentNode* db = block.child({"Double Bit"})) add(s.uncorrected, db->get({"Total"}));
  for (const auto& c : block.children) {
    if (!c.value) continue;
    const std::string k = smi::lower(c.key);
    if (k.find("threshold") != std::string::npos) continue;
    if (k.find("uncorrectable") != std::string::npos) add(s.uncorrected, c.value);
    else if (k.find("correctable") != std::string::npos) add(s.corrected, c.value);
  }
  return s;
}

// The active clock-event reasons of a "Clocks Event Reasons" / "Clocks Throttle Reasons" block (HW
// Thermal and HW Power Brake nest under HW Slowdown), as a mask; unknown names go to `unknown`.
// Reasons this parser has no bit for are reported only when active: 3xx drivers print
// "Unknown : Not Active" in every dump, which says nothing.
std::uint64_t reason_mask(const IndentNode& block, std::vector<std::pair<std::string, int>>& unknown) {
  std::uint64_t mask = 0;
  for (const auto& c : block.children) {
    if (c.value) {
      const std::uint64_t bit = smi::clock_reason_bit(c.key);
      const auto on = smi::active(*c.value);
      if (bit == 0 && on.value_or(false)) unknown.emplace_back(c.key, c.line);
      if (bit != 0 && on.value_or(false)) mask |= bit;
    }
    mask |= reason_mask(c, unknown);
  }
  return mask;
}

std::vector<GpuProcess> read_processes(const IndentNode& block) {
  // 450+: "GPU instance ID", "Compute instance ID", "Process ID" as siblings, then "Type", "Name",
  // "Used GPU Memory" nested under "Process ID" (or, in some versions, as further siblings).
  std::vector<GpuProcess> out;
  json pending = json::object();
  auto fill = [](GpuProcess& p, const IndentNode& n) {
    const std::string k = smi::lower(n.key);
    if (!n.value) return;
    if (k == "type" || k == "process type") p.type = *n.value;
    else if (k == "name" || k == "process name") p.name = *n.value;
    else if (k == "used gpu memory" || k == "used memory") p.used_memory_bytes = smi::mib_bytes(*n.value);
  };
  for (const auto& c : block.children) {
    const std::string k = smi::lower(c.key);
    if (k == "process id" || k == "pid") {
      GpuProcess p;
      if (c.value) {
        if (auto pid = smi::number(*c.value)) p.pid = static_cast<std::int64_t>(*pid);
      }
      p.extra = pending;
      pending = json::object();
      for (const auto& f : c.children) fill(p, f);
      out.push_back(std::move(p));
    } else if (k == "gpu instance id" || k == "compute instance id") {
      if (c.value && !smi::is_absent(*c.value)) pending[k == "gpu instance id" ? "gpu_instance_id" : "compute_instance_id"] = *c.value;
    } else if (!out.empty()) {
      fill(out.back(), c);
    }
  }
  return out;
}

struct Dump {
  ImportPart part;
  std::set<std::string> seen_bus_ids;
  int repeated_sections = 0;
};

void read_pci(const IndentNode& pci, GpuInfo& g) {
  if (auto v = pci.get({"Bus Id"}); v && !smi::is_absent(*v)) g.pci_bus_id = smi::bus_id_as_printed(*v);
  if (auto v = pci.get({"Device Id"})) g.pci_device_id = smi::pci_id_pair(*v);
  if (auto v = pci.get({"Sub System Id"})) g.pci_subsystem_id = smi::pci_id_pair(*v);
  const IndentNode* link = pci.child({"GPU Link Info"});
  if (!link) return;
  if (const IndentNode* gen = link->child({"PCIe Generation"})) {
    if (auto v = gen->get({"Current"})) g.pcie.gen_now = smi::integer(*v);
    if (auto v = gen->get({"Max"})) g.pcie.gen_max = smi::integer(*v);
    if (auto v = gen->get({"Device Max"})) g.pcie.gen_gpu_max = smi::integer(*v);
    if (auto v = gen->get({"Host Max"}); v && smi::integer(*v)) g.pcie.extra["host_gen_max"] = *smi::integer(*v);
    if (auto v = gen->get({"Device Current"}); v && smi::integer(*v)) g.pcie.extra["device_gen_now"] = *smi::integer(*v);
  }
  if (const IndentNode* w = link->child({"Link Width"})) {
    if (auto v = w->get({"Current"})) g.pcie.width_now = smi::integer(*v);
    if (auto v = w->get({"Max"})) g.pcie.width_max = smi::integer(*v);
  }
}

void read_power(const IndentNode& p, GpuInfo& g, json& im) {
  auto w = [&](std::initializer_list<std::string_view> keys) -> std::optional<double> {
    auto v = p.get(keys);
    return v ? smi::number(*v) : std::nullopt;
  };
  // "Power Draw" until 555; then "Average Power Draw" (what NVML's power usage returns on Ampere+
  // boards other than GA100) and "Instantaneous Power Draw".
  g.power.usage_w = w({"Power Draw"});
  if (!g.power.usage_w) g.power.usage_w = w({"Average Power Draw"});
  if (!g.power.usage_w) g.power.usage_w = w({"Instantaneous Power Draw"});
  if (auto v = w({"Instantaneous Power Draw"})) g.power.extra["instantaneous_w"] = *v;
  // "Power Limit" (old) and "Current Power Limit" (550+) are the limit in force; 550+ prints the one
  // software asked for as "Requested Power Limit" and no longer prints "Enforced Power Limit".
  // 610+ moves the three limits into a "GPU Ceiling Power Limit" block (beside a new "GPU Base Power"
  // one, a floor, not a limit); Min/Max Power Limit stay where they were.
  const IndentNode* ceiling = p.child({"GPU Ceiling Power Limit"});
  const IndentNode& lim = ceiling ? *ceiling : p;
  auto lw = [&](std::initializer_list<std::string_view> keys) -> std::optional<double> {
    auto v = lim.get(keys);
    return v ? smi::number(*v) : std::nullopt;
  };
  g.power.limit_w = lw({"Current Power Limit", "Power Limit"});
  g.power.enforced_limit_w = lw({"Enforced Power Limit"});
  if (!g.power.enforced_limit_w && lim.child({"Current Power Limit"})) g.power.enforced_limit_w = g.power.limit_w;
  g.power.default_limit_w = lw({"Default Power Limit"});
  g.power.min_limit_w = w({"Min Power Limit"});
  g.power.max_limit_w = w({"Max Power Limit"});
  if (auto v = lw({"Requested Power Limit"})) g.power.extra["requested_limit_w"] = *v;
  if (auto v = p.get({"Power State"}); v && !smi::is_absent(*v)) im["power_state"] = *v;
}

void read_temperature(const IndentNode& t, GpuInfo& g, json& im) {
  auto c = [&](std::initializer_list<std::string_view> keys) -> std::optional<int> {
    auto v = t.get(keys);
    return v ? smi::integer(*v) : std::nullopt;
  };
  g.temperature_c = c({"GPU Current Temp", "Gpu"});
  g.temperature_shutdown_c = c({"GPU Shutdown Temp"});
  g.temperature_slowdown_c = c({"GPU Slowdown Temp"});
  g.temperature_max_operating_c = c({"GPU Max Operating Temp"});
  // T.Limit (Hopper+): degrees below the GPU's own limit, and 565+ prints the thresholds on that scale
  // too ("GPU Slowdown T.Limit Temp : -2 C"): offsets, not temperatures, so they stay imported extras.
  if (auto v = c({"GPU T.Limit Temp"})) im["t_limit_temp_c"] = *v;
  if (auto v = c({"GPU Shutdown T.Limit Temp"})) im["shutdown_t_limit_temp_c"] = *v;
  if (auto v = c({"GPU Slowdown T.Limit Temp"})) im["slowdown_t_limit_temp_c"] = *v;
  if (auto v = c({"GPU Max Operating T.Limit Temp"})) im["max_operating_t_limit_temp_c"] = *v;
  if (auto v = c({"GPU Target Temperature"})) im["target_temp_c"] = *v;
  if (auto v = c({"Memory Current Temp"})) im["memory_temp_c"] = *v;
  if (auto v = c({"Memory Max Operating Temp"})) im["memory_max_operating_temp_c"] = *v;
}

void read_ecc(const IndentNode& gpu, GpuInfo& g) {
  if (const IndentNode* m = gpu.child({"ECC Mode", "Ecc Mode"}))
    if (auto v = m->get({"Current"})) g.ecc.enabled = smi::boolean(*v);
  if (const IndentNode* e = gpu.child({"ECC Errors"})) {
    if (const IndentNode* vol = e->child({"Volatile"})) {
      auto s = ecc_sums(*vol);
      g.ecc.volatile_corrected = s.corrected;
      g.ecc.volatile_uncorrected = s.uncorrected;
    }
    if (const IndentNode* agg = e->child({"Aggregate"})) g.ecc.aggregate_uncorrected = ecc_sums(*agg).uncorrected;
  }
  if (const IndentNode* r = gpu.child({"Retired Pages"})) {
    std::optional<int> total;
    for (auto key : {"Single Bit ECC", "Double Bit ECC"})
      if (const IndentNode* c = r->child({key})) {
        // 384-470 put the count on the line; some versions nest it as "Retired Count" / "Count".
        std::optional<std::string> v = c->value;
        if ((!v || smi::is_absent(*v)) && !c->children.empty()) v = c->get({"Retired Count", "Count"});
        if (v)
          if (auto n = smi::integer(*v)) total = total.value_or(0) + *n;
      }
    g.ecc.retired_pages = total;
    if (auto v = r->get({"Pending Page Blacklist", "Pending"})) {
      if (auto b = smi::boolean(*v)) g.ecc.extra["retirement_pending"] = *b;
    }
  }
  if (const IndentNode* r = gpu.child({"Remapped Rows"})) {
    if (auto v = r->get({"Correctable Error"})) g.ecc.remapped_rows_correctable = smi::integer(*v);
    if (auto v = r->get({"Uncorrectable Error"})) g.ecc.remapped_rows_uncorrectable = smi::integer(*v);
    if (auto v = r->get({"Pending"})) g.ecc.remap_pending = smi::boolean(*v);
    if (auto v = r->get({"Remapping Failure Occurred"})) g.ecc.remap_failure = smi::boolean(*v);
  }
}

// A MIG slice under "MIG devices": the board's state, the slice's own instance ids, SMs and memory.
GpuInfo read_mig_device(const IndentNode& d, const GpuInfo& board, const SourceRef& src) {
  GpuInfo g = board;
  g.mig.is_mig_device = true;
  g.mig.mode_enabled = true;
  if (!board.uuid.empty()) g.mig.parent_uuid = board.uuid;
  g.uuid.clear();
  if (auto v = d.get({"UUID", "MIG Device UUID", "Device UUID"}); v && !smi::is_absent(*v)) g.uuid = *v;
  if (auto v = d.get({"GPU Instance ID"})) g.mig.gpu_instance_id = smi::integer(*v);
  if (auto v = d.get({"Compute Instance ID"}); v && smi::integer(*v)) g.mig.extra["compute_instance_id"] = *smi::integer(*v);
  if (auto v = d.get({"Index", "MIG Device Index"}); v && smi::integer(*v)) g.mig.extra["device_index"] = *smi::integer(*v);
  // -q does not print the profile name ("1g.10gb"); the slice's SMs and memory say its size.
  g.mig.profile.reset();
  if (const IndentNode* attr = d.child({"Device Attributes"}))
    if (const IndentNode* sh = attr->child({"Shared"}))
      for (const auto& c : sh->children) {
        if (!c.value) continue;
        if (smi::lower(c.key) == "multiprocessor count") g.sm_count = smi::integer(*c.value);
        else if (auto n = smi::integer(*c.value)) g.mig.extra["shared"][smi::lower(c.key)] = *n;
      }
  // "FB Memory Usage" (450-535), "Shared FB Memory Usage" (590: shared by the compute instances of a
  // GPU instance).
  if (const IndentNode* fb = d.child({"FB Memory Usage", "Shared FB Memory Usage"})) {
    g.memory_total_bytes = std::nullopt;
    g.memory_free_bytes = std::nullopt;
    if (auto v = fb->get({"Total"})) g.memory_total_bytes = smi::mib_bytes(*v);
    if (auto v = fb->get({"Free"})) g.memory_free_bytes = smi::mib_bytes(*v);
  }
  g.processes.clear();
  SourceRef s = src;
  s.line = d.line;
  g.extra["source"] = source_json(s);
  return g;
}

// One "GPU <bus id>" section.
// Values NVML could not read from the GPU ("Unknown Error", "GPU is lost", "ERR!"): not N/A or
// Not Supported (the GPU has no such sensor), but the GPU failing to answer. Listed per GPU in
// extra["nvml_read_errors"] (the gpu-fault rule judges them), at most 8.
void nvml_read_errors(const IndentNode& n, const std::string& path, json& out) {
  for (const auto& c : n.children) {
    const std::string key = path.empty() ? c.key : path + " / " + c.key;
    if (c.value) {
      std::string v = smi::lower(trim(*c.value));
      if (v.size() > 2 && v.front() == '[' && v.back() == ']') v = v.substr(1, v.size() - 2);
      if ((v == "unknown error" || v == "gpu is lost" || v == "gpu requires reset" || v == "err!") && out.size() < 8)
        out.push_back("line " + std::to_string(c.line) + ": " + key + ": " + std::string(trim(*c.value)));
    }
    nvml_read_errors(c, key, out);
  }
}

// The GPU's identity and modes: product, UUID, persistence and compute mode, MIG and virtualization
// modes, NVLink fabric, vGPU licence and capabilities (what GpuInfo has no field for goes to `im`).
void read_identity(const IndentNode& sec, GpuInfo& g, json& im, ImportPart& part) {
  if (auto v = sec.get({"Product Name"}); v && !smi::is_absent(*v)) g.name = *v;
  if (auto v = sec.get({"GPU UUID"}); v && !smi::is_absent(*v)) g.uuid = *v;
  if (auto v = sec.get({"Persistence Mode"})) g.persistence_mode = smi::boolean(*v);
  if (auto v = sec.get({"Compute Mode"})) g.compute_mode = smi::compute_mode(*v);
  put(im, "product_brand", sec.get({"Product Brand"}));
  put(im, "product_architecture", sec.get({"Product Architecture"}));
  put(im, "serial_number", sec.get({"Serial Number"}));
  put(im, "vbios_version", sec.get({"VBIOS Version"}));
  put(im, "gsp_firmware_version", sec.get({"GSP Firmware Version"}));
  if (const IndentNode* inforom = sec.child({"Inforom Version"})) put(im, "inforom_image_version", inforom->get({"Image Version"}));
  put(im, "board_part_number", sec.get({"Board Part Number"}));
  put(im, "performance_state", sec.get({"Performance State"}));
  put(im, "fan_speed", sec.get({"Fan Speed"}));
  put(im, "minor_number", sec.get({"Minor Number"}));
  if (const IndentNode* m = sec.child({"MIG Mode"})) {
    if (auto v = m->get({"Current"})) g.mig.mode_enabled = smi::boolean(*v);
    if (auto v = m->get({"Pending"}); v && smi::boolean(*v)) g.mig.extra["pending_enabled"] = *smi::boolean(*v);
  }
  if (const IndentNode* vm = sec.child({"GPU Virtualization Mode"})) {
    if (auto v = vm->get({"Virtualization Mode"})) {
      g.virtualization_mode = smi::virtualization_mode(*v);
      if (!g.virtualization_mode && !smi::is_absent(*v))
        part.skipped.push_back("line " + std::to_string(vm->child({"Virtualization Mode"})->line) +
                               ": unknown virtualization mode \"" + *v + "\"");
    }
    put(im, "host_vgpu_mode", vm->get({"Host VGPU Mode"}));
    put(im, "vgpu_heterogeneous_mode", vm->get({"vGPU Heterogeneous Mode"}));
  }
  // NVLink fabric registration (NVSwitch and NVLink5 systems; "N/A" elsewhere): rule_fabric.
  if (const IndentNode* fab = sec.child({"Fabric"})) {
    put(im, "fabric_state", fab->get({"State"}));
    put(im, "fabric_status", fab->get({"Status"}));
    if (const IndentNode* h = fab->child({"Health"})) {
      put(im, "fabric_health_summary", h->get({"Summary"}));
      put(im, "fabric_health_bandwidth", h->get({"Bandwidth"}));
    }
  }
  if (const IndentNode* lic = sec.child({"vGPU Software Licensed Product"})) {
    put(im, "vgpu_licensed_product", lic->get({"Product Name"}));
    put(im, "vgpu_license_status", lic->get({"License Status"}));
  }
  if (const IndentNode* vg = sec.child({"vGPU Device Capability"})) {
    json caps = json::object();
    for (const auto& c : vg->children)
      if (c.value) caps[c.key] = *c.value;
    if (!caps.empty()) im["vgpu_device_capability"] = caps;
  }
}

// Clock event reasons active now, and (550+, -d PERFORMANCE) their cumulative counters.
void read_clock_event_reasons(const IndentNode& sec, GpuInfo& g, json& im, ImportPart& part) {
  std::vector<std::pair<std::string, int>> unknown_reasons;
  if (const IndentNode* r = sec.child({"Clocks Event Reasons", "Clocks Throttle Reasons", "Clocks Throttle Reason"})) {
    g.clock_event_reasons = clock_reason_names(reason_mask(*r, unknown_reasons));
    g.extra["clock_event_reasons_read"] = true;
    for (const auto& [key, line] : unknown_reasons)
      part.skipped.push_back("line " + std::to_string(line) + ": unknown clock event reason \"" + key + "\" (active)");
  }
  // 550+ (-d PERFORMANCE): how long each reason held the clocks since the driver loaded, in us.
  // Cumulative, so it says nothing of now: kept, not read as an active reason.
  if (const IndentNode* cnt = sec.child({"Clocks Event Reasons Counters", "Clocks Throttle Reasons Counters"})) {
    json c = json::object();
    for (const auto& x : cnt->children)
      if (x.value)
        if (auto n = smi::number(*x.value)) c[smi::lower(x.key)] = *n;
    if (!c.empty()) im["clock_event_reason_counters_us"] = c;
  }
}

// What the GPU was doing when the dump was taken: memory, utilisation, ECC, temperature, power, clocks.
void read_state(const IndentNode& sec, GpuInfo& g, json& im) {
  if (const IndentNode* fb = sec.child({"FB Memory Usage", "Memory Usage"})) {
    if (auto v = fb->get({"Total"})) g.memory_total_bytes = smi::mib_bytes(*v);
    if (auto v = fb->get({"Free"})) g.memory_free_bytes = smi::mib_bytes(*v);
  }
  if (const IndentNode* u = sec.child({"Utilization"})) {
    if (auto v = u->get({"Gpu", "GPU"})) g.utilization_pct = smi::number(*v);
    if (auto v = u->get({"Memory"}); v && smi::number(*v)) im["memory_utilization_pct"] = *smi::number(*v);
  }
  read_ecc(sec, g);
  if (const IndentNode* t = sec.child({"Temperature"})) read_temperature(*t, g, im);
  if (const IndentNode* p = sec.child({"GPU Power Readings", "Power Readings"})) read_power(*p, g, im);
  if (const IndentNode* mp = sec.child({"Module Power Readings"})) {
    json mod = json::object();
    for (const auto& c : mp->children)
      if (c.value)
        if (auto n = smi::number(*c.value)) mod[smi::lower(c.key)] = *n;
    if (!mod.empty()) g.power.extra["module"] = mod;
  }
  if (const IndentNode* c = sec.child({"Clocks"})) {
    if (auto v = c->get({"SM"})) g.clocks.sm_now_mhz = smi::integer(*v);
    if (auto v = c->get({"Memory"})) g.clocks.mem_now_mhz = smi::integer(*v);
    if (auto v = c->get({"Graphics"}); v && smi::integer(*v)) g.clocks.extra["graphics_now_mhz"] = *smi::integer(*v);
  }
  if (const IndentNode* c = sec.child({"Max Clocks"})) {
    if (auto v = c->get({"SM"})) g.clocks.sm_max_mhz = smi::integer(*v);
    if (auto v = c->get({"Memory"})) g.clocks.mem_max_mhz = smi::integer(*v);
    if (auto v = c->get({"Graphics"}); v && smi::integer(*v)) g.clocks.extra["graphics_max_mhz"] = *smi::integer(*v);
  }
  if (const IndentNode* c = sec.child({"Applications Clocks"})) {
    if (auto v = c->get({"Graphics"}); v && smi::integer(*v)) g.clocks.extra["applications_graphics_mhz"] = *smi::integer(*v);
    if (auto v = c->get({"Memory"}); v && smi::integer(*v)) g.clocks.extra["applications_memory_mhz"] = *smi::integer(*v);
  }
}

// The MIG slices of a GPU section with MIG on.
std::vector<IndentNode> mig_slice_nodes(const IndentNode& sec) {
  std::vector<IndentNode> slices;
  // 590+: "MIG Device" blocks right in the GPU section; 450-535: "MIG devices" > one header per
  // slice; should a version print the fields flat, runs of them each starting at "Index" or a new
  // "GPU Instance ID".
  for (const auto& c : sec.children)
    if (!c.value && smi::lower(c.key) == "mig device" && c.child({"GPU Instance ID"})) slices.push_back(c);
  if (const IndentNode* mig = sec.child({"MIG devices", "MIG Devices"})) {
    std::vector<IndentNode> flat;
    for (const auto& c : mig->children) {
      if (!c.value && c.child({"GPU Instance ID"})) {
        slices.push_back(c);
        continue;
      }
      const std::string k = smi::lower(c.key);
      const bool starts = k == "index" || k == "mig device index" ||
                          (k == "gpu instance id" && (flat.empty() || flat.back().child({"GPU Instance ID"})));
      if (starts) {
        IndentNode d;
        d.key = c.key;
        d.line = c.line;
        flat.push_back(std::move(d));
      }
      if (!flat.empty()) flat.back().children.push_back(c);
    }
    for (auto& d : flat)
      if (d.child({"GPU Instance ID"})) slices.push_back(std::move(d));
  }
  return slices;
}

void read_gpu(const IndentNode& sec, const std::string& header_bus, Dump& dump, const SourceRef& base) {
  ImportPart& part = dump.part;
  GpuInfo g;
  g.extra = json::object();
  json im = json::object();  // fields nothing in GpuInfo maps to
  g.pci_bus_id = smi::bus_id_as_printed(header_bus);
  read_identity(sec, g, im, part);
  if (const IndentNode* pci = sec.child({"PCI"})) read_pci(*pci, g);
  read_clock_event_reasons(sec, g, im, part);
  read_state(sec, g, im);
  if (const IndentNode* p = sec.child({"Processes"})) g.processes = read_processes(*p);
  if (!im.empty()) g.extra["imported"] = std::move(im);

  SourceRef src = base;
  src.line = sec.line;
  g.extra["source"] = source_json(src);

  // `nvidia-smi -q -l N` repeats every GPU once per interval: the first dump of each is kept.
  if (!dump.seen_bus_ids.insert(g.pci_bus_id).second) {
    ++dump.repeated_sections;
    return;
  }
  // The board first, then its MIG slices (each a GpuInfo with mig.is_mig_device, carrying the board's
  // index: merge.cpp keeps the board as that index and gives the slices their own).
  const std::vector<IndentNode> slices = g.mig.mode_enabled.value_or(false) ? mig_slice_nodes(sec) : std::vector<IndentNode>{};
  const GpuInfo board = g;
  read_session_stats(sec, g);        // the board's encoder and FBC sessions, not its MIG slices'
  json read_errors = json::array();  // the board's, not its MIG slices'
  nvml_read_errors(sec, "", read_errors);
  if (!read_errors.empty()) g.extra["nvml_read_errors"] = std::move(read_errors);
  part.gpus.push_back(std::move(g));
  for (const auto& d : slices) part.gpus.push_back(read_mig_device(d, board, base));
}

// A cut paste: the last GPU section stops before the sections that end every full dump. Told from a
// `-d` filtered dump (which has no "Product Name") and from a full one (which ends with "Processes").
void check_truncation(const std::vector<const IndentNode*>& sections, ImportPart& part) {
  if (sections.empty()) return;
  const IndentNode& last = *sections.back();
  // Every full dump since the 3xx drivers ends a GPU with "Processes" ("Compute Processes" up to the
  // 331 drivers); the 2011 layout ("Memory Usage", no "FB Memory Usage") did not, and a -d filtered
  // dump has no "Product Name".
  const auto ends_dump = [](const IndentNode& gpu) { return gpu.child({"Processes", "Compute Processes"}) != nullptr; };
  const bool full = last.child({"Product Name"}) != nullptr && last.child({"FB Memory Usage"}) != nullptr;
  bool cut = full && !ends_dump(last);
  if (sections.size() >= 2) {
    const IndentNode& first = *sections.front();
    if (last.children.size() < first.children.size() && ends_dump(first) && !ends_dump(last)) cut = true;
  }
  if (cut) {
    const std::string name = last.key.substr(std::min<std::size_t>(4, last.key.size()));
    std::string what = "line " + std::to_string(last.last_line()) + ": dump ends inside GPU " + name;
    if (!last.children.empty()) what += " (after \"" + last.children.back().key + "\")";
    part.skipped.push_back(what + "; the sections after it are missing");
  }
}

// The blocks of a GPU section, and the few values of one, that people quote without the "GPU <bus
// id>" line above them (`nvidia-smi -q | grep -A8 "Clocks Throttle"`, a -q -d PERFORMANCE body cut
// short, one block of a dump pasted into a notes page).
constexpr std::string_view kGpuBlocks[] = {"Clocks Throttle Reasons", "Clocks Event Reasons", "Clocks", "Max Clocks",
                                           "Applications Clocks", "Default Applications Clocks", "GPU Power Readings",
                                           "Power Readings", "Temperature", "Utilization", "FB Memory Usage", "PCI",
                                           "ECC Errors", "Retired Pages", "Remapped Rows", "Ecc Mode"};
constexpr std::string_view kGpuValues[] = {"Product Name", "Product Brand", "Performance State", "GPU UUID"};

bool is_gpu_block(const IndentNode& n) {
  if (n.value || n.children.empty()) return false;
  const std::string k = smi::lower(trim(n.key));
  return std::any_of(std::begin(kGpuBlocks), std::end(kGpuBlocks), [&](std::string_view b) { return smi::lower(b) == k; });
}

bool is_gpu_value(const IndentNode& n) {
  if (!n.value) return false;
  const std::string k = smi::lower(trim(n.key));
  return std::any_of(std::begin(kGpuValues), std::end(kGpuValues), [&](std::string_view b) { return smi::lower(b) == k; });
}

// A GPU block at the start of a line with nvidia-smi's "Key<padding>: value" lines indented under it.
bool block_without_gpu_line(std::string_view head) {
  const auto lines = smi::numbered_lines(head);
  for (std::size_t i = 0; i + 1 < lines.size() && i < 2000; ++i) {
    const std::string_view l = trim(lines[i].second);
    if (!std::any_of(std::begin(kGpuBlocks), std::end(kGpuBlocks), [&](std::string_view b) { return l == b; })) continue;
    const std::string_view next = lines[i + 1].second;
    const std::size_t indent_here = lines[i].second.find_first_not_of(" \t");
    const std::size_t indent_next = next.find_first_not_of(" \t");
    if (indent_next != std::string_view::npos && indent_next > indent_here && next.find(" : ") != std::string_view::npos) return true;
  }
  return false;
}

// "GPU 00000000:01:00.0" (or "GPU 0000:01:00.0") alone on its line, the next line indented deeper
// and written "Key<padding>: value" or naming one of -q's sections.
bool section_without_banner(std::string_view head) {
  const auto lines = smi::numbered_lines(head);
  for (std::size_t i = 0; i + 1 < lines.size() && i < 400; ++i) {
    const std::string_view l = trim(lines[i].second);
    if (!starts_with_ci(l, "GPU ") || l.size() < 14) continue;
    const std::string_view id = trim(l.substr(4));
    const bool bus = id.size() >= 10 && id.find(':') != std::string_view::npos && id.find('.') != std::string_view::npos &&
                     std::all_of(id.begin(), id.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.'; });
    if (!bus) continue;
    const std::string_view next = lines[i + 1].second;
    const std::size_t indent_here = lines[i].second.find_first_not_of(" \t");
    const std::size_t indent_next = next.find_first_not_of(" \t");
    if (indent_next == std::string_view::npos || indent_next <= indent_here) continue;
    if (next.find(" : ") != std::string_view::npos) return true;
  }
  return false;
}

int detect_q(std::string_view text) {
  const std::string_view head = text.substr(0, 64 * 1024);
  int score = 0;
  if (head.find("==============NVSMI LOG==============") != std::string_view::npos) score += 60;
  if (head.find("NVSMI LOG") != std::string_view::npos) score += 10;
  if (head.find("Attached GPUs") != std::string_view::npos) score += 20;
  if (head.find("Product Name") != std::string_view::npos) score += 5;
  if (head.find("Driver Version") != std::string_view::npos && head.find(" : ") != std::string_view::npos) score += 5;
  for (auto key : {"GPU Power Readings", "Power Readings", "Clocks Event Reasons", "Clocks Throttle Reasons",
                   "FB Memory Usage", "GPU Link Info", "GPU UUID"})
    if (head.find(key) != std::string_view::npos) {
      score += 5;
      break;
    }
  // A paste of the GPU sections alone (no banner, no "Attached GPUs"): a "GPU <bus id>" line with
  // nvidia-smi's indented "Key : value" lines under it (-q -d PERFORMANCE | tail, a cut dump).
  if (score < 20 && section_without_banner(head)) score += 25;
  // Only blocks of a GPU section, without its "GPU <bus id>" line: lower, so any other format wins.
  if (score < 20 && block_without_gpu_line(head)) score = 20;
  // XML has the same words inside tags; the XML parser takes it.
  if (head.find("<nvidia_smi_log") != std::string_view::npos) return 0;
  // A -q dump without the banner still has "GPU 00000000:..." headers followed by key : value lines.
  if (score < 20) return 0;
  return std::min(score, 100);
}

ImportPart parse_q(std::string_view text, const std::string& file) {
  Dump dump;
  ImportPart& part = dump.part;
  part.source = {"nvidia-smi", "", file, 0};
  const IndentNode root = build_indent_tree(text);

  // The header lines sit at the outline's top level, and so do the GPU sections.
  std::vector<const IndentNode*> sections;
  std::vector<const IndentNode*> loose;  // GPU blocks quoted outside any "GPU <bus id>" section
  std::optional<int> attached;
  int logs = 0;
  std::function<void(const IndentNode&, int)> scan = [&](const IndentNode& n, int depth) {
    for (const auto& c : n.children) {
      if (c.key.find("NVSMI LOG") != std::string::npos) ++logs;
      if (!gpu_header_bus_id(c).empty()) {
        sections.push_back(&c);
        continue;
      }
      if (is_gpu_block(c) || is_gpu_value(c)) {
        loose.push_back(&c);
        continue;
      }
      if (c.value) {
        const std::string k = smi::lower(c.key);
        // 610+ prints "Driver Version : 610.57.04 [Deprecated; will be removed in CUDA 14.0. Use KMD
        // Version instead]" and the same number again as "KMD Version" (and "CUDA Version" as
        // "CUDA UMD Version"): the note is not part of the version.
        const std::string v = without_deprecation_note(*c.value);
        if ((k == "driver version" || k == "kmd version") && !part.software.driver_version && !smi::is_absent(v)) {
          part.software.driver_version = v;
          part.source.version = v;
        } else if ((k == "cuda version" || k == "cuda umd version") && !part.software.cuda_driver_version) {
          part.software.cuda_driver_version = smi::cuda_version_number(v);
        } else if (k == "attached gpus" && !attached) {
          attached = smi::integer(*c.value);
        } else if (k == "timestamp" && !part.imported.contains("timestamp")) {
          part.imported["timestamp"] = *c.value;
        }
      }
      // A paste indented under a prompt line ("$ nvidia-smi -q") nests everything one level down;
      // one whose header lines were re-indented unevenly (" Attached GPUs : 1" one space left of
      // "  GPU 0000:03:00.0") nests the GPU sections under a header's value line.
      if (depth < 3 && !c.children.empty()) scan(c, depth + 1);
    }
  };
  scan(root, 0);
  SourceRef base = part.source;
  // Blocks quoted without their GPU line belong to the one GPU the paste names, or make one of
  // their own when it names none; beside several GPUs, whose they are cannot be told.
  const bool any_block = std::any_of(loose.begin(), loose.end(), [](const IndentNode* n) { return is_gpu_block(*n); });
  IndentNode gathered;
  if (any_block && sections.size() <= 1) {
    gathered = sections.empty() ? IndentNode{"GPU", std::nullopt, loose.front()->line, 0, {}} : *sections.front();
    for (const IndentNode* n : loose)
      if (!gathered.child({n->key})) gathered.children.push_back(*n);
    part.warnings.push_back(std::string("line ") + std::to_string(loose.front()->line) + ": \"" + loose.front()->key +
                            "\" and the blocks beside it are quoted without their \"GPU <bus id>\" line: read as " +
                            (sections.empty() ? "one GPU's" : "the GPU's of line " + std::to_string(sections.front()->line)));
    read_gpu(gathered, sections.empty() ? "" : gpu_header_bus_id(*sections.front()), dump, base);
  } else {
    if (any_block)
      part.skipped.push_back(std::string("line ") + std::to_string(loose.front()->line) + ": \"" + loose.front()->key +
                             "\" is quoted without its \"GPU <bus id>\" line beside several GPUs: whose it is cannot be told");
    for (const IndentNode* s : sections) read_gpu(*s, gpu_header_bus_id(*s), dump, base);
  }
  int board_index = -1;
  for (auto& g : part.gpus) g.index = g.mig.is_mig_device ? std::max(board_index, 0) : ++board_index;
  check_truncation(sections, part);

  if (dump.repeated_sections > 0)
    part.warnings.push_back(std::to_string(logs) + " dumps in one file (nvidia-smi -q -l): the first of each GPU is read, " +
                            std::to_string(dump.repeated_sections) + " later GPU sections are not");
  const int boards = static_cast<int>(dump.seen_bus_ids.size());
  if (attached && *attached != boards && dump.repeated_sections == 0)
    part.warnings.push_back("\"Attached GPUs : " + std::to_string(*attached) + "\" but the dump has " + std::to_string(boards) +
                            " GPU section" + (boards == 1 ? "" : "s") + " (nvidia-smi -q -i, or a paste cut short)");
  if (sections.empty() && part.gpus.empty()) part.skipped.push_back("no \"GPU <bus id>\" section: nothing per GPU was read");
  if (!part.gpus.empty() && part.imported.contains("timestamp"))
    part.imported = json{{"nvidia-smi-q", {{"timestamp", part.imported["timestamp"]}}}};
  else
    part.imported = json::object();
  return part;
}

const RegisterFormat reg{{"nvidia-smi-q", "nvidia-smi -q (text): GPU identity and state", detect_q, parse_q}};

}  // namespace

}  // namespace gpuaudit::imports
