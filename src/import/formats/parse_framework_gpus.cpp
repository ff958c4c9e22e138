// The GPUs a deep-learning framework's own log names, where no tool output lists them: the log
// lines people paste most often beside an error.
//
//   TensorFlow (tensorflow/core/common_runtime/gpu/gpu_device.cc, GetShortDeviceDescription):
//     Created device /job:localhost/replica:0/task:0/device:GPU:0 with 14764 MB memory:  -> device: 0,
//       name: Tesla T4, pci bus id: 0000:00:04.0, compute capability: 7.5
//     Ignoring visible gpu device (device: 0, name: Tesla K80, pci bus id: 0000:00:1e.0, compute
//       capability: 3.7) with Cuda compute capability 3.7. ...
//   PyTorch (torch/cuda/__init__.py, _check_capability):
//     Found GPU0 Tesla K40m which is of cuda capability 3.5.
//     Found GPU0 NVIDIA GeForce RTX 5090 which requires CUDA_VERSION >= 12080 to ...
//   Ultralytics (ultralytics/utils/torch_utils.py, select_device):
//     Ultralytics YOLOv8.0.202  Python-3.11.6 torch-2.1.0+cu118 CUDA:0 (NVIDIA GeForce RTX 3070 Ti Laptop GPU, 8192MiB)
//   NVIDIA Warp (warp/context.py, its start-up device list):
//     "cuda:0"   : "NVIDIA GeForce RTX 3090" (24 GiB, sm_86, mempool enabled)
//   clinfo's device blocks and its -l list, NVIDIA's devices only (the OpenCL platform "NVIDIA CUDA"):
//     Device Name                                     NVIDIA GeForce RTX 3090
//     Max compute units                               82          (an SM on NVIDIA's OpenCL)
//     Global memory size                              25438126080 (23.69GiB)
//     Device Topology (NV)                            PCI-E, 0000:01:00.0
//     `-- Device #0: NVIDIA GeForce RTX 3090                      (clinfo -l)
//   Any program's line that prints a MIG instance's CUDA name ("CuPy: 14.1.1 | device: NVIDIA B200 MIG
//   1g.23gb"): the name ends in a MIG profile, so the line names that slice (numbered in its order).
//   inxi's Graphics section (inxi -G, -F, -Fxz), its NVIDIA display devices by the driver bound to them:
//     Device-1: NVIDIA GP106 [GeForce GTX 1060 3GB] driver: nvidia v: 510.73.05
//     Device-1: NVIDIA AD102 [GeForce RTX 4090] vendor: ASUSTeK driver: nvidia v: 550.54.14 arch: Lovelace bus-ID: 01:00.0
//     (the bracketed name is pci.ids' marketing name; a device whose driver is another one, the card's
//     HD-audio or USB functions in the Audio and USB sections, is not a GPU; the driver's version is read)
//   A program's own device-name line (QMCPACK's " Device Name: Quadro P1000", QUICK's "| CUDA DEVICE
//   NAME : NVIDIA A40"), numbered in its order, and MLCommons CM's get-cuda-devices script (one block
//   a CUDA device):
//     GPU Device ID: 0
//     GPU Name: NVIDIA GH200 480GB MIG 2g.24gb
//     GPU compute capability: 9.0
//     Global memory: 24696061952
//     (a MIG instance's CUDA name ends in " MIG <profile>": the GPU is that slice)
//   ncnn's Vulkan programs (waifu2x-ncnn-vulkan, Real-ESRGAN-ncnn): "[0 GeForce GTX 1050 Ti]  queueC=2[8]  queueG=0[16] ..."
//   perftest with --use_cuda: "CUDA device 0: PCIe address is 02:00" then "[pid = 56, dev = 0] device name = [NVIDIA A30-8C]"
//     (a vGPU profile's name is that profile)
//   NVBench's markdown report, its "# Devices" section (nvbench/markdown_printer.cu):
//     ## [0] `NVIDIA GeForce RTX 4090`
//     * SM Version: 890 (PTX Version: 800)
//     * Number of SMs: 128
//     * Global Memory: 22952 MiB Free / 24563 MiB Total
//   hashcat (src/backend.c, backend_ctx_devices_init / the device list it prints at start and for -I):
//     * Device #1: NVIDIA GeForce RTX 3090, 23307/24252 MB, 82MCU
//     * Device #1: NVIDIA GeForce RTX 3060, 11904/12050 MB (3012 MB allocatable), 28MCU
//     (free or allocatable / global memory in MiB, and the multiprocessor count, CUDA's
//     MULTIPROCESSOR_COUNT); only NVIDIA's names are taken (the same list names AMD and CPU devices),
//     and hashcat's device number, counted from 1, is taken as the ordinal.
//   ComfyUI (comfy/model_management.py, and Forge, which took its model management), at start:
//     Total VRAM 24564 MB, total RAM 64213 MB
//     Device: cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync
//     (the memory is torch's total for the device, in MiB, printed before the device line)
//   CUDA.jl's CUDA.versioninfo() (src/utilities.jl), its device list and the versions above it:
//     NVIDIA driver 560.35.3          CUDA driver 12.6
//     1 device:
//       0: NVIDIA A100-PCIE-40GB MIG 1g.5gb (sm_80, 4.453 GiB / 4.750 GiB available)
//     and CUDA.jl 1.x's "- Quadro RTX 5000 (14.251 GiB, sm_75)" under "1 device(s):" (the GiB
//     there is what was free, not taken; the devices are numbered in their order).
//   PyTorch's repr of torch.cuda.get_device_properties(i) (torch/csrc/cuda/Module.cpp: the name,
//   cudaDeviceProp's major and minor, totalGlobalMem in MiB, multiProcessorCount; newer releases add
//   uuid and L2_cache_size), printed alone or in a program's device line (YOLOv3/v5's select_device:
//   "Using CUDA device0 _CudaDeviceProperties(name='GeForce RTX 2080 Ti', total_memory=11019MB)"):
//     _CudaDeviceProperties(name='Tesla T4', major=7, minor=5, total_memory=15102MB, multi_processor_count=40)
//     (its index from "device0" / "device 0" / "cuda:0" before it on the line, else its place in the
//     paste; ROCm's build, which adds gcnArchName, describes an AMD device: not taken).
//
// Each gives the framework's device index (CUDA's ordinal after CUDA_VISIBLE_DEVICES, which may
// differ from nvidia-smi's), the name as the driver reports it, and for TensorFlow the bus id and
// compute capability. The GPUs only fill what a tool's output beside them left unset (fills_only):
// the framework sees the GPUs through CUDA, not NVML. Its detection is weak (below every tool's
// output), so a paste with nvidia-smi in it is read as nvidia-smi's; the log's errors are read by
// software_errors.cpp, whatever format claims the file. TensorFlow's ROCm build describes AMD
// devices without a compute capability: not read.
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::imports {

namespace {

using smi::trim;

struct NamedGpu {
  int index = 0;
  std::string name, bus, capability;
  std::optional<int> sm_count;
  std::optional<std::uint64_t> memory_mib;
};

std::optional<int> index_at(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && n < 4 && std::isdigit(static_cast<unsigned char>(s[n]))) ++n;
  if (n == 0) return std::nullopt;
  return std::stoi(std::string(s.substr(0, n)));
}

// "7.5" from "7.5) with ..." / "3.5.": the compute capability at the start of `s`, without a
// sentence's final period.
std::string capability_at(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && (std::isdigit(static_cast<unsigned char>(s[n])) || s[n] == '.')) ++n;
  std::string out(s.substr(0, n));
  while (!out.empty() && out.back() == '.') out.pop_back();
  return out;
}

