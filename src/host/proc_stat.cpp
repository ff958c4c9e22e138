#include "host/proc_stat.hpp"

#include <fstream>
#include <sstream>

namespace gpuaudit {

std::vector<CpuTimes> parse_proc_stat(const std::string& text) {
  std::vector<CpuTimes> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("cpu", 0) != 0) continue;
    std::istringstream ls(line);
    CpuTimes t;
    ls >> t.cpu >> t.user >> t.nice >> t.system >> t.idle;
    if (!ls) continue;
    ls >> t.iowait >> t.irq >> t.softirq >> t.steal;  // absent on very old kernels: stay 0
    out.push_back(t);
  }
  return out;
}

std::vector<CpuShare> cpu_shares(const std::vector<CpuTimes>& before, const std::vector<CpuTimes>& after) {
  std::vector<CpuShare> out;
  for (const auto& a : after) {
    for (const auto& b : before) {
      if (b.cpu != a.cpu) continue;
      const double dt = static_cast<double>(a.total()) - static_cast<double>(b.total());
      if (dt <= 0) break;
      auto d = [](std::uint64_t x, std::uint64_t y) { return x >= y ? static_cast<double>(x - y) : 0.0; };
      CpuShare s;
      s.cpu = a.cpu;
      s.steal_pct = 100.0 * d(a.steal, b.steal) / dt;
      s.iowait_pct = 100.0 * d(a.iowait, b.iowait) / dt;
      s.busy_pct = 100.0 *
                   (d(a.user, b.user) + d(a.nice, b.nice) + d(a.system, b.system) + d(a.irq, b.irq) +
                    d(a.softirq, b.softirq)) /
                   dt;
      out.push_back(s);
      break;
    }
  }
  return out;
}

std::optional<std::vector<CpuTimes>> read_proc_stat(const std::string& path) {
  std::ifstream f(path);
  if (!f) return std::nullopt;
  std::ostringstream ss;
  ss << f.rdbuf();
  auto v = parse_proc_stat(ss.str());
  if (v.empty()) return std::nullopt;
  return v;
}

}  // namespace gpuaudit
