#include "probe/gpu_select.hpp"

#include "core/error.hpp"
#include "probe/gpu_map.hpp"
#include "text/strings.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit {
namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_uuid(std::string_view s) {
  const std::string l = lower(s);
  return (l.rfind("gpu-", 0) == 0 || l.rfind("mig-", 0) == 0) && l.size() > 4;
}

// [[domain:]bus:]device.function in hex: "18:00.0", "0000:18:00.0", "00000000:18:00.0".
bool is_bus(std::string_view s) {
  const auto dot = s.rfind('.');
  const auto colon = s.find(':');
  if (dot == std::string_view::npos || colon == std::string_view::npos || dot < colon) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.'; });
}

// A bus id to compare: domain, bus, device and function, the domain zero-padded to 4 digits.
std::string bus_key(std::string_view s) {
  std::string id = lower(s);
  const auto colons = std::count(id.begin(), id.end(), ':');
  if (colons == 1) id = "0000:" + id;
  return pci_bus_key(id);
}

std::string choices(const std::vector<GpuInfo>& gpus) {
  if (gpus.empty()) return "no GPU was found";
  std::string o = "there are ";
  for (std::size_t i = 0; i < gpus.size() && i < 8; ++i) {
    const auto& g = gpus[i];
    o += (i ? ", " : "") + std::to_string(g.index) + (g.pci_bus_id.empty() ? "" : " (" + g.pci_bus_id + ")");
  }
  if (gpus.size() > 8) o += ", ... (" + std::to_string(gpus.size()) + " in all)";
  return o + "; indices follow nvidia-smi's order";
}

}  // namespace

bool is_gpu_selector(std::string_view e) { return all_digits(e) || is_uuid(e) || is_bus(e); }

std::vector<int> select_gpus(const std::vector<std::string>& entries, const std::vector<GpuInfo>& gpus) {
  std::vector<int> out;
  for (const auto& e : entries) {
    const GpuInfo* hit = nullptr;
    for (const auto& g : gpus) {
      if (all_digits(e) ? e.size() < 6 && std::stoi(e) == g.index
          : is_uuid(e)  ? lower(e) == lower(g.uuid)
          : is_bus(e)   ? !g.pci_bus_id.empty() && bus_key(e) == bus_key(g.pci_bus_id)
                        : false) {
        hit = &g;
        break;
      }
    }
    if (!hit) throw input_error("--gpus: no GPU \"" + e + "\" here: " + choices(gpus));
    if (std::find(out.begin(), out.end(), hit->index) == out.end()) out.push_back(hit->index);
  }
  return out;
}

}  // namespace gpuaudit
