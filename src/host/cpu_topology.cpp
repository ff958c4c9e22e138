#include "host/cpu_topology.hpp"

#include "core/parse_number.hpp"

#include <sched.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

std::string read_first_line(const fs::path& p) {
  std::ifstream f(p);
  std::string line;
  if (f) std::getline(f, line);
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
  return line;
}

// "32768K" / "1M" / "512" -> bytes; 0 (unknown) for anything else, or a size past 2^64 bytes.
std::uint64_t parse_cache_size(const std::string& s) {
  std::size_t digits = 0;
  while (digits < s.size() && std::isdigit(static_cast<unsigned char>(s[digits]))) ++digits;
  const auto n = parse_integer<std::uint64_t>(std::string_view(s).substr(0, digits));
  if (!n) return 0;
  const char unit = digits < s.size() ? static_cast<char>(std::toupper(static_cast<unsigned char>(s[digits]))) : 'B';
  const int shift = unit == 'K' ? 10 : unit == 'M' ? 20 : unit == 'G' ? 30 : 0;
  if (*n > (std::numeric_limits<std::uint64_t>::max() >> shift)) return 0;
  return *n << shift;
}

// "cpu12" -> 12 for prefix "cpu"; -1 when the rest is not a number of int's range.
int number_after(const std::string& name, const std::string& prefix) {
  if (name.rfind(prefix, 0) != 0) return -1;
  const std::string_view digits = std::string_view(name).substr(prefix.size());
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return -1;
  return parse_integer<int>(digits).value_or(-1);
}

std::vector<int> allowed_cpus() {
  std::vector<int> out;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0)
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set)) out.push_back(c);
  return out;
}

// The largest cache level's distinct instances, summed (AMD has one L3 per CCD, Intel one per socket).
std::uint64_t llc_total(const fs::path& cpu_dir) {
  int best_level = 0;
  std::map<std::string, std::uint64_t> by_sharing;  // shared_cpu_list -> size, at best_level
  std::error_code ec;
  for (const auto& cpu : fs::directory_iterator(cpu_dir, ec)) {
    if (number_after(cpu.path().filename().string(), "cpu") < 0) continue;
    for (const auto& idx : fs::directory_iterator(cpu.path() / "cache", ec)) {
      if (number_after(idx.path().filename().string(), "index") < 0) continue;
      const std::string type = read_first_line(idx.path() / "type");
      if (type == "Instruction") continue;
      const std::string lv = read_first_line(idx.path() / "level");
      if (lv.empty()) continue;
      const int level = parse_integer<int>(lv).value_or(0);
      const std::uint64_t size = parse_cache_size(read_first_line(idx.path() / "size"));
      const std::string shared = read_first_line(idx.path() / "shared_cpu_list");
      if (level > best_level) {
        best_level = level;
        by_sharing.clear();
      }
      if (level == best_level) by_sharing[shared.empty() ? cpu.path().string() : shared] = size;
    }
  }
  std::uint64_t total = 0;
  for (const auto& [k, v] : by_sharing) total += v;
  return total;
}

std::optional<double> cgroup_limit(const fs::path& root) {
  // cgroup v2: /proc/self/cgroup has "0::/some/path"; cpu.max is "max 100000" or "250000 100000".
  std::string rel;
  {
    std::ifstream f(root / "proc/self/cgroup");
    std::string line;
    while (std::getline(f, line))
      if (line.rfind("0::", 0) == 0) rel = line.substr(3);
  }
  for (const fs::path& p : {root / "sys/fs/cgroup" / fs::path(rel).relative_path() / "cpu.max",
                            root / "sys/fs/cgroup/cpu.max"}) {
    std::istringstream in(read_first_line(p));
    std::string quota, period;
    if (!(in >> quota >> period) || quota == "max") continue;
    const auto q = parse_finite(quota), t = parse_finite(period);
    // Anything else, or more CPUs than any machine has, is no limit gpuaudit can read.
    if (q && t && *q > 0 && *t > 0 && *q / *t <= kMaxCpuNumber) return *q / *t;
  }
  return std::nullopt;
}

}  // namespace

std::vector<int> parse_cpu_list(const std::string& text) {
  std::vector<int> out;
  std::stringstream ss(text);
  std::string item;
  auto cpu = [&](std::string_view s) {  // a CPU number Linux can have (NR_CPUS is at most 8192)
    const auto n = parse_integer<int>(s);
    if (!n || *n < 0 || *n >= kMaxCpuNumber) throw std::invalid_argument("malformed CPU list \"" + text.substr(0, 80) + "\"");
    return *n;
  };
  while (std::getline(ss, item, ',')) {
    item.erase(std::remove_if(item.begin(), item.end(), [](unsigned char c) { return std::isspace(c); }), item.end());
    if (item.empty()) continue;
    const auto dash = item.find('-');
    if (dash == std::string::npos) {
      out.push_back(cpu(item));
      continue;
    }
    const int lo = cpu(std::string_view(item).substr(0, dash));
    const int hi = cpu(std::string_view(item).substr(dash + 1));
    if (hi < lo) throw std::invalid_argument("malformed CPU list \"" + text.substr(0, 80) + "\"");
    for (int c = lo; c <= hi; ++c) out.push_back(c);
    if (out.size() > static_cast<std::size_t>(kMaxCpuNumber)) throw std::invalid_argument("CPU list too long");
  }
  return out;
}

std::vector<NumaNode> read_numa_nodes(const std::string& root_s) {
  const fs::path root = root_s;
  std::error_code ec;
  std::vector<std::pair<int, fs::path>> node_dirs;
  for (const auto& e : fs::directory_iterator(root / "sys/devices/system/node", ec))
    if (int n = number_after(e.path().filename().string(), "node"); n >= 0) node_dirs.emplace_back(n, e.path());
  std::sort(node_dirs.begin(), node_dirs.end());
  std::vector<NumaNode> nodes;
  for (const auto& [n, dir] : node_dirs) {
    try {
      nodes.push_back({n, parse_cpu_list(read_first_line(dir / "cpulist"))});
    } catch (const std::invalid_argument&) {
      continue;
    }
  }
  return nodes;
}

CpuTopology read_cpu_topology(const std::string& root_s) {
  const fs::path root = root_s;
  CpuTopology t;
  t.allowed = allowed_cpus();
  const std::set<int> allowed(t.allowed.begin(), t.allowed.end());
  for (NumaNode node : read_numa_nodes(root_s)) {
    node.cpus.erase(std::remove_if(node.cpus.begin(), node.cpus.end(), [&](int c) { return !allowed.count(c); }),
                    node.cpus.end());
    if (!node.cpus.empty()) t.nodes.push_back(std::move(node));
  }
  if (t.nodes.empty()) t.nodes.push_back({0, t.allowed});  // no NUMA information: one node

  t.llc_bytes_total = llc_total(root / "sys/devices/system/cpu");
  t.cgroup_cpu_limit = cgroup_limit(root);
  return t;
}

bool pin_current_thread(const std::vector<int>& cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : cpus)
    if (c >= 0 && c < CPU_SETSIZE) CPU_SET(c, &set);
  return ::sched_setaffinity(0, sizeof set, &set) == 0;  // pid 0 = the calling thread
}

}  // namespace gpuaudit
