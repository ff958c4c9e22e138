// The CUDA samples' `deviceQuery` (1_Utilities/deviceQuery, Runtime API) and `deviceQueryDrv`
// (Driver API), as printed by the SDKs from CUDA 4 to the cuda-samples repository of today: per
// device its name, compute capability, SM count, memory, maximum clocks and PCI address. It is
// often the only thing posted from a machine, and it is what identifies a card nvidia-smi cannot
// name: the compute capability and SM count feed the architecture fallback for unknown boards
// (score/families.cpp), and an SM count below the model's is a MIG slice or a partitioned GPU.
//
// Layouts read (the labels are stable; their column widths are not):
//   Device 0: "NVIDIA A100-SXM4-80GB"
//   CUDA Driver Version / Runtime Version          12.5 / 12.4     (Driver API: "CUDA Driver Version: 11.4")
//   CUDA Capability Major/Minor version number:    8.0
//   Total amount of global memory:                 81158 MBytes (85100068864 bytes)
//   (108) Multiprocessors, (064) CUDA Cores/MP:    6912 CUDA Cores  (CUDA 4-5: "14 Multiprocessors x ( 32) CUDA Cores/MP")
//   GPU Max Clock rate:                            1410 MHz (1.41 GHz)   (CUDA <= 5: "GPU Clock rate:")
//   Memory Clock rate: 1593 Mhz, Memory Bus Width: 5120-bit, L2 Cache Size: 41943040 bytes
//   Device PCI Domain ID / Bus ID / location ID:   0 / 104 / 0    (decimal; older: "Device PCI Bus ID / PCI location ID: 1 / 0")
//   Compute Mode: < Default (...) >
//   Result = PASS
// and the failures: "cudaGetDeviceCount returned 35 / -> CUDA driver version is insufficient for
// CUDA runtime version / Result = FAIL" (the message is also matched by software_errors.cpp, which
// the software rule reads), "There are no available device(s) that support CUDA".
//
// "GPU Max Clock rate" is cudaDeviceProp::clockRate, the board's maximum SM clock (nvidia-smi's
// Max Clocks SM); "Memory Clock rate" is memoryClockRate, the maximum memory clock as nvidia-smi
// prints it (1593 MHz on an A100, 10501 MHz on an RTX 4090).
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <cstdio>
#include <tuple>

namespace gpuaudit::imports {

namespace {

using smi::trim;

bool starts(std::string_view s, std::string_view p) { return s.rfind(p, 0) == 0; }

// The value after the label's colon (or, for the few labels printed without one, after the label).
std::optional<std::string_view> value_after(std::string_view line, std::string_view label) {
  if (!starts(line, label)) return std::nullopt;
  std::string_view v = trim(line.substr(label.size()));
  if (!v.empty() && v[0] == ':') v = trim(v.substr(1));
  return v;
}

// `Device 0: "NVIDIA A100-SXM4-80GB"` -> index and name.
std::optional<std::pair<int, std::string>> device_header(std::string_view l) {
  if (!starts(l, "Device ")) return std::nullopt;
  const auto colon = l.find(": \"");
  if (colon == std::string_view::npos || l.back() != '"') return std::nullopt;
  const auto idx = smi::count(l.substr(7, colon - 7));
  if (!idx || *idx > 4096) return std::nullopt;
  return std::pair<int, std::string>{static_cast<int>(*idx), std::string(l.substr(colon + 3, l.size() - colon - 4))};
}

// "12.5 / 12.4" -> {12050, 12040}.
std::pair<std::optional<int>, std::optional<int>> versions_of(std::string_view v) {
  const auto slash = v.find('/');
  if (slash == std::string_view::npos) return {smi::cuda_version_number(trim(v)), std::nullopt};
  return {smi::cuda_version_number(trim(v.substr(0, slash))), smi::cuda_version_number(trim(v.substr(slash + 1)))};
}

// The integers of a line, in order ("(108) Multiprocessors, (064) CUDA Cores/MP: 6912" -> 108, 64, 6912).
std::vector<long long> integers_of(std::string_view s) {
  std::vector<long long> out;
  long long cur = 0;
  int digits = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    const bool d = i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]));
    if (d && digits < 18) {
      cur = cur * 10 + (s[i] - '0');
      ++digits;
    } else if (!d && digits > 0) {
      out.push_back(cur);
      cur = 0;
      digits = 0;
    }
  }
  return out;
}

