#include "report/inventory_text.hpp"

#include "core/join.hpp"
#include "probe/usability.hpp"
#include "probe/video_libraries.hpp"
#include "report/video_engines_text.hpp"
#include "text/escape.hpp"
#include "text/format.hpp"
#include "text/text_table.hpp"
#include "text/wrap.hpp"

#include <sstream>

namespace gpuaudit {

namespace {

std::string link(const std::optional<int>& gen, const std::optional<int>& width) {
  return "Gen" + fmt_opt(gen) + " x" + fmt_opt(width);
}

std::string text_member(const json& obj, const char* key) {
  if (!obj.is_object()) return "";
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : "";
}

// Which cuBLASLt and NCCL files were opened, or what was searched for them; how the binary was built
// and what it needs (software.extra and tool.extra, filled by take_machine_inventory).
void library_and_build_lines(std::ostream& o, const ResultDocument& doc) {
  const json& sw = doc.software.extra;
  const std::string lt = text_member(sw, "cublas_library"), nccl = text_member(sw, "nccl_library");
  if (!lt.empty() || !nccl.empty())
    o << "  Libraries  " << (lt.empty() ? "" : "cuBLASLt " + lt) << (!lt.empty() && !nccl.empty() ? ", " : "")
      << (nccl.empty() ? "" : "NCCL " + nccl) << "\n";
  if (sw.is_object() && sw.contains("library_notes") && sw["library_notes"].is_array())
    for (const auto& n : sw["library_notes"])
      if (n.is_string()) o << "  Missing    " << n.get<std::string>() << "\n";
  if (const std::string b = text_member(doc.tool.extra, "build"); !b.empty())
    o << "  gpuaudit   " << doc.tool.version << ", build: " << b << "\n";
  if (const std::string n = text_member(doc.tool.extra, "needs"); !n.empty()) o << "  Needs      " << n << "\n";
}

// Each line (but the no-GPU reason) that is wider than `width` broken at spaces, its continuation under the value column
// ("  Power      " is 13 wide), or two spaces in for a line with no label.
std::string wrapped(const std::string& text, std::size_t width) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    // The no-GPU reason stays one line, as every command says it (scripts grep for it whole).
    if (display_width(line) <= width || line.rfind("No usable GPU: ", 0) == 0) {
      out += line + "\n";
      continue;
    }
    std::size_t hang = 2;
    if (line.rfind("  ", 0) == 0 && line.size() > 13 && line[2] != ' ' && line.substr(11, 2) == "  ") hang = 13;
    const std::size_t head = line.rfind("  ", 0) == 0 ? hang : 0;
    out += wrap(line.substr(head), width, line.substr(0, head), std::string(hang, ' '));
  }
  return out;
}

}  // namespace