// The digits at the start of `s` after "sm_" as a compute capability: "86, ..." -> 8.6, "100)" -> 10.0.
std::string sm_capability(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && std::isdigit(static_cast<unsigned char>(s[n]))) ++n;
  if (n < 2 || n > 3) return "";
  return std::string(s.substr(0, n - 1)) + "." + s[n - 1];
}

// "device: 0, name: Tesla T4, pci bus id: 0000:00:04.0, compute capability: 7.5"
std::optional<NamedGpu> tensorflow_gpu(std::string_view l) {
  const std::size_t at = l.find("device: ");
  if (at == std::string_view::npos) return std::nullopt;
  const std::size_t name = l.find(", name: ", at);
  const std::size_t bus = l.find(", pci bus id: ", at);
  const std::size_t cc = l.find(", compute capability: ", at);
  if (name == std::string_view::npos || bus == std::string_view::npos || cc == std::string_view::npos || !(name < bus && bus < cc))
    return std::nullopt;
  const auto index = index_at(l.substr(at + 8));
  if (!index) return std::nullopt;
  NamedGpu g;
  g.index = *index;
  g.name = std::string(trim(l.substr(name + 8, bus - name - 8)));
  const std::string_view b = trim(l.substr(bus + 14, cc - bus - 14));
  if (smi::is_bus_id(b)) g.bus = smi::bus_id_as_printed(b);
  g.capability = capability_at(l.substr(cc + 22));
  if (g.name.empty() || g.capability.empty()) return std::nullopt;
  return g;
}

