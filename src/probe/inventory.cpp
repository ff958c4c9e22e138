#include "probe/inventory.hpp"

#include "core/json.hpp"
#include "probe/cuda_toolkits.hpp"
#include "probe/host_probe.hpp"
#include "probe/nvml_inventory.hpp"
#include "probe/usability.hpp"
#include "probe/video_libraries.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace gpuaudit {

namespace {

// NVML prints "00000000:18:00.0", CUDA "0000:18:00.0": compare the last 12 characters.
std::string bus_key(std::string id) {
  if (id.size() > 12) id = id.substr(id.size() - 12);
  for (auto& c : id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return id;
}

GpuInfo from_cuda(const CudaDevice& d) {
  GpuInfo g;
  g.index = d.ordinal;
  g.name = d.name;
  g.uuid = d.uuid;
  g.pci_bus_id = d.pci_bus_id;
  return g;
}

void merge_cuda(GpuInfo& g, const CudaDevice& d) {
  g.compute_capability = std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor);
  g.sm_count = d.sm_count;  // for a MIG slice CUDA reports the slice's SMs
  if (!g.memory_total_bytes) g.memory_total_bytes = d.memory_total_bytes;
  if (d.memory_free_bytes) g.memory_free_bytes = d.memory_free_bytes;
  if (d.l2_bytes) g.l2_bytes = d.l2_bytes;
}

const CudaDevice* match(const GpuInfo& g, const CudaProbe& c) {
  for (const auto& d : c.devices)
    if (!g.uuid.empty() && d.uuid == g.uuid) return &d;
  if (g.mig.is_mig_device) return nullptr;  // slices share the bus id: only the UUID identifies them
  for (const auto& d : c.devices)
    if (!g.pci_bus_id.empty() && bus_key(d.pci_bus_id) == bus_key(g.pci_bus_id)) return &d;
  return nullptr;
}

}  // namespace

ResultDocument take_machine_inventory(const NvmlLoad& nvml, const CudaProbe& cuda, double steal_window_s) {
  InventorySources src;
  src.nvml = &nvml;
  src.cuda = &cuda;
  src.cuda_toolkits = find_cuda_toolkits();
  src.host = probe_host({.root = "/", .steal_window_s = steal_window_s});
  if (nvml.loaded) src.video_libraries = probe_video_libraries();
  return take_inventory(src);
}

bool gpu_unusable(const GpuStatus& s) { return s.state != "ok" && s.state != "not-built"; }

