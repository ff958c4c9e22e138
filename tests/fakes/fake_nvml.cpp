#include "fakes/fake_nvml.hpp"

#include <cstdint>
#include <cstring>

namespace gpuaudit::fake {
namespace {

FakeSystem* g_sys = nullptr;

// Handles: ((device + 1) << 8) | slice, slice 0 = the physical GPU, 1.. = MIG device.
nvmlDevice_t handle(unsigned dev, unsigned slice = 0) {
  return reinterpret_cast<nvmlDevice_t>(static_cast<std::uintptr_t>(((dev + 1) << 8) | slice));
}
unsigned dev_of(nvmlDevice_t h) { return static_cast<unsigned>((reinterpret_cast<std::uintptr_t>(h) >> 8) - 1); }
unsigned slice_of(nvmlDevice_t h) { return static_cast<unsigned>(reinterpret_cast<std::uintptr_t>(h) & 0xff); }

// Resolves a handle under the lock; null for a stale/invalid one.
FakeDevice* dev(nvmlDevice_t h) {
  if (!g_sys || !h) return nullptr;
  const unsigned i = dev_of(h);
  return i < g_sys->devices.size() ? &g_sys->devices[i] : nullptr;
}
const FakeMig* mig(nvmlDevice_t h) {
  FakeDevice* d = dev(h);
  const unsigned s = slice_of(h);
  if (!d || s == 0 || s > d->migs.size()) return nullptr;
  return &d->migs[s - 1];
}

#define LOCK()                                   \
  if (!g_sys) return NVML_ERROR_UNINITIALIZED;   \
  std::lock_guard<std::mutex> lock(g_sys->mutex)
#define DEVICE(h)                               \
  FakeDevice* d = dev(h);                       \
  if (!d) return NVML_ERROR_INVALID_ARGUMENT

nvmlReturn_t copy_str(const std::string& s, char* out, unsigned len) {
  if (s.size() + 1 > len) return NVML_ERROR_INSUFFICIENT_SIZE;
  std::memcpy(out, s.c_str(), s.size() + 1);
  return NVML_SUCCESS;
}

nvmlReturn_t f_init() {
  LOCK();
  ++g_sys->init_calls;
  return g_sys->init_result;
}
nvmlReturn_t f_shutdown() { return NVML_SUCCESS; }
const char* f_error_string(nvmlReturn_t r) {
  switch (r) {
    case NVML_SUCCESS: return "Success";
    case NVML_ERROR_DRIVER_NOT_LOADED: return "Driver Not Loaded";
    case NVML_ERROR_NOT_SUPPORTED: return "Not Supported";
    case NVML_ERROR_NO_PERMISSION: return "Insufficient Permissions";
    default: return "Unknown Error";
  }
}
nvmlReturn_t f_driver_version(char* v, unsigned len) {
  LOCK();
  return copy_str(g_sys->driver_version, v, len);
}
nvmlReturn_t f_cuda_driver_version(int* v) {
  LOCK();
  *v = g_sys->cuda_driver_version;
  return NVML_SUCCESS;
}
nvmlReturn_t f_nvml_version(char* v, unsigned len) {
  LOCK();
  return copy_str(g_sys->nvml_version, v, len);
}
nvmlReturn_t f_count(unsigned* n) {
  LOCK();
  *n = static_cast<unsigned>(g_sys->devices.size());
  return NVML_SUCCESS;
}
nvmlReturn_t f_handle(unsigned i, nvmlDevice_t* h) {
  LOCK();
  if (i >= g_sys->devices.size()) return NVML_ERROR_INVALID_ARGUMENT;
  *h = handle(i);
  return NVML_SUCCESS;
}
nvmlReturn_t f_name(nvmlDevice_t h, char* out, unsigned len) {
  LOCK();
  DEVICE(h);
  if (const FakeMig* m = mig(h)) return copy_str(m->name, out, len);
  return copy_str(d->name, out, len);
}
nvmlReturn_t f_uuid(nvmlDevice_t h, char* out, unsigned len) {
  LOCK();
  DEVICE(h);
  if (const FakeMig* m = mig(h)) return copy_str(m->uuid, out, len);
  return copy_str(d->uuid, out, len);
}
nvmlReturn_t f_pci(nvmlDevice_t h, nvmlPciInfo_t* p) {
  LOCK();
  DEVICE(h);
  *p = nvmlPciInfo_t{};
  std::strncpy(p->busId, d->bus_id.c_str(), sizeof p->busId - 1);
  std::strncpy(p->busIdLegacy, d->bus_id.c_str(), sizeof p->busIdLegacy - 1);
  p->pciDeviceId = d->pci_device_id;
  p->pciSubSystemId = d->pci_subsystem_id;
  return NVML_SUCCESS;
}
nvmlReturn_t f_cc(nvmlDevice_t h, int* major, int* minor) {
  LOCK();
  DEVICE(h);
  *major = d->cc_major;
  *minor = d->cc_minor;
  return NVML_SUCCESS;
}
nvmlReturn_t f_memory(nvmlDevice_t h, nvmlMemory_t* m) {
  LOCK();
  DEVICE(h);
  if (const FakeMig* s = mig(h)) {
    m->total = s->memory_mib * 1024ull * 1024ull;
    m->free = m->total - 64ull * 1024 * 1024;
  } else {
    m->total = d->memory_total;
    m->free = d->memory_free;
  }
  m->used = m->total - m->free;
  return NVML_SUCCESS;
}
nvmlReturn_t f_mig_mode(nvmlDevice_t h, unsigned* cur, unsigned* pend) {
  LOCK();
  DEVICE(h);
  *cur = *pend = d->mig_enabled ? NVML_DEVICE_MIG_ENABLE : NVML_DEVICE_MIG_DISABLE;
  return NVML_SUCCESS;
}
nvmlReturn_t f_max_mig(nvmlDevice_t h, unsigned* n) {
  LOCK();
  DEVICE(h);
  if (!d->mig_enabled) return NVML_ERROR_NOT_SUPPORTED;
  *n = 7;
  return NVML_SUCCESS;
}
nvmlReturn_t f_mig_handle(nvmlDevice_t h, unsigned i, nvmlDevice_t* out) {
  LOCK();
  DEVICE(h);
  if (i >= d->migs.size()) return NVML_ERROR_NOT_FOUND;
  *out = handle(dev_of(h), i + 1);
  return NVML_SUCCESS;
}
nvmlReturn_t f_gi_id(nvmlDevice_t h, unsigned* id) {
  LOCK();
  const FakeMig* m = mig(h);
  if (!m) return NVML_ERROR_NOT_SUPPORTED;
  *id = m->gpu_instance_id;
  return NVML_SUCCESS;
}
nvmlReturn_t f_attributes(nvmlDevice_t h, nvmlDeviceAttributes_t* a) {
  LOCK();
  const FakeMig* m = mig(h);
  if (!m) return NVML_ERROR_NOT_SUPPORTED;
  *a = nvmlDeviceAttributes_t{};
  a->multiprocessorCount = m->sm_count;
  a->memorySizeMB = m->memory_mib;
  a->sharedDecoderCount = m->decoders;
  a->sharedEncoderCount = m->encoders;
  a->sharedJpegCount = m->jpegs;
  a->sharedOfaCount = m->ofas;
  return NVML_SUCCESS;
}
nvmlReturn_t f_virt(nvmlDevice_t h, nvmlGpuVirtualizationMode_t* v) {
  LOCK();
  DEVICE(h);
  *v = d->virtualization;
  return NVML_SUCCESS;
}
#define FAKE_UINT_GETTER(fn, field) \
  nvmlReturn_t fn(nvmlDevice_t h, unsigned* v) { \
    LOCK();                                    \
    DEVICE(h);                                 \
    *v = d->field;                             \
    return NVML_SUCCESS;                       \
  }
FAKE_UINT_GETTER(f_power_limit, power_limit_mw)
FAKE_UINT_GETTER(f_power_default, power_default_mw)
FAKE_UINT_GETTER(f_power_enforced, power_limit_mw)
FAKE_UINT_GETTER(f_power_usage, power_usage_mw)
FAKE_UINT_GETTER(f_pcie_gen_now, pcie_gen_now)
FAKE_UINT_GETTER(f_pcie_gen_max, pcie_gen_max)
FAKE_UINT_GETTER(f_pcie_gen_gpu_max, pcie_gen_gpu_max)
FAKE_UINT_GETTER(f_pcie_width_now, pcie_width_now)
FAKE_UINT_GETTER(f_pcie_width_max, pcie_width_max)
#undef FAKE_UINT_GETTER
nvmlReturn_t f_power_constraints(nvmlDevice_t h, unsigned* lo, unsigned* hi) {
  LOCK();
  DEVICE(h);
  *lo = d->power_min_mw;
  *hi = d->power_max_mw;
  return NVML_SUCCESS;
}
nvmlReturn_t f_temperature(nvmlDevice_t h, nvmlTemperatureSensors_t, unsigned* t) {
  LOCK();
  DEVICE(h);
  *t = d->temperature_c;
  return NVML_SUCCESS;
}
nvmlReturn_t f_max_clock(nvmlDevice_t h, nvmlClockType_t type, unsigned* mhz) {
  LOCK();
  DEVICE(h);
  if (type == NVML_CLOCK_SM) *mhz = d->sm_max_mhz;
  else if (type == NVML_CLOCK_MEM) *mhz = d->mem_max_mhz;
  else return NVML_ERROR_NOT_SUPPORTED;
  return NVML_SUCCESS;
}
nvmlReturn_t f_clock(nvmlDevice_t h, nvmlClockType_t type, unsigned* mhz) {
  LOCK();
  DEVICE(h);
  if (type == NVML_CLOCK_SM) *mhz = d->sm_now_mhz;
  else if (type == NVML_CLOCK_MEM) *mhz = d->mem_now_mhz;
  else return NVML_ERROR_NOT_SUPPORTED;
  return NVML_SUCCESS;
}
nvmlReturn_t f_event_reasons(nvmlDevice_t h, unsigned long long* r) {
  LOCK();
  DEVICE(h);
  if (!d->has_event_reasons_api) return NVML_ERROR_FUNCTION_NOT_FOUND;
  *r = d->clock_reasons;
  return NVML_SUCCESS;
}
nvmlReturn_t f_throttle_reasons(nvmlDevice_t h, unsigned long long* r) {
  LOCK();
  DEVICE(h);
  *r = d->clock_reasons;
  return NVML_SUCCESS;
}
nvmlReturn_t f_nvlink_state(nvmlDevice_t h, unsigned link, nvmlEnableState_t* s) {
  LOCK();
  DEVICE(h);
  if (link >= d->nvlink_up.size()) return NVML_ERROR_INVALID_ARGUMENT;
  *s = d->nvlink_up[link] ? NVML_FEATURE_ENABLED : NVML_FEATURE_DISABLED;
  return NVML_SUCCESS;
}
nvmlReturn_t f_nvlink_version(nvmlDevice_t h, unsigned link, unsigned* v) {
  LOCK();
  DEVICE(h);
  if (link >= d->nvlink_up.size()) return NVML_ERROR_INVALID_ARGUMENT;
  *v = d->nvlink_version;
  return NVML_SUCCESS;
}
nvmlReturn_t f_nvlink_remote_pci(nvmlDevice_t h, unsigned link, nvmlPciInfo_t* p) {
  LOCK();
  DEVICE(h);
  if (link >= d->nvlink_remote_bus_ids.size()) return NVML_ERROR_NOT_SUPPORTED;
  *p = nvmlPciInfo_t{};
  std::strncpy(p->busId, d->nvlink_remote_bus_ids[link].c_str(), sizeof p->busId - 1);
  return NVML_SUCCESS;
}
nvmlReturn_t f_ecc_mode(nvmlDevice_t h, nvmlEnableState_t* cur, nvmlEnableState_t* pend) {
  LOCK();
  DEVICE(h);
  *cur = *pend = d->ecc_enabled ? NVML_FEATURE_ENABLED : NVML_FEATURE_DISABLED;
  return NVML_SUCCESS;
}
nvmlReturn_t f_ecc_errors(nvmlDevice_t h, nvmlMemoryErrorType_t type, nvmlEccCounterType_t counter,
                          unsigned long long* n) {
  LOCK();
  DEVICE(h);
  if (type == NVML_MEMORY_ERROR_TYPE_CORRECTED) *n = d->ecc_volatile_corrected;
  else *n = counter == NVML_VOLATILE_ECC ? d->ecc_volatile_uncorrected : d->ecc_aggregate_uncorrected;
  return NVML_SUCCESS;
}
nvmlReturn_t f_retired_pages(nvmlDevice_t h, nvmlPageRetirementCause_t cause, unsigned* count, unsigned long long*) {
  LOCK();
  DEVICE(h);
  if (d->has_remapped_rows) return NVML_ERROR_NOT_SUPPORTED;
  *count = cause == NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR ? d->retired_pages_dbe : d->retired_pages_sbe;
  return NVML_SUCCESS;
}
nvmlReturn_t f_remapped(nvmlDevice_t h, unsigned* corr, unsigned* unc, unsigned* pending, unsigned* failure) {
  LOCK();
  DEVICE(h);
  if (!d->has_remapped_rows) return NVML_ERROR_NOT_SUPPORTED;
  *corr = d->remapped_correctable;
  *unc = d->remapped_uncorrectable;
  *pending = d->remap_pending;
  *failure = d->remap_failure;
  return NVML_SUCCESS;
}
nvmlReturn_t f_persistence(nvmlDevice_t h, nvmlEnableState_t* s) {
  LOCK();
  DEVICE(h);
  *s = d->persistence ? NVML_FEATURE_ENABLED : NVML_FEATURE_DISABLED;
  return NVML_SUCCESS;
}
nvmlReturn_t f_compute_mode(nvmlDevice_t h, nvmlComputeMode_t* m) {
  LOCK();
  DEVICE(h);
  *m = d->compute_mode;
  return NVML_SUCCESS;
}
nvmlReturn_t f_encoder_stats(nvmlDevice_t h, unsigned* sessions, unsigned* fps, unsigned* latency_us) {
  LOCK();
  DEVICE(h);
  if (!d->has_session_stats) return NVML_ERROR_NOT_SUPPORTED;
  *sessions = d->encoder_sessions;
  *fps = d->encoder_fps;
  *latency_us = d->encoder_latency_us;
  return NVML_SUCCESS;
}
// NVML's two-call pattern: a count with no buffer, INSUFFICIENT_SIZE when the buffer is too small.
nvmlReturn_t f_encoder_sessions(nvmlDevice_t h, unsigned* count, nvmlEncoderSessionInfo_t* infos) {
  LOCK();
  DEVICE(h);
  if (!d->has_session_stats) return NVML_ERROR_NOT_SUPPORTED;
  const auto n = static_cast<unsigned>(d->encoder_session_list.size());
  if (!infos || *count < n) {
    const bool asked = infos != nullptr || *count != 0;
    *count = n;
    return asked && n > 0 ? NVML_ERROR_INSUFFICIENT_SIZE : NVML_SUCCESS;
  }
  *count = n;
  for (unsigned i = 0; i < n; ++i) infos[i] = d->encoder_session_list[i];
  return NVML_SUCCESS;
}
nvmlReturn_t f_fbc_stats(nvmlDevice_t h, nvmlFBCStats_t* s) {
  LOCK();
  DEVICE(h);
  if (!d->has_session_stats) return NVML_ERROR_NOT_SUPPORTED;
  s->sessionsCount = d->fbc_sessions;
  s->averageFPS = d->fbc_fps;
  s->averageLatency = d->fbc_latency_us;
  return NVML_SUCCESS;
}
nvmlReturn_t f_utilization(nvmlDevice_t h, nvmlUtilization_t* u) {
  LOCK();
  DEVICE(h);
  u->gpu = d->util_gpu;
  u->memory = d->util_mem;
  return NVML_SUCCESS;
}
nvmlReturn_t f_copy_string(const std::string& s, char* out, unsigned length) {
  if (s.empty()) return NVML_ERROR_NOT_SUPPORTED;
  if (length <= s.size()) return NVML_ERROR_INSUFFICIENT_SIZE;
  std::copy(s.begin(), s.end(), out);
  out[s.size()] = 0;
  return NVML_SUCCESS;
}
nvmlReturn_t f_vbios(nvmlDevice_t h, char* out, unsigned length) {
  LOCK();
  DEVICE(h);
  return f_copy_string(d->vbios, out, length);
}
nvmlReturn_t f_inforom_image(nvmlDevice_t h, char* out, unsigned length) {
  LOCK();
  DEVICE(h);
  return f_copy_string(d->inforom, out, length);
}
nvmlReturn_t f_gsp_firmware(nvmlDevice_t h, char* out) {
  LOCK();
  DEVICE(h);
  return f_copy_string(d->gsp_firmware, out, NVML_GSP_FIRMWARE_VERSION_BUF_SIZE);
}
nvmlReturn_t f_app_clock(nvmlDevice_t h, nvmlClockType_t type, unsigned* mhz) {
  LOCK();
  DEVICE(h);
  const unsigned v = type == NVML_CLOCK_MEM ? d->app_clock_mem_mhz : type == NVML_CLOCK_GRAPHICS ? d->app_clock_graphics_mhz : 0;
  if (v == 0) return NVML_ERROR_NOT_SUPPORTED;
  *mhz = v;
  return NVML_SUCCESS;
}
nvmlReturn_t f_encoder_util(nvmlDevice_t h, unsigned* u, unsigned* period_us) {
  LOCK();
  DEVICE(h);
  *u = d->encoder_util;
  *period_us = 167000;
  return NVML_SUCCESS;
}
nvmlReturn_t f_decoder_util(nvmlDevice_t h, unsigned* u, unsigned* period_us) {
  LOCK();
  DEVICE(h);
  *u = d->decoder_util;
  *period_us = 167000;
  return NVML_SUCCESS;
}
nvmlReturn_t f_pcie_throughput(nvmlDevice_t h, nvmlPcieUtilCounter_t counter, unsigned* kbs) {
  LOCK();
  DEVICE(h);
  if (!d->has_pcie_throughput) return NVML_ERROR_NOT_SUPPORTED;
  if (counter != NVML_PCIE_UTIL_TX_BYTES && counter != NVML_PCIE_UTIL_RX_BYTES) return NVML_ERROR_INVALID_ARGUMENT;
  *kbs = counter == NVML_PCIE_UTIL_TX_BYTES ? d->pcie_tx_kbs : d->pcie_rx_kbs;
  return NVML_SUCCESS;
}
nvmlReturn_t f_compute_processes(nvmlDevice_t h, unsigned* count, nvmlProcessInfo_t* infos) {
  LOCK();
  DEVICE(h);
  const auto n = static_cast<unsigned>(d->compute_processes.size());
  if (*count < n) {
    *count = n;
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }
  *count = n;
  for (unsigned i = 0; i < n; ++i) {
    infos[i] = nvmlProcessInfo_t{};
    infos[i].pid = d->compute_processes[i].first;
    infos[i].usedGpuMemory = d->compute_processes[i].second;
  }
  return NVML_SUCCESS;
}
nvmlReturn_t f_topology(nvmlDevice_t a, nvmlDevice_t b, nvmlGpuTopologyLevel_t* level) {
  LOCK();
  unsigned i = dev_of(a), j = dev_of(b);
  if (i > j) std::swap(i, j);
  if (i == j) {
    *level = NVML_TOPOLOGY_INTERNAL;
    return NVML_SUCCESS;
  }
  auto it = g_sys->topology.find({i, j});
  *level = it == g_sys->topology.end() ? NVML_TOPOLOGY_SYSTEM : it->second;
  return NVML_SUCCESS;
}
nvmlReturn_t f_p2p(nvmlDevice_t a, nvmlDevice_t b, nvmlGpuP2PCapsIndex_t, nvmlGpuP2PStatus_t* st) {
  LOCK();
  unsigned i = dev_of(a), j = dev_of(b);
  if (i > j) std::swap(i, j);
  auto it = g_sys->p2p_read.find({i, j});
  *st = it == g_sys->p2p_read.end() ? NVML_P2P_STATUS_OK : it->second;
  return NVML_SUCCESS;
}

#undef LOCK
#undef DEVICE

}  // namespace

NvmlApi install(FakeSystem& sys) {
  g_sys = &sys;
  NvmlApi api;
  api.nvmlInit = f_init;
  api.nvmlShutdown = f_shutdown;
  api.nvmlErrorString = f_error_string;
  api.nvmlSystemGetDriverVersion = f_driver_version;
  api.nvmlSystemGetCudaDriverVersion = f_cuda_driver_version;
  api.nvmlSystemGetNVMLVersion = f_nvml_version;
  api.nvmlDeviceGetCount = f_count;
  api.nvmlDeviceGetHandleByIndex = f_handle;
  api.nvmlDeviceGetName = f_name;
  api.nvmlDeviceGetUUID = f_uuid;
  api.nvmlDeviceGetPciInfo = f_pci;
  api.nvmlDeviceGetCudaComputeCapability = f_cc;
  api.nvmlDeviceGetMemoryInfo = f_memory;
  api.nvmlDeviceGetMigMode = f_mig_mode;
  api.nvmlDeviceGetMaxMigDeviceCount = f_max_mig;
  api.nvmlDeviceGetMigDeviceHandleByIndex = f_mig_handle;
  api.nvmlDeviceGetGpuInstanceId = f_gi_id;
  api.nvmlDeviceGetAttributes = f_attributes;
  api.nvmlDeviceGetVirtualizationMode = f_virt;
  api.nvmlDeviceGetPowerManagementLimit = f_power_limit;
  api.nvmlDeviceGetPowerManagementDefaultLimit = f_power_default;
  api.nvmlDeviceGetPowerManagementLimitConstraints = f_power_constraints;
  api.nvmlDeviceGetEnforcedPowerLimit = f_power_enforced;
  api.nvmlDeviceGetPowerUsage = f_power_usage;
  api.nvmlDeviceGetTemperature = f_temperature;
  api.nvmlDeviceGetMaxClockInfo = f_max_clock;
  api.nvmlDeviceGetClockInfo = f_clock;
  api.nvmlDeviceGetCurrentClocksEventReasons = f_event_reasons;
  api.nvmlDeviceGetCurrentClocksThrottleReasons = f_throttle_reasons;
  api.nvmlDeviceGetCurrPcieLinkGeneration = f_pcie_gen_now;
  api.nvmlDeviceGetMaxPcieLinkGeneration = f_pcie_gen_max;
  api.nvmlDeviceGetGpuMaxPcieLinkGeneration = f_pcie_gen_gpu_max;
  api.nvmlDeviceGetCurrPcieLinkWidth = f_pcie_width_now;
  api.nvmlDeviceGetMaxPcieLinkWidth = f_pcie_width_max;
  api.nvmlDeviceGetNvLinkState = f_nvlink_state;
  api.nvmlDeviceGetNvLinkVersion = f_nvlink_version;
  api.nvmlDeviceGetNvLinkRemotePciInfo = f_nvlink_remote_pci;
  api.nvmlDeviceGetEccMode = f_ecc_mode;
  api.nvmlDeviceGetTotalEccErrors = f_ecc_errors;
  api.nvmlDeviceGetRetiredPages = f_retired_pages;
  api.nvmlDeviceGetRemappedRows = f_remapped;
  api.nvmlDeviceGetPersistenceMode = f_persistence;
  api.nvmlDeviceGetComputeMode = f_compute_mode;
  api.nvmlDeviceGetUtilizationRates = f_utilization;
  api.nvmlDeviceGetEncoderUtilization = f_encoder_util;
  api.nvmlDeviceGetDecoderUtilization = f_decoder_util;
  api.nvmlDeviceGetPcieThroughput = f_pcie_throughput;
  api.nvmlDeviceGetEncoderStats = f_encoder_stats;
  api.nvmlDeviceGetFBCStats = f_fbc_stats;
  api.nvmlDeviceGetEncoderSessions = f_encoder_sessions;
  api.nvmlDeviceGetVbiosVersion = f_vbios;
  api.nvmlDeviceGetInforomImageVersion = f_inforom_image;
  api.nvmlDeviceGetGspFirmwareVersion = f_gsp_firmware;
  api.nvmlDeviceGetApplicationsClock = f_app_clock;
  api.nvmlDeviceGetComputeRunningProcesses = f_compute_processes;
  api.nvmlDeviceGetTopologyCommonAncestor = f_topology;
  api.nvmlDeviceGetP2PStatus = f_p2p;
  return api;
}

FakeDevice h100_sxm() { return FakeDevice{}; }

FakeDevice a100_sxm4_80gb() {
  FakeDevice d;
  d.name = "NVIDIA A100-SXM4-80GB";
  d.uuid = "GPU-a100a100-0000-0000-0000-000000000001";
  d.pci_device_id = 0x20b210de;
  d.pci_subsystem_id = 0x147f10de;
  d.cc_major = 8;
  d.cc_minor = 0;
  d.memory_total = 85899345920ull;  // 81920 MiB
  d.memory_free = 85031714816ull;
  d.power_limit_mw = d.power_default_mw = d.power_max_mw = 400000;
  d.power_min_mw = 100000;
  d.sm_max_mhz = 1410;
  d.mem_max_mhz = 1593;
  d.sm_now_mhz = 210;
  d.mem_now_mhz = 1593;
  d.pcie_gen_now = d.pcie_gen_max = d.pcie_gen_gpu_max = 4;
  d.nvlink_up = std::vector<bool>(12, true);
  d.nvlink_version = 3;
  return d;
}

FakeDevice a100_mig_1g10gb() {
  FakeDevice d = a100_sxm4_80gb();
  d.mig_enabled = true;
  d.migs.push_back({"NVIDIA A100-SXM4-80GB MIG 1g.10gb", "MIG-11111111-2222-3333-4444-555555555555", 14, 9728, 9});
  return d;
}

FakeDevice h100_capped_350w() {
  FakeDevice d = h100_sxm();
  d.power_limit_mw = 350000;
  d.power_usage_mw = 349000;
  d.sm_now_mhz = 1275;
  d.clock_reasons = 0x4;  // sw-power-cap
  return d;
}

FakeDevice l40s_gen3_x8() {
  FakeDevice d;
  d.name = "NVIDIA L40S";
  d.uuid = "GPU-140514a0-0000-0000-0000-000000000003";
  d.pci_device_id = 0x26b910de;
  d.cc_major = 8;
  d.cc_minor = 9;
  d.memory_total = 48305799168ull;
  d.memory_free = 47676653568ull;
  d.power_limit_mw = d.power_default_mw = d.power_max_mw = 350000;
  d.sm_max_mhz = 2520;
  d.mem_max_mhz = 9001;
  d.pcie_gen_now = 3;
  d.pcie_width_now = 8;
  d.pcie_gen_max = d.pcie_gen_gpu_max = 4;
  d.pcie_width_max = 16;
  d.nvlink_up.clear();
  return d;
}

}  // namespace gpuaudit::fake
