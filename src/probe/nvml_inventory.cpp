#include "probe/nvml_inventory.hpp"

#include "core/session_stats.hpp"
#include "host/pid_namespace.hpp"
#include "probe/clock_reasons.hpp"
#include "probe/gpu_processes.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <vector>

namespace gpuaudit {

namespace {

// Calls an optional NVML function; false when it is missing or returns an error.
template <typename Fn, typename... Args>
bool ok(Fn fn, Args... args) {
  return fn && fn(args...) == NVML_SUCCESS;
}

template <typename T, typename Fn, typename... Args>
std::optional<T> get(Fn fn, Args... args) {
  unsigned int v = 0;
  if (ok(fn, args..., &v)) return static_cast<T>(v);
  return std::nullopt;
}

std::string error_string(const NvmlApi& api, nvmlReturn_t r) {
  if (api.nvmlErrorString) return api.nvmlErrorString(r);
  return "NVML error " + std::to_string(static_cast<int>(r));
}

std::string hex4(unsigned v) {
  char b[8];
  std::snprintf(b, sizeof b, "%04x", v & 0xffffu);
  return b;
}

std::optional<int> numa_node_from_sysfs(const std::string& bus_id) {
  // NVML prints "00000000:18:00.0"; sysfs uses the 4-digit domain "0000:18:00.0", lower case.
  std::string id = bus_id.size() > 12 ? bus_id.substr(bus_id.size() - 12) : bus_id;
  for (auto& c : id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::ifstream f("/sys/bus/pci/devices/" + id + "/numa_node");
  int node = -1;
  if (f >> node && node >= 0) return node;
  return std::nullopt;
}

const char* virtualization_name(nvmlGpuVirtualizationMode_t m) {
  switch (m) {
    case NVML_GPU_VIRTUALIZATION_MODE_NONE: return "none";
    case NVML_GPU_VIRTUALIZATION_MODE_PASSTHROUGH: return "passthrough";
    case NVML_GPU_VIRTUALIZATION_MODE_VGPU: return "vgpu";
    case NVML_GPU_VIRTUALIZATION_MODE_HOST_VGPU: return "host-vgpu";
    case NVML_GPU_VIRTUALIZATION_MODE_HOST_VSGA: return "host-vsga";
  }
  return "unknown";
}

const char* compute_mode_name(nvmlComputeMode_t m) {
  switch (m) {
    case NVML_COMPUTEMODE_DEFAULT: return "default";
    case NVML_COMPUTEMODE_EXCLUSIVE_THREAD: return "exclusive-thread";
    case NVML_COMPUTEMODE_PROHIBITED: return "prohibited";
    case NVML_COMPUTEMODE_EXCLUSIVE_PROCESS: return "exclusive-process";
    default: return "unknown";
  }
}

// The video encoder's and frame-buffer capture's sessions open now (core/session_stats.hpp): a
// session gpuaudit did not open is another process's use of the engine. Absent where NVML has no
// such call (old drivers) or refuses it.
void read_session_stats(const NvmlApi& api, nvmlDevice_t d, GpuInfo& g) {
  unsigned sessions = 0, fps = 0, latency_us = 0;
  if (ok(api.nvmlDeviceGetEncoderStats, d, &sessions, &fps, &latency_us))
    g.extra[kEncoderStatsKey] = SessionStats{static_cast<int>(sessions), static_cast<double>(fps), static_cast<double>(latency_us)};
  nvmlFBCStats_t fbc{};
  if (ok(api.nvmlDeviceGetFBCStats, d, &fbc))
    g.extra[kFbcStatsKey] = SessionStats{static_cast<int>(fbc.sessionsCount), static_cast<double>(fbc.averageFPS),
                                         static_cast<double>(fbc.averageLatency)};
}

// Who uses the GPU now (NVML's compute and graphics process lists) and how busy it is: what
// `gpuaudit check` reads to leave a busy GPU alone. NVML gives host PIDs, also of other
// containers, so a co-tenant is seen even when its process is not; the name comes from /proc
// only when this process runs in the host's PID namespace (inside a container /proc/PID would be
// another process). gpuaudit's own process is left out.
void read_processes(const NvmlApi& api, nvmlDevice_t d, GpuInfo& g) {
  static const bool host_namespace = in_host_pid_namespace().value_or(true);  // no NSpid (Linux < 4.1): no namespaces read
  const std::int64_t self = host_pid_of(::getpid()).value_or(::getpid());
  for (auto& p : read_gpu_processes(api, d, host_namespace))
    if (p.pid != self) g.processes.push_back(std::move(p));
  nvmlUtilization_t u{};
  if (ok(api.nvmlDeviceGetUtilizationRates, d, &u)) g.utilization_pct = u.gpu;
  read_session_stats(api, d, g);
}

// The board's firmware and its locked application clocks, what a fleet should share (drift's
// fields): VBIOS, InfoROM image, GSP firmware (its version is the driver's where GSP runs; absent
// where it does not), and the application clocks set for graphics and memory. Under the same keys as
// an imported nvidia-smi -q keeps them (extra.imported.*, clocks.extra.applications_*), the firmware
// here in the GPU's own extra.
void read_firmware(const NvmlApi& api, nvmlDevice_t d, GpuInfo& g) {
  char buf[NVML_GSP_FIRMWARE_VERSION_BUF_SIZE] = {};
  if (ok(api.nvmlDeviceGetVbiosVersion, d, buf, static_cast<unsigned>(NVML_DEVICE_VBIOS_VERSION_BUFFER_SIZE)) && *buf)
    g.extra["vbios_version"] = std::string(buf);
  buf[0] = 0;
  if (ok(api.nvmlDeviceGetInforomImageVersion, d, buf, static_cast<unsigned>(NVML_DEVICE_INFOROM_VERSION_BUFFER_SIZE)) && *buf)
    g.extra["inforom_image_version"] = std::string(buf);
  buf[0] = 0;
  if (ok(api.nvmlDeviceGetGspFirmwareVersion, d, buf) && *buf) g.extra["gsp_firmware_version"] = std::string(buf);
  unsigned mhz = 0;  // nvidia-smi -q's "Applications Clocks" (Graphics, Memory), under its import's keys
  if (ok(api.nvmlDeviceGetApplicationsClock, d, NVML_CLOCK_GRAPHICS, &mhz) && mhz > 0)
    g.clocks.extra["applications_graphics_mhz"] = mhz;
  if (ok(api.nvmlDeviceGetApplicationsClock, d, NVML_CLOCK_MEM, &mhz) && mhz > 0) g.clocks.extra["applications_memory_mhz"] = mhz;
}

// Everything that belongs to the physical board: power, clocks, link, ECC, modes.
void read_board(const NvmlApi& api, nvmlDevice_t d, GpuInfo& g) {
  char buf[NVML_DEVICE_NAME_V2_BUFFER_SIZE] = {};
  if (ok(api.nvmlDeviceGetName, d, buf, static_cast<unsigned>(sizeof buf))) g.name = buf;
  char uuid[NVML_DEVICE_UUID_V2_BUFFER_SIZE] = {};
  if (ok(api.nvmlDeviceGetUUID, d, uuid, static_cast<unsigned>(sizeof uuid))) g.uuid = uuid;
  nvmlPciInfo_t pci{};
  if (ok(api.nvmlDeviceGetPciInfo, d, &pci)) {
    g.pci_bus_id = pci.busId;
    g.pci_device_id = hex4(pci.pciDeviceId & 0xffff) + ":" + hex4(pci.pciDeviceId >> 16);
    g.pci_subsystem_id = hex4(pci.pciSubSystemId & 0xffff) + ":" + hex4(pci.pciSubSystemId >> 16);
    g.numa_node = numa_node_from_sysfs(g.pci_bus_id);
  }
  int major = 0, minor = 0;
  if (ok(api.nvmlDeviceGetCudaComputeCapability, d, &major, &minor))
    g.compute_capability = std::to_string(major) + "." + std::to_string(minor);
  nvmlMemory_t mem{};
  if (ok(api.nvmlDeviceGetMemoryInfo, d, &mem)) {
    g.memory_total_bytes = mem.total;
    g.memory_free_bytes = mem.free;
  }
  unsigned cur = 0, pend = 0;
  if (ok(api.nvmlDeviceGetMigMode, d, &cur, &pend)) g.mig.mode_enabled = cur == NVML_DEVICE_MIG_ENABLE;
  nvmlGpuVirtualizationMode_t vm{};
  if (ok(api.nvmlDeviceGetVirtualizationMode, d, &vm)) g.virtualization_mode = virtualization_name(vm);

  auto mw_to_w = [](std::optional<unsigned> mw) -> std::optional<double> {
    if (mw) return *mw / 1000.0;
    return std::nullopt;
  };
  g.power.limit_w = mw_to_w(get<unsigned>(api.nvmlDeviceGetPowerManagementLimit, d));
  g.power.default_limit_w = mw_to_w(get<unsigned>(api.nvmlDeviceGetPowerManagementDefaultLimit, d));
  g.power.enforced_limit_w = mw_to_w(get<unsigned>(api.nvmlDeviceGetEnforcedPowerLimit, d));
  g.power.usage_w = mw_to_w(get<unsigned>(api.nvmlDeviceGetPowerUsage, d));
  unsigned lo = 0, hi = 0;
  if (ok(api.nvmlDeviceGetPowerManagementLimitConstraints, d, &lo, &hi)) {
    g.power.min_limit_w = lo / 1000.0;
    g.power.max_limit_w = hi / 1000.0;
  }
  g.temperature_c = get<int>(api.nvmlDeviceGetTemperature, d, NVML_TEMPERATURE_GPU);

  g.clocks.sm_max_mhz = get<int>(api.nvmlDeviceGetMaxClockInfo, d, NVML_CLOCK_SM);
  g.clocks.mem_max_mhz = get<int>(api.nvmlDeviceGetMaxClockInfo, d, NVML_CLOCK_MEM);
  g.clocks.sm_now_mhz = get<int>(api.nvmlDeviceGetClockInfo, d, NVML_CLOCK_SM);
  g.clocks.mem_now_mhz = get<int>(api.nvmlDeviceGetClockInfo, d, NVML_CLOCK_MEM);
  unsigned long long reasons = 0;
  if (ok(api.nvmlDeviceGetCurrentClocksEventReasons, d, &reasons) ||
      ok(api.nvmlDeviceGetCurrentClocksThrottleReasons, d, &reasons))
    g.clock_event_reasons = clock_reason_names(reasons);

  g.pcie.gen_now = get<int>(api.nvmlDeviceGetCurrPcieLinkGeneration, d);
  g.pcie.gen_max = get<int>(api.nvmlDeviceGetMaxPcieLinkGeneration, d);
  g.pcie.gen_gpu_max = get<int>(api.nvmlDeviceGetGpuMaxPcieLinkGeneration, d);
  g.pcie.width_now = get<int>(api.nvmlDeviceGetCurrPcieLinkWidth, d);
  g.pcie.width_max = get<int>(api.nvmlDeviceGetMaxPcieLinkWidth, d);

  for (unsigned link = 0; link < NVML_NVLINK_MAX_LINKS; ++link) {
    nvmlEnableState_t st{};
    if (!ok(api.nvmlDeviceGetNvLinkState, d, link, &st)) break;  // past the last link
    ++g.nvlink.links_queried;
    if (st == NVML_FEATURE_ENABLED) {
      ++g.nvlink.links_up;
      if (!g.nvlink.version) g.nvlink.version = get<int>(api.nvmlDeviceGetNvLinkVersion, d, link);
    }
  }

  nvmlEnableState_t ecc_cur{}, ecc_pend{};
  if (ok(api.nvmlDeviceGetEccMode, d, &ecc_cur, &ecc_pend)) g.ecc.enabled = ecc_cur == NVML_FEATURE_ENABLED;
  if (g.ecc.enabled.value_or(false)) {
    unsigned long long n = 0;
    if (ok(api.nvmlDeviceGetTotalEccErrors, d, NVML_MEMORY_ERROR_TYPE_CORRECTED, NVML_VOLATILE_ECC, &n))
      g.ecc.volatile_corrected = n;
    if (ok(api.nvmlDeviceGetTotalEccErrors, d, NVML_MEMORY_ERROR_TYPE_UNCORRECTED, NVML_VOLATILE_ECC, &n))
      g.ecc.volatile_uncorrected = n;
    if (ok(api.nvmlDeviceGetTotalEccErrors, d, NVML_MEMORY_ERROR_TYPE_UNCORRECTED, NVML_AGGREGATE_ECC, &n))
      g.ecc.aggregate_uncorrected = n;
  }
  unsigned corr = 0, unc = 0, pending = 0, failure = 0;
  if (ok(api.nvmlDeviceGetRemappedRows, d, &corr, &unc, &pending, &failure)) {
    g.ecc.remapped_rows_correctable = static_cast<int>(corr);
    g.ecc.remapped_rows_uncorrectable = static_cast<int>(unc);
    g.ecc.remap_pending = pending != 0;
    g.ecc.remap_failure = failure != 0;
  } else {
    unsigned count = 0;  // pre-Ampere: count-only query (null address buffer)
    int total = 0;
    bool any = false;
    for (auto cause : {NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS,
                       NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR}) {
      count = 0;
      if (ok(api.nvmlDeviceGetRetiredPages, d, cause, &count, static_cast<unsigned long long*>(nullptr))) {
        total += static_cast<int>(count);
        any = true;
      }
    }
    if (any) g.ecc.retired_pages = total;
  }
  nvmlEnableState_t pm{};
  if (ok(api.nvmlDeviceGetPersistenceMode, d, &pm)) g.persistence_mode = pm == NVML_FEATURE_ENABLED;
  nvmlComputeMode_t cm{};
  if (ok(api.nvmlDeviceGetComputeMode, d, &cm)) g.compute_mode = compute_mode_name(cm);
  read_processes(api, d, g);
}

// A MIG slice: the board's state plus the slice's own name, UUID, SMs and memory.
GpuInfo read_mig_device(const NvmlApi& api, nvmlDevice_t mig, const GpuInfo& parent) {
  GpuInfo g = parent;
  if (g.extra.is_object()) {  // the board's sessions, not the slice's (as an imported -q keeps them)
    g.extra.erase(kEncoderStatsKey);
    g.extra.erase(kFbcStatsKey);
  }
  g.mig.is_mig_device = true;
  g.mig.parent_uuid = parent.uuid;
  char buf[NVML_DEVICE_NAME_V2_BUFFER_SIZE] = {};
  if (ok(api.nvmlDeviceGetName, mig, buf, static_cast<unsigned>(sizeof buf))) g.name = buf;
  char uuid[NVML_DEVICE_UUID_V2_BUFFER_SIZE] = {};
  if (ok(api.nvmlDeviceGetUUID, mig, uuid, static_cast<unsigned>(sizeof uuid))) g.uuid = uuid;
  if (auto p = mig_profile_from_name(g.name); !p.empty()) g.mig.profile = p;
  g.mig.gpu_instance_id = get<int>(api.nvmlDeviceGetGpuInstanceId, mig);
  nvmlDeviceAttributes_t attr{};
  if (ok(api.nvmlDeviceGetAttributes, mig, &attr)) {
    g.sm_count = static_cast<int>(attr.multiprocessorCount);
    g.memory_total_bytes = attr.memorySizeMB * 1024ull * 1024ull;
    // The slice's own engines, under the names nvidia-smi -q prints them (report/video_engines_text.cpp).
    g.mig.extra["shared"] = {{"copy engine count", attr.sharedCopyEngineCount}, {"encoder count", attr.sharedEncoderCount},
                             {"decoder count", attr.sharedDecoderCount}, {"ofa count", attr.sharedOfaCount}, {"jpg count", attr.sharedJpegCount}};
  }
  nvmlMemory_t mem{};
  if (ok(api.nvmlDeviceGetMemoryInfo, mig, &mem)) {
    g.memory_total_bytes = mem.total;
    g.memory_free_bytes = mem.free;
  }
  return g;
}

}  // namespace

std::string mig_profile_from_name(const std::string& name) {
  const auto p = name.find("MIG ");
  if (p == std::string::npos) return "";
  std::string rest = name.substr(p + 4);
  if (auto sp = rest.find(' '); sp != std::string::npos) rest = rest.substr(0, sp);
  return rest;
}

NvmlInventory read_nvml_inventory(const NvmlApi& api) {
  NvmlInventory inv;
  nvmlReturn_t r = api.nvmlInit ? api.nvmlInit() : NVML_ERROR_FUNCTION_NOT_FOUND;
  if (r != NVML_SUCCESS) {
    inv.status.state = r == NVML_ERROR_DRIVER_NOT_LOADED ? "driver-not-loaded" : "nvml-error";
    inv.status.message = r == NVML_ERROR_DRIVER_NOT_LOADED
                             ? "the NVIDIA kernel driver is not loaded (nvmlInit: " + error_string(api, r) + ")"
                             : "NVML failed to start: " + error_string(api, r);
    return inv;
  }
  char buf[NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE] = {};
  if (ok(api.nvmlSystemGetDriverVersion, buf, static_cast<unsigned>(sizeof buf)))
    inv.software.driver_version = buf;
  int cuda = 0;
  if (ok(api.nvmlSystemGetCudaDriverVersion, &cuda)) inv.software.cuda_driver_version = cuda;
  char nv[NVML_SYSTEM_NVML_VERSION_BUFFER_SIZE] = {};
  if (ok(api.nvmlSystemGetNVMLVersion, nv, static_cast<unsigned>(sizeof nv))) inv.software.nvml_version = nv;

  unsigned count = 0;
  if (!ok(api.nvmlDeviceGetCount, &count) || count == 0) {
    inv.status.state = "no-device";
    inv.status.message = "the NVIDIA driver " + inv.software.driver_version.value_or("?") +
                         " is loaded but sees no GPU (none attached, or none passed into this container)";
    return inv;
  }
  for (unsigned i = 0; i < count; ++i) {
    nvmlDevice_t d{};
    if (!ok(api.nvmlDeviceGetHandleByIndex, i, &d)) continue;  // e.g. a GPU that fell off the bus
    GpuInfo board;
    read_board(api, d, board);
    read_firmware(api, d, board);
    bool any_slice = false;
    unsigned max_mig = 0;
    if (board.mig.mode_enabled.value_or(false) && ok(api.nvmlDeviceGetMaxMigDeviceCount, d, &max_mig)) {
      for (unsigned m = 0; m < max_mig; ++m) {
        nvmlDevice_t mig{};
        if (!ok(api.nvmlDeviceGetMigDeviceHandleByIndex, d, m, &mig)) continue;  // empty slot
        inv.gpus.push_back(read_mig_device(api, mig, board));
        any_slice = true;
      }
    }
    if (!any_slice) inv.gpus.push_back(board);
  }
  for (size_t i = 0; i < inv.gpus.size(); ++i) inv.gpus[i].index = static_cast<int>(i);
  return inv;
}

}  // namespace gpuaudit