ResultDocument take_inventory(const InventorySources& src) {
  ResultDocument doc;
  doc.mode = "info";
  doc.created_utc = utc_now_iso8601();
  doc.tool.version = GPUAUDIT_VERSION;
  doc.host = src.host;
  doc.software.cuda_toolkits = src.cuda_toolkits;

  const CudaProbe none;
  const CudaProbe& cuda = src.cuda ? *src.cuda : none;
  if (!cuda.build.toolchain.empty()) {  // how this binary was built and what it needs (--version says the same)
    doc.tool.extra = json::object();
    doc.tool.extra["build"] = cuda.build.toolchain;
    doc.tool.extra["needs"] = cuda.build.needs;
  }
  if (cuda.built_with_cuda) {
    doc.tool.cuda_runtime_built = cuda.runtime_version;
    for (int a : cuda.sass_archs) doc.tool.cuda_archs.push_back("sm_" + std::to_string(a));
    for (int a : cuda.specific_archs) doc.tool.cuda_archs.push_back("sm_" + std::to_string(a) + "a");
    for (int a : cuda.ptx_archs) doc.tool.cuda_archs.push_back("compute_" + std::to_string(a));
    doc.software.cuda_runtime_version = cuda.runtime_version;
    doc.software.cublas_version = cuda.cublas_version;
    doc.software.nccl_version = cuda.nccl_version;
    // Which files were opened (probe_cuda_libraries; probe/library_search.hpp), or what was searched.
    if (cuda.cublas_library || cuda.nccl_library || !cuda.library_notes.empty()) doc.software.extra = json::object();
    if (cuda.cublas_library) doc.software.extra["cublas_library"] = *cuda.cublas_library;
    if (cuda.nccl_library) doc.software.extra["nccl_library"] = *cuda.nccl_library;
    if (!cuda.library_notes.empty()) doc.software.extra["library_notes"] = cuda.library_notes;
  }
  if (src.video_libraries.is_object()) doc.software.extra["video_libraries"] = src.video_libraries;

  if (!src.nvml || !src.nvml->loaded) {
    // No NVML: the driver is not installed (or not mapped into this container).
    doc.gpu_status.state = "no-driver";
    doc.gpu_status.message = "no NVIDIA driver found: " +
                             (src.nvml ? src.nvml->error : std::string("NVML not loaded"));
    // In a container the driver's libraries come from the host, mapped in by the NVIDIA Container
    // Toolkit only when the container asks for GPUs (its docs: `docker run --gpus all`, or
    // `--runtime=nvidia`; the Kubernetes device plugin's resource is nvidia.com/gpu).
    if (doc.host.container)
      doc.gpu_status.message += "; inside a " + *doc.host.container +
                                " container the driver comes from the host: start the container with `--gpus all` "
                                "(or `--runtime=nvidia`; in Kubernetes, request nvidia.com/gpu)";
    for (const auto& d : cuda.devices) doc.gpus.push_back(from_cuda(d));  // unlikely, but keep them
    return doc;
  }

  NvmlInventory inv = read_nvml_inventory(src.nvml->api);
  doc.gpu_status = inv.status;
  doc.software.driver_version = inv.software.driver_version;
  doc.software.cuda_driver_version = inv.software.cuda_driver_version;
  doc.software.nvml_version = inv.software.nvml_version;
  doc.gpus = std::move(inv.gpus);
  if (doc.gpu_status.state != "ok") return doc;

  const std::optional<int> driver_cuda =
      doc.software.cuda_driver_version ? doc.software.cuda_driver_version : cuda.driver_version;
  if (cuda.built_with_cuda && driver_cuda && cuda.runtime_version && *cuda.runtime_version > *driver_cuda)
    doc.software.warnings.push_back("the CUDA runtime in this binary (" + cuda_version_string(*cuda.runtime_version) +
                                    ") is newer than the driver supports (" + cuda_version_string(*driver_cuda) + ")");

  for (auto& g : doc.gpus)
    if (const CudaDevice* d = match(g, cuda)) merge_cuda(g, *d);

  BuildTargets build;
  build.built_with_cuda = cuda.built_with_cuda;
  build.runtime_version = cuda.runtime_version.value_or(0);
  build.sass_archs = cuda.sass_archs;
  build.ptx_archs = cuda.ptx_archs;
  build.specific_archs = cuda.specific_archs;
  build.ptx_cuda_version = cuda.ptx_cuda_version;
  const std::string driver = doc.software.driver_version.value_or("");
  for (const auto& g : doc.gpus) {
    int major = 0, minor = 0;
    if (!g.compute_capability || std::sscanf(g.compute_capability->c_str(), "%d.%d", &major, &minor) != 2) continue;
    const Usability u = decide_usability(driver_cuda, build, major, minor, driver);
    if (u.state == "ok" && u.via_ptx_jit)
      doc.software.warnings.push_back("GPU " + std::to_string(g.index) + " (" + g.name + "): " + u.message);
    if (u.state != "ok") {
      doc.gpu_status.state = u.state;
      doc.gpu_status.message = "GPU " + std::to_string(g.index) + " (" + g.name + "): " + u.message;
      if (u.state == "not-built") doc.gpu_status.message = u.message;
      break;
    }
  }
  if (doc.gpu_status.state == "ok" && cuda.built_with_cuda && !cuda.error.empty()) {
    const bool old = cuda.error_name == "cudaErrorInsufficientDriver";
    doc.gpu_status.state = old ? "driver-too-old" : "cuda-error";
    doc.gpu_status.message = "the CUDA runtime cannot use the GPUs: " + cuda.error + " (" + cuda.error_name + ")";
    if (old && cuda.runtime_version)  // say what is needed even when NVML could not tell the driver's CUDA version
      doc.gpu_status.message += "; " + (driver.empty() ? std::string("the driver") : "driver " + driver) + " is older than this gpuaudit's CUDA " +
                                cuda_version_string(*cuda.runtime_version) + " runtime needs (>= " +
                                min_driver_for(*cuda.runtime_version) + "); build with CUDA 12 (" +
                                kCuda12BuildCommand + ") or upgrade the driver";
  }
  return doc;
}

}  // namespace gpuaudit
