// Driver <-> CUDA compatibility from NVIDIA's CUDA Toolkit release notes (section "CUDA Driver":
// Table 3 "CUDA Toolkit and Corresponding Driver Versions", the Linux driver each toolkit release
// needs; Table 2, the minimum driver of each major version for CUDA minor version compatibility),
// as data in score/cuda_driver_compat.cpp and tested against the transcription in
// tests/data/references/cuda-toolkit-driver-versions.tsv. A program built for CUDA X.Y runs on a
// driver that is at least X.Y's; from CUDA 11 on, also on an older driver of the same major
// version at or above Table 2's minimum, "with limited feature-set" (minor version compatibility:
// PTX JIT of newer PTX and APIs that need the newer driver fail); before CUDA 11 not at all.
#pragma once

#include <optional>
#include <string>

namespace gpuaudit {

inline constexpr const char* kCudaReleaseNotesUrl =
    "https://docs.nvidia.com/cuda/archive/13.2.2/cuda-toolkit-release-notes/index.html";
inline constexpr const char* kCudaReleaseNotesRead = "2026-12-02";

enum class CudaCompat {
  ok,             // the driver is at least the toolkit release's own (Table 3)
  minor_compat,   // older than that, but at or above its major version's minimum (Table 2): runs, limited features
  too_old,        // below both: CUDA programs built for it fail (cudaErrorInsufficientDriver)
  unknown,        // the table cannot say (a CUDA version it does not list, a driver version it cannot read)
};

struct CudaCompatVerdict {
  CudaCompat result = CudaCompat::unknown;
  std::string rule;  // the rule applied, quoting the release notes: "CUDA 10.2 needs driver >= 440.33 (Table 3); ..."
};

// The minimum Linux driver NVIDIA lists for CUDA major.minor (the lowest of its releases' rows),
// e.g. 12090 -> "575.51.03"; nullopt when the table has no row for it.
std::optional<std::string> cuda_min_driver(int cuda_version);
// The minimum driver for minor version compatibility within a major version (11 -> "450.80.02",
// 12 -> "525", 13 -> "580"); nullopt before CUDA 11.
std::optional<std::string> cuda_minor_compat_min_driver(int major);
// The newest CUDA (as 12020) a driver version supports by Table 3: the newest minor whose minimum it
// meets; nullopt when older than every row or unreadable.
std::optional<int> cuda_supported_by_driver(const std::string& driver_version);

// A program built for `cuda_build` (12010 for 12.1) on a driver that reports CUDA `driver_cuda`
// (nvidia-smi's "CUDA Version", as 12020: what the driver itself says it supports, so it decides
// when known), else on driver `driver_version` ("418.67") by the table.
CudaCompatVerdict cuda_compat(int cuda_build, const std::optional<std::string>& driver_version,
                              const std::optional<int>& driver_cuda = std::nullopt);

// "12.1" / "12.1.105" / "cu121" -> 12010; nullopt when not a CUDA version.
// (12010 -> "12.1" is compare/environment.hpp's cuda_version_text.)
std::optional<int> cuda_version_from_text(const std::string& text);

}  // namespace gpuaudit
