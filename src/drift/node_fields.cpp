#include "drift/node_fields.hpp"

#include "core/json_fields.hpp"
#include "probe/usability.hpp"
#include "text/format.hpp"
#include "text/strings.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace gpuaudit {

namespace {

struct FieldSpec {
  const char* name;
  const char* klass;
};

constexpr FieldSpec kFields[] = {
    {"gpu_count", "performance"},   {"gpu_models", "performance"},   {"driver", "performance"},
    {"cuda_driver", "performance"}, {"vbios", "performance"},        {"power_limit_w", "performance"},
    {"default_power_limit_w", "performance"}, {"sm_max_mhz", "performance"}, {"mem_max_mhz", "performance"},
    {"ecc", "performance"},         {"persistence", "performance"},  {"compute_mode", "performance"},
    {"mig_mode", "performance"},    {"pcie_gen_max", "performance"}, {"pcie_width_max", "performance"},
    {"nvlink_links_down", "performance"}, {"inforom", "performance"}, {"gsp_firmware", "performance"},
    {"app_clock_graphics_mhz", "performance"}, {"app_clock_memory_mhz", "performance"},
    {"cpu_model", "performance"}, {"vcpus", "performance"}, {"cpu_governor", "performance"},
    {"iommu", "performance"}, {"transparent_hugepages", "performance"}, {"rapl_limit_w", "performance"},
    {"memory_gib", "performance"},  {"dimm_count", "performance"},   {"dimm_speed_mts", "performance"},
    {"numa_nodes", "performance"},  {"kernel", "performance"},
    {"nccl", "environment"},        {"cublas", "environment"},       {"os", "info"},
    {"driver_security", "security"},  // drift.cpp: the driver against NVIDIA's bulletin (security_floors)
};

std::string yes_no(bool b) { return b ? "on" : "off"; }

template <class T>
std::optional<std::string> text_of(const std::optional<T>& v) {
  if (!v) return std::nullopt;
  if constexpr (std::is_same_v<T, bool>) return yes_no(*v);
  else if constexpr (std::is_same_v<T, std::string>) return *v;
  else return field_number(static_cast<double>(*v));
}

// A firmware string the live inventory keeps in the GPU's extra and an import in extra.imported.
std::optional<std::string> firmware_of(const GpuInfo& g, const char* key) {
  if (auto it = g.extra.find("imported"); it != g.extra.end() && it->is_object())
    if (auto v = string_field(*it, key); !v.empty()) return v;
  if (auto v = string_field(g.extra, key); !v.empty()) return v;
  return std::nullopt;
}

std::optional<std::string> clock_extra(const GpuInfo& g, const char* key) {
  if (auto it = g.clocks.extra.find(key); it != g.clocks.extra.end() && it->is_number()) return field_number(it->get<double>());
  return std::nullopt;
}

std::string models(const ResultDocument& doc) {
  std::map<std::string, int> count;
  for (const auto& g : doc.gpus)
    if (!g.mig.is_mig_device) ++count[g.name];
  std::string o;
  for (const auto& [name, n] : count) o += (o.empty() ? "" : ", ") + std::to_string(n) + "x " + name;
  return o;
}

}  // namespace

std::vector<NodeField> gpu_fields(const GpuInfo& g) {
  const std::pair<const char*, std::optional<std::string>> values[] = {
      {"vbios", firmware_of(g, "vbios_version")},
      {"inforom", firmware_of(g, "inforom_image_version")},
      {"gsp_firmware", firmware_of(g, "gsp_firmware_version")},
      {"app_clock_graphics_mhz", clock_extra(g, "applications_graphics_mhz")},
      {"app_clock_memory_mhz", clock_extra(g, "applications_memory_mhz")},
      {"power_limit_w", text_of(g.power.limit_w)},
      {"default_power_limit_w", text_of(g.power.default_limit_w)},
      {"sm_max_mhz", text_of(g.clocks.sm_max_mhz)},
      {"mem_max_mhz", text_of(g.clocks.mem_max_mhz)},
      {"ecc", text_of(g.ecc.enabled)},
      {"persistence", text_of(g.persistence_mode)},
      {"compute_mode", text_of(g.compute_mode)},
      {"mig_mode", text_of(g.mig.mode_enabled)},
      {"pcie_gen_max", text_of(g.pcie.gen_max)},
      {"pcie_width_max", text_of(g.pcie.width_max)},
      // Links listed but not up: a paste cut after a GPU's first link lists fewer, none of them down.
      {"nvlink_links_down",
       g.nvlink.links_queried > 0 ? std::optional(std::to_string(std::max(0, g.nvlink.links_queried - g.nvlink.links_up)))
                                  : std::nullopt},
  };
  std::vector<NodeField> out;
  for (const auto& [name, value] : values)
    if (value && !value->empty()) out.push_back({name, std::string(field_class(name)), *value});
  return out;
}