// "81158 MBytes (85100068864 bytes)" -> the exact byte count; "4294770688 bytes" (CUDA 3) too.
std::optional<std::uint64_t> bytes_of(std::string_view v) {
  if (const auto open = v.find('('); open != std::string_view::npos)
    if (const auto n = integers_of(v.substr(open)); !n.empty() && v.find("bytes", open) != std::string_view::npos)
      return static_cast<std::uint64_t>(n.front());
  const auto n = integers_of(v);
  if (n.empty()) return std::nullopt;
  if (v.find("MBytes") != std::string_view::npos) return static_cast<std::uint64_t>(n.front()) << 20;
  return static_cast<std::uint64_t>(n.front());
}

// deviceQuery's compute-mode sentence -> the names of smi::compute_mode.
std::optional<std::string> compute_mode_of(std::string_view v) {
  v = trim(v);
  if (!v.empty() && v[0] == '<') v = trim(v.substr(1));
  if (starts(v, "Default")) return "default";
  if (starts(v, "Exclusive Process")) return "exclusive-process";
  if (starts(v, "Exclusive")) return "exclusive-thread";
  if (starts(v, "Prohibited")) return "prohibited";
  return std::nullopt;
}

struct Device {
  GpuInfo gpu;
  std::optional<int> driver, runtime;
  std::optional<int> pci_domain, pci_bus, pci_device;
  bool awaiting_compute_mode = false;
};

void device_line(Device& d, std::string_view l) {
  GpuInfo& g = d.gpu;
  if (d.awaiting_compute_mode) {
    d.awaiting_compute_mode = false;
    if (auto m = compute_mode_of(l)) {
      g.compute_mode = m;
      return;
    }
  }
  if (auto v = value_after(l, "CUDA Driver Version / Runtime Version")) {
    std::tie(d.driver, d.runtime) = versions_of(*v);
  } else if (auto v2 = value_after(l, "CUDA Driver Version")) {  // deviceQueryDrv
    d.driver = smi::cuda_version_number(*v2);
  } else if (auto v3 = value_after(l, "CUDA Capability Major/Minor version number")) {
    const auto n = integers_of(*v3);
    if (n.size() >= 2 && n[0] < 100 && n[1] < 100) g.compute_capability = std::to_string(n[0]) + "." + std::to_string(n[1]);
  } else if (auto v4 = value_after(l, "Total amount of global memory")) {
    g.memory_total_bytes = bytes_of(*v4);
  } else if (l.find("Multiprocessors") != std::string_view::npos && l.find("Cores") != std::string_view::npos) {
    // "(108) Multiprocessors, (064) CUDA Cores/MP:    6912 CUDA Cores" or, CUDA 4-5,
    // "(14) Multiprocessors x ( 32) CUDA Cores/MP:    448 CUDA Cores".
    const auto n = integers_of(l);
    if (n.size() >= 2 && n[0] > 0 && n[0] < 100000) {
      g.sm_count = static_cast<int>(n[0]);
      g.extra["cuda_cores_per_sm"] = n[1];
      if (n.size() >= 3) g.extra["cuda_cores"] = n[2];
    }
  } else if (auto v5 = value_after(l, "Number of multiprocessors")) {  // CUDA 2-3
    if (const auto c = smi::count(*v5); c && *c < 100000) g.sm_count = static_cast<int>(*c);
  } else if (auto v6 = value_after(l, "GPU Max Clock rate")) {
    g.clocks.sm_max_mhz = smi::integer(*v6);
  } else if (auto v7 = value_after(l, "GPU Clock rate")) {  // CUDA <= 5: the same clockRate
    g.clocks.sm_max_mhz = smi::integer(*v7);
  } else if (auto v8 = value_after(l, "Memory Clock rate")) {
    g.clocks.mem_max_mhz = smi::integer(*v8);
  } else if (auto v9 = value_after(l, "Memory Bus Width")) {
    if (auto w = smi::integer(*v9)) g.extra["memory_bus_width_bits"] = *w;
  } else if (auto v10 = value_after(l, "L2 Cache Size")) {
    if (auto b = smi::count(*v10)) g.l2_bytes = *b;
  } else if (auto v11 = value_after(l, "Device has ECC support")) {
    g.ecc.enabled = smi::boolean(*v11);
  } else if (auto v12 = value_after(l, "Device PCI Domain ID / Bus ID / location ID")) {
    const auto n = integers_of(*v12);
    if (n.size() >= 3) d.pci_domain = static_cast<int>(n[0]), d.pci_bus = static_cast<int>(n[1]), d.pci_device = static_cast<int>(n[2]);
  } else if (auto v13 = value_after(l, "Device PCI Bus ID / PCI location ID")) {  // before CUDA 7
    const auto n = integers_of(*v13);
    if (n.size() >= 2) d.pci_bus = static_cast<int>(n[0]), d.pci_device = static_cast<int>(n[1]);
  } else if (auto v14 = value_after(l, "Compute Mode")) {
    if (auto m = compute_mode_of(*v14)) g.compute_mode = m;
    else d.awaiting_compute_mode = true;  // the sentence is on the next line
  }
}