// "Found GPU0 Tesla K40m which is of cuda capability 3.5." / "... which requires CUDA_VERSION >= ..."
std::optional<NamedGpu> pytorch_gpu(std::string_view l) {
  const std::size_t at = l.find("Found GPU");
  if (at == std::string_view::npos) return std::nullopt;
  const auto index = index_at(l.substr(at + 9));
  if (!index) return std::nullopt;
  const std::size_t start = l.find(' ', at + 9);
  std::size_t end = l.find(" which is of cuda capability ", at);
  std::string capability;
  if (end != std::string_view::npos) capability = capability_at(l.substr(end + 29));
  else end = l.find(" which requires CUDA_VERSION", at);
  if (start == std::string_view::npos || end == std::string_view::npos || end <= start) return std::nullopt;
  NamedGpu g;
  g.index = *index;
  g.name = std::string(trim(l.substr(start, end - start)));
  g.capability = capability;
  if (g.name.empty()) return std::nullopt;
  return g;
}

// "CUDA:0 (NVIDIA GeForce RTX 3070 Ti Laptop GPU, 8192MiB)"
std::optional<NamedGpu> ultralytics_gpu(std::string_view l) {
  const std::size_t at = l.find("CUDA:");
  if (at == std::string_view::npos) return std::nullopt;
  const auto index = index_at(l.substr(at + 5));
  if (!index) return std::nullopt;
  const std::size_t open = l.find(" (", at);
  const std::size_t comma = l.rfind(", ", l.find("MiB)", at));
  if (open == std::string_view::npos || comma == std::string_view::npos || comma <= open ||
      l.find("MiB)", at) == std::string_view::npos || open > at + 10)
    return std::nullopt;
  NamedGpu g;
  g.index = *index;
  g.name = std::string(trim(l.substr(open + 2, comma - open - 2)));
  if (g.name.empty()) return std::nullopt;
  return g;
}

// Warp's '"cuda:0"   : "NVIDIA GeForce RTX 3090" (24 GiB, sm_86, mempool enabled)': the architecture
// sm_86 is compute capability 8.6 (sm_100 is 10.0).
std::optional<NamedGpu> warp_gpu(std::string_view l) {
  const std::size_t at = l.find("\"cuda:");
  if (at == std::string_view::npos) return std::nullopt;
  const auto index = index_at(l.substr(at + 6));
  std::size_t i = l.find('"', at + 6);
  if (!index || i == std::string_view::npos) return std::nullopt;
  i = l.find_first_not_of(' ', i + 1);
  if (i == std::string_view::npos || l[i] != ':') return std::nullopt;
  i = l.find_first_not_of(' ', i + 1);
  if (i == std::string_view::npos || l[i] != '"') return std::nullopt;
  const std::size_t end = l.find('"', i + 1);
  const std::size_t sm = l.find(", sm_", end == std::string_view::npos ? l.size() : end);
  if (end == std::string_view::npos || l.compare(end + 1, 2, " (") != 0 || sm == std::string_view::npos) return std::nullopt;
  NamedGpu g;
  g.index = *index;
  g.name = std::string(trim(l.substr(i + 1, end - i - 1)));
  g.capability = sm_capability(l.substr(sm + 5));
  if (g.name.empty()) return std::nullopt;
  return g;
}

// A device name NVIDIA's driver reports: its brand words, as cuDeviceGetName and OpenCL give them.
bool nvidia_name(std::string_view name) {
  for (const std::string_view w : {"NVIDIA", "GeForce", "Tesla", "Quadro", "TITAN", "GRID"})
    if (name.find(w) != std::string_view::npos) return true;
  return false;
}

