// nvmlReturn_t codes with nvmlErrorString()'s texts and what each is evidence of, and nvidia-smi's
// own messages (import/nvml_errors.hpp). A code says something about the GPU nvidia-smi named
// ("Unable to determine the device handle for GPU <bus id>: <text>") or, when NVML itself did not
// start ("Failed to initialize NVML: <text>"), about the machine's driver stack: the same code can
// mean either (Unknown Error: the GPU does not answer / NVML could not start, most often a
// container that lost its device access), so each row has both classes. docs/scoring.md §5 says
// why each class holds for the whole class.
#include "import/errors/nvml_errors.hpp"

#include "text/strings.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace gpuaudit::imports {

namespace {

constexpr const char* S = kClassSoftware;
constexpr const char* G = kClassGpuFault;
constexpr const char* P = kClassProgram;
constexpr const char* U = kClassUnknown;

// {number, name, nvmlErrorString text ("" where NVIDIA publishes none), nvml.h comment,
//  class for one GPU, class when NVML could not start, kind, confidence, meaning}
constexpr std::array kCodes = std::to_array<NvmlReturnCode>({
    {0, "NVML_SUCCESS", "Success", "The operation was successful", U, U, "", "", ""},
    {1, "NVML_ERROR_UNINITIALIZED", "Uninitialized", "NVML was not first initialized with nvmlInit()", P, P, "", "", ""},
    {2, "NVML_ERROR_INVALID_ARGUMENT", "Invalid Argument", "A supplied argument is invalid", P, P, "", "", ""},
    {3, "NVML_ERROR_NOT_SUPPORTED", "Not Supported", "The requested operation is not available on target device", U, U, "", "", ""},
    {4, "NVML_ERROR_NO_PERMISSION", "Insufficient Permissions", "The current user does not have permission for operation", S, S,
     "nvml-no-permission", "low", "the user may not open the GPU's device files (/dev/nvidia*): run as a user with access, or pass the devices into the container"},
    {5, "NVML_ERROR_ALREADY_INITIALIZED", "Already Initialized",
     "Deprecated: Multiple initializations are now allowed through ref counting", P, P, "", "", ""},
    {6, "NVML_ERROR_NOT_FOUND", "Not Found", "A query to find an object was unsuccessful", U, U, "", "", ""},
    {7, "NVML_ERROR_INSUFFICIENT_SIZE", "Insufficient Size", "An input argument is not large enough", P, P, "", "", ""},
    {8, "NVML_ERROR_INSUFFICIENT_POWER", "Insufficient External Power", "A device's external power cables are not properly attached", G,
     U, "aux-power", "medium", "the board's external power cables are not properly attached: it cannot run at full speed; ask the provider for another instance"},
    {9, "NVML_ERROR_DRIVER_NOT_LOADED", "Driver Not Loaded", "NVIDIA driver is not loaded", S, S, "driver-not-loaded", "high",
     "the NVIDIA kernel driver is not loaded or not installed for this kernel"},
    {10, "NVML_ERROR_TIMEOUT", "Timeout", "User provided timeout passed", U, U, "", "", ""},
    {11, "NVML_ERROR_IRQ_ISSUE", "Interrupt Request Issue", "NVIDIA Kernel detected an interrupt issue with a GPU", G, G, "gpu-irq",
     "medium", "the driver saw an interrupt problem with the GPU: it does not answer reliably; ask the provider for another instance"},
    {12, "NVML_ERROR_LIBRARY_NOT_FOUND", "NVML Shared Library Not Found", "NVML Shared Library couldn't be found or loaded", S, S,
     "nvml-missing", "high",
     "the driver's user-space libraries (libnvidia-ml) are missing: the driver is not installed, or the container was started without the NVIDIA runtime (--gpus)"},
    {13, "NVML_ERROR_FUNCTION_NOT_FOUND", "Function Not Found", "Local version of NVML doesn't implement this function", S, S,
     "nvml-too-old", "low", "the driver's NVML is older than the tool that called it: update the driver or use an older tool"},
    {14, "NVML_ERROR_CORRUPTED_INFOROM", "Corrupted infoROM", "infoROM is corrupted", G, G, "inforom-corrupted", "low",
     "the card's infoROM (where it keeps its ECC and retired-page records) is corrupted: those records cannot be trusted; the GPU may still compute; ask the provider for another instance"},
    {15, "NVML_ERROR_GPU_IS_LOST", "GPU is lost", "The GPU has fallen off the bus or has otherwise become inaccessible", G, G, "gpu-lost",
     "high", "the GPU has fallen off the bus or otherwise become inaccessible: stop work on it; ask the provider for another instance (only a reboot of the machine recovers it)"},
    {16, "NVML_ERROR_RESET_REQUIRED", "GPU requires reset", "The GPU requires a reset before it can be used again", G, G,
     "reset-required", "high", "the GPU must be reset before it can be used again: ask the provider to reset it or for another instance"},
    {17, "NVML_ERROR_OPERATING_SYSTEM", "GPU access blocked by the operating system",
     "The GPU control device has been blocked by the operating system/cgroups", S, S, "gpu-access-blocked", "medium",
     "the operating system or the container's cgroups block access to the GPU's device files: restart the container with the GPUs passed in"},
    {18, "NVML_ERROR_LIB_RM_VERSION_MISMATCH", "Driver/library version mismatch", "RM detects a driver/library version mismatch", S, S,
     "driver-library-mismatch", "high",
     "the kernel module and the user-space NVIDIA driver differ (an upgrade without a reboot, or a container with another driver's libraries): reboot or reinstall the driver"},
    {19, "NVML_ERROR_IN_USE", "In use by another client",
     "An operation cannot be performed because the GPU is currently in use", U, U, "", "", ""},
    {20, "NVML_ERROR_MEMORY", "Insufficient Memory", "Insufficient memory", U, U, "", "", ""},
    {21, "NVML_ERROR_NO_DATA", "", "No data", U, U, "", "", ""},
    {22, "NVML_ERROR_VGPU_ECC_NOT_SUPPORTED", "",
     "The requested vgpu operation is not available on target device, becasue ECC is enabled", U, U, "", "", ""},
    {23, "NVML_ERROR_INSUFFICIENT_RESOURCES", "Insufficient Resources", "Ran out of critical resources, other than memory", U, U, "", "",
     ""},
    {24, "NVML_ERROR_FREQ_NOT_SUPPORTED", "", "Ran out of critical resources, other than memory", P, P, "", "", ""},
    {25, "NVML_ERROR_ARGUMENT_VERSION_MISMATCH", "", "The provided version is invalid/unsupported", S, S, "nvml-version", "low",
     "the tool was built for another NVML version than the driver's: update the driver or the tool"},
    {26, "NVML_ERROR_DEPRECATED", "", "The requested functionality has been deprecated", P, P, "", "", ""},
    {27, "NVML_ERROR_NOT_READY", "", "The system is not ready for the request", U, U, "", "", ""},
    {28, "NVML_ERROR_GPU_NOT_FOUND", "", "No GPUs were found", U, S, "no-device", "medium",
     "NVML finds no GPU: the devices are not passed into the VM or container, or the GPU fell off the bus (dmesg tells which)"},
    {29, "NVML_ERROR_INVALID_STATE", "", "Resource not in correct state to perform requested operation", U, U, "", "", ""},
    {999, "NVML_ERROR_UNKNOWN", "Unknown Error", "An internal driver error occurred", G, S, "nvml-unknown", "medium",
     "NVML got no answer it understood from this GPU: it is not answering (often after an Xid: dmesg tells which); ask the "
     "provider for another instance if it stays so",
     "NVML could not start: most often a container that lost access to the GPU devices (restart it with the GPUs passed in) or "
     "a driver in a bad state (nvidia-smi on the host and dmesg tell which)"},
});

std::string_view trim(std::string_view s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.front())) || s.front() == '"')) s.remove_prefix(1);
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '.' || s.back() == '"')) s.remove_suffix(1);
  return s;
}

