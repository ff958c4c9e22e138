// What a GPU's video encoder (NVENC) and frame-buffer capture (FBC) were doing when its state was
// read: the sessions open and their average frame rate and latency, as NVML counts them
// (nvmlDeviceGetEncoderStats / nvmlDeviceGetFBCStats; nvidia-smi -q "Encoder Stats" and "FBC Stats",
// -q -x <encoder_stats>, <fbc_stats>). Sessions open before gpuaudit ran are another tenant's (or
// a forgotten process's) use of the engine. Kept in GpuInfo.extra["encoder_stats"] and
// ["fbc_stats"], absent where not read, so that a document without them stays as it was, byte for
// byte, and result.hpp is not touched by one importer (as core/kernel_event.hpp).
#pragma once

#include "core/result.hpp"

#include <optional>

namespace gpuaudit {

struct SessionStats {
  int active_sessions = 0;
  std::optional<double> average_fps;         // over the open sessions
  std::optional<double> average_latency_us;  // NVML's averageLatency, microseconds
};
GA_JSON_VALUE(SessionStats, active_sessions, average_fps, average_latency_us)

inline constexpr const char* kEncoderStatsKey = "encoder_stats";
inline constexpr const char* kFbcStatsKey = "fbc_stats";

// GpuInfo.extra[key] read back; nullopt when absent or not a SessionStats (a negative count included).
std::optional<SessionStats> session_stats(const GpuInfo& gpu, const char* key);

}  // namespace gpuaudit