// CUDA.jl's "0: NAME (sm_86, 21.972 GiB / 22.488 GiB available)" (the total after the slash) and
// 1.x's "- NAME (14.251 GiB, sm_75)" (its index is its place in the list: the parse loop sets it).
std::optional<NamedGpu> cudajl_gpu(std::string_view l) {
  const std::string_view t = trim(l);
  if (!t.ends_with(" GiB available)") && !(t.starts_with("- ") && t.ends_with(")"))) return std::nullopt;
  NamedGpu g;
  const std::size_t open = t.rfind(" (");
  if (open == std::string_view::npos) return std::nullopt;
  const std::string_view inside = t.substr(open + 2, t.size() - open - 3);
  if (t.starts_with("- ")) {
    const std::size_t sm = inside.find(" GiB, sm_");
    if (sm == std::string_view::npos) return std::nullopt;
    g.name = std::string(trim(t.substr(2, open - 2)));
    g.capability = sm_capability(inside.substr(sm + 9));
  } else {
    const auto index = index_at(t);
    const std::size_t colon = t.find(": ");
    const std::size_t slash = inside.find(" / ");
    if (!index || colon == std::string_view::npos || colon > 4 || !inside.starts_with("sm_") || slash == std::string_view::npos)
      return std::nullopt;
    g.index = *index;
    g.name = std::string(trim(t.substr(colon + 2, open - colon - 2)));
    g.capability = sm_capability(inside.substr(3));
    const std::string_view total = trim(inside.substr(slash + 3, inside.size() - slash - 3 - 14));  // before " GiB available"
    char* end = nullptr;
    const std::string digits(total);
    const double gib = std::strtod(digits.c_str(), &end);
    if (end && *end == '\0' && gib > 0 && gib < 1e5) g.memory_mib = static_cast<std::uint64_t>(gib * 1024 + 0.5);
  }
  if (g.name.empty() || g.capability.empty() || !nvidia_name(g.name)) return std::nullopt;
  return g;
}

// The number just before `unit` that ends `s` ("82MCU", "24252 MB"), or nullopt.
std::optional<std::uint64_t> number_before(std::string_view s, std::string_view unit) {
  s = trim(s);
  if (s.size() <= unit.size() || s.substr(s.size() - unit.size()) != unit) return std::nullopt;
  s = trim(s.substr(0, s.size() - unit.size()));
  std::size_t n = 0;
  while (n < s.size() && n < 9 && std::isdigit(static_cast<unsigned char>(s[s.size() - 1 - n]))) ++n;
  if (n == 0) return std::nullopt;
  return std::stoull(std::string(s.substr(s.size() - n)));
}

// ComfyUI's "Device: cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync" (any log prefix before it).
std::optional<NamedGpu> comfyui_gpu(std::string_view l) {
  const std::size_t at = l.find("Device: cuda:");
  if (at == std::string_view::npos) return std::nullopt;
  const auto index = index_at(l.substr(at + 13));
  const std::size_t name = l.find(' ', at + 13);
  const std::size_t allocator = l.rfind(" : ");
  if (!index || name == std::string_view::npos || allocator == std::string_view::npos || allocator <= name) return std::nullopt;
  NamedGpu g;
  g.index = *index;
  g.name = std::string(trim(l.substr(name + 1, allocator - name - 1)));
  if (g.name.empty()) return std::nullopt;
  return g;
}

// ComfyUI's "Total VRAM 24564 MB, total RAM 64213 MB": the device's memory in MiB, or nullopt.
std::optional<std::uint64_t> comfyui_vram_mib(std::string_view l) {
  const std::size_t at = l.find("Total VRAM ");
  const std::size_t unit = at == std::string_view::npos ? at : l.find(" MB, total RAM", at);
  if (unit == std::string_view::npos) return std::nullopt;
  return number_before(l.substr(0, unit + 3), " MB");
}

// "* Device #1: NVIDIA GeForce RTX 3090, 23307/24252 MB[ (N MB allocatable)| allocatable], 82MCU"
std::optional<NamedGpu> hashcat_gpu(std::string_view l) {
  const std::size_t at = l.find("* Device #");
  if (at == std::string_view::npos) return std::nullopt;
  const auto number = index_at(l.substr(at + 10));
  const std::size_t colon = l.find(": ", at);
  const std::size_t mcu = l.rfind(", ");
  if (!number || *number < 1 || colon == std::string_view::npos || mcu == std::string_view::npos || mcu <= colon) return std::nullopt;
  const auto processors = number_before(l.substr(mcu + 2), "MCU");
  const std::size_t memory = l.rfind(", ", mcu - 1);
  if (!processors || memory == std::string_view::npos || memory <= colon) return std::nullopt;
  NamedGpu g;
  g.index = *number - 1;
  g.name = std::string(trim(l.substr(colon + 2, memory - colon - 2)));
  if (g.name.empty() || !nvidia_name(g.name)) return std::nullopt;
  if (*processors > 0 && *processors < 1000) g.sm_count = static_cast<int>(*processors);
  // "23307/24252 MB" then, in some versions, " (3012 MB allocatable)" or " allocatable".
  std::string_view mem = l.substr(memory + 2, mcu - memory - 2);
  const std::size_t slash = mem.find('/'), mb = mem.find(" MB");
  if (slash != std::string_view::npos && mb != std::string_view::npos && slash < mb)
    if (const auto m = number_before(mem.substr(0, mb + 3), "MB")) g.memory_mib = *m;
  return g;
}