bool hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

const NvmlReturnCode* code_numbered(int number) {
  for (const auto& c : kCodes)
    if (c.number == number) return &c;
  return nullptr;
}

// After "Failed to initialize NVML: " / "...GPU <bus id>: ": the code whose text starts the rest.
// go-nvml (the Kubernetes device plugin, DCGM's Go bindings) words NVML_ERROR_LIBRARY_NOT_FOUND
// its own way when its dlopen() fails: "could not load NVML library".
const NvmlReturnCode* code_at(std::string_view rest) {
  const std::string r = lower(trim(rest));
  const NvmlReturnCode* best = nullptr;
  for (const auto& c : kCodes) {
    const std::string t = lower(c.text);
    if (t.empty() || r.compare(0, t.size(), t) != 0) continue;
    if (!best || t.size() > std::string_view(best->text).size()) best = &c;
  }
  if (!best && r.starts_with("could not load nvml library")) best = code_numbered(12);
  // go-nvml's Return printed by its generated String(): the constant's name without "NVML_"
  // ("Failed to initialize NVML: ERROR_UNKNOWN", as HAMi's device plugin logs it).
  for (const auto& c : kCodes) {
    if (best) break;
    if (!std::string_view(c.name).starts_with("NVML_")) continue;
    const std::string n = lower(std::string_view(c.name).substr(5));
    if (!r.starts_with(n)) continue;  // r is at least as long as n from here
    const bool whole = r.size() == n.size() || !(std::isalnum(static_cast<unsigned char>(r[n.size()])) || r[n.size()] == '_');
    if (whole) best = &c;
  }
  return best;
}

