// The NVML entry points gpuaudit uses, typed by the real <nvml.h> and resolved at run time.
//
// Why a table of function pointers instead of linking -lnvidia-ml: the binary must start, and say
// what is missing, on a machine without a driver. The same table is filled by scripted fakes in
// the tests, so the code that reads NVML is tested here, without a GPU.
//
// Names go through the header's own macros (nvmlInit -> nvmlInit_v2, ...), so the symbol looked
// up is the versioned one the header would have linked against.
#pragma once

#include <nvml.h>

#include <string>

namespace gpuaudit {

// Every entry may be null: an older driver lacks newer functions, and callers treat a missing
// function like NVML_ERROR_NOT_SUPPORTED.
#define GA_NVML_FUNCTIONS(X)                                                                      \
  X(nvmlInit) X(nvmlShutdown) X(nvmlErrorString) X(nvmlSystemGetDriverVersion)                   \
  X(nvmlSystemGetCudaDriverVersion) X(nvmlSystemGetNVMLVersion) X(nvmlDeviceGetCount)             \
  X(nvmlDeviceGetHandleByIndex) X(nvmlDeviceGetName) X(nvmlDeviceGetUUID) X(nvmlDeviceGetPciInfo) \
  X(nvmlDeviceGetCudaComputeCapability) X(nvmlDeviceGetMemoryInfo) X(nvmlDeviceGetMigMode)        \
  X(nvmlDeviceGetMaxMigDeviceCount) X(nvmlDeviceGetMigDeviceHandleByIndex)                        \
  X(nvmlDeviceGetGpuInstanceId) X(nvmlDeviceGetAttributes) X(nvmlDeviceGetVirtualizationMode)     \
  X(nvmlDeviceGetPowerManagementLimit) X(nvmlDeviceGetPowerManagementDefaultLimit)                \
  X(nvmlDeviceGetPowerManagementLimitConstraints) X(nvmlDeviceGetEnforcedPowerLimit)              \
  X(nvmlDeviceGetPowerUsage) X(nvmlDeviceGetTemperature) X(nvmlDeviceGetMaxClockInfo)             \
  X(nvmlDeviceGetClockInfo) X(nvmlDeviceGetCurrentClocksEventReasons)                             \
  X(nvmlDeviceGetCurrentClocksThrottleReasons) X(nvmlDeviceGetCurrPcieLinkGeneration)             \
  X(nvmlDeviceGetMaxPcieLinkGeneration) X(nvmlDeviceGetGpuMaxPcieLinkGeneration)                  \
  X(nvmlDeviceGetCurrPcieLinkWidth) X(nvmlDeviceGetMaxPcieLinkWidth) X(nvmlDeviceGetNvLinkState)  \
  X(nvmlDeviceGetNvLinkVersion) X(nvmlDeviceGetNvLinkRemotePciInfo) X(nvmlDeviceGetEccMode)       \
  X(nvmlDeviceGetTotalEccErrors) X(nvmlDeviceGetRetiredPages) X(nvmlDeviceGetRemappedRows)        \
  X(nvmlDeviceGetPersistenceMode) X(nvmlDeviceGetComputeMode) X(nvmlDeviceGetUtilizationRates)    \
  X(nvmlDeviceGetTopologyCommonAncestor) X(nvmlDeviceGetP2PStatus) X(nvmlDeviceGetNvLinkRemoteDeviceType)        \
  X(nvmlDeviceGetComputeRunningProcesses) X(nvmlDeviceGetGraphicsRunningProcesses)              \
  X(nvmlDeviceGetEncoderStats) X(nvmlDeviceGetFBCStats) X(nvmlDeviceGetPcieThroughput)                     \
  X(nvmlDeviceGetEncoderUtilization) X(nvmlDeviceGetDecoderUtilization) X(nvmlDeviceGetVbiosVersion)         \
  X(nvmlDeviceGetInforomImageVersion) X(nvmlDeviceGetGspFirmwareVersion) X(nvmlDeviceGetApplicationsClock)     \
  X(nvmlDeviceGetEncoderSessions)

struct NvmlApi {
#define GA_NVML_MEMBER(fn) decltype(&::fn) fn = nullptr;
  GA_NVML_FUNCTIONS(GA_NVML_MEMBER)
#undef GA_NVML_MEMBER
};

// The symbol name the header maps `fn` to, e.g. GA_NVML_SYMBOL(nvmlInit) == "nvmlInit_v2".
#define GA_NVML_STR2(x) #x
#define GA_NVML_SYMBOL(fn) GA_NVML_STR2(fn)

struct NvmlLoad {
  bool loaded = false;
  NvmlApi api;
  std::string error;  // why not, one line
};

// dlopen()s libnvidia-ml.so.1 once (kept open for the life of the process) and resolves the table.
NvmlLoad load_nvml(const char* library = "libnvidia-ml.so.1");

}  // namespace gpuaudit