// A program's own "<...> device name : NAME" / "GPU name: NAME" line: CM's "GPU Name: NVIDIA GH200
// 480GB MIG 2g.24gb" (its index from the "GPU Device ID:" line above it), QMCPACK's " Device Name:
// Quadro P1000", QUICK's "| CUDA DEVICE NAME            : NVIDIA A40". Only NVIDIA's names are taken.
std::optional<NamedGpu> cm_gpu(std::string_view l) {
  std::string_view t = trim(l);
  if (t.starts_with("| ")) t = trim(t.substr(2));
  const std::size_t colon = t.find(':');
  if (colon == std::string_view::npos || colon > 40) return std::nullopt;
  std::string key(trim(t.substr(0, colon)));
  std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (!key.ends_with("device name") && !key.ends_with("gpu name")) return std::nullopt;
  NamedGpu g;
  g.name = std::string(trim(t.substr(colon + 1)));
  if (g.name.empty() || !nvidia_name(g.name)) return std::nullopt;
  return g;
}

// ncnn's "[0 GeForce GTX 1050 Ti]  queueC=2[8]  queueG=0[16]  queueT=1[2]".
std::optional<NamedGpu> ncnn_gpu(std::string_view l) {
  const std::string_view t = trim(l);
  const auto close = t.find(']');
  if (t.empty() || t[0] != '[' || close == std::string_view::npos || t.find("queueC=", close) == std::string_view::npos) return std::nullopt;
  const auto index = index_at(t.substr(1));
  const auto space = t.find(' ');
  if (!index || space == std::string_view::npos || space > close) return std::nullopt;
  NamedGpu g;
  g.index = *index;
  g.name = std::string(trim(t.substr(space + 1, close - space - 1)));
  if (g.name.empty() || !nvidia_name(g.name)) return std::nullopt;
  return g;
}

// perftest's "device name = [NVIDIA A30-8C]" (its index from the "CUDA device N:" line above it).
std::optional<NamedGpu> perftest_gpu(std::string_view l) {
  const std::string_view t = trim(l);
  const auto at = t.find("device name = [");
  if (at == std::string_view::npos || t.back() != ']' || t.size() < at + 16) return std::nullopt;
  NamedGpu g;
  g.name = std::string(trim(t.substr(at + 15, t.size() - at - 16)));
  if (g.name.empty() || !nvidia_name(g.name)) return std::nullopt;
  return g;
}

// NVBench's "## [0] `NVIDIA GeForce RTX 4090`" (a results section's "### [0] NAME" is not taken).
std::optional<NamedGpu> nvbench_gpu(std::string_view l) {
  const std::string_view t = trim(l);
  if (!t.starts_with("## [") || t.back() != '`') return std::nullopt;
  const auto index = index_at(t.substr(4));
  const auto open = t.find("] `");
  if (!index || open == std::string_view::npos || t.size() < open + 4) return std::nullopt;
  NamedGpu g;
  g.index = *index;
  g.name = std::string(trim(t.substr(open + 3, t.size() - open - 4)));
  if (g.name.empty() || !nvidia_name(g.name)) return std::nullopt;
  return g;
}

// The value after "key=" in a repr's argument list, up to the next ", " or ")".
std::string_view repr_value(std::string_view l, std::string_view key) {
  std::size_t at = l.find(key);
  while (at != std::string_view::npos && at > 0 && l[at - 1] != ' ' && l[at - 1] != '(') at = l.find(key, at + 1);
  if (at == std::string_view::npos) return {};
  const std::size_t from = at + key.size();
  const std::size_t end = l.find_first_of(",)", from);
  return l.substr(from, end == std::string_view::npos ? std::string_view::npos : end - from);
}

// The device index a line gives just before `at`: "device0", "device 0 :", "Device 1 -", "cuda:2".
std::optional<int> index_before(std::string_view l, std::size_t at) {
  const std::string_view head = l.substr(0, at);
  for (const std::string_view word : {"device", "Device", "cuda:"}) {
    const std::size_t w = head.rfind(word);
    if (w == std::string_view::npos) continue;
    const std::size_t digits = head.find_first_not_of(' ', w + word.size());
    if (digits != std::string_view::npos) return index_at(head.substr(digits));
  }
  return std::nullopt;
}