// pynvml's exception classes are the codes' names in CamelCase (nvml.py builds them from the
// NVML_ERROR_* constants: NVML_ERROR_LIBRARY_NOT_FOUND -> NVMLError_LibraryNotFound), so
// "pynvml.nvml.NVMLError_DriverNotLoaded: Driver Not Loaded" names its code whatever text follows.
const NvmlReturnCode* pynvml_code(std::string_view line) {
  const auto at = line.find("NVMLError_");
  if (at == std::string_view::npos) return nullptr;
  std::size_t end = at + 10;
  while (end < line.size() && std::isalnum(static_cast<unsigned char>(line[end]))) ++end;
  const std::string_view camel = line.substr(at + 10, end - at - 10);
  for (const auto& c : kCodes) {
    const std::string_view name(c.name);
    if (!name.starts_with("NVML_ERROR_")) continue;
    std::string want;
    bool upper = true;
    for (char ch : name.substr(11)) {
      if (ch == '_') upper = true;
      else want += upper ? ch : static_cast<char>(std::tolower(static_cast<unsigned char>(ch))), upper = false;
    }
    if (want == camel) return &c;
  }
  return nullptr;
}

// go-nvml's Return constants are NVML's names without "NVML_" (nvml.ERROR_LIBRARY_NOT_FOUND), and
// %v prints that name: "error initializing NVML: ERROR_LIBRARY_NOT_FOUND" (NVIDIA's Kubernetes
// device plugin and DRA driver). Taken only on a line that speaks of NVML, and not as part of a
// longer name (NVML_ERROR_*, CUDA_ERROR_*, Windows' ERROR_FILE_NOT_FOUND on a line without NVML).
const NvmlReturnCode* go_nvml_code(std::string_view line, const std::string& lower_line) {
  if (lower_line.find("nvml") == std::string::npos) return nullptr;
  for (std::size_t at = line.find("ERROR_"); at != std::string_view::npos; at = line.find("ERROR_", at + 1)) {
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_')) continue;
    std::size_t end = at;
    while (end < line.size() && (std::isupper(static_cast<unsigned char>(line[end])) || line[end] == '_')) ++end;
    const std::string want = "NVML_" + std::string(line.substr(at, end - at));
    for (const auto& c : kCodes)
      if (want == c.name) return &c;
  }
  return nullptr;
}

// "nvml error 18: driver/library version mismatch": the number, where the text after it (if any) is
// that code's own (a number alone, or with another code's text, is not taken).
const NvmlReturnCode* numbered_code(const std::string& lower_line) {
  const auto at = lower_line.find("nvml error ");
  if (at == std::string::npos) return nullptr;
  std::size_t end = at + 11;
  while (end < lower_line.size() && end < at + 14 && std::isdigit(static_cast<unsigned char>(lower_line[end]))) ++end;
  if (end == at + 11 || end >= lower_line.size() || lower_line[end] != ':') return nullptr;
  const NvmlReturnCode* c = code_numbered(std::stoi(lower_line.substr(at + 11, end - at - 11)));
  return c && c->number != 0 && code_at(std::string_view(lower_line).substr(end + 1)) == c ? c : nullptr;
}

