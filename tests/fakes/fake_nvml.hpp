// A scripted NVML: a table of devices behind the real NvmlApi function table, so the code that
// reads NVML (inventory, telemetry, topology) is tested without a GPU. Tests build a FakeSystem
// (or take a preset), call install(), and pass the returned NvmlApi to the code under test.
// Only one FakeSystem is installed at a time (the functions are plain C function pointers).
#pragma once

#include "probe/nvml_api.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace gpuaudit::fake {

struct FakeMig {
  std::string name;  // "NVIDIA A100-SXM4-80GB MIG 1g.10gb"
  std::string uuid;  // "MIG-..."
  unsigned sm_count = 0;
  unsigned long long memory_mib = 0;
  unsigned gpu_instance_id = 0;
  unsigned decoders = 0, encoders = 0, jpegs = 0, ofas = 0;  // the slice's engines (nvmlDeviceGetAttributes)
};

struct FakeDevice {
  std::string name = "NVIDIA H100 80GB HBM3";
  std::string uuid = "GPU-00000000-0000-0000-0000-000000000000";
  std::string bus_id = "00000000:18:00.0";
  unsigned pci_device_id = 0x233010de;  // NVML packs it as (device << 16) | vendor
  unsigned pci_subsystem_id = 0x16c110de;
  int cc_major = 9, cc_minor = 0;
  unsigned long long memory_total = 85520809984ull, memory_free = 84893204480ull;
  bool mig_enabled = false;
  std::vector<FakeMig> migs;
  nvmlGpuVirtualizationMode_t virtualization = NVML_GPU_VIRTUALIZATION_MODE_NONE;
  unsigned power_limit_mw = 700000, power_default_mw = 700000, power_min_mw = 200000, power_max_mw = 700000;
  unsigned power_usage_mw = 72000;
  unsigned temperature_c = 34;
  unsigned sm_max_mhz = 1980, mem_max_mhz = 2619, sm_now_mhz = 345, mem_now_mhz = 2619;
  unsigned long long clock_reasons = 0x1;  // gpu-idle
  bool has_event_reasons_api = true;       // false: only the old *ThrottleReasons name exists
  unsigned pcie_gen_now = 5, pcie_gen_max = 5, pcie_gen_gpu_max = 5, pcie_width_now = 16, pcie_width_max = 16;
  std::vector<bool> nvlink_up = std::vector<bool>(18, true);
  unsigned nvlink_version = 4;
  std::vector<std::string> nvlink_remote_bus_ids;  // per link; empty: NVSwitch-less default
  bool ecc_enabled = true;
  unsigned long long ecc_volatile_corrected = 0, ecc_volatile_uncorrected = 0, ecc_aggregate_uncorrected = 0;
  bool has_remapped_rows = true;  // Ampere+; false: retired pages (Volta and older)
  unsigned remapped_correctable = 0, remapped_uncorrectable = 0, remap_pending = 0, remap_failure = 0;
  unsigned retired_pages_sbe = 0, retired_pages_dbe = 0;
  bool persistence = true;
  nvmlComputeMode_t compute_mode = NVML_COMPUTEMODE_DEFAULT;
  unsigned util_gpu = 0, util_mem = 0;
  std::string vbios = "96.00.89.00.01", inforom = "G520.0200.00.05", gsp_firmware = "570.124.06";  // "": NOT_SUPPORTED
  unsigned app_clock_graphics_mhz = 1980, app_clock_mem_mhz = 2619;                              // 0: NOT_SUPPORTED
  unsigned encoder_util = 0, decoder_util = 0;          // %, nvmlDevice{En,De}coderUtilization
  unsigned pcie_tx_kbs = 0, pcie_rx_kbs = 0;            // KB/s, nvmlDeviceGetPcieThroughput
  bool has_pcie_throughput = true;                      // false: NOT_SUPPORTED (a vGPU)
  std::vector<std::pair<unsigned, unsigned long long>> compute_processes;  // pid, used bytes
  bool has_session_stats = true;  // false: NVML refuses the encoder and FBC stats (NOT_SUPPORTED)
  unsigned encoder_sessions = 0, encoder_fps = 0, encoder_latency_us = 0;
  unsigned fbc_sessions = 0, fbc_fps = 0, fbc_latency_us = 0;
  std::vector<nvmlEncoderSessionInfo_t> encoder_session_list;  // nvmlDeviceGetEncoderSessions
};

struct FakeSystem {
  nvmlReturn_t init_result = NVML_SUCCESS;
  std::string driver_version = "570.124.06";
  int cuda_driver_version = 12080;
  std::string nvml_version = "12.570.124.06";
  std::vector<FakeDevice> devices;
  // Pairwise topology for multi-GPU tests, by device index (i < j); default: NVML_TOPOLOGY_SYSTEM.
  std::map<std::pair<unsigned, unsigned>, nvmlGpuTopologyLevel_t> topology;
  std::map<std::pair<unsigned, unsigned>, nvmlGpuP2PStatus_t> p2p_read;  // default: OK
  // Guards every field: a telemetry test may change clocks while a sampler thread reads them.
  mutable std::mutex mutex;
  int init_calls = 0;
};

// Makes `sys` the system the fake functions read, and returns a table of all of them.
NvmlApi install(FakeSystem& sys);

// Presets used across tests (figures from /work/shared reference data and real nvidia-smi output).
FakeDevice h100_sxm();                      // full card, 700 W, Gen5 x16, 18 NVLink4
FakeDevice a100_sxm4_80gb();                // full card, 400 W, Gen4 x16, 12 NVLink3
FakeDevice a100_mig_1g10gb();               // A100 80GB in MIG mode with one 1g.10gb slice (14 SMs)
FakeDevice h100_capped_350w();              // limit 350 W of a 700 W default, sw-power-cap active
FakeDevice l40s_gen3_x8();                  // PCIe card on a Gen3 x8 link (max Gen4 x16)

}  // namespace gpuaudit::fake