// "_CudaDeviceProperties(name='Tesla T4', major=7, minor=5, total_memory=15102MB, multi_processor_count=40)"
std::optional<NamedGpu> torch_properties_gpu(std::string_view l) {
  const std::size_t at = l.find("_CudaDeviceProperties(name='");
  if (at == std::string_view::npos || l.find("gcnArchName=") != std::string_view::npos) return std::nullopt;
  const std::size_t from = at + 28;
  const std::size_t quote = l.find('\'', from);
  if (quote == std::string_view::npos || quote == from) return std::nullopt;
  NamedGpu g;
  g.name = std::string(trim(l.substr(from, quote - from)));
  // Not an AMD device, nor the format string of a program's source pasted beside ("name='%s'").
  if (g.name.empty() || g.name.find_first_of("%{") != std::string::npos || g.name.find("AMD") != std::string::npos ||
      g.name.find("Radeon") != std::string::npos)
    return std::nullopt;
  const std::string_view rest = l.substr(quote);
  const auto major = index_at(repr_value(rest, "major=")), minor = index_at(repr_value(rest, "minor="));
  if (major && minor) g.capability = std::to_string(*major) + "." + std::to_string(*minor);
  if (const auto mib = number_before(repr_value(rest, "total_memory="), "MB"); mib && *mib > 0) g.memory_mib = *mib;
  if (const auto sms = index_at(repr_value(rest, "multi_processor_count=")); sms && *sms > 0) g.sm_count = *sms;
  const auto index = index_before(l, at);
  g.index = index.value_or(-1);  // -1: the parse loop numbers it by its place
  return g;
}