SmiMessage from_code(const NvmlReturnCode* c, bool init, const std::string& what, std::string_view line) {
  SmiMessage m;
  m.gpu = init ? "" : first_bus_id(line);
  if (!c) {
    m.meaning = ErrorMeaning{kClassUnknown, init ? "nvml-init-failed" : "gpu-unreachable", "",
                             init ? "NVML could not start (the reason is not one NVML's table names)"
                                  : "nvidia-smi could not reach this GPU (the reason is not one NVML's table names)"};
    m.source = "nvidia-smi: " + what;
    return m;
  }
  const char* cls = init ? c->init_class : c->gpu_class;
  m.meaning = ErrorMeaning{cls, c->kind, c->confidence, init && *c->init_meaning ? c->init_meaning : c->meaning};
  if (m.meaning.kind.empty()) m.meaning.kind = init ? "nvml-init-failed" : "gpu-unreachable";
  if (m.meaning.meaning.empty()) m.meaning.meaning = std::string("NVML: ") + c->comment;
  m.source = "nvidia-smi: " + what + " (" + c->name + ")";
  m.reference = std::string("nvml.h: ") + c->name + " = " + std::to_string(c->number) + ", \"" + c->comment + "\"";
  return m;
}

}  // namespace

std::span<const NvmlReturnCode> nvml_return_codes() { return kCodes; }

const NvmlReturnCode* nvml_code_with_text(std::string_view text) {
  const std::string t = lower(trim(text));
  for (const auto& c : kCodes)
    if (*c.text && lower(c.text) == t) return &c;
  return nullptr;
}

std::string first_bus_id(std::string_view s) {
  auto two_hex = [&](std::size_t at) { return at + 2 <= s.size() && hex(s[at]) && hex(s[at + 1]); };
  // With its domain first (dddd:bb:dd[.f] or dddddddd:bb:dd[.f]), then bb:dd.f alone, which a time
  // of day (15:38:59.1) could look like: not after a ':'.
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t i = 0; i + 7 <= s.size(); ++i) {
      if (!hex(s[i]) || (i > 0 && (hex(s[i - 1]) || (pass == 1 && s[i - 1] == ':')))) continue;
      std::size_t d = i;
      while (d < s.size() && hex(s[d])) ++d;
      const std::size_t digits = d - i;
      std::string dom = "0000", bus, dev, fn = "0";
      if (pass == 0 && (digits == 4 || digits == 8) && d < s.size() && s[d] == ':' && two_hex(d + 1) && d + 3 < s.size() &&
          s[d + 3] == ':' && two_hex(d + 4)) {
        dom = std::string(s.substr(d - 4, 4));
        bus = std::string(s.substr(d + 1, 2));
        dev = std::string(s.substr(d + 4, 2));
        if (d + 7 < s.size() && s[d + 6] == '.' && hex(s[d + 7])) fn = std::string(1, s[d + 7]);
      } else if (pass == 1 && digits == 2 && d < s.size() && s[d] == ':' && two_hex(d + 1) && d + 4 < s.size() && s[d + 3] == '.' &&
                 hex(s[d + 4])) {
        bus = std::string(s.substr(i, 2));
        dev = std::string(s.substr(d + 1, 2));
        fn = std::string(1, s[d + 4]);
      } else {
        continue;
      }
      return lower(dom + ":" + bus + ":" + dev + "." + fn);
    }
  return "";
}

