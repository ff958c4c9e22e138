// split_machines(): which parts are of which machine (machine_identity.hpp).
#include "import/machine_identity.hpp"

#include "import/text/smi_values.hpp"
#include "multigpu/topology.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::imports {
namespace {

bool full_bus_id(const std::string& n) { return n.size() == 12 && n[4] == ':' && n[7] == ':' && n[10] == '.'; }

std::string bus_of(const GpuInfo& g) {
  if (g.pci_bus_id.empty() || g.mig.is_mig_device) return "";
  const std::string n = multigpu::normalize_bus_id(g.pci_bus_id);
  return full_bus_id(n) ? smi::lower(n) : "";
}

// "NVIDIA H100 80GB HBM3" and the table's "NVIDIA H100 80GB HBM3" cut to "NVIDIA H100 80G..." are
// one model: compared without case, the "NVIDIA " prefix and the cut mark, one a prefix of the other.
std::string model_key(std::string name) {
  name = smi::lower(std::string(smi::trim(name)));
  while (!name.empty() && name.back() == '.') name.pop_back();
  if (name.rfind("nvidia ", 0) == 0) name = name.substr(7);
  std::string out;
  for (char c : name)
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  return out;
}

bool same_model(const std::string& a, const std::string& b) {
  const std::string x = model_key(a), y = model_key(b);
  if (x.empty() || y.empty()) return true;
  return x.rfind(y, 0) == 0 || y.rfind(x, 0) == 0;
}

bool masked(const std::string& uuid) { return uuid.empty() || smi::masked_uuid(uuid); }

// A snapshot's statement of the driver in use (a kernel log spans boots: see the header).
std::string snapshot_driver(const ImportPart& p) {
  if (p.format == "kernel-log" || !p.software.driver_version) return "";
  return std::string(smi::trim(*p.software.driver_version));
}

// The number of GPUs of a listing of every GPU the driver sees, "" when the part is not one.
std::string listed_gpus(const ImportPart& p) {
  static const char* const kListings[] = {"nvidia-smi-q", "nvidia-smi-xml", "nvidia-smi-table", "nvidia-smi-list"};
  if (std::find(std::begin(kListings), std::end(kListings), p.format) == std::end(kListings)) return "";
  for (const auto& w : p.warnings)  // "-q -i 0": "Attached GPUs : 8" but one GPU in the dump
    if (w.find("Attached GPUs") != std::string::npos || w.find("attached_gpus") != std::string::npos) return "";
  const auto boards = std::count_if(p.gpus.begin(), p.gpus.end(), [](const GpuInfo& g) { return !g.mig.is_mig_device; });
  return boards > 0 ? std::to_string(boards) : "";
}

std::string short_host(const std::string& h) {
  const std::string l = smi::lower(std::string(smi::trim(h)));
  return l.substr(0, l.find('.'));
}

std::string versus(const char* what, const std::string& a, const std::string& a_from, const std::string& b,
                   const std::string& b_from) {
  return std::string(what) + " " + a + " (" + a_from + ") vs " + b + " (" + b_from + ")";
}

}  // namespace

std::optional<std::string> MachineFacts::disagreement(const ImportPart& part, const std::string& label) const {
  if (!hostname_.value.empty() && !part.host.hostname.empty() &&
      short_host(hostname_.value) != short_host(part.host.hostname))
    return versus("host name", hostname_.value, hostname_.from, part.host.hostname, label);
  if (const std::string d = snapshot_driver(part); !driver_.value.empty() && !d.empty() && d != driver_.value)
    return versus("driver", driver_.value, driver_.from, d, label);
  if (const std::string n = listed_gpus(part); !listed_gpus_.value.empty() && !n.empty() && n != listed_gpus_.value)
    return versus("GPU count", listed_gpus_.value, listed_gpus_.from, n, label);
  for (const auto& g : part.gpus) {
    const std::string bus = bus_of(g);
    const auto it = bus.empty() ? boards_.end() : boards_.find(bus);
    if (it == boards_.end()) continue;
    const Board& b = it->second;
    if (!b.uuid.value.empty() && !masked(g.uuid) && smi::lower(g.uuid) != smi::lower(b.uuid.value))
      return versus(("GPU UUID at " + bus).c_str(), b.uuid.value, b.uuid.from, g.uuid, label);
    if (!b.device_id.value.empty() && g.pci_device_id && smi::lower(*g.pci_device_id) != smi::lower(b.device_id.value))
      return versus(("PCI device id at " + bus).c_str(), b.device_id.value, b.device_id.from, *g.pci_device_id, label);
    if (!part.fills_only && !b.name.value.empty() && !same_model(b.name.value, g.name))
      return versus(("model at " + bus).c_str(), b.name.value, b.name.from, g.name, label);
  }
  return std::nullopt;
}

void MachineFacts::add(const ImportPart& part, const std::string& label) {
  auto keep = [&](Fact& f, const std::string& v) {
    if (f.value.empty() && !v.empty()) f = Fact{v, label};
  };
  keep(hostname_, std::string(smi::trim(part.host.hostname)));
  keep(driver_, snapshot_driver(part));
  keep(listed_gpus_, listed_gpus(part));
  for (const auto& g : part.gpus) {
    const std::string bus = bus_of(g);
    if (bus.empty()) continue;
    Board& b = boards_[bus];
    if (!masked(g.uuid)) keep(b.uuid, g.uuid);
    if (g.pci_device_id) keep(b.device_id, *g.pci_device_id);
    if (!part.fills_only) keep(b.name, std::string(smi::trim(g.name)));
  }
}

MachineSplit split_machines(const std::vector<const ImportPart*>& parts, const std::vector<std::string>& labels) {
  MachineSplit s;
  std::vector<MachineFacts> facts;
  int recent = -1;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const ImportPart& p = *parts[i];
    const std::string& label = labels[i];
    int home = -1;
    std::optional<std::string> first_why;
    int first_against = -1;
    // The machine read most recently first, then the others from the newest.
    std::vector<int> order;
    if (recent >= 0) order.push_back(recent);
    for (int m = static_cast<int>(facts.size()) - 1; m >= 0; --m)
      if (m != recent) order.push_back(m);
    for (int m : order) {
      const auto why = facts[static_cast<std::size_t>(m)].disagreement(p, label);
      if (!why) {
        home = m;
        break;
      }
      if (!first_why) first_why = why, first_against = m;
    }
    if (home < 0) {
      home = static_cast<int>(facts.size());
      facts.emplace_back();
      s.why.push_back(first_why.value_or(""));
      s.against.push_back(first_against);
      s.opened_by.push_back(static_cast<int>(i));
    }
    facts[static_cast<std::size_t>(home)].add(p, label);
    s.machine.push_back(home);
    recent = home;
  }
  return s;
}

}  // namespace gpuaudit::imports
