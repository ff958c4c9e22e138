#include "host/cpu_contention.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace gpuaudit {

std::optional<std::uint64_t> parse_own_cpu_ticks(const std::string& text) {
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields are counted from
  // the last ')'. utime is field 14 of the line, i.e. the 12th after the comm.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream in(text.substr(close + 1));
  std::string field;
  std::uint64_t sum = 0;
  for (int i = 1; i <= 15; ++i) {
    if (!(in >> field)) return std::nullopt;
    if (i < 12) continue;  // state .. cmajflt
    // cutime/cstime are signed in the kernel's format; a child's time is never negative in practice.
    if (field.empty() || field.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    try {
      sum += std::stoull(field);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return sum;
}

std::optional<std::uint64_t> read_own_cpu_ticks(const std::string& path) {
  std::ifstream f(path);
  if (!f) return std::nullopt;
  std::ostringstream ss;
  ss << f.rdbuf();
  return parse_own_cpu_ticks(ss.str());
}

CpuUsageMark mark_cpu_usage(const std::string& stat_path, const std::string& self_path) {
  CpuUsageMark m;
  // Own time first, then the CPUs: any tick of ours in between lands in "busy", never below own.
  m.own_ticks = read_own_cpu_ticks(self_path);
  if (auto t = read_proc_stat(stat_path)) m.cpus = std::move(*t);
  return m;
}

std::optional<CpuContention> cpu_contention(const CpuUsageMark& before, const CpuUsageMark& after,
                                            const std::vector<int>& allowed) {
  if (!before.own_ticks || !after.own_ticks) return std::nullopt;
  auto counted = [&](const std::string& name) {
    if (name.size() <= 3 || name.rfind("cpu", 0) != 0) return false;
    if (allowed.empty()) return true;
    int n = -1;  // from_chars: a name of 20 digits is no CPU, not an exception
    const char* end = name.data() + name.size();
    const auto [at, ec] = std::from_chars(name.data() + 3, end, n);
    if (ec != std::errc() || at != end) return false;
    return std::find(allowed.begin(), allowed.end(), n) != allowed.end();
  };
  auto d = [](std::uint64_t x, std::uint64_t y) { return x >= y ? static_cast<double>(x - y) : 0.0; };
  double total = 0, busy = 0, steal = 0;
  int cpus = 0;
  for (const auto& a : after.cpus) {
    if (!counted(a.cpu)) continue;
    for (const auto& b : before.cpus) {
      if (b.cpu != a.cpu) continue;
      total += d(a.total(), b.total());
      busy += d(a.user, b.user) + d(a.nice, b.nice) + d(a.system, b.system) + d(a.irq, b.irq) + d(a.softirq, b.softirq);
      steal += d(a.steal, b.steal);
      ++cpus;
      break;
    }
  }
  if (cpus == 0 || total <= 0) return std::nullopt;
  const double own = d(*after.own_ticks, *before.own_ticks);
  CpuContention c;
  c.cpus = cpus;
  // Both counters are sampled at the tick, so ours can read a tick above the CPUs' busy time.
  c.own_pct = 100.0 * std::min(own, busy) / total;
  c.foreign_pct = 100.0 * std::max(0.0, busy - own) / total;
  c.steal_pct = 100.0 * steal / total;
  return c;
}

}  // namespace gpuaudit
