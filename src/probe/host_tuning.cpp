#include "probe/host_tuning.hpp"

#include "host/proc_file.hpp"
#include "text/strings.hpp"

#include <cctype>
#include <filesystem>
#include <set>

namespace gpuaudit {

namespace fs = std::filesystem;

namespace {

std::string first_word(std::string s) {
  const auto end = s.find_first_of(" \t\r\n");
  if (end != std::string::npos) s.resize(end);
  return s;
}

std::string governors(const fs::path& root) {
  std::set<std::string> seen;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(root / "sys/devices/system/cpu", ec)) {
    const std::string n = e.path().filename().string();
    if (n.rfind("cpu", 0) != 0 || n.size() < 4 || !std::isdigit(static_cast<unsigned char>(n[3]))) continue;
    if (auto g = first_word(read_proc_text((e.path() / "cpufreq/scaling_governor").string())); !g.empty()) seen.insert(g);
  }
  return one_or_mixed(seen);
}

std::string iommu(const fs::path& root) {
  std::error_code ec;
  if (!fs::is_directory(root / "sys/class/iommu", ec)) return "";
  const bool units = fs::directory_iterator(root / "sys/class/iommu", ec) != fs::directory_iterator();
  if (!units) return "off";
  const std::string cmdline = " " + read_proc_text((root / "proc/cmdline").string());
  return cmdline.find(" iommu=pt") != std::string::npos ? "pt" : "on";
}

std::string bracketed(const std::string& text) {
  const auto open = text.find('['), close = text.find(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return "";
  return text.substr(open + 1, close - open - 1);
}

}  // namespace

json host_tuning(const std::string& root_text) {
  const fs::path root = root_text;
  json t = json::object();
  if (auto g = governors(root); !g.empty()) t["cpu_governor"] = g;
  if (auto i = iommu(root); !i.empty()) t["iommu"] = i;
  if (auto thp = bracketed(read_proc_text((root / "sys/kernel/mm/transparent_hugepage/enabled").string())); !thp.empty())
    t["transparent_hugepages"] = thp;
  const std::string uw = first_word(read_proc_text((root / "sys/class/powercap/intel-rapl:0/constraint_0_power_limit_uw").string()));
  if (!uw.empty() && uw.find_first_not_of("0123456789") == std::string::npos && uw.size() < 16)
    t["rapl_limit_w"] = std::stod(uw) / 1e6;
  return t;
}

}  // namespace gpuaudit