// inxi's "Device-1: NVIDIA GP106 [GeForce GTX 1060 3GB] ... driver: nvidia v: 510.73.05 ... bus-ID: 01:00.0".
std::optional<NamedGpu> inxi_gpu(std::string_view l) {
  const std::size_t at = l.find("Device-");
  const std::size_t colon = at == std::string_view::npos ? at : l.find(": ", at);
  const std::size_t driver = l.find(" driver: ");
  if (colon == std::string_view::npos || colon > at + 10 || driver == std::string_view::npos || driver < colon) return std::nullopt;
  const std::string_view bound = l.substr(driver + 9);
  if (!bound.starts_with("nvidia") && !bound.starts_with("nouveau") && !bound.starts_with("N/A")) return std::nullopt;
  const std::string_view what = trim(l.substr(colon + 2, driver - colon - 2));
  if (!what.starts_with("NVIDIA ")) return std::nullopt;
  NamedGpu g;
  g.index = -1;  // numbered by its place
  const std::size_t open = what.find('['), close = what.find(']');
  if (open != std::string_view::npos && close != std::string_view::npos && close > open + 1)
    g.name = std::string(trim(what.substr(open + 1, close - open - 1)));
  if (g.name.empty()) return std::nullopt;  // "NVIDIA Device 2684": pci.ids has no name, nor does inxi
  if (const std::size_t bus = l.find(" bus-ID: "); bus != std::string_view::npos) {
    const std::string_view b = trim(l.substr(bus + 9, l.find(' ', bus + 9) == std::string_view::npos ? std::string_view::npos
                                                                                                      : l.find(' ', bus + 9) - bus - 9));
    // "01:00.0" (no domain, as lspci prints it) in nvidia-smi's form, so the two name one GPU alike.
    std::string full = b.size() == 7 && b[2] == ':' && b[5] == '.' ? "00000000:" + std::string(b) : std::string(b);
    std::transform(full.begin(), full.end(), full.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (smi::is_bus_id(full)) g.bus = smi::bus_id_as_printed(full);
  }
  return g;
}

// inxi's driver version on the GPU's line ("driver: nvidia v: 510.73.05"), or "".
std::string inxi_driver_version(std::string_view l) {
  const std::size_t at = l.find(" driver: nvidia v: ");
  if (at == std::string_view::npos) return "";
  const std::string_view rest = l.substr(at + 19);
  const std::string v(rest.substr(0, rest.find(' ')));
  return !v.empty() && std::isdigit(static_cast<unsigned char>(v[0])) && v.find('.') != std::string::npos ? v : "";
}

// clinfo's "  Device Name        NVIDIA GeForce RTX 3090" and clinfo -l's "`-- Device #0: NVIDIA GeForce RTX 3090".
std::optional<NamedGpu> clinfo_gpu(std::string_view l) {
  const std::string_view t = trim(l);
  std::string_view name;
  if (t.starts_with("Device Name  ")) name = trim(t.substr(12));
  else if ((t.starts_with("`-- Device #") || t.starts_with("+-- Device #")) && t.find(": ") != std::string_view::npos)
    name = trim(t.substr(t.find(": ") + 2));
  if (name.empty() || !nvidia_name(name)) return std::nullopt;
  NamedGpu g;
  g.index = -1;  // numbered by its place
  g.name = std::string(name);
  return g;
}

// A clinfo line for the NVIDIA device named above it ("Max compute units  82", "Global memory size
// 25438126080 (23.69GiB)", "Device Topology (NV)  PCI-E, 0000:01:00.0") read into `gpu`; false for another line.
bool read_clinfo_detail(std::string_view t, GpuInfo& gpu) {
  const auto value = [&](std::string_view key) -> std::optional<std::string_view> {
    if (!t.starts_with(key) || t.size() <= key.size() || t[key.size()] != ' ') return std::nullopt;
    return trim(t.substr(key.size()));
  };
  if (const auto v = value("Max compute units")) {
    if (const auto n = index_at(*v); n && *n > 0) gpu.sm_count = *n;
    return true;
  }
  if (const auto v = value("Global memory size")) {
    const std::string digits(v->substr(0, v->find(' ')));
    if (!digits.empty() && digits.size() < 16 && std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      gpu.memory_total_bytes = std::stoull(digits);
    return true;
  }
  if (const auto v = value("Device Topology (NV)")) {
    const std::size_t comma = v->find(", ");
    if (comma != std::string_view::npos && smi::is_bus_id(trim(v->substr(comma + 2)))) gpu.pci_bus_id = smi::bus_id_as_printed(trim(v->substr(comma + 2)));
    return true;
  }
  return false;
}

// "... NVIDIA B200 MIG 1g.23gb ...": a MIG instance's CUDA name anywhere in a line, up to its profile.
std::optional<NamedGpu> mig_named_gpu(std::string_view l) {
  const std::size_t mig = l.find(" MIG ");
  const std::size_t at = mig == std::string_view::npos ? mig : l.rfind("NVIDIA ", mig);
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t end = mig + 5;
  while (end < l.size() && (std::isalnum(static_cast<unsigned char>(l[end])) || l[end] == '.' || l[end] == '+')) ++end;
  const std::string name(l.substr(at, end - at));
  if (!smi::mig_profile_of_cuda_name(name)) return std::nullopt;
  NamedGpu g;
  g.index = -1;  // numbered by its place
  g.name = name;
  return g;
}

std::optional<NamedGpu> named_gpu(std::string_view l) {
  if (auto g = tensorflow_gpu(l)) return g;
  if (auto g = ultralytics_gpu(l)) return g;
  if (auto g = hashcat_gpu(l)) return g;
  if (auto g = warp_gpu(l)) return g;
  if (auto g = cm_gpu(l)) return g;
  if (auto g = ncnn_gpu(l)) return g;
  if (auto g = nvbench_gpu(l)) return g;
  if (auto g = perftest_gpu(l)) return g;
  if (auto g = cudajl_gpu(l)) return g;
  if (auto g = comfyui_gpu(l)) return g;
  if (auto g = torch_properties_gpu(l)) return g;
  if (auto g = inxi_gpu(l)) return g;
  if (auto g = clinfo_gpu(l)) return g;
  if (auto g = pytorch_gpu(l)) return g;
  return mig_named_gpu(l);
}

// A line about the device named just above it - CM's capability and memory, NVBench's SMs, SM
// version and memory - read into `gpu`; false for any other line.
bool read_device_detail(std::string_view t, GpuInfo& gpu) {
  if (t.starts_with("GPU compute capability: ")) {
    if (auto cc = capability_at(trim(t.substr(24))); !cc.empty() && !gpu.compute_capability) gpu.compute_capability = cc;
    return true;
  }
  if (t.starts_with("* Number of SMs: ")) {
    if (auto n = index_at(t.substr(17)); n && *n > 0) gpu.sm_count = *n;
    return true;
  }
  if (t.starts_with("* SM Version: ")) {
    const std::string digits = capability_at(t.substr(14));  // "890" -> 8.9
    if (digits.size() >= 2 && digits.size() <= 4 && digits.find('.') == std::string::npos && !gpu.compute_capability)
      gpu.compute_capability = digits.substr(0, digits.size() - 2) + "." + digits[digits.size() - 2];
    return true;
  }
  if (t.starts_with("* Global Memory: ")) {
    const auto slash = t.find(" / ");
    if (slash != std::string_view::npos)
      if (auto mib = number_before(trim(t.substr(slash + 3)), "MiB Total")) gpu.memory_total_bytes = *mib << 20;
    return true;
  }
  if (t.starts_with("Global memory: ")) {
    const std::string_view v = trim(t.substr(15));
    if (!v.empty() && v.size() < 16 && std::all_of(v.begin(), v.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      gpu.memory_total_bytes = std::stoull(std::string(v));
    return true;
  }
  return false;
}

// CUDA.jl's versioninfo lines "NVIDIA driver 560.35.3" (", for CUDA 12.6" may follow) and "CUDA driver
// 12.6" (what the driver supports: cuDriverGetVersion) into `sw`; false for any other line.
bool read_cudajl_version(std::string_view t, SoftwareInfo& sw) {
  if (t.starts_with("NVIDIA driver ")) {
    const std::string_view v = t.substr(14, t.find_first_of(", ", 14) == std::string_view::npos ? std::string_view::npos
                                                                                                 : t.find_first_of(", ", 14) - 14);
    if (!v.empty() && std::isdigit(static_cast<unsigned char>(v[0])) && v.find('.') != std::string_view::npos) sw.driver_version = std::string(v);
    return true;
  }
  if (t.starts_with("CUDA driver ") && t.find(' ', 12) == std::string_view::npos) {
    if (auto n = smi::cuda_version_number(t.substr(12))) sw.cuda_driver_version = n;
    return true;
  }
  return false;
}

int detect_framework_gpus(std::string_view text) {
  for (const auto& [no, raw] : smi::head_lines(text, 2000))
    if (named_gpu(raw)) return 12;  // below every tool's output, and a weak claim (importer.cpp)
  return 0;
}

ImportPart parse_framework_gpus(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"framework log", "", file, 0};
  part.fills_only = true;
  std::optional<int> cm_index;  // CM's "GPU Device ID: N", for the "GPU Name:" line under it
  std::optional<std::uint64_t> comfyui_vram;  // ComfyUI's "Total VRAM", for the device line after it
  bool clinfo_open = false;                   // clinfo's detail lines now belong to the last GPU
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view t = trim(raw);
    if (t.starts_with("GPU Device ID: ")) cm_index = index_at(trim(t.substr(15)));
    if (t.starts_with("CUDA device ")) cm_index = index_at(t.substr(12));  // perftest's, for its "device name" line
    if (!part.gpus.empty() && read_device_detail(t, part.gpus.back())) continue;
    // clinfo: the details under an NVIDIA device's name, until another device or platform begins.
    if (t.starts_with("Device Name  ") || t.starts_with("Platform Name  ")) clinfo_open = false;
    if (clinfo_open && read_clinfo_detail(t, part.gpus.back())) continue;
    if (read_cudajl_version(t, part.software)) continue;
    if (auto vram = comfyui_vram_mib(t)) comfyui_vram = vram;
    auto g = named_gpu(raw);
    if (!g) continue;
    if (const std::string v = inxi_driver_version(raw); !v.empty() && !part.software.driver_version) part.software.driver_version = v;
    if (t.starts_with("- ") || g->index < 0) g->index = static_cast<int>(part.gpus.size());  // CUDA.jl 1.x's list, in order
    if (cm_gpu(raw) || t.find("device name = [") != std::string_view::npos) g->index = cm_index.value_or(static_cast<int>(part.gpus.size()));
    if (std::any_of(part.gpus.begin(), part.gpus.end(), [&](const GpuInfo& x) { return x.index == g->index; })) continue;
    if (part.source.line == 0) part.source.line = no;
    GpuInfo gpu;
    gpu.index = g->index;
    gpu.name = g->name;
    gpu.pci_bus_id = g->bus;
    if (!g->capability.empty()) gpu.compute_capability = g->capability;
    gpu.sm_count = g->sm_count;
    // A MIG instance's CUDA name: "NVIDIA GH200 480GB MIG 2g.24gb" is that slice.
    if (auto profile = smi::mig_profile_of_cuda_name(gpu.name)) {
      gpu.mig.is_mig_device = true;
      gpu.mig.profile = std::move(profile);
    }
    if (!g->memory_mib && comfyui_vram && t.find("Device: cuda:") != std::string_view::npos) g->memory_mib = comfyui_vram;
    if (g->memory_mib) gpu.memory_total_bytes = *g->memory_mib * 1024 * 1024;
    gpu.extra = json::object();
    gpu.extra["source"] = source_json(SourceRef{part.source.tool, "", file, no});
    part.gpus.push_back(std::move(gpu));
    clinfo_open = t.starts_with("Device Name  ");
  }
  if (part.gpus.empty()) part.skipped.push_back("no line of a framework naming a GPU: nothing was read");
  return part;
}

const RegisterFormat reg{{"framework-gpus",
                          "a framework's log lines that name its GPUs (TensorFlow's device description, PyTorch's capability check, Ultralytics' device line, Warp's, CM's, ncnn's, perftest's, NVBench's, hashcat's, CUDA.jl's and ComfyUI's device lists, PyTorch's device properties, inxi's Graphics devices, clinfo's NVIDIA devices)",
                          detect_framework_gpus, parse_framework_gpus}};

}  // namespace

}  // namespace gpuaudit::imports
