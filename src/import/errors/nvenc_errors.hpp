// NVENC's status codes (NVENCSTATUS, the Video Codec SDK's nvEncodeAPI.h, in its order from 0) with
// what each is evidence of, and a code found in a line about the encoder: OBS's
// "nvEncOpenEncodeSessionEx(...) failed: 10 (NV_ENC_ERR_OUT_OF_MEMORY)", FFmpeg's
// "OpenEncodeSessionEx failed: out of memory (10)" (libavcodec/nvenc.c prints its own short text,
// then the number), "nvEncOpenEncodeSessionEx (CUDA Path) FAILED: 2". Most codes are the program's
// misuse of the API; the few that speak of the machine: no encoder on the device (A100, H100 and
// B200 have none, docs/video-engines.md), a structure version the driver does not know (a program
// built for a newer SDK than the driver), a licence key the driver refuses, and a session refused at
// open with NV_ENC_ERR_OUT_OF_MEMORY, which is how the driver answers past the concurrent-session
// cap of GeForce cards (NVENC Application Note, "NVENC Licensing Policy") as well as on full memory.
#pragma once

#include "import/errors/status_table.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

using NvencCode = StatusCode;

std::span<const NvencCode> nvenc_codes();

using NvencError = StatusError;

// The first NVENC status in `line`: by its name (NV_ENC_ERR_...), else by its number on a line about
// NVENC ("nvenc", "encodesession") after "failed:", "returned error", "error" or in parentheses;
// NV_ENC_SUCCESS and unknown numbers are none. `lower_line` is `line` in lower case.
std::optional<NvencError> nvenc_error(std::string_view line, const std::string& lower_line);

}  // namespace gpuaudit::imports
