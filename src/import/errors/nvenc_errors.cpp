#include "import/errors/nvenc_errors.hpp"

#include "text/number_after.hpp"

#include <array>

namespace gpuaudit::imports {

namespace {

constexpr const char* S = kClassSoftware;
constexpr const char* P = kClassProgram;
constexpr const char* U = kClassUnknown;

// nvEncodeAPI.h's NVENCSTATUS, in its order (the header's comment on each, shortened; the table is
// tests/data/references/nvenc-status-codes.tsv's, checked both ways by nvenc_errors_test.cpp).
constexpr std::array kCodes = std::to_array<NvencCode>({
    {1, "NV_ENC_ERR_NO_ENCODE_DEVICE", U, "nvenc-no-device", "",
     "no encode-capable device was found: the GPU has no NVENC (A100, A30, H100, H200, B200 have none), or the driver's "
     "encode library is not in this container (NVIDIA_DRIVER_CAPABILITIES with video)"},
    {2, "NV_ENC_ERR_UNSUPPORTED_DEVICE", U, "nvenc-unsupported-device", "",
     "the device the program passed is not supported for encoding (a GPU without NVENC, or one the driver will not encode on)"},
    {3, "NV_ENC_ERR_INVALID_ENCODERDEVICE", P, "invalid-call", "", "the program passed an invalid encoder device"},
    {4, "NV_ENC_ERR_INVALID_DEVICE", P, "invalid-call", "", "the program passed an invalid device"},
    {5, "NV_ENC_ERR_DEVICE_NOT_EXIST", U, "nvenc-device-gone", "",
     "the device passed to the encoder no longer exists (it was removed or reset)"},
    {6, "NV_ENC_ERR_INVALID_PTR", P, "invalid-call", "", "the program passed an invalid pointer"},
    {7, "NV_ENC_ERR_INVALID_EVENT", P, "invalid-call", "", "the program passed an invalid completion event"},
    {8, "NV_ENC_ERR_INVALID_PARAM", P, "invalid-call", "", "the program passed invalid encode parameters"},
    {9, "NV_ENC_ERR_INVALID_CALL", P, "invalid-call", "", "the program called the encoder out of sequence"},
    {10, "NV_ENC_ERR_OUT_OF_MEMORY", P, "out-of-memory", "", "the encoder could not allocate the memory it needed"},
    {11, "NV_ENC_ERR_ENCODER_NOT_INITIALIZED", P, "invalid-call", "", "the encoder was used before it was initialised"},
    {12, "NV_ENC_ERR_UNSUPPORTED_PARAM", P, "invalid-call", "",
     "a parameter this GPU's encoder does not support (a codec, profile or size beyond its generation)"},
    {13, "NV_ENC_ERR_LOCK_BUSY", P, "program-error", "", "a non-blocking lock of the output found it busy (retry)"},
    {14, "NV_ENC_ERR_NOT_ENOUGH_BUFFER", P, "program-error", "", "the program's buffer is too small"},
    {15, "NV_ENC_ERR_INVALID_VERSION", S, "driver-too-old", "medium",
     "the driver does not accept the encoder API's structure version: most often the program was built against a newer "
     "Video Codec SDK than the driver supports; update the driver"},
    {16, "NV_ENC_ERR_MAP_FAILED", P, "program-error", "", "an input resource could not be mapped"},
    {17, "NV_ENC_ERR_NEED_MORE_INPUT", P, "program-error", "", "the encoder needs more input (not an error on its own)"},
    {18, "NV_ENC_ERR_ENCODER_BUSY", P, "program-error", "", "the encoder was busy (retry)"},
    {19, "NV_ENC_ERR_EVENT_NOT_REGISTERD", P, "invalid-call", "", "an event the program did not register"},
    {20, "NV_ENC_ERR_GENERIC", U, "nvenc-error", "", "an unknown internal error of the encoder"},
    {21, "NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY", S, "nvenc-licence", "medium",
     "the program asked for an encoder feature not available for this system's licence type (the header's words): the "
     "driver or card does not license it"},
    {22, "NV_ENC_ERR_UNIMPLEMENTED", U, "nvenc-unimplemented", "",
     "the feature asked for is not implemented by this driver or GPU's encoder"},
    {23, "NV_ENC_ERR_RESOURCE_REGISTER_FAILED", P, "program-error", "", "a resource could not be registered with the encoder"},
    {24, "NV_ENC_ERR_RESOURCE_NOT_REGISTERED", P, "invalid-call", "", "a resource was unregistered that was never registered"},
    {25, "NV_ENC_ERR_RESOURCE_NOT_MAPPED", P, "invalid-call", "", "a resource was unmapped that was never mapped"},
});

// At session open, out of memory is also the driver's answer past the concurrent-session cap of the
// GeForce line (NVENC Application Note, "NVENC Licensing Policy": a limit per system, so every
// process's sessions, other tenants' included, count).
constexpr const char* kSessionRefused =
    "the driver refused a new encode session (NV_ENC_ERR_OUT_OF_MEMORY at open): on GeForce cards the driver caps the "
    "concurrent NVENC sessions of the whole system (NVENC Application Note, 'NVENC Licensing Policy'), so sessions other "
    "processes or tenants hold count; or the GPU's memory is full. `nvidia-smi --query-gpu=encoder.stats.sessionCount "
    "--format=csv` shows the sessions open";

const NvencCode* by_number_in(const std::string& l) {
  if (l.find("nvenc") == std::string::npos && l.find("encodesession") == std::string::npos) return nullptr;
  if (const NvencCode* c = status_first_numbered(kCodes, numbers_after(l, {"failed:", "returned error", "error:", "error"}, {" :=(", false, 2, ".:"})))
    return c;
  // FFmpeg's "failed: out of memory (10)": its own text, then the number in parentheses.
  return status_first_numbered(kCodes, numbers_after(l, {"("}, {"", false, 2, ".:"}));
}

}  // namespace

std::span<const NvencCode> nvenc_codes() { return kCodes; }

std::optional<NvencError> nvenc_error(std::string_view line, const std::string& lower_line) {
  const NvencCode* c = status_named(kCodes, line, "NV_ENC_ERR_");
  if (!c) c = by_number_in(lower_line);
  if (!c) return std::nullopt;
  const bool at_open = lower_line.find("opensession") != std::string::npos || lower_line.find("openencodesession") != std::string::npos;
  if (c->number == 10 && at_open)
    return NvencError{c, ErrorMeaning{kClassUnknown, "nvenc-session-refused", "", std::string("NVENC ") + c->name + ": " + kSessionRefused}};
  return NvencError{c, status_meaning(*c, "NVENC")};
}

}  // namespace gpuaudit::imports
