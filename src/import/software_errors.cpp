#include "import/software_errors.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>

namespace gpuaudit::imports {
namespace {

struct Signature {
  const char* needle;  // matched case-insensitively
  const char* kind;
  const char* meaning;
};

// The messages as CUDA, NVML and nvidia-smi print them (cudaGetErrorString / cuGetErrorString /
// nvmlErrorString texts and the enum names), so they match in any tool's output.
constexpr std::array<Signature, 19> kSignatures{{
    {"driver version is insufficient for cuda runtime version", "driver-too-old",
     "the NVIDIA driver is older than the CUDA runtime the program was built with: update the driver or use a build for "
     "an older CUDA"},
    {"cudaerrorinsufficientdriver", "driver-too-old",
     "the NVIDIA driver is older than the CUDA runtime the program was built with: update the driver or use a build for "
     "an older CUDA"},
    {"cuda_error_system_driver_mismatch", "driver-library-mismatch",
     "the CUDA driver library and the kernel module differ: reboot after a driver upgrade or reinstall the driver"},
    {"driver/library version mismatch", "driver-library-mismatch",
     "the kernel module and the user-space NVIDIA driver differ (an upgrade without a reboot, or a container with "
     "another driver's libraries): reboot or reinstall the driver"},
    {"system not yet initialized", "fabric-manager",
     "CUDA cannot start (cuInit error 802): on an NVSwitch system the NVIDIA fabric manager is not running or does not "
     "match the driver"},
    {"cuda_error_system_not_ready", "fabric-manager",
     "CUDA cannot start (cuInit error 802): on an NVSwitch system the NVIDIA fabric manager is not running or does not "
     "match the driver"},
    {"cudaerrorsystemnotready", "fabric-manager",
     "CUDA cannot start (error 802): on an NVSwitch system the NVIDIA fabric manager is not running or does not match "
     "the driver"},
    {"couldn't communicate with the nvidia driver", "driver-not-loaded",
     "the NVIDIA kernel driver is not loaded or not installed for this kernel"},
    {"no cuda-capable device is detected", "no-device",
     "CUDA sees no GPU: the driver is not loaded, the devices are not passed into the container, or "
     "CUDA_VISIBLE_DEVICES hides them"},
    {"cudaerrornodevice", "no-device",
     "CUDA sees no GPU: the driver is not loaded, the devices are not passed into the container, or "
     "CUDA_VISIBLE_DEVICES hides them"},
    {"cuda_error_no_device", "no-device",
     "CUDA sees no GPU: the driver is not loaded, the devices are not passed into the container, or "
     "CUDA_VISIBLE_DEVICES hides them"},
    {"all cuda-capable devices are busy or unavailable", "devices-unavailable",
     "the GPUs are in exclusive-process or prohibited compute mode and another process holds them"},
    {"cudaerrordevicesunavailable", "devices-unavailable",
     "the GPUs are in exclusive-process or prohibited compute mode and another process holds them"},
    // nvidia-smi's answer (-L, the table, -q) when NVML loads but counts no GPU.
    {"no devices were found", "no-device",
     "nvidia-smi sees no GPU although its driver answers: the devices are not passed into the VM or container, or "
     "the GPU fell off the bus (dmesg tells which)"},
    {"failed to initialize nvml: driver not loaded", "driver-not-loaded",
     "the NVIDIA kernel driver is not loaded or not installed for this kernel"},
    // cudaErrorInitializationError (3). The CUDA samples print its text after "-> ", which keeps the
    // needle from matching prose that merely says "initialization error".
    {"-> initialization error", "cuda-init-failed",
     "CUDA could not initialise the driver (cudaErrorInitializationError): the nvidia or nvidia-uvm module is not "
     "loaded, the container lacks /dev/nvidia*, or the driver is in a bad state after an Xid (nvidia-smi and dmesg tell which)"},
    {"cudaerrorinitializationerror", "cuda-init-failed",
     "CUDA could not initialise the driver (cudaErrorInitializationError): the nvidia or nvidia-uvm module is not "
     "loaded, the container lacks /dev/nvidia*, or the driver is in a bad state after an Xid (nvidia-smi and dmesg tell which)"},
    // The kernel's side of the same mismatch (NVRM in dmesg): a client of one version talking to
    // the loaded module of another.
    {"nvrm: api mismatch", "driver-library-mismatch",
     "the kernel module and the user-space NVIDIA driver differ (an upgrade without a reboot, or a container with "
     "another driver's libraries): reboot or reinstall the driver"},
    // The loaded module cannot find its GSP firmware file: the driver install is incomplete, the GPU
    // is not at fault (its RmInitAdapter then fails).
    {"no firmware image found", "driver-firmware-missing",
     "the NVIDIA kernel module cannot find its GSP firmware file (an incomplete driver install or upgrade): reinstall "
     "the driver package that matches the module"},
}};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  std::size_t n = std::min<std::size_t>(s.size(), 300);
  while (n > 0 && n < s.size() && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;  // not inside a UTF-8 character
  return std::string(s.substr(0, n));
}

}  // namespace

std::vector<SoftwareError> find_software_errors(std::string_view text, const std::string& file) {
  std::vector<SoftwareError> out;
  std::set<std::string> kinds_seen;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size() && out.size() < 20) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    pos = end + 1;
    if (line.size() > 4096) continue;  // no message is that long; a binary blob is not scanned
    const std::string l = lower(line);
    for (const auto& sig : kSignatures) {
      if (l.find(sig.needle) == std::string::npos) continue;
      // Once per kind: the same error printed for each of 8 GPUs is one fact.
      if (kinds_seen.insert(sig.kind).second)
        out.push_back(SoftwareError{sig.kind, sig.meaning, trimmed(line), file, line_no});
      break;
    }
    if (end == text.size()) break;
  }
  return out;
}

json software_error_json(const SoftwareError& e) {
  return json{{"kind", e.kind}, {"meaning", e.meaning}, {"text", e.text}, {"file", e.file}, {"line", e.line}};
}

}  // namespace gpuaudit::imports
