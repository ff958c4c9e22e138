// `nvidia-smi -q -x`: the XML form of -q (DTDs nvsmi_device_v10 ... v13), read with pugixml and mapped
// onto GpuInfo exactly as the text form is (docs/import-nvidia-smi.md). Element names moved across
// versions and both spellings are read: power_readings (<= v11) / gpu_power_readings (v12+),
// power_limit / current_power_limit, clocks_throttle_reasons / clocks_event_reasons, and so on.
//
// A cut file (a paste that stops mid-element) still yields what was parsed before the break: pugixml
// keeps the partial tree, and `skipped` names the line where the XML broke.
#include "core/session_stats.hpp"
#include "import/import.hpp"
#include "import/text/smi_values.hpp"
#include "probe/clock_reasons.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <set>
#include <utility>

namespace gpuaudit::imports {

namespace {

// The text of a child element (a path "a/b/c"), trimmed; nullopt when absent or an absent value.
std::optional<std::string> text_at(const pugi::xml_node& n, const char* path) {
  pugi::xml_node c = n;
  std::string_view p(path);
  while (!p.empty() && c) {
    const auto slash = p.find('/');
    const std::string part(p.substr(0, slash));
    c = c.child(part.c_str());
    p = slash == std::string_view::npos ? std::string_view() : p.substr(slash + 1);
  }
  if (!c) return std::nullopt;
  std::string v(smi::trim(c.child_value()));
  if (smi::is_absent(v)) return std::nullopt;
  return v;
}
std::optional<std::string> first_text(const pugi::xml_node& n, std::initializer_list<const char*> paths) {
  for (const char* p : paths)
    if (auto v = text_at(n, p)) return v;
  return std::nullopt;
}
std::optional<double> num_at(const pugi::xml_node& n, std::initializer_list<const char*> paths) {
  auto v = first_text(n, paths);
  return v ? smi::number(*v) : std::nullopt;
}
std::optional<int> int_at(const pugi::xml_node& n, std::initializer_list<const char*> paths) {
  auto v = first_text(n, paths);
  return v ? smi::integer(*v) : std::nullopt;
}
pugi::xml_node first_child(const pugi::xml_node& n, std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (auto c = n.child(name)) return c;
  return {};
}

int line_of(std::string_view text, std::ptrdiff_t offset) {
  if (offset < 0) return 0;
  const auto end = std::min(static_cast<std::size_t>(offset), text.size());
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
}

struct EccSums {
  std::optional<std::uint64_t> corrected, uncorrected;
};
EccSums ecc_sums(const pugi::xml_node& block) {
  EccSums s;
  auto add = [](std::optional<std::uint64_t>& to, const std::optional<std::string>& v) {
    if (!v) return;
    if (auto n = smi::count(*v)) to = to.value_or(0) + *n;
  };
  add(s.corrected, text_at(block, "single_bit/total"));
  add(s.uncorrected, text_at(block, "double_bit/total"));
  for (const auto& c : block.children()) {
    const std::string k = c.name();
    if (k.find("threshold") != std::string::npos || c.first_child().type() != pugi::node_pcdata) continue;
    std::optional<std::string> v = std::string(smi::trim(c.child_value()));
    if (smi::is_absent(*v)) v.reset();
    if (k.find("uncorrectable") != std::string::npos) add(s.uncorrected, v);
    else if (k.find("correctable") != std::string::npos) add(s.corrected, v);
  }
  return s;
}

void read_power(const pugi::xml_node& p, GpuInfo& g, json& im) {
  g.power.usage_w = num_at(p, {"power_draw", "average_power_draw", "instant_power_draw"});
  if (auto v = num_at(p, {"instant_power_draw"})) g.power.extra["instantaneous_w"] = *v;
  g.power.limit_w = num_at(p, {"current_power_limit", "power_limit"});
  g.power.enforced_limit_w = num_at(p, {"enforced_power_limit"});
  if (!g.power.enforced_limit_w && p.child("current_power_limit")) g.power.enforced_limit_w = g.power.limit_w;
  g.power.default_limit_w = num_at(p, {"default_power_limit"});
  g.power.min_limit_w = num_at(p, {"min_power_limit"});
  g.power.max_limit_w = num_at(p, {"max_power_limit"});
  if (auto v = num_at(p, {"requested_power_limit"})) g.power.extra["requested_limit_w"] = *v;
  if (auto v = text_at(p, "power_state")) im["power_state"] = *v;
}

GpuInfo read_mig_device(const pugi::xml_node& d, const GpuInfo& board, const SourceRef& src, std::string_view text) {
  GpuInfo g = board;
  g.mig.is_mig_device = true;
  g.mig.mode_enabled = true;
  if (!board.uuid.empty()) g.mig.parent_uuid = board.uuid;
  g.uuid = first_text(d, {"uuid", "mig_device_uuid"}).value_or("");
  g.mig.gpu_instance_id = int_at(d, {"gpu_instance_id"});
  g.mig.profile.reset();
  if (auto v = int_at(d, {"compute_instance_id"})) g.mig.extra["compute_instance_id"] = *v;
  if (auto v = int_at(d, {"index"})) g.mig.extra["device_index"] = *v;
  if (auto sh = d.child("device_attributes").child("shared"))
    for (const auto& c : sh.children()) {
      const std::string k = c.name();
      auto n = smi::integer(c.child_value());
      if (k == "multiprocessor_count") g.sm_count = n;
      else if (n) g.mig.extra["shared"][k] = *n;
    }
  if (auto fb = first_child(d, {"fb_memory_usage", "shared_fb_memory_usage"})) {
    g.memory_total_bytes = std::nullopt;
    g.memory_free_bytes = std::nullopt;
    if (auto v = text_at(fb, "total")) g.memory_total_bytes = smi::mib_bytes(*v);
    if (auto v = text_at(fb, "free")) g.memory_free_bytes = smi::mib_bytes(*v);
  }
  g.processes.clear();
  SourceRef s = src;
  s.line = line_of(text, d.offset_debug());
  g.extra["source"] = source_json(s);
  return g;
}

// The GPU's identity and modes: product, UUID, persistence and compute mode, MIG and virtualization
// modes, NVLink fabric, vGPU licence (what GpuInfo has no field for goes to `im`).
void read_identity(const pugi::xml_node& x, GpuInfo& g, json& im, ImportPart& part, std::string_view text) {
  if (auto v = text_at(x, "product_name")) g.name = *v;
  if (auto v = text_at(x, "uuid")) g.uuid = *v;
  if (auto v = text_at(x, "persistence_mode")) g.persistence_mode = smi::boolean(*v);
  if (auto v = text_at(x, "compute_mode")) g.compute_mode = smi::compute_mode(*v);
  for (auto [key, path] : {std::pair{"product_brand", "product_brand"}, {"product_architecture", "product_architecture"},
                           {"serial_number", "serial"}, {"vbios_version", "vbios_version"},
                           {"board_part_number", "board_part_number"}, {"performance_state", "performance_state"},
                           {"fan_speed", "fan_speed"}, {"minor_number", "minor_number"}})
    if (auto v = text_at(x, path)) im[key] = *v;
  if (auto v = text_at(x, "mig_mode/current_mig")) g.mig.mode_enabled = smi::boolean(*v);
  if (auto v = text_at(x, "mig_mode/pending_mig"); v && smi::boolean(*v)) g.mig.extra["pending_enabled"] = *smi::boolean(*v);
  // Read raw: "None" is a mode here, not an absent value.
  if (auto vm = x.child("gpu_virtualization_mode").child("virtualization_mode")) {
    const std::string v(smi::trim(vm.child_value()));
    g.virtualization_mode = smi::virtualization_mode(v);
    if (!g.virtualization_mode && !smi::is_absent(v))
      part.skipped.push_back("line " + std::to_string(line_of(text, x.child("gpu_virtualization_mode").offset_debug())) +
                             ": unknown virtualization mode \"" + v + "\"");
  }
  if (auto v = text_at(x, "gpu_virtualization_mode/host_vgpu_mode")) im["host_vgpu_mode"] = *v;
  // NVLink fabric registration (NVSwitch and NVLink5 systems; "N/A" elsewhere): rule_fabric.
  for (auto [key, path] : {std::pair{"fabric_state", "fabric/state"}, {"fabric_status", "fabric/status"},
                           {"fabric_health_summary", "fabric/health/summary"},
                           {"fabric_health_bandwidth", "fabric/health/bandwidth"}})
    if (auto v = text_at(x, path); v && !smi::is_absent(*v)) im[key] = *v;
  if (auto lic = x.child("vgpu_software_licensed_product")) {
    if (auto v = first_text(lic, {"licensed_product_name", "product_name"})) im["vgpu_licensed_product"] = *v;
    if (auto v = text_at(lic, "license_status")) im["vgpu_license_status"] = *v;
  }
}

// PCI ids and the link's generation and width.
void read_pci(const pugi::xml_node& x, GpuInfo& g) {
  if (auto pci = x.child("pci")) {
    if (auto v = text_at(pci, "pci_device_id")) g.pci_device_id = smi::pci_id_pair(*v);
    if (auto v = text_at(pci, "pci_sub_system_id")) g.pci_subsystem_id = smi::pci_id_pair(*v);
    if (auto link = pci.child("pci_gpu_link_info")) {
      g.pcie.gen_now = int_at(link, {"pcie_gen/current_link_gen"});
      g.pcie.gen_max = int_at(link, {"pcie_gen/max_link_gen"});
      g.pcie.gen_gpu_max = int_at(link, {"pcie_gen/max_device_link_gen"});
      if (auto v = int_at(link, {"pcie_gen/max_host_link_gen"})) g.pcie.extra["host_gen_max"] = *v;
      if (auto v = int_at(link, {"pcie_gen/device_current_link_gen"})) g.pcie.extra["device_gen_now"] = *v;
      g.pcie.width_now = int_at(link, {"link_widths/current_link_width"});
      g.pcie.width_max = int_at(link, {"link_widths/max_link_width"});
    }
  }
}

// Clock event reasons active now.
void read_clock_event_reasons(const pugi::xml_node& x, GpuInfo& g, ImportPart& part, std::string_view text) {
  if (auto r = first_child(x, {"clocks_event_reasons", "clocks_throttle_reasons"})) {
    std::uint64_t mask = 0;
    for (const auto& c : r.children()) {
      const auto on = smi::active(c.child_value());
      const std::uint64_t bit = smi::clock_reason_bit(c.name());
      if (bit == 0 && on.value_or(false))
        part.skipped.push_back("line " + std::to_string(line_of(text, c.offset_debug())) + ": unknown clock event reason <" +
                               c.name() + "> (active)");
      if (on.value_or(false)) mask |= bit;
    }
    g.clock_event_reasons = clock_reason_names(mask);
    g.extra["clock_event_reasons_read"] = true;
  }
}

// Memory: usage, utilisation, ECC mode and counts, retired pages, remapped rows.
void read_memory(const pugi::xml_node& x, GpuInfo& g, json& im) {
  if (auto fb = x.child("fb_memory_usage")) {
    if (auto v = text_at(fb, "total")) g.memory_total_bytes = smi::mib_bytes(*v);
    if (auto v = text_at(fb, "free")) g.memory_free_bytes = smi::mib_bytes(*v);
  }
  g.utilization_pct = num_at(x, {"utilization/gpu_util"});
  if (auto v = num_at(x, {"utilization/memory_util"})) im["memory_utilization_pct"] = *v;
  if (auto v = text_at(x, "ecc_mode/current_ecc")) g.ecc.enabled = smi::boolean(*v);
  if (auto e = x.child("ecc_errors")) {
    if (auto vol = e.child("volatile")) {
      auto s = ecc_sums(vol);
      g.ecc.volatile_corrected = s.corrected;
      g.ecc.volatile_uncorrected = s.uncorrected;
    }
    if (auto agg = e.child("aggregate")) g.ecc.aggregate_uncorrected = ecc_sums(agg).uncorrected;
  }
  if (auto r = x.child("retired_pages")) {
    std::optional<int> total;
    for (const char* p : {"multiple_single_bit_retirement/retired_count", "double_bit_retirement/retired_count"})
      if (auto n = int_at(r, {p})) total = total.value_or(0) + *n;
    g.ecc.retired_pages = total;
    if (auto v = first_text(r, {"pending_blacklist", "pending_retirement"}); v && smi::boolean(*v))
      g.ecc.extra["retirement_pending"] = *smi::boolean(*v);
  }
  if (auto r = x.child("remapped_rows")) {
    g.ecc.remapped_rows_correctable = int_at(r, {"remapped_row_corr"});
    g.ecc.remapped_rows_uncorrectable = int_at(r, {"remapped_row_unc"});
    if (auto v = text_at(r, "remapped_row_pending")) g.ecc.remap_pending = smi::boolean(*v);
    if (auto v = text_at(r, "remapped_row_failure")) g.ecc.remap_failure = smi::boolean(*v);
  }
}

// Temperatures, power and clocks when the dump was taken.
void read_thermal_power_clocks(const pugi::xml_node& x, GpuInfo& g, json& im) {
  if (auto t = x.child("temperature")) {
    g.temperature_c = int_at(t, {"gpu_temp"});
    g.temperature_shutdown_c = int_at(t, {"gpu_temp_max_threshold"});
    g.temperature_slowdown_c = int_at(t, {"gpu_temp_slow_threshold"});
    g.temperature_max_operating_c = int_at(t, {"gpu_temp_max_gpu_threshold"});
    for (auto [key, path] : {std::pair{"t_limit_temp_c", "gpu_temp_tlimit"}, {"target_temp_c", "gpu_target_temperature"},
                             {"memory_temp_c", "memory_temp"}, {"shutdown_t_limit_temp_c", "gpu_temp_max_tlimit_threshold"},
                             {"slowdown_t_limit_temp_c", "gpu_temp_slow_tlimit_threshold"},
                             {"max_operating_t_limit_temp_c", "gpu_temp_max_gpu_tlimit_threshold"}})
      if (auto v = int_at(t, {path})) im[key] = *v;
  }
  if (auto p = first_child(x, {"gpu_power_readings", "power_readings"})) read_power(p, g, im);
  if (auto mp = x.child("module_power_readings")) {
    json mod = json::object();
    for (const auto& c : mp.children())
      if (auto n = smi::number(c.child_value())) mod[c.name()] = *n;
    if (!mod.empty()) g.power.extra["module"] = mod;
  }
  g.clocks.sm_now_mhz = int_at(x, {"clocks/sm_clock"});
  g.clocks.mem_now_mhz = int_at(x, {"clocks/mem_clock"});
  if (auto v = int_at(x, {"clocks/graphics_clock"})) g.clocks.extra["graphics_now_mhz"] = *v;
  g.clocks.sm_max_mhz = int_at(x, {"max_clocks/sm_clock"});
  g.clocks.mem_max_mhz = int_at(x, {"max_clocks/mem_clock"});
  if (auto v = int_at(x, {"max_clocks/graphics_clock"})) g.clocks.extra["graphics_max_mhz"] = *v;
  if (auto v = int_at(x, {"applications_clocks/graphics_clock"})) g.clocks.extra["applications_graphics_mhz"] = *v;
  if (auto v = int_at(x, {"applications_clocks/mem_clock"})) g.clocks.extra["applications_memory_mhz"] = *v;
}

std::vector<GpuProcess> read_processes(const pugi::xml_node& x) {
  std::vector<GpuProcess> out;
  for (const auto& pi : x.child("processes").children("process_info")) {
    GpuProcess p;
    if (auto v = num_at(pi, {"pid"})) p.pid = static_cast<std::int64_t>(*v);
    p.type = first_text(pi, {"type"}).value_or("");
    p.name = first_text(pi, {"process_name"}).value_or("");
    if (auto v = text_at(pi, "used_memory")) p.used_memory_bytes = smi::mib_bytes(*v);
    if (auto v = text_at(pi, "gpu_instance_id")) p.extra["gpu_instance_id"] = *v;
    if (auto v = text_at(pi, "compute_instance_id")) p.extra["compute_instance_id"] = *v;
    out.push_back(std::move(p));
  }
  return out;
}

// <encoder_stats> and <fbc_stats>: <session_count>, <average_fps>, <average_latency> (microseconds);
// a block whose count is not a number (N/A) is left out (core/session_stats.hpp).
void read_session_stats(const pugi::xml_node& x, GpuInfo& g) {
  for (const auto& [tag, key] : {std::pair{"encoder_stats", kEncoderStatsKey}, std::pair{"fbc_stats", kFbcStatsKey}}) {
    const pugi::xml_node b = x.child(tag);
    const auto n = b ? smi::count(b.child_value("session_count")) : std::nullopt;
    if (!n || *n > 1'000'000) continue;
    SessionStats s;
    s.active_sessions = static_cast<int>(*n);
    s.average_fps = smi::number(b.child_value("average_fps"));
    s.average_latency_us = smi::number(b.child_value("average_latency"));
    g.extra[key] = s;
  }
}

void read_gpu(const pugi::xml_node& x, ImportPart& part, std::set<std::string>& seen, int& repeated, std::string_view text) {
  GpuInfo g;
  g.extra = json::object();
  json im = json::object();
  g.pci_bus_id = smi::bus_id_as_printed(x.attribute("id").value());
  if (auto v = text_at(x, "pci/pci_bus_id")) g.pci_bus_id = smi::bus_id_as_printed(*v);
  read_identity(x, g, im, part, text);
  read_pci(x, g);
  read_clock_event_reasons(x, g, part, text);
  read_memory(x, g, im);
  read_thermal_power_clocks(x, g, im);
  g.processes = read_processes(x);
  if (!im.empty()) g.extra["imported"] = std::move(im);
  SourceRef src = part.source;
  src.line = line_of(text, x.offset_debug());
  g.extra["source"] = source_json(src);

  if (!seen.insert(g.pci_bus_id).second) {
    ++repeated;
    return;
  }
  // The board first, then its MIG slices (as the text form).
  const GpuInfo board = g;
  read_session_stats(x, g);  // the board's encoder and FBC sessions, not its MIG slices'
  part.gpus.push_back(std::move(g));
  if (board.mig.mode_enabled.value_or(false))
    for (const auto& d : x.child("mig_devices").children("mig_device"))
      part.gpus.push_back(read_mig_device(d, board, part.source, text));
}

int detect_xml(std::string_view text) {
  const std::string_view head = text.substr(0, 64 * 1024);
  if (head.find("<nvidia_smi_log") != std::string_view::npos) return 90;
  if (head.find("nvsmi_device_v") != std::string_view::npos) return 80;
  if (head.find("<gpu id=\"") != std::string_view::npos && head.find("<product_name>") != std::string_view::npos) return 50;
  return 0;
}

ImportPart parse_xml(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"nvidia-smi", "", file, 0};
  // A paste may carry the command line or prompt before the XML: start at the first '<'.
  const std::size_t start = text.find('<');
  if (start == std::string_view::npos) {
    part.skipped.push_back("no XML element in the file");
    return part;
  }
  pugi::xml_document doc;
  // parse_default without entity expansion of DOCTYPE internals (pugixml never loads the DTD file).
  const pugi::xml_parse_result res =
      doc.load_buffer(text.data() + start, text.size() - start, pugi::parse_default, pugi::encoding_utf8);
  if (!res) {
    part.skipped.push_back("line " + std::to_string(line_of(text, static_cast<std::ptrdiff_t>(start) + res.offset)) +
                           ": the XML breaks here (" + res.description() + "); what came before is read");
  }
  // Offsets of pugixml nodes count from `start`; line_of() wants the whole text, so shift it.
  const std::string_view from_start = text.substr(start);
  std::set<std::string> seen;
  int repeated = 0, logs = 0;
  for (const auto& log : doc.children("nvidia_smi_log")) {
    ++logs;
    if (!part.software.driver_version)
      if (auto v = text_at(log, "driver_version")) {
        part.software.driver_version = *v;
        part.source.version = *v;
      }
    if (!part.software.cuda_driver_version)
      if (auto v = text_at(log, "cuda_version")) part.software.cuda_driver_version = smi::cuda_version_number(*v);
    if (!part.imported.contains("timestamp"))
      if (auto v = text_at(log, "timestamp")) part.imported["timestamp"] = *v;
    for (const auto& gx : log.children("gpu")) read_gpu(gx, part, seen, repeated, from_start);
    if (logs == 1) {
      const auto attached = int_at(log, {"attached_gpus"});
      const int boards = static_cast<int>(seen.size());
      if (attached && *attached != boards)
        part.warnings.push_back("<attached_gpus>" + std::to_string(*attached) + "</attached_gpus> but the file has " +
                                std::to_string(boards) + " <gpu> element" + (boards == 1 ? "" : "s") +
                                " (nvidia-smi -q -x -i, or a cut file)");
    }
  }
  // Lines of the XML part count from the file's first line: add the lines before `start`.
  const int shift = line_of(text, static_cast<std::ptrdiff_t>(start)) - 1;
  if (shift > 0)
    for (auto& g : part.gpus)
      if (g.extra.contains("source") && g.extra["source"].contains("line"))
        g.extra["source"]["line"] = g.extra["source"]["line"].get<int>() + shift;
  int board_index = -1;
  for (auto& g : part.gpus) g.index = g.mig.is_mig_device ? std::max(board_index, 0) : ++board_index;
  if (repeated > 0)
    part.warnings.push_back(std::to_string(logs) + " <nvidia_smi_log> documents (nvidia-smi -q -x -l): the first of each GPU is read");
  if (logs == 0) part.skipped.push_back("no <nvidia_smi_log> element: nothing was read");
  if (!part.gpus.empty() && part.imported.contains("timestamp"))
    part.imported = json{{"nvidia-smi-xml", {{"timestamp", part.imported["timestamp"]}}}};
  else
    part.imported = json::object();
  return part;
}

const RegisterFormat reg{{"nvidia-smi-xml", "nvidia-smi -q -x (XML): GPU identity and state", detect_xml, parse_xml}};

}  // namespace

}  // namespace gpuaudit::imports
