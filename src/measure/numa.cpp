#include "measure/numa.hpp"

#include "core/parse_number.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuaudit {

std::optional<int> pci_numa_node(const std::string& sysfs_root, const std::string& bus_id) {
  std::string id = bus_id.size() > 12 ? bus_id.substr(bus_id.size() - 12) : bus_id;
  for (auto& c : id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::ifstream f(sysfs_root + "/bus/pci/devices/" + id + "/numa_node");
  int node = -1;
  if (f >> node && node >= 0) return node;
  return std::nullopt;
}

std::vector<int> memory_nodes(const std::string& sysfs_root) {
  std::vector<int> out;
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::path(sysfs_root) / "devices/system/node";
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("node", 0) != 0 || name.size() == 4) continue;
    const std::string digits = name.substr(4);
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      continue;
    // "Node 0 MemTotal:       1056515584 kB"
    std::ifstream meminfo(entry.path() / "meminfo");
    std::string line;
    long long kb = 0;
    while (std::getline(meminfo, line)) {
      const auto at = line.find("MemTotal:");
      if (at == std::string::npos) continue;
      std::istringstream(line.substr(at + 9)) >> kb;
      break;
    }
    if (const auto n = parse_integer<int>(digits); kb > 0 && n) out.push_back(*n);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<int> remote_node(const std::vector<int>& nodes, int local) {
  for (int n : nodes)
    if (n != local) return n;
  return std::nullopt;
}

}  // namespace gpuaudit