std::string inventory_text(const ResultDocument& doc, std::size_t width, const BaselineSet* baselines) {
  std::ostringstream o;
  const HostInfo& h = doc.host;
  o << "Host\n";
  o << "  CPU        " << (h.cpu_model.empty() ? "?" : h.cpu_model) << ", " << fmt_opt(h.vcpus) << " vCPUs, "
    << (h.memory_bytes ? fmt_bytes(*h.memory_bytes) : "?") << " memory, " << fmt_opt(h.numa_nodes) << " NUMA node(s)\n";
  o << "  System     " << h.os << ", " << h.kernel << "\n";
  o << "  Platform   " << (h.sys_vendor.empty() ? "?" : h.sys_vendor) << " / " << (h.product_name.empty() ? "?" : h.product_name)
    << (h.hypervisor ? ", VM (" + *h.hypervisor + ")" : ", no hypervisor flag")
    << (h.container ? ", in a " + *h.container + " container" : "") << "\n";
  o << "  Provider   " << h.provider_guess << " (" << h.provider_evidence << ")\n";
  if (h.steal_pct) o << "  CPU steal  " << fmt_num(*h.steal_pct, 1) << "% over " << fmt_num(h.steal_window_s.value_or(0), 1) << " s\n";

  const SoftwareInfo& s = doc.software;
  o << "Software\n";
  o << "  Driver     " << s.driver_version.value_or("none")
    << (s.cuda_driver_version ? " (supports CUDA " + cuda_version_string(*s.cuda_driver_version) + ")" : "") << "\n";
  o << "  CUDA       runtime " << (s.cuda_runtime_version ? cuda_version_string(*s.cuda_runtime_version) : "not built in")
    << ", cuBLAS " << s.cublas_version.value_or("-") << ", NCCL " << s.nccl_version.value_or("-") << "\n";
  if (!s.cuda_toolkits.empty()) {
    o << "  Toolkits  ";
    for (const auto& t : s.cuda_toolkits) o << " " << t.version << " (" << t.path << (t.is_default ? ", default" : "") << ")";
    o << "\n";
  }
  library_and_build_lines(o, doc);
  if (const auto v = s.extra.find("video_libraries"); v != s.extra.end())
    if (const std::string note = video_libraries_note(*v, doc.host.container); !note.empty()) o << "  Video libs " << note << "\n";
  for (const auto& w : s.warnings) o << "  warning: " << w << "\n";

  for (const auto& g : doc.gpus) {
    o << "GPU " << g.index << "  " << g.name << "\n";
    o << "  Identity   " << g.uuid << ", PCI " << g.pci_bus_id << " [" << g.pci_device_id.value_or("?") << "], cc "
      << g.compute_capability.value_or("?") << "\n";
    o << "  Compute    " << fmt_opt(g.sm_count) << " SMs, " << (g.memory_total_bytes ? fmt_bytes(*g.memory_total_bytes) : "?")
      << " memory (" << (g.memory_free_bytes ? fmt_bytes(*g.memory_free_bytes) : "?") << " free), L2 "
      << (g.l2_bytes ? fmt_bytes(*g.l2_bytes) : "?") << "\n";
    std::string mig = g.mig.is_mig_device ? "slice " + g.mig.profile.value_or("?")
                      : g.mig.mode_enabled ? (*g.mig.mode_enabled ? "enabled, no slice visible" : "off")
                                           : "n/a";
    o << "  Sharing    MIG " << mig << ", virtualization " << g.virtualization_mode.value_or("?") << ", compute mode "
      << g.compute_mode.value_or("?") << ", persistence " << (g.persistence_mode ? (*g.persistence_mode ? "on" : "off") : "?")
      << "\n";
    o << "  Power      " << fmt_opt(g.power.usage_w, " W") << " now, limit " << fmt_opt(g.power.limit_w, " W") << " (default "
      << fmt_opt(g.power.default_limit_w, " W") << ", max " << fmt_opt(g.power.max_limit_w, " W") << "), "
      << fmt_opt(g.temperature_c, " C") << "\n";
    o << "  Clocks     SM " << fmt_opt(g.clocks.sm_now_mhz) << "/" << fmt_opt(g.clocks.sm_max_mhz) << " MHz, memory "
      << fmt_opt(g.clocks.mem_now_mhz) << "/" << fmt_opt(g.clocks.mem_max_mhz) << " MHz (now/max); reasons: "
      << (g.clock_event_reasons.empty() ? "none" : join(g.clock_event_reasons)) << "\n";
    o << "  Links      PCIe " << link(g.pcie.gen_now, g.pcie.width_now) << " now, " << link(g.pcie.gen_max, g.pcie.width_max)
      << " max; NVLink " << g.nvlink.links_up << " up"
      << (g.nvlink.version ? " (v" + std::to_string(*g.nvlink.version) + ")" : "") << "; NUMA node " << fmt_opt(g.numa_node) << "\n";
    o << "  Memory     ECC " << (g.ecc.enabled ? (*g.ecc.enabled ? "on" : "off") : "?");
    if (g.ecc.volatile_uncorrected) o << ", uncorrected errors " << *g.ecc.volatile_uncorrected;
    if (g.ecc.remapped_rows_uncorrectable)
      o << ", remapped rows " << *g.ecc.remapped_rows_correctable << " corr/" << *g.ecc.remapped_rows_uncorrectable << " unc"
        << (g.ecc.remap_pending.value_or(false) ? " (pending: reset needed)" : "")
        << (g.ecc.remap_failure.value_or(false) ? " (REMAP FAILURE)" : "");
    if (g.ecc.retired_pages) o << ", retired pages " << *g.ecc.retired_pages;
    o << "\n";
    const VideoEngines* model = baselines ? model_video_engines(match_baseline(*baselines, g)) : nullptr;
    if (const std::string v = video_line(g, model); !v.empty()) o << "  Video      " << v << "\n";
  }
  if (doc.gpu_status.state != "ok") o << "\nNo usable GPU: " << doc.gpu_status.message << " [" << doc.gpu_status.state << "]\n";
  return width ? wrapped(terminal_text(o.str()), width) : terminal_text(o.str());  // tags, names and hostnames may hold escapes
}

}  // namespace gpuaudit
