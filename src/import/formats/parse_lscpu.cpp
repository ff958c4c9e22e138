// `lscpu` output: `Key:   value` lines (util-linux). People post it beside nvidia-smi when a GPU VM
// is slow; it states host facts gpuaudit's own inventory records (src/core/result.hpp HostInfo):
// the vCPUs (`CPU(s):`), the CPU model, the NUMA nodes and the hypervisor (`Hypervisor vendor:
// KVM`, `Microsoft`, `Xen`, `VMware`, `Oracle` ...; absent on bare metal or a hidden hypervisor).
// Sockets, threads per core, cores per socket, the virtualisation type and each NUMA node's CPU
// list go to doc.extra.imported.lscpu (HostInfo has no field for them). No figure: lscpu measures
// nothing, so nothing is judged from it; it says what the machine is.
//
// Not read: which NUMA node a GPU hangs on (lscpu does not know; nvidia-smi topo -m's NUMA
// Affinity column does), so lscpu gives numa-misplaced nothing to judge. Heterogeneous ARM parts
// print one `Model name:` block per core type: all are kept, the first is the model. The
// parsable `lscpu -p` section (`# CPU,Core,...` and CSV lines) is skipped.
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <map>
#include <set>

namespace gpuaudit::imports {

namespace {

using smi::trim;

// "Key:   value" -> {key, value}; nullopt for other lines.
std::optional<std::pair<std::string, std::string>> key_value(std::string_view l) {
  const auto colon = l.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 40) return std::nullopt;
  const std::string_view key = trim(l.substr(0, colon));
  if (key.empty() || key.find(',') != std::string_view::npos) return std::nullopt;
  return std::make_pair(std::string(key), std::string(trim(l.substr(colon + 1))));
}

const std::set<std::string>& lscpu_keys() {
  static const std::set<std::string> k = {"Architecture",  "CPU op-mode(s)",     "CPU(s)",    "On-line CPU(s) list",
                                          "Thread(s) per core", "Core(s) per socket", "Socket(s)", "Vendor ID",
                                          "Model name",    "NUMA node(s)",        "BogoMIPS",  "Byte Order"};
  return k;
}

int detect_lscpu(std::string_view text) {
  std::set<std::string> seen;
  for (const auto& [no, line] : smi::head_lines(text, 200)) {
    if (auto kv = key_value(trim(line)); kv && lscpu_keys().count(kv->first)) seen.insert(kv->first);
  }
  // CPU(s) and two more of lscpu's own keys: no other imported format prints them.
  return seen.count("CPU(s)") && seen.size() >= 3 ? 80 : 0;
}

std::optional<int> count_of(const std::string& v) {
  if (v.empty() || v.size() > 7 || v.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return std::stoi(v);
}

ImportPart parse_lscpu(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"lscpu", "", file, 0};
  json facts = json::object();
  json models = json::array();
  json nodes = json::object();
  int recognised = 0;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (l.empty() || l[0] == '#') continue;
    const auto kv = key_value(l);
    if (!kv) continue;
    const auto& [key, value] = *kv;
    if (lscpu_keys().count(key) || key.rfind("NUMA node", 0) == 0 || key.rfind("Hypervisor", 0) == 0 ||
        key == "Virtualization type" || key == "Virtualization")
      if (!part.source.line) part.source.line = no;
    if (key == "CPU(s)") {
      if (auto n = count_of(value); n && !part.host.vcpus) part.host.vcpus = *n, ++recognised;
    } else if (key == "Model name") {
      if (value != "-" && !value.empty()) {
        models.push_back(value);
        if (part.host.cpu_model.empty()) part.host.cpu_model = value, ++recognised;
      }
    } else if (key == "NUMA node(s)") {
      if (auto n = count_of(value)) part.host.numa_nodes = *n, ++recognised;
    } else if (key == "Hypervisor vendor") {
      if (!value.empty()) part.host.hypervisor = value, ++recognised;
    } else if (key.rfind("NUMA node", 0) == 0 && key.size() > 16 && key.substr(key.size() - 6) == "CPU(s)") {
      nodes[std::string(trim(std::string_view(key).substr(9, key.size() - 9 - 6)))] = value;  // "NUMA node0 CPU(s)" -> "0"
    } else if (key == "Socket(s)" || key == "Thread(s) per core" || key == "Core(s) per socket") {
      const char* name = key == "Socket(s)" ? "sockets" : key == "Thread(s) per core" ? "threads_per_core" : "cores_per_socket";
      if (auto n = count_of(value); n && !facts.contains(name)) facts[name] = *n;
    } else if (key == "Virtualization type" || key == "Hypervisor" || key == "Vendor ID" || key == "Architecture" ||
               key == "Virtualization") {
      const char* name = key == "Virtualization type" ? "virtualization_type"
                         : key == "Hypervisor"        ? "hypervisor"
                         : key == "Vendor ID"         ? "vendor_id"
                         : key == "Architecture"      ? "architecture"
                                                      : "virtualization_extension";  // VT-x / AMD-V offered to this OS
      if (!facts.contains(name)) facts[name] = value;
    }
  }
  if (models.size() > 1) facts["model_names"] = models;
  if (!nodes.empty()) facts["numa_node_cpus"] = nodes;
  if (!facts.empty()) part.imported = json{{"lscpu", facts}};
  if (recognised == 0 && facts.empty()) part.skipped.push_back("no lscpu `Key: value` line (CPU(s):, Model name: ...): nothing was read");
  if (!part.host.hypervisor && part.host.vcpus)
    part.warnings.push_back("no Hypervisor vendor line: bare metal, or a hypervisor that hides itself (lscpu cannot tell)");
  return part;
}

const RegisterFormat reg{{"lscpu", "lscpu output (CPU(s):, Model name:, NUMA node(s):, Hypervisor vendor:)", detect_lscpu, parse_lscpu}};

}  // namespace

}  // namespace gpuaudit::imports
