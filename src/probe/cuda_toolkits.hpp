// The CUDA toolkits installed on the machine (/usr/local/cuda, /usr/local/cuda-X.Y): what the
// user's own programs are built with. A default toolkit a major version newer than the driver
// supports is the classic image-upgrade breakage (cudaErrorInsufficientDriver at the first call);
// gpuaudit's own runtime says nothing about it, so the files on disk are read instead.
#pragma once

#include "core/result.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// Toolkits under <root>/usr/local (the version from version.json, else version.txt, else
// include/cuda.h's CUDA_VERSION), one per real folder; `is_default` for the one
// /usr/local/cuda points to. Unreadable or versionless folders are left out.
std::vector<CudaToolkit> find_cuda_toolkits(const std::string& root = "/");

// The readers of one file's text (bounded, no regex, no exception: the fuzz target calls them on
// any bytes). version.json's {"cuda": {"version": "12.8.1"}}, version.txt's "CUDA Version 11.4.2",
// cuda.h's "#define CUDA_VERSION 13000" -> "13.0". nullopt when the text holds no version.
std::optional<std::string> cuda_version_from_json(std::string_view text);
std::optional<std::string> cuda_version_from_txt(std::string_view text);
std::optional<std::string> cuda_version_from_header(std::string_view text);
// "12.8.1" -> 12080 (comparable with cuda_driver_version); nullopt unless it starts major.minor.
std::optional<int> cuda_version_number(std::string_view version);

}  // namespace gpuaudit
