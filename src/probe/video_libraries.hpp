// Whether the driver's video libraries can be opened: libnvidia-encode.so.1 (NVENC) and
// libnvcuvid.so.1 (NVDEC), which a program dlopen()s to use the video engines. They come with the
// driver, but not always: Ubuntu and Debian package them apart (libnvidia-encode-<branch>,
// libnvidia-decode-<branch>), and the NVIDIA Container Toolkit maps them into a container only when
// NVIDIA_DRIVER_CAPABILITIES includes `video` (or `all`; its default is compute,utility).
#pragma once

#include "core/json.hpp"

#include <optional>
#include <string>

namespace gpuaudit {

// {"libnvidia-encode.so.1": bool, "libnvcuvid.so.1": bool, "driver_capabilities": "compute,utility"
// (only when the variable is set)}: dlopen() tried now, each library closed again.
json probe_video_libraries();

// The line `info` prints when one is missing, with why and what to do (in a container: the
// capability; on a host: the packages); "" when both open or the state was not read.
std::string video_libraries_note(const json& state, const std::optional<std::string>& container);

}  // namespace gpuaudit