std::optional<SmiMessage> nvidia_smi_message(std::string_view line) {
  const std::string l = lower(line);
  auto after = [&](std::string_view needle) -> std::optional<std::string_view> {
    const auto at = l.find(needle);
    if (at == std::string::npos) return std::nullopt;
    return line.substr(at + needle.size());
  };
  if (const auto rest = after("failed to initialize nvml:"); rest && !trim(*rest).empty())
    return from_code(code_at(*rest), true, "Failed to initialize NVML", line);
  // dcgm-exporter's and others' "Error: Failed to initialize NVML", no reason after it, and PyTorch's
  // warning when its device count cannot use NVML (torch/cuda/__init__.py, _raw_device_count_nvml:
  // "Can't initialize NVML"): NVML did not start, which is the stack's whatever the reason (never the
  // card's), but which part is not said.
  if (l.find("failed to initialize nvml") != std::string::npos || l.find("can't initialize nvml") != std::string::npos)
    return SmiMessage{{kClassSoftware, "nvml-init-failed", "medium",
                       "NVML could not start and gave no reason: the NVIDIA driver is not loaded, or the container was started "
                       "without the GPUs (the driver's libraries and device files)"},
                      "", "Failed to initialize NVML (no reason given)", ""};
  if (l.find("unable to determine the device handle for gpu") != std::string::npos) {
    // "...for GPU 0000:0B:00.0: Unknown Error": the text after the bus id's colon.
    const std::string bus = first_bus_id(line);
    std::string_view rest = line;
    const auto at = l.find("device handle for gpu");
    const auto colon = l.find(": ", at);
    rest = colon == std::string::npos ? std::string_view() : line.substr(colon + 2);
    SmiMessage m = from_code(code_at(rest), false, "Unable to determine the device handle", line);
    m.gpu = bus;
    return m;
  }
  if (l.find("nvidia-smi has failed because it couldn't communicate with the nvidia driver") != std::string::npos)
    return SmiMessage{{kClassSoftware, "driver-not-loaded", "high",
                       "the NVIDIA kernel driver is not loaded or not installed for this kernel (or the container was started without the GPUs)"},
                      "", "nvidia-smi: couldn't communicate with the NVIDIA driver", ""};
  // nvidia-smi's own words when it cannot load NVML (NVML_ERROR_LIBRARY_NOT_FOUND's case): "NVIDIA-SMI
  // couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display
  // Driver is properly installed and present in your system."
  if (l.find("couldn't find libnvidia-ml.so") != std::string::npos)
    return from_code(code_numbered(12), true, "nvidia-smi: couldn't find libnvidia-ml.so", line);
  if (l.find("no devices were found") != std::string::npos)
    return SmiMessage{{kClassSoftware, "no-device", "high",
                       "nvidia-smi sees no GPU although its driver answers: the devices are not passed into the VM or container, or "
                       "the GPU fell off the bus (dmesg tells which)"},
                      "", "nvidia-smi: No devices were found", ""};
  const NvmlReturnCode* binding = pynvml_code(line);
  const bool go = !binding && (binding = go_nvml_code(line, l)) != nullptr;
  // A program's own print of nvmlReturn_t and nvmlErrorString(): "NVML Error 18: Driver/library
  // version mismatch" (CMSSW's CUDAService); the number is nvml.h's.
  const bool numbered = !binding && (binding = numbered_code(l)) != nullptr;
  if (const NvmlReturnCode* c = binding) {
    // The exception's line names neither the call nor, usually, the GPU: pynvml raises the same
    // NVMLError_Unknown from nvmlInit() (the machine's stack) and from a query of one GPU
    // (nvmlDeviceGetHandleByIndex, nvmlDeviceGetCpuAffinity: that GPU, or the query). A code whose
    // meaning is the same at both (DriverNotLoaded, LibraryNotFound, a version mismatch) is read as
    // such; one whose meaning differs is said with the ambiguity, never as the stack's fault.
    const std::string bus = first_bus_id(line);
    const char* who = go ? "go-nvml" : numbered ? "a program's NVML error" : "pynvml";
    SmiMessage m = from_code(c, bus.empty(), std::string(who) + " " + c->name, line);
    if (bus.empty() && std::string_view(c->init_class) != c->gpu_class)
      m.meaning = ErrorMeaning{kClassUnknown, "nvml-call-failed", "",
                               std::string("an NVML call failed with ") + c->name +
                                   "; the exception's line does not say whether it was NVML's start (the machine's stack) or a "
                                   "query of one GPU (that GPU, or a query it does not support)"};
    // A code with no kind of its own is named by the call that failed, and a binding's line names
    // no call: "nvml-init-failed" only where the line says nvmlInit (pynvml's NotSupported from an
    // energy query is no failed start).
    if (m.meaning.kind == "nvml-init-failed" && l.find("nvmlinit") == std::string::npos) m.meaning.kind = "nvml-call-failed";
    m.source = std::string(go ? "go-nvml: Return (" : numbered ? "NVML Error (" : "pynvml: NVMLError (") + c->name + ")";
    m.gpu = bus;
    return m;
  }
  if (l.find("inforom is corrupted") != std::string::npos) {
    SmiMessage m = from_code(code_numbered(14), false, "infoROM is corrupted", line);
    m.gpu = first_bus_id(line);
    return m;
  }
  return std::nullopt;
}

}  // namespace gpuaudit::imports