std::string_view field_class(std::string_view name) {
  if (name.starts_with("env:")) return "environment";
  for (const auto& f : kFields)
    if (name == f.name) return f.klass;
  return "info";
}

std::vector<NodeField> node_fields(const ResultDocument& doc) {
  std::map<std::string, std::optional<std::string>> v;
  std::size_t boards = 0;
  for (const auto& g : doc.gpus) boards += g.mig.is_mig_device ? 0 : 1;
  if (boards > 0) v["gpu_count"] = std::to_string(boards), v["gpu_models"] = models(doc);
  v["driver"] = text_of(doc.software.driver_version);
  if (doc.software.cuda_driver_version) v["cuda_driver"] = cuda_version_string(*doc.software.cuda_driver_version);
  v["nccl"] = text_of(doc.software.nccl_version);
  v["cublas"] = text_of(doc.software.cublas_version);
  std::map<std::string, std::set<std::string>> gpu_values;  // field -> the values of the node's boards
  for (const auto& g : doc.gpus)
    if (!g.mig.is_mig_device)
      for (const auto& f : gpu_fields(g)) gpu_values[f.name].insert(f.value);
  for (const auto& [name, seen] : gpu_values) v[name] = one_or_mixed(seen);
  const HostInfo& h = doc.host;
  if (!h.cpu_model.empty()) v["cpu_model"] = h.cpu_model;
  v["vcpus"] = text_of(h.vcpus);
  if (h.memory_bytes) v["memory_gib"] = field_number(static_cast<double>(*h.memory_bytes / (1ull << 30)));
  v["numa_nodes"] = text_of(h.numa_nodes);
  if (!h.kernel.empty()) v["kernel"] = h.kernel;
  if (auto t = h.extra.find("tuning"); t != h.extra.end() && t->is_object()) {  // probe/host_tuning.hpp
    for (const char* k : {"cpu_governor", "iommu", "transparent_hugepages"})
      if (auto s = string_field(*t, k); !s.empty()) v[k] = s;
    if (auto r = t->find("rapl_limit_w"); r != t->end() && r->is_number()) v["rapl_limit_w"] = field_number(r->get<double>());
  }
  // The memory modules an imported `dmidecode -t memory` states (import/formats/parse_dmidecode_memory.cpp):
  // the populated slots, and the speed they run at (the rated one where the configured is not given).
  if (auto m = h.extra.find("memory_modules"); m != h.extra.end() && m->is_object()) {
    if (auto p = m->find("populated"); p != m->end() && p->is_number()) v["dimm_count"] = field_number(p->get<double>());
    for (const char* k : {"configured_speed_mts", "rated_speed_mts"})
      if (auto s = m->find(k); s != m->end() && !v.count("dimm_speed_mts"))
        if (s->is_number() || s->is_string()) v["dimm_speed_mts"] = s->is_number() ? field_number(s->get<double>()) : s->get<std::string>();
  }
  if (!h.os.empty()) v["os"] = h.os;

  std::vector<NodeField> out;
  for (const auto& f : kFields)
    if (auto it = v.find(f.name); it != v.end() && it->second && !it->second->empty())
      out.push_back({f.name, f.klass, *it->second});
  // The job-steering variables `run --record-env` stored: "env:NCCL_IB_HCA", class environment.
  if (auto env = doc.extra.find("workload_env"); env != doc.extra.end() && env->is_object())
    for (const auto& [name, value] : env->items())
      if (value.is_string()) out.push_back({"env:" + name, "environment", value.get<std::string>()});
  return out;
}

std::string field_number(double v) { return fmt_num(v, v == std::floor(v) ? 0 : 1); }

std::string node_name(const ResultDocument& doc, const std::string& fallback) {
  if (!doc.host.hostname.empty()) return doc.host.hostname;
  if (auto it = doc.tags.find("node"); it != doc.tags.end() && !it->second.empty()) return it->second;
  return fallback;
}

}  // namespace gpuaudit
