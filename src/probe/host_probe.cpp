#include "probe/host_probe.hpp"

#include "host/proc_file.hpp"
#include "host/proc_stat.hpp"
#include "probe/host_tuning.hpp"
#include "probe/provider.hpp"
#include "probe/smbios_memory.hpp"
#include "probe/udev_memory.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& p) { return read_proc_text(p.string()); }

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string first_line(const fs::path& p) {
  std::string t = read_text(p);
  return trim(t.substr(0, t.find('\n')));
}

std::string field_value(const std::string& text, const std::string& key, char sep) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0)
      if (auto p = line.find(sep); p != std::string::npos) return trim(line.substr(p + 1));
  return "";
}

std::string unquote(std::string s) {
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'')) s = s.substr(1, s.size() - 2);
  return s;
}

}  // namespace

HostInfo probe_host(const HostProbeOptions& opt) {
  const fs::path root = opt.root;
  HostInfo h;
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) == 0) h.hostname = name;

  const std::string cpuinfo = read_text(root / "proc/cpuinfo");
  h.cpu_model = field_value(cpuinfo, "model name", ':');
  if (h.cpu_model.empty()) h.cpu_model = field_value(cpuinfo, "Model", ':');  // Arm
  int cpus = 0;
  for (size_t p = 0; (p = cpuinfo.find("processor", p)) != std::string::npos; ++p)
    if (p == 0 || cpuinfo[p - 1] == '\n') ++cpus;
  if (cpus > 0) h.vcpus = cpus;
  const std::string flags = " " + field_value(cpuinfo, "flags", ':') + " ";
  const bool vm_flag = flags.find(" hypervisor ") != std::string::npos;

  const std::string meminfo = read_text(root / "proc/meminfo");
  if (auto kb = field_value(meminfo, "MemTotal", ':'); !kb.empty())
    h.memory_bytes = std::strtoull(kb.c_str(), nullptr, 10) * 1024ull;

  int nodes = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(root / "sys/devices/system/node", ec)) {
    const auto n = e.path().filename().string();
    if (n.rfind("node", 0) == 0 && n.size() > 4 && std::isdigit(static_cast<unsigned char>(n[4]))) ++nodes;
  }
  if (nodes > 0) h.numa_nodes = nodes;

  if (opt.root == "/") {
    struct utsname u {};
    if (::uname(&u) == 0) h.kernel = std::string(u.sysname) + " " + u.release + " " + u.machine;
  } else {
    h.kernel = first_line(root / "proc/sys/kernel/osrelease");
  }
  const std::string os_release = read_text(root / "etc/os-release");
  h.os = unquote(field_value(os_release, "PRETTY_NAME", '='));

  const fs::path dmi = root / "sys/class/dmi/id";
  DmiStrings d;
  d.sys_vendor = first_line(dmi / "sys_vendor");
  d.product_name = first_line(dmi / "product_name");
  d.product_version = first_line(dmi / "product_version");
  d.bios_vendor = first_line(dmi / "bios_vendor");
  d.bios_version = first_line(dmi / "bios_version");
  d.board_vendor = first_line(dmi / "board_vendor");
  d.chassis_vendor = first_line(dmi / "chassis_vendor");
  d.chassis_asset_tag = first_line(dmi / "chassis_asset_tag");
  h.sys_vendor = d.sys_vendor;
  h.product_name = d.product_name;

  std::string hv;
  if (vm_flag) {
    hv = first_line(root / "sys/hypervisor/type");
    if (hv.empty()) hv = d.product_name.empty() ? "unknown" : d.product_name;
    h.hypervisor = hv;
  }
  const auto guess = guess_provider(d, hv);
  h.provider_guess = guess.provider;
  h.provider_evidence = guess.evidence;

  const std::string cgroup = read_text(root / "proc/1/cgroup");
  if (std::getenv("KUBERNETES_SERVICE_HOST") && opt.root == "/") h.container = "kubernetes";
  else if (fs::exists(root / ".dockerenv", ec)) h.container = "docker";
  else if (fs::exists(root / "run/.containerenv", ec)) h.container = "podman";
  else if (cgroup.find("kubepods") != std::string::npos) h.container = "kubernetes";
  else if (cgroup.find("docker") != std::string::npos) h.container = "docker";
  else if (cgroup.find("lxc") != std::string::npos) h.container = "lxc";

  if (json tuning = host_tuning(root.string()); !tuning.empty()) h.extra["tuning"] = std::move(tuning);
  // The memory modules: the firmware's SMBIOS table where it is readable (root, outside a
  // container), else what systemd's udev decoded from it into its world-readable database.
  json modules = smbios_memory_modules(root.string());
  if (modules.is_null()) modules = udev_memory_modules(root.string());
  if (!modules.is_null()) h.extra["memory_modules"] = std::move(modules);

  if (opt.steal_window_s > 0) {
    const auto stat_path = (root / "proc/stat").string();
    auto before = read_proc_stat(stat_path);
    std::this_thread::sleep_for(std::chrono::duration<double>(opt.steal_window_s));
    auto after = read_proc_stat(stat_path);
    if (before && after)
      for (const auto& s : cpu_shares(*before, *after))
        if (s.cpu == "cpu") {
          h.steal_pct = s.steal_pct;
          h.steal_window_s = opt.steal_window_s;
        }
  }
  return h;
}

}  // namespace gpuaudit