// The line without the HTML a forum or issue post wraps around it ("<pre>C:\\...deviceQuery.exe",
// "  <b>CUDA Capability Major/Minor version number:    5.2</b>"): deviceQuery prints no '<' tags
// of these names itself, so they go and the line reads as printed.
std::string without_post_markup(std::string_view line) {
  std::string out(line);
  for (const char* tag : {"<pre>", "</pre>", "<b>", "</b>", "<code>", "</code>", "<strong>", "</strong>"})
    for (std::size_t at = out.find(tag); at != std::string::npos; at = out.find(tag, at)) out.erase(at, std::strlen(tag));
  return out;
}

int detect_device_query(std::string_view text) {
  const std::string_view head = text.substr(0, 256 * 1024);
  if (head.find("CUDA Device Query (Runtime API)") != std::string_view::npos ||
      head.find("CUDA Device Query (Driver API)") != std::string_view::npos ||
      head.find("deviceQuery, CUDA Driver = CUDART") != std::string_view::npos)
    return 95;
  if (head.find("deviceQuery Starting...") != std::string_view::npos || head.find("deviceQueryDrv Starting...") != std::string_view::npos)
    return 90;
  // A paste that lost its banner: the capability line under a quoted device header, of any device
  // (an excerpt may start at "Device 2:").
  if (head.find("CUDA Capability Major/Minor version number") != std::string_view::npos)
    for (std::size_t at = head.find("Device "); at != std::string_view::npos; at = head.find("Device ", at + 7)) {
      std::size_t i = at + 7;
      while (i < head.size() && std::isdigit(static_cast<unsigned char>(head[i]))) ++i;
      if (i > at + 7 && head.substr(i, 3) == ": \"") return 70;
    }
  return 0;
}

ImportPart parse_device_query(std::string_view text, const std::string& file) {
  ImportPart part;
  part.fills_only = true;  // a view from outside NVML: nvidia-smi's facts of the same GPU stay
  part.source = {"deviceQuery", "", file, 0};
  std::vector<Device> devices;
  json info = json::object();
  std::optional<int> summary_driver, summary_runtime;
  int error_line = 0;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string unwrapped = without_post_markup(raw);
    const std::string_view l = trim(unwrapped);
    if (l.empty()) continue;
    if (auto h = device_header(l)) {
      Device d;
      d.gpu.index = h->first;
      d.gpu.name = h->second;
      d.gpu.extra = json::object();
      SourceRef s = part.source;
      s.line = no;
      d.gpu.extra["source"] = source_json(s);
      if (auto p = smi::mig_profile_of_cuda_name(d.gpu.name)) {
        d.gpu.mig.is_mig_device = true;
        d.gpu.mig.profile = p;
      }
      if (!part.source.line) part.source.line = no;
      devices.push_back(std::move(d));
      continue;
    }
    if (starts(l, "Result = ")) {
      info["result"] = std::string(trim(l.substr(9)));
      continue;
    }
    if (starts(l, "Detected ") && l.find("CUDA Capable device") != std::string_view::npos) {
      if (auto n = smi::count(l.substr(9))) info["device_count"] = *n;
      continue;
    }
    if (starts(l, "There are no available device(s) that support CUDA")) {
      info["device_count"] = 0;
      continue;
    }
    if (starts(l, "cudaGetDeviceCount returned ") || starts(l, "cuDeviceGetCount returned ") ||
        starts(l, "cuInit(0) returned ")) {
      const auto n = integers_of(l.substr(l.find("returned")));
      if (!n.empty()) info["error_code"] = n.front();
      info["error_call"] = std::string(l.substr(0, l.find(' ')));
      error_line = no;
      continue;
    }
    if (error_line && no == error_line + 1 && starts(l, "->")) {
      info["error_text"] = std::string(trim(l.substr(2)));
      continue;
    }
    if (starts(l, "deviceQuery, CUDA Driver = CUDART")) {
      // "deviceQuery, CUDA Driver = CUDART, CUDA Driver Version = 12.5, CUDA Runtime Version = 12.4, NumDevs = 4"
      auto field = [&](std::string_view key) -> std::optional<int> {
        const auto p = l.find(key);
        if (p == std::string_view::npos) return std::nullopt;
        std::string_view v = l.substr(p + key.size());
        return smi::cuda_version_number(trim(v.substr(0, v.find(','))));
      };
      summary_driver = field("CUDA Driver Version = ");
      summary_runtime = field("CUDA Runtime Version = ");
      continue;
    }
    if (starts(l, "> Peer access from ")) continue;  // multi-GPU epilogue: peer access is p2p's business
    if (!devices.empty()) device_line(devices.back(), l);
  }

  std::optional<int> driver = summary_driver, runtime = summary_runtime;
  for (auto& d : devices) {
    if (!driver) driver = d.driver;
    if (!runtime) runtime = d.runtime;
    if (d.pci_bus) {
      // deviceQuery prints the address in decimal; nvidia-smi's form is hexadecimal, function 0.
      char buf[32];
      std::snprintf(buf, sizeof buf, "%08X:%02X:%02X.0", static_cast<unsigned>(d.pci_domain.value_or(0)),
                    static_cast<unsigned>(*d.pci_bus), static_cast<unsigned>(d.pci_device.value_or(0)));
      d.gpu.pci_bus_id = buf;
    }
    part.gpus.push_back(std::move(d.gpu));
  }
  part.software.cuda_driver_version = driver;
  part.software.cuda_runtime_version = runtime;
  if (!info.empty()) part.imported["deviceQuery"] = info;
  if (driver || runtime) {
    char v[64];
    std::snprintf(v, sizeof v, "driver CUDA %d.%d, runtime %d.%d", driver.value_or(0) / 1000, driver.value_or(0) % 1000 / 10,
                  runtime.value_or(0) / 1000, runtime.value_or(0) % 1000 / 10);
    part.source.version = v;
  }
  if (devices.empty()) {
    if (info.contains("error_code"))
      part.skipped.push_back("line " + std::to_string(error_line) + ": " + info["error_call"].get<std::string>() +
                             " returned " + std::to_string(info["error_code"].get<long long>()) +
                             (info.contains("error_text") ? " (" + info["error_text"].get<std::string>() + ")" : std::string()) +
                             ": no device was listed");
    else if (info.contains("device_count") && info["device_count"] == 0)
      part.skipped.push_back("deviceQuery found no CUDA device");
    else
      part.skipped.push_back("no `Device 0: \"...\"` block: nothing was read");
  } else if (info.contains("result") && info["result"] == "FAIL") {
    part.warnings.push_back("deviceQuery ended with Result = FAIL");
  }
  return part;
}

const RegisterFormat reg{{"deviceQuery", "CUDA samples deviceQuery / deviceQueryDrv output", detect_device_query, parse_device_query}};

}  // namespace

}  // namespace gpuaudit::imports
