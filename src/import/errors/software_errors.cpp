// Finds the catalogues' messages in any text, line by line (import/software_errors.hpp). On one
// line, in this order: nvidia-smi's own messages (they name the GPU), the kernel driver's words for
// a broken install, a CUDA enumerator's name (cudaErrorNoDevice, CUDA_ERROR_NO_DEVICE), a CUDA
// message where a tool quotes one ("CUDA error: ...", "Cuda failure '...'", deviceQuery's "-> ...",
// or any message of four words or more anywhere: they are specific enough), and last a CUDA error
// number a CUDA line gives ("code=214", "returned 100", "cuda runtime error (2)"). A number alone is
// weak: a later line's name or message for the same error replaces it.
#include "import/errors/software_errors.hpp"

#include "import/errors/software_messages.hpp"

#include "import/errors/cublas_errors.hpp"
#include "import/errors/cuda_errors.hpp"
#include "import/errors/ibverbs_errors.hpp"
#include "import/errors/nvml_errors.hpp"
#include "import/errors/nccl_messages.hpp"
#include "import/errors/nvenc_errors.hpp"
#include "import/errors/opencl_errors.hpp"
#include "import/errors/optix_errors.hpp"
#include "import/errors/vulkan_errors.hpp"
#include "text/number_after.hpp"
#include "text/strings.hpp"

#include <algorithm>
#include <initializer_list>
#include <array>
#include <cctype>
#include <cstring>
#include <optional>
#include <span>

namespace gpuaudit::imports {
namespace {

std::string trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  std::size_t n = std::min<std::size_t>(s.size(), 300);
  while (n > 0 && n < s.size() && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;  // not inside a UTF-8 character
  return std::string(s.substr(0, n));
}

struct Match {
  SoftwareError e;
  bool weak = false;  // from a number alone
};

// The dynamic loader's words (dlerror: "<library>: cannot open shared object file") for a library
// of the driver itself: NVML (libnvidia-ml.so.1) or the CUDA driver (libcuda.so.1) missing is the
// driver not installed, or a container started without the NVIDIA runtime, whatever program asked;
// go-nvml (the Kubernetes device plugin, DCGM's Go bindings) says "could not load NVML library".
// The CUDA toolkit's libraries (libcudart, libcublas) are not here: cuda_library_not_loaded says them as the install's.
// On Windows the same two are nvml.dll and nvcuda.dll (the CUDA Programming Guide's driver API
// library there), and LoadLibrary has no fixed text: the program says it failed to open or load it.
bool windows_library_not_loaded(const std::string& l, std::string_view dll) {
  if (l.find(dll) == std::string::npos) return false;
  // Windows' own loader: "The code execution cannot proceed because nvcuda.dll was not found",
  // "Unable to execute code because nvcuda.dll could not be found", "... is missing from your computer".
  for (const char* words : {"failed to open", "failed to load", "could not load", "cannot load", "unable to load", "not found",
                            "error loading", "could not open", "could not be found", "could not find", "is missing from your computer"})
    if (l.find(words) != std::string::npos) return true;
  return false;
}

std::optional<ErrorMeaning> driver_library_missing(const std::string& l) {
  const bool windows_nvml = windows_library_not_loaded(l, "nvml.dll"), windows_cuda = windows_library_not_loaded(l, "nvcuda.dll");
  const bool nvml = l.find("libnvidia-ml.so") != std::string::npos || l.find("could not load nvml library") != std::string::npos ||
                    windows_nvml;
  const bool cuda = l.find("libcuda.so") != std::string::npos || windows_cuda;
  // The driver's graphics libraries: NVIDIA's Vulkan ICD (nvidia_icd.json's library_path) and GLX
  // driver are libGLX_nvidia.so.0, its EGL one libEGL_nvidia.so.0. The container toolkit mounts them
  // only with the "graphics" driver capability (NVIDIA_DRIVER_CAPABILITIES: "graphics: required for
  // running OpenGL and Vulkan applications").
  const bool graphics = l.find("libglx_nvidia.so") != std::string::npos || l.find("libegl_nvidia.so") != std::string::npos;
  if (graphics && l.find("cannot open shared object file") != std::string::npos)
    return ErrorMeaning{kClassSoftware, "driver-graphics-library-missing", "high",
                        "the driver's graphics libraries (libGLX_nvidia, its Vulkan and OpenGL driver; libEGL_nvidia) are not "
                        "on this machine or in this container: start the container with NVIDIA_DRIVER_CAPABILITIES including "
                        "graphics (or all), or install the driver's GL libraries"};
  if (!nvml && !cuda) return std::nullopt;
  // The loader's "error while loading shared libraries: libcuda.so.1" is the same fact, cut before its reason.
  // NCCL's own words when its dlopen fails (src/misc/nvmlwrap.cc: "Failed to open libnvidia-ml.so.1").
  // The linker's at build time ("ld: warning: libcuda.so.1, needed by libsl_zed.so, not found"): no
  // driver where the program is built (a container build links against the toolkit's stubs instead).
  if (l.find("cannot open shared object file") == std::string::npos && l.find("could not load nvml library") == std::string::npos &&
      l.find("error while loading shared libraries: lib") == std::string::npos && l.find("failed to open lib") == std::string::npos &&
      !(l.find(", needed by ") != std::string::npos && l.find("not found") != std::string::npos) && !windows_nvml && !windows_cuda)
    return std::nullopt;
  return ErrorMeaning{kClassSoftware, nvml ? "nvml-missing" : "driver-library-missing", "high",
                      std::string("the driver's user-space library (") + (nvml ? "libnvidia-ml" : "libcuda") +
                          ") is not on this machine or not in this container: the driver is not installed, or the container was "
                          "started without the NVIDIA runtime (docker --gpus all, runtimeClassName: nvidia)"};
}

// The kernel's firmware loader (drivers/base/firmware_loader: "loading <file> failed with error
// <errno>", "Direct firmware load for <file> failed with error <errno>") on the NVIDIA driver's GSP
// firmware (gsp_*.bin): the GPU cannot start without it.
std::optional<ErrorMeaning> gsp_firmware_not_loaded(const std::string& l) {
  if (l.find("gsp_") == std::string::npos || l.find(".bin failed with error") == std::string::npos) return std::nullopt;
  // -2 (ENOENT): the file is not there, the fault NVRM then reports as "No firmware image found".
  if (l.find("failed with error -2") != std::string::npos)
    return ErrorMeaning{kClassSoftware, "driver-firmware-missing", "high",
                        "the NVIDIA kernel module cannot find its GSP firmware file (an incomplete driver install or "
                        "upgrade): reinstall the driver package that matches the module"};
  return ErrorMeaning{kClassSoftware, "driver-firmware-load-failed", "high",
                      "the kernel could not load the NVIDIA driver's GSP firmware file (its load failed or was interrupted), so "
                      "the GPU cannot start: reinstall the driver package that matches the module and reboot"};
}

// nvcc's and ptxas' refusal of an architecture they do not know ("nvcc fatal : Value 'sm_61' is not
// defined for option 'gpu-architecture'"; ptxas' option is 'gpu-name'): the CUDA toolkit is older than
// the GPU the program builds for.
std::optional<ErrorMeaning> toolkit_without_architecture(const std::string& l) {
  if (l.find("value 'sm_") == std::string::npos && l.find("value 'compute_") == std::string::npos) return std::nullopt;
  if (l.find("is not defined for option") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "toolchain-too-old", "high",
                      "the CUDA toolkit's compiler does not know this GPU architecture (the toolkit is older than the GPU): "
                      "install a CUDA toolkit new enough for the GPU"};
}

// A library's TORCH_CHECK on the GPU's architecture, in PyTorch's words for a check without a message:
// "Expected is_sm8x || is_sm75 to be true, but got false." (FlashAttention's older builds, xformers).
std::optional<ErrorMeaning> gpu_arch_check(const std::string& l) {
  if (l.find("expected is_sm") == std::string::npos || l.find("to be true, but got false") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "gpu-arch-unsupported", "high",
                      "a kernel of the program checked the GPU's architecture (is_sm...) and this GPU is not one it was built "
                      "for: turn that kernel off (FlashAttention: use PyTorch's SDPA) or use a GPU of the architectures it names"};
}

// QEMU refusing to pass a device to a VM (hw/vfio: "group %d is not viable", hint "Please ensure all
// devices within the iommu_group are bound to their vfio bus driver."): the host's passthrough set-up.
std::optional<ErrorMeaning> vfio_group_not_viable(const std::string& l) {
  if (l.find("vfio") == std::string::npos || l.find("is not viable") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "vfio-group-not-viable", "high",
                      "the hypervisor (QEMU's VFIO) cannot pass the GPU to the VM: another device of its IOMMU group is "
                      "still bound to its own driver; the host's passthrough configuration, not the GPU (bind every "
                      "function of the group to vfio-pci)"};
}

// An NVML binding (pynvml, go-nvml) that calls a function the driver's libnvidia-ml does not have:
// "libnvidia-ml.so.1: undefined symbol: nvmlDeviceGetMemoryInfo_v2". The binding is newer than the
// driver (NVML's versioned entry points arrive with newer drivers).
std::optional<ErrorMeaning> nvml_symbol_missing(const std::string& l) {
  if (l.find("undefined symbol: nvml") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "nvml-too-old", "high",
                      "the program's NVML binding calls a function the driver's libnvidia-ml does not have: the driver is "
                      "older than the binding expects: update the driver, or pin an older binding (pynvml, nvidia-ml-py)"};
}

// A CUDA library loaded at run time that lacks a function the program was built to call, in the
// dynamic loader's words ("undefined symbol: cudnnGetVersion") or a loader's of its own (XLA:
// "cudaGetErrorString symbol not found"). A runtime or math-library function (cuda*, cublas*,
// cudnn*, cufft*, curand*, cusolver*, cusparse*, nccl*): the program and the CUDA libraries it found
// are of different versions. A driver API function (cuInit, cuMemAlloc_v2: "cu" and a capital):
// libcuda, the driver's, is older than the CUDA the program was built for (CUDA's compatibility
// guide: a newer runtime needs a driver at least as new, unless the compat package provides it).
bool ident_char(char c);

// Where the first namespace of a mangled C++ name at `at` starts, and its length ("_ZN3c105Error..."
// and const "_ZNK3c10...": the "c10"); {at, 0} where there is none.
struct NameSpan {
  std::size_t at;
  std::size_t size;
};
NameSpan first_namespace_span(const std::string& l, std::size_t at) {
  std::size_t p = at;
  if (l.compare(p, 3, "_zn") != 0) return {at, 0};
  p += 3;
  if (p < l.size() && l[p] == 'k') ++p;
  std::size_t len = 0;
  while (p < l.size() && std::isdigit(static_cast<unsigned char>(l[p])) && len < 1000) len = len * 10 + static_cast<std::size_t>(l[p++] - '0');
  if (len == 0 || p + len > l.size()) return {at, 0};
  return {p, len};
}

std::optional<ErrorMeaning> cuda_symbol_missing(std::string_view line, const std::string& l) {
  std::size_t at = std::string::npos;
  if (const std::size_t k = l.find("undefined symbol: "); k != std::string::npos) at = k + 18;
  else if (const std::size_t k2 = l.find(" symbol not found"); k2 != std::string::npos) {
    at = k2;
    while (at > 0 && ident_char(l[at - 1])) --at;
  } else if (const std::size_t k5 = l.find("failed to load cuda func: "); k5 != std::string::npos) {
    at = k5 + 26;  // MegEngine's loader of driver functions: "failed to load cuda func: cuMemcpy2D_v2_ptds"
  } else if (const std::size_t k3 = l.find(" not defined in file "); k3 != std::string::npos) {
    // glibc's loader for a versioned symbol the library found lacks: "symbol cudaFreeAsync version
    // libcudart.so.11.0 not defined in file libcudart.so.11.0 with link time reference".
    if (const std::size_t k4 = l.rfind("symbol ", k3); k4 != std::string::npos) at = k4 + 7;
  }
  if (at == std::string::npos || at + 3 >= l.size()) return std::nullopt;
  std::size_t end = at;
  while (end < line.size() && ident_char(line[end])) ++end;
  const std::string name(line.substr(at, end - at));
  if (name.size() > 2 && name[0] == 'c' && name[1] == 'u' && std::isupper(static_cast<unsigned char>(name[2])))
    return ErrorMeaning{kClassSoftware, "driver-too-old", "high",
                        "the program calls a CUDA driver function (" + name +
                            ") the installed driver's libcuda does not have: the driver is older than the CUDA the program was "
                            "built for: update the driver (or use a build of the program for the driver's CUDA version)"};
  // The library's own name: the symbol's ("cudnnGetVersion"), a C++ symbol's first namespace
  // ("_ZN5cudnn3cnn..."), or the version tag the loader names after it (", version libcudnn_cnn_infer.so.8").
  const NameSpan space = first_namespace_span(l, at);
  const std::size_t own = space.at;
  // A C++ symbol of PyTorch itself (its namespaces c10, at, torch: "_ZNK3c105Error4whatEv") missing from
  // an extension: the extension was compiled against another PyTorch than the one installed.
  if (const std::string_view ns = std::string_view(l).substr(space.at, space.size); ns == "c10" || ns == "at" || ns == "torch")
      return ErrorMeaning{kClassSoftware, "extension-abi-mismatch", "medium",
                          "a compiled extension (the library the line names) lacks a function of PyTorch it was built against: it "
                          "was compiled for another PyTorch version than the one installed; reinstall or rebuild it for this "
                          "PyTorch (pip install --no-build-isolation, or the wheel built for this torch and CUDA)"};
  const std::size_t tag = l.find(", version lib", end);
  for (const char* prefix : {"cuda", "cublas", "cudnn", "cufft", "curand", "cusolver", "cusparse", "nccl", "nvrtc"})
    if (l.compare(own, std::strlen(prefix), prefix) == 0 ||
        (tag != std::string::npos && l.compare(tag + 13, std::strlen(prefix), prefix) == 0))
      return ErrorMeaning{kClassSoftware, "cuda-library-mismatch", "medium",
                          "a CUDA library the program loaded lacks a function it was built to call (" + name +
                              "): the program and the CUDA libraries it found are of different versions (an older copy "
                              "earlier on the library path, or a package built for another CUDA): install the versions the "
                              "program was built with"};
  return std::nullopt;
}

// The NVIDIA container runtime's hook (libnvidia-container, "nvidia-container-cli: <stage> error:
// ...") refusing to start a GPU container, in its own words: "requirement error: unsatisfied
// condition: cuda>=12.8, please update your driver to a newer version, or use an earlier cuda
// container" (the image's NVIDIA_REQUIRE_CUDA against the host driver's CUDA version), and
// "initialization error: nvml error: <nvmlErrorString>" (NVML on the host could not start: the
// code's own meaning, "driver not loaded" on a host with no GPU driver), "mount error: ... no such
// file or directory" (a driver file it mounts is missing on the host), or "WSL environment detected
// but no adapters were found" (WSL without a GPU driver on the Windows side).
// A program that checks the GPU's answers on the CPU and says one was wrong: XMRig re-hashes every
// result a GPU returns (src/net/JobResults.cpp, checkHash) and logs "COMPUTE ERROR" when the CPU's
// hash of that nonce does not meet the target the GPU claimed it met. The GPU computed a wrong
// answer: an unstable card (clocks, heat, memory) or, rarer, the program's kernel for it.
// The driver refuses a CUDA context on a GPU in MIG mode that has no GPU instance ("NVRM
// kchannelConstruct_IMPL: Channel allocation not allowed when MIG is enabled without GPU
// instancing"). NVIDIA's MIG User Guide: with MIG enabled, work runs only inside GPU instances and
// their compute instances, which must be created. The GPU is partitioned (MIG), and not usable yet.
std::optional<ErrorMeaning> mig_without_instances(const std::string& l) {
  if (l.find("when mig is enabled without gpu instancing") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSliced, "mig-without-instances", "medium",
                      "the GPU is in MIG mode with no GPU instance, so no program can use it: create instances (nvidia-smi "
                      "mig -cgi ... -C) or, for the whole card, turn MIG off (nvidia-smi -mig 0, with a GPU reset)"};
}

// nvidia-docker 1.0 (Go, before the NVIDIA Container Toolkit) comparing the image's
// com.nvidia.cuda.version label with the driver's cudaDriverGetVersion before it starts the
// container: fmt.Errorf("unsupported CUDA version: driver %s < image %s"). "driver 0.0" is no
// driver answering at all (cudaDriverGetVersion gives 0 where no driver is installed).
std::optional<ErrorMeaning> nvidia_docker_cuda_check(const std::string& l) {
  const auto at = l.find("unsupported cuda version: driver ");
  if (at == std::string::npos || l.find(" < image ", at) == std::string::npos) return std::nullopt;
  if (l.compare(at + 33, 4, "0.0 ") == 0)
    return ErrorMeaning{kClassSoftware, "driver-not-loaded", "high",
                        "nvidia-docker found no NVIDIA driver answering on the host (its CUDA version 0.0): install or "
                        "load the driver"};
  return ErrorMeaning{kClassSoftware, "driver-too-old", "high",
                      "nvidia-docker refused the image: it needs a newer CUDA than the host's driver supports; update the "
                      "driver, or use an image built for the driver's CUDA version"};
}

// HAMi-core, the CUDA interposer HAMi preloads into a container that asked for a share of a GPU
// (its nvidia.com/gpumem limit, CUDA_DEVICE_MEMORY_LIMIT), refuses an allocation past that share:
// src/allocator/allocator.c, oom_check: LOG_ERROR("Device %d OOM %lu / %lu", dev, new_allocated,
// limit), printed as "[HAMI-core ERROR (pid:... allocator.c:...)]: Device 0 OOM 21474836480 /
// 10737418240". The container has a slice of the GPU's memory, not the card.
std::optional<ErrorMeaning> gpu_share_limit_reached(const std::string& l) {
  if (l.find("hami-core") == std::string::npos || l.find(" oom ") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSliced, "gpu-share-memory-limit", "high",
                      "this container has a share of the GPU (HAMi's vGPU), not the card: HAMi-core refused an "
                      "allocation past the share's memory limit (the last number, in bytes); ask for a larger share "
                      "(nvidia.com/gpumem) or a whole GPU"};
}

// The NVIDIA kernel module failed to build for the running kernel, in the installer's, DKMS's or
// akmods' words (nvidia-installer: 'An error occurred while performing the step: "Building kernel
// modules"'; DKMS: "Building DKMS module 'nvidia-367.35' ... FAILED!", "DKMS module 'nvidia...' failed
// to build"; akmods: "Building and installing nvidia-kmod [FAILED]"): no driver will load until it
// builds (a kernel newer than the driver branch supports, or missing kernel headers).
std::optional<ErrorMeaning> driver_module_build_failed(const std::string& l) {
  const bool installer = l.find("performing the step: \"building kernel modules\"") != std::string::npos ||
                         l.find("nvidia kernel module was successfully built") != std::string::npos;
  // akmods' and its nvidia-kmod package's words, not nvidia-container-cli's --load-kmods option.
  const bool packaged = (l.find("dkms") != std::string::npos || l.find("akmods") != std::string::npos ||
                         l.find("nvidia-kmod") != std::string::npos) &&
                        l.find("nvidia") != std::string::npos && l.find("fail") != std::string::npos;
  // Nix's build of the driver's derivation ("error: builder for '/nix/store/...-nvidia-x11-550.40.07-6.7.drv'
  // failed with exit code 2") and DKMS's "Missing <kernel> kernel modules tree for module nvidia/<version>".
  const bool nix = l.find("builder for") != std::string::npos && l.find("nvidia-x11-") != std::string::npos &&
                   l.find("failed") != std::string::npos;
  const bool no_tree = l.find("kernel modules tree for module nvidia") != std::string::npos;
  if (!installer && !packaged && !nix && !no_tree) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "driver-module-build-failed", "high",
                      "the NVIDIA kernel module did not build for the running kernel, so no driver can load: install the "
                      "kernel headers, or a driver branch that supports this kernel (or boot the kernel the driver was built for)"};
}

std::optional<ErrorMeaning> gpu_answer_rejected(std::string_view line, const std::string& l) {
  if (line.find("COMPUTE ERROR") == std::string_view::npos) return std::nullopt;
  if (l.find("gpu") == std::string::npos && l.find("nvidia") == std::string::npos && l.find("cuda") == std::string::npos)
    return std::nullopt;
  return ErrorMeaning{kClassWrongResults, "compute-error", "medium",
                      "a result the GPU returned failed the program's own check on the CPU (XMRig re-hashes each one): the GPU "
                      "computed a wrong answer; reset its clocks and memory to stock and watch its temperature, then run "
                      "`gpuaudit check` for the card's own verdict"};
}

// NVIDIA's OpenGL shader compiler (in its driver) reports a shader's errors in the Cg compiler's
// form, "<string>(<line>) : error C<nnnn>: <text>" ("0(261) : error C5208: Sampler needs to be a
// uniform ..."), in a program's shader info log: the program's shader, not the machine.
std::optional<ErrorMeaning> nvidia_shader_error(std::string_view line) {
  for (std::size_t at = line.find(") : error C"); at != std::string_view::npos; at = line.find(") : error C", at + 1)) {
    std::size_t open = at;
    while (open > 0 && std::isdigit(static_cast<unsigned char>(line[open - 1]))) --open;
    const std::size_t code = at + 11;
    std::size_t end = code;
    while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
    if (open == at || open == 0 || line[open - 1] != '(' || end - code != 4 || end >= line.size() || line[end] != ':') continue;
    return ErrorMeaning{kClassProgram, "shader-compile-error", "",
                        "NVIDIA's OpenGL shader compiler rejected one of the program's shaders (error C" +
                            std::string(line.substr(code, 4)) + "): the program's shader, not the machine"};
  }
  return std::nullopt;
}

// The open-source nouveau driver bound to the GPU: lsmod's line for it ("nouveau  1638400  1"), or
// nvidia-installer refusing to install beside it ("The Nouveau kernel driver is currently in use by
// your system. This driver is incompatible with the NVIDIA driver, and must be disabled before
// proceeding."). CUDA, NVML and nvidia-smi need NVIDIA's own driver: where nouveau drives the GPU,
// none of them can.
std::optional<ErrorMeaning> nouveau_in_use(std::string_view line, const std::string& l) {
  const bool installer = l.find("nouveau kernel driver is currently in use") != std::string::npos;
  std::size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  bool lsmod = line.substr(i).starts_with("nouveau ") || line.substr(i).starts_with("nouveau\t");
  if (lsmod) {
    std::size_t j = i + 7;
    while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
    lsmod = j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]));  // its size column
  }
  if (!installer && !lsmod) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "nouveau-in-use", installer ? "high" : "medium",
                      "the open-source nouveau driver drives the GPU, and CUDA, NVML and nvidia-smi need NVIDIA's own driver: "
                      "blacklist nouveau, rebuild the initramfs and install NVIDIA's driver (its install guide's "
                      "\"Disabling Nouveau\" step)"};
}

// FFmpeg's loader of the driver's libraries (nv-codec-headers' dynlink_loader.h: "Cannot load %s" with
// NVENC_LIBNAME nvEncodeAPI64.dll / libnvidia-encode.so.1, CUVID_LIBNAME nvcuvid.dll / libnvcuvid.so.1,
// CUDA_LIBNAME nvcuda.dll / libcuda.so.1): the NVIDIA driver installs all of them, so one missing is no
// driver installed, or a container started without the driver's video capability
// (NVIDIA_DRIVER_CAPABILITIES with "video", docs/video-engines.md).
std::optional<ErrorMeaning> ffmpeg_driver_library_missing(const std::string& l) {
  const std::size_t at = l.find("cannot load ");
  if (at == std::string::npos) return std::nullopt;
  // A function, not a library (dynlink_loader.h's LOAD_SYMBOL: "Cannot load cuvidGetDecodeStatus"): the
  // driver's library is there but older than the nv-codec-headers FFmpeg was built with, which name
  // the driver each of their versions needs.
  const std::string_view what = std::string_view(l).substr(at + 12);
  if ((what.starts_with("cuvid") || what.starts_with("nvenc")) && what.find(".so") == std::string_view::npos &&
      what.find(".dll") == std::string_view::npos)
    return ErrorMeaning{kClassSoftware, "driver-too-old", "medium",
                        "FFmpeg found the NVIDIA driver's video library but not a function its build calls (the line names it): "
                        "the driver is older than the nv-codec-headers FFmpeg was built with: update the driver, or use an "
                        "FFmpeg built with older headers"};
  for (const char* lib : {"nvencodeapi64.dll", "nvencodeapi.dll", "libnvidia-encode.so", "nvcuvid.dll", "libnvcuvid.so",
                          "nvcuda.dll", "libcuda.so"})
    if (l.find(lib) != std::string::npos)
      return ErrorMeaning{kClassSoftware, "driver-library-missing", "high",
                          std::string("FFmpeg could not load the NVIDIA driver's library ") + lib +
                              ": no NVIDIA driver is installed, or the container was started without the driver's video "
                              "capability (NVIDIA_DRIVER_CAPABILITIES=video,compute,utility or all)"};
  return std::nullopt;
}

// The SYCL runtime's CUDA plugin (oneAPI DPC++'s pi_cuda / Unified Runtime's ur_adapter_cuda) not
// loaded: "dlopen(.../libpi_cuda.so) failed with <...libpi_cuda.so: cannot open shared object file>",
// "Failed to load plugin: pi_cuda.dll". Without it SYCL sees no NVIDIA GPU (the plugin is a separate
// install: Codeplay's oneAPI for NVIDIA GPUs). A plugin that failed because libcuda itself is missing
// is the driver's library (driver_library_missing, read first).
std::optional<ErrorMeaning> sycl_cuda_plugin_missing(const std::string& l) {
  const bool plugin = l.find("pi_cuda.") != std::string::npos || l.find("ur_adapter_cuda.") != std::string::npos;
  if (!plugin || (l.find("cannot open shared object file") == std::string::npos && l.find("failed to load plugin") == std::string::npos))
    return std::nullopt;
  return ErrorMeaning{kClassSoftware, "sycl-cuda-plugin-missing", "medium",
                      "the SYCL runtime could not load its CUDA plugin, so it sees no NVIDIA GPU: install the oneAPI plugin for "
                      "NVIDIA GPUs (Codeplay) matching the compiler's version, or a DPC++ build with CUDA"};
}

// RAPIDS' memory manager (RMM, include/rmm/detail/error.hpp): RMM_EXPECTS throws "RMM failure at:
// FILE:LINE: reason", its allocators rmm::out_of_memory / rmm::bad_alloc. A pool at its maximum or a
// device allocation refused is the program's memory budget, like cudaErrorMemoryAllocation: never
// the card's fault on its own.
std::optional<ErrorMeaning> rmm_error(const std::string& l) {
  if (l.find("rmm failure at") == std::string::npos && l.find("rmm::bad_alloc") == std::string::npos &&
      l.find("rmm::out_of_memory") == std::string::npos)
    return std::nullopt;
  const bool oom = l.find("out_of_memory") != std::string::npos || l.find("maximum pool size exceeded") != std::string::npos ||
                   l.find("out of memory") != std::string::npos;
  return ErrorMeaning{kClassProgram, oom ? "out-of-memory" : "allocator-error", "",
                      oom ? "RAPIDS' memory manager (RMM) refused an allocation: its pool reached the maximum it was given, "
                            "or the GPU's memory was full; a smaller batch or partition, or a larger pool"
                          : "RAPIDS' memory manager (RMM) refused a request (its own check, named on the line)"};
}

// Direct3D's device-lost codes (Microsoft's DXGI_ERROR reference: 0x887A0005 DXGI_ERROR_DEVICE_REMOVED,
// 0x887A0006 DEVICE_HUNG, 0x887A0007 DEVICE_RESET, 0x887A0020 DRIVER_INTERNAL_ERROR): the GPU stopped
// answering a Windows program (a timeout and driver reset, a driver crash, a driver update, or the
// card failing). The code alone does not say which, so it decides nothing; DXGI_ERROR_DEVICE_REMOVED's
// reason (GetDeviceRemovedReason) and the Windows event log would.
std::optional<ErrorMeaning> dxgi_device_lost(const std::string& l) {
  // Also a Direct3D 12 client's check of the device-removed reason failing (pytorch-directml's
  // "CHECK failed: ... GetDeviceRemovedReason()) >= 0"): the device was removed, the reason not printed.
  for (const char* code : {"0x887a0005", "0x887a0006", "0x887a0007", "0x887a0020", "dxgi_error_device_removed",
                           "dxgi_error_device_hung", "dxgi_error_device_reset", "dxgi_error_driver_internal_error",
                           "getdeviceremovedreason"})
    if (l.find(code) != std::string::npos)
      return ErrorMeaning{kClassUnknown, "device-removed", "",
                          "Direct3D lost the GPU (removed, hung, reset or a driver internal error): a driver timeout and "
                          "reset, a driver crash or update, or the card failing; the code alone does not say which "
                          "(Windows' event log and the device-removed reason would)"};
  return std::nullopt;
}

// The container runtime's fixed sentences, each its own class of set-up fault (the NVIDIA Container
// Toolkit's install guide names the fix: `nvidia-ctk runtime configure --runtime=docker`, then a
// restart of Docker):
//   Docker asked for GPUs (--gpus, a "gpu" capability) with no device driver registered for them;
//   Docker told to use an "nvidia" runtime that is not registered (--runtime=nvidia; Isaac ROS's
//   check of Docker's default runtime); WSL without a GPU adapter (nvidia-container-cli's words).
constexpr const char* kToolkitMissing =
    "Docker has no NVIDIA runtime or GPU device driver registered: install the NVIDIA Container Toolkit on the host and "
    "configure Docker for it (nvidia-ctk runtime configure --runtime=docker, then restart Docker)";
constexpr std::array kContainerMessages = std::to_array<DriverMessage>({
    {"could not select device driver", "container-toolkit-missing", "", kToolkitMissing},
    {"invalid runtime name: nvidia", "container-toolkit-missing", "", kToolkitMissing},
    {"default docker runtime is not nvidia", "container-toolkit-missing", "", kToolkitMissing},
    // Enroot's NVIDIA hook (conf/hooks/98-nvidia.sh), which Pyxis runs for a Slurm job's container:
    // common::err "Command not found: nvidia-container-cli, see https://github.com/NVIDIA/libnvidia-container".
    {"command not found: nvidia-container-cli", "container-toolkit-missing", "",
     "the node has no NVIDIA container library (libnvidia-container's nvidia-container-cli), which Enroot's NVIDIA hook "
     "needs to give a container its GPUs: install libnvidia-container on the node"},
    // NGC containers' start-up banner when no driver is mounted into them (the container started
    // without --gpus / the NVIDIA runtime): "WARNING: The NVIDIA Driver was not detected.  GPU
    // functionality will not be available."
    {"the nvidia driver was not detected", "no-device", "", kProgramSeesNoGpu},
    {"wsl environment detected but no adapters were found", "no-device", "",
     "the NVIDIA container runtime found WSL without a GPU adapter: the Windows NVIDIA driver with WSL support is not "
     "installed, or the GPU is not passed to WSL"},
});

// libnvidia-container's refusals, which say what failed after "nvidia-container-cli: ".
std::optional<ErrorMeaning> container_cli_error(const std::string& l) {
  if (l.find("nvidia-container-cli") == std::string::npos) return std::nullopt;
  // The image's NVIDIA_REQUIRE_* constraint could not be evaluated ("requirement error: invalid
  // expression"): a toolkit older than the image's syntax, or a malformed variable.
  if (l.find("requirement error") != std::string::npos)
    return ErrorMeaning{kClassSoftware, "container-requirement", "medium",
                        "the NVIDIA container runtime could not evaluate the image's NVIDIA_REQUIRE_* constraint: update the "
                        "NVIDIA Container Toolkit on the host, or correct the variable"};
  if (const std::size_t at = l.find("nvml error: "); at != std::string::npos) {
    std::string text = l.substr(at + 12);
    if (const std::size_t colon = text.find(':'); colon != std::string::npos) text.resize(colon);  // ": unknown"
    if (const NvmlReturnCode* c = nvml_code_with_text(text))
      if (std::string_view(c->init_class) != kClassUnknown)
        return ErrorMeaning{c->init_class, c->kind, c->confidence,
                            std::string("the NVIDIA container runtime could not start NVML on the host (") + c->name + "): " +
                                (*c->init_meaning ? c->init_meaning : c->meaning)};
  }
  if (l.find("mount error: ") != std::string::npos && l.find("no such file or directory") != std::string::npos)
    return ErrorMeaning{kClassSoftware, "container-runtime-mount", "medium",
                        "the NVIDIA container runtime could not mount a driver file it expects on the host into the container "
                        "(the host's driver install is incomplete, or it has none): reinstall the driver on the host"};
  return std::nullopt;
}

// The host has no device file for the GPU a program was told to use: Docker's runc adding a device
// the compose file or --device names ("error gathering device information while adding custom device
// \"/dev/nvidia0\": no such file or directory"), Slurm's slurmd checking gres.conf's File= ("can't
// stat gres.conf file /dev/nvidia0: No such file or directory"). The NVIDIA kernel module's devices
// (/dev/nvidiaN, /dev/nvidiactl, /dev/nvidia-uvm) exist once the module is loaded and the nodes are made
// (by nvidia-modprobe or udev). A listing inside a container (`ls /dev/nvidia0`) is not read: a
// container holds only the devices it was given.
std::optional<ErrorMeaning> gpu_device_file_missing(std::string_view line, const std::string& l) {
  // The GPU's DRM nodes (/dev/dri/cardN, /dev/dri/renderDN: nvidia-drm's on NVIDIA's driver) too,
  // where the container runtime was told to add one.
  const bool runc = l.find("error gathering device information") != std::string::npos;
  std::size_t at = l.find("/dev/nvidia");
  if (at == std::string::npos && runc) at = l.find("/dev/dri/");
  if (at == std::string::npos || l.find("no such file or directory") == std::string::npos) return std::nullopt;
  if (!runc && l.find("can't stat gres.conf file") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "gpu-device-file-missing", "medium",
                      "the host has no device file for the GPU the program was told to use (" +
                          std::string(line.substr(at, l.find_first_of("\"': ", at) - at)) +
                          "): the GPU's kernel driver is not loaded or its device files were not created (nvidia-modprobe; "
                          "nvidia-drm for /dev/dri), or the configuration names a GPU this host has not got"};
}

// GPUDirect RDMA's peer-memory module not loading: modprobe's "could not insert 'nv_peer_mem': Unknown
// symbol in module" / "Invalid argument", the kernel's "nv_peer_mem: Unknown symbol
// ib_register_peer_memory_client" (MLNX_OFED's peer-memory API: the module was built against another
// OFED or kernel), the driver's own nvidia-peermem likewise. Without it GPU memory cannot be
// registered with the InfiniBand HCA: NCCL and MPI fall back to copies through host memory.
std::optional<ErrorMeaning> gpudirect_module_failed(const std::string& l) {
  const bool module = l.find("nv_peer_mem") != std::string::npos || l.find("nvidia_peermem") != std::string::npos ||
                      l.find("nvidia-peermem") != std::string::npos;
  if (!module || (l.find("could not insert") == std::string::npos && l.find("unknown symbol") == std::string::npos))
    return std::nullopt;
  return ErrorMeaning{kClassSoftware, "gpudirect-module-failed", "medium",
                      "the GPUDirect RDMA peer-memory module (nv_peer_mem / nvidia-peermem) did not load, so the network card "
                      "cannot read GPU memory directly and multi-node traffic goes through host memory: rebuild it against the "
                      "installed MLNX_OFED and kernel, or load the driver's nvidia-peermem built for them"};
}

// Messages one needle finds whose class is not the stack's (the tables above are all software): each
// row's class, kind, source and meaning.
struct ClassedMessage {
  const char* needle;  // lower case
  const char* cls;
  const char* kind;
  const char* source;
  const char* meaning;
};
constexpr const char* kProfilingRestricted =
    "the GPU's performance counters are open to administrators only (the driver option NVreg_RestrictProfilingToAdminUsers=1, "
    "the default on many hosts and clouds): profile as root or with CAP_SYS_ADMIN, or ask the host's owner to set the option "
    "to 0; it says nothing about the GPU's speed";
constexpr std::array kClassedMessages = std::to_array<ClassedMessage>({
    // The GPU's performance counters closed to non-administrators (the driver's default on many
    // machines: NVreg_RestrictProfilingToAdminUsers=1): Nsight Compute's "ERR_NVGPUCTRPERM - The user
    // does not have permission to access NVIDIA GPU Performance Counters", CUPTI's
    // CUPTI_ERROR_INSUFFICIENT_PRIVILEGES. The profiler's access, not the GPU's speed: a note.
    {"err_nvgpuctrperm", kClassUnknown, "profiling-restricted", "a profiler: GPU performance counters restricted",
     kProfilingRestricted},
    {"cupti_error_insufficient_privileges", kClassUnknown, "profiling-restricted",
     "a profiler: GPU performance counters restricted", kProfilingRestricted},
    // XLA's (JAX's, TensorFlow's) start of cuDNN failing: "FAILED_PRECONDITION: DNN library
    // initialization failed. Look at the errors above for more details." Two causes share it - the
    // cuDNN loaded is another version than the build's, or the GPU's memory was already taken (XLA
    // preallocates most of it for the first process) - so it says something failed, not what.
    {"dnn library initialization failed", kClassUnknown, "cudnn-init-failed", "XLA: cuDNN did not start",
     "cuDNN could not start: the cuDNN loaded is another version than the framework's build, or the GPU's memory was "
     "already taken (XLA preallocates most of it; XLA_PYTHON_CLIENT_PREALLOCATE=false); the lines above it say which"},
    // PyTorch's extension builder (torch/utils/cpp_extension.py, _run_ninja_build: "RuntimeError: Error
    // compiling objects for extension"): the compile of the C++/CUDA sources failed, for a reason the
    // compiler printed above it (a toolkit or host compiler the build does not accept, or the code).
    {"error compiling objects for extension", kClassUnknown, "extension-build-failed",
     "PyTorch: an extension's build failed",
     "the program's C++/CUDA extension did not compile (the compiler's errors above it say why: a CUDA toolkit or host "
     "compiler the build does not accept, or the code itself): nothing about the GPU"},
    // ggml's (llama.cpp's, whisper.cpp's) own arena running out: "ggml_new_tensor_impl: not enough space
    // in the context's memory pool (needed 28728784, available 10485760)" - the program sized its
    // context too small for the model (an old build and a newer model file, most often).
    {"not enough space in the context's memory pool", kClassProgram, "program-error", "ggml: its context's memory pool full",
     "ggml's context ran out of the memory the program set aside for it (a model larger or newer than the program's build "
     "expects): the program's, not the GPU's; update the program or use a model format it knows"},
});

// The GPU Operator's driver container pulled for a node whose OS and kernel NVIDIA built no image
// for ('Failed to pull image "nvcr.io/nvidia/driver:550.90.07-cos121": ... not found').
std::optional<ErrorMeaning> driver_image_missing(const std::string& l) {
  if (l.find("nvcr.io/nvidia/driver:") == std::string::npos) return std::nullopt;
  if (l.find("not found") == std::string::npos && l.find("manifest unknown") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "driver-image-missing", "high",
                      "the GPU Operator's driver container has no image for this node's OS or kernel (NVIDIA builds one per "
                      "driver and OS version): use a node image the operator supports, or a driver version built for it, or "
                      "install the driver on the node and disable the operator's driver"};
}

std::optional<ErrorMeaning> container_runtime_error(const std::string& l) {
  // libnvidia-container's "requirement error: unsatisfied condition: <the last one it tried>": the
  // image's NVIDIA_REQUIRE_CUDA ("cuda>=11.8 brand=tesla,driver>=470,driver<471 ...", passed as
  // --require=) is met by none of its alternatives, "brand = titanrtx" as much as "cuda>=12.8": the
  // host's driver is older than the image's CUDA (and is not a branch the image lists).
  if (l.find("unsatisfied condition: ") != std::string::npos && l.find("cuda>=") != std::string::npos) {
    const std::size_t at = l.find("cuda>=") + 6;
    std::size_t end = at;
    while (end < l.size() && (std::isdigit(static_cast<unsigned char>(l[end])) || l[end] == '.')) ++end;
    return ErrorMeaning{kClassSoftware, "container-driver-too-old", "high",
                        "the container image asks for CUDA " + l.substr(at, end - at) +
                            " or newer and the host's driver supports less, so the NVIDIA runtime would not start it: use an "
                            "image built for the host's CUDA version (nvidia-smi's header shows it), or ask the provider for a "
                            "host with a newer driver"};
  }
  for (const auto& m : kContainerMessages)
    if (l.find(m.needle) != std::string::npos) return ErrorMeaning{kClassSoftware, m.kind, "high", m.meaning};
  if (auto cause = container_cli_error(l)) return cause;
  // The NVIDIA Container Toolkit's runtime hook logs its mode first ("Auto-detected mode as 'legacy'",
  // 'cdi', 'csv'); a prestart hook that exits with that as its stderr is the toolkit's hook failing
  // before the container starts. Docker and containerd often join the hook's whole stderr into one
  // line, so the hook's own reason (read above) wins and this is the fallback.
  if (l.find("auto-detected mode as '") != std::string::npos && l.find("hook") != std::string::npos)
    return ErrorMeaning{kClassSoftware, "container-runtime-hook", "medium",
                        "the NVIDIA container runtime's hook failed, so the container did not start (the driver on the host, "
                        "the toolkit's configuration or its mode): the lines the hook printed after this one name the cause"};
  return std::nullopt;
}

// nvidia-smi itself not there: the shell's "nvidia-smi: command not found", a container runtime's
// 'exec: "nvidia-smi": executable file not found in $PATH', Windows' "is not recognized as an
// internal or external command". The driver installs nvidia-smi beside its libraries, and NVIDIA's
// container runtime mounts it into a container started with the GPUs (its "utility" capability),
// so where it is missing the driver is not installed or the container got no GPU. The same for the
// driver's MPS tools, nvidia-cuda-mps-control and -server (libnvidia-container's nvc_info.c mounts
// them with the "compute" capability).
std::optional<ErrorMeaning> driver_tool_missing(const std::string& l) {
  const char* tool = l.find("nvidia-smi") != std::string::npos                ? "nvidia-smi"
                     : l.find("nvidia-cuda-mps-control") != std::string::npos ? "nvidia-cuda-mps-control"
                     : l.find("nvidia-cuda-mps-server") != std::string::npos  ? "nvidia-cuda-mps-server"
                                                                               : nullptr;
  if (!tool) return std::nullopt;
  // dash's "sh: 1: nvidia-smi: not found" and scripts' "nvidia-smi not found" too.
  // Rust's std::process error: "failed to execute nvidia-smi at /usr/bin/nvidia-smi: No such file or
  // directory (os error 2)" (the container runtime's failed mount of it is its own class, below).
  const std::string t(tool);
  // The kernel's ENOEXEC ("exec /usr/bin/nvidia-smi: exec format error"): a file is there, but not a
  // program this machine runs (another CPU architecture's driver files mounted in, or a damaged one).
  if (l.find("exec format error") != std::string::npos)
    return ErrorMeaning{kClassSoftware, "driver-tools-broken", "medium",
                        t + " here is not a program this machine can run (exec format error): the driver files in this "
                            "container or machine are another CPU architecture's or damaged; reinstall the driver, or start "
                            "the container with the host's own driver files (the NVIDIA runtime mounts them)"};
  const bool no_file = l.find("no such file or directory") != std::string::npos && l.find("mount") == std::string::npos;
  if (l.find("command not found") == std::string::npos && l.find("executable file not found") == std::string::npos && !no_file &&
      l.find("is not recognized as an internal or external command") == std::string::npos &&
      l.find(t + ": not found") == std::string::npos && l.find(t + " not found") == std::string::npos)
    return std::nullopt;
  return ErrorMeaning{kClassSoftware, "driver-tools-missing", "medium",
                      t + " is not on this machine or not in this container: the NVIDIA driver is not installed, or the "
                          "container was started without the GPUs and the NVIDIA runtime (docker --gpus all; the runtime mounts "
                          "the driver's tools with its libraries)"};
}

// MPS's control program finding no control daemon ("Cannot find MPS control daemon process", the
// words nvidia-cuda-mps-control prints when a command is sent and no daemon runs): the job asked
// for MPS and it is not started (NVIDIA's MPS guide: nvidia-cuda-mps-control -d starts it).
std::optional<ErrorMeaning> mps_daemon_missing(const std::string& l) {
  if (l.find("cannot find mps control daemon") == std::string::npos) return std::nullopt;
  return ErrorMeaning{kClassSoftware, "mps-not-running", "medium",
                      "the job talks to CUDA MPS and no MPS control daemon answers it: none was started, it exited, or it "
                      "listens in another CUDA_MPS_PIPE_DIRECTORY; start it (nvidia-cuda-mps-control -d, as NVIDIA's MPS "
                      "guide says) where the job runs, or run the job without MPS"};
}

// Lines that say two GPUs have no peer access: NCCL's INFO lines (transport/p2p.cc and its
// environment report; "via SHM": a channel staged through host shared memory) and the CUDA
// samples' "> Peer access from A (GPU0) -> B (GPU1) : No" (simpleP2P, deviceQuery).
struct PeerMessage {
  const char* needle;  // lower case
  const char* kind;
  const char* confidence;
  const char* meaning;
};
constexpr std::array kPeerMessages = std::to_array<PeerMessage>({
    {"p2p is disabled between connected gpus", "nccl-p2p-disabled", "medium",
     "NCCL found peer-to-peer disabled between GPUs that are connected (it suspects the hardware or the platform): NCCL "
     "stages their traffic through host memory"},
    {"nccl_p2p_disable set by environment to 1", "nccl-p2p-disable-env", "medium",
     "NCCL_P2P_DISABLE=1 in the environment: NCCL stages GPU-to-GPU traffic through host memory (unset it where the GPUs "
     "have peer access)"},
    {" via shm", "nccl-via-shm", "low",
     "NCCL connects these GPUs through host shared memory (SHM), not peer-to-peer: their traffic is staged through host memory"},
    {") : no", "peer-access-no", "high",
     "the CUDA sample reports no peer access between these GPUs: their traffic is staged through host memory"},
    // simpleP2P (cuda-samples Samples/0_Introduction/simpleP2P) copies with peer access on, runs a
    // kernel on the peer's memory and checks every element; this line is its failed check. Peer
    // access that was granted but delivers wrong data cannot be used: the platform's PCIe path
    // (an IOMMU or ACS redirecting peer traffic) or a driver that grants what the board cannot do.
    // vLLM (and its forks) test peer access before their custom all-reduce
    // (vllm/distributed/device_communicators/custom_all_reduce.py): "Custom allreduce is disabled
    // because your platform lacks GPU P2P capability or P2P test failed."
    {"your platform lacks gpu p2p capability", "vllm-no-p2p", "medium",
     "the program found no peer-to-peer access between its GPUs (vLLM's check before its custom all-reduce): their "
     "traffic is staged through host memory"},
    {"verification error @ element", "peer-copy-wrong", "medium",
     "peer access was granted but data copied between the GPUs arrives wrong (simpleP2P's check): the PCIe path (IOMMU, ACS) "
     "or the driver does not carry peer traffic; frameworks must run with peer access off (NCCL_P2P_DISABLE=1), staging "
     "traffic through host memory; ask the provider whether IOMMU/ACS can be set for peer-to-peer"},
});

Match from_meaning(const ErrorMeaning& m, std::string source, std::string reference) {
  Match out;
  out.e.kind = m.kind;
  out.e.cls = m.cls;
  out.e.confidence = m.confidence;
  out.e.meaning = m.meaning;
  out.e.source = std::move(source);
  out.e.reference = std::move(reference);
  return out;
}

// A library's status code read from its table (status_table.hpp): "<library>: NAME", cited to its header.
Match from_status(const StatusError& m, std::string_view library, std::string_view header) {
  return from_meaning(m.meaning, std::string(library) + ": " + m.code->name,
                      std::string(header) + ": " + m.code->name + " (" + std::to_string(m.code->number) + ")");
}

Match from_cuda(const CudaErrorCode& c) {
  const bool driver = std::string_view(c.name).rfind("CUDA_", 0) == 0;
  return from_meaning(cuda_error_meaning(c),
                      std::string(driver ? "CUresult " : "cudaError_t ") + std::to_string(c.number) + " " + c.name,
                      std::string(driver ? "cuda.h: " : "driver_types.h: ") + c.name + ", \"" + c.comment + "\"");
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// cudaErrorXxx / CUDA_ERROR_XXX anywhere in the line.
std::optional<Match> by_name(std::string_view line) {
  for (const std::string_view prefix : {std::string_view("cudaError"), std::string_view("CUDA_ERROR_")}) {
    for (std::size_t at = line.find(prefix); at != std::string_view::npos; at = line.find(prefix, at + 1)) {
      if (at > 0 && ident_char(line[at - 1])) continue;
      std::size_t end = at;
      while (end < line.size() && ident_char(line[end])) ++end;
      if (const CudaErrorCode* c = cuda_error_named(line.substr(at, end - at))) return from_cuda(*c);
    }
  }
  return std::nullopt;
}

// A CUDA driver API call that failed with its CUresult as a number: "cuInit failed with error: 34"
// (CP2K), "cuCtxCreate returned 2", "cuMemAlloc ... error=2", glog's CHECK of it ("Check failed:
// cuDeviceGetCount(&n) == CUDA_SUCCESS (3 == 0)": the value, then the expected). The driver's functions are "cu" and a
// capitalised word (cuda.h: cuInit, cuCtxCreate, cuMemAlloc, cuModuleLoad); the libraries' names
// (cuDNN, cuBLAS, cuFFT) are capitals throughout and are not taken. The number is looked up in
// cuda.h's CUresult, never cudaError_t: the two enumerations differ.
// Where `line` names a driver API call (cuInit, cuMemAlloc: "cu", a capital, a small letter), or npos.
std::size_t driver_call_at(std::string_view line) {
  for (std::size_t at = 0; at + 3 < line.size(); ++at)
    if (line[at] == 'c' && line[at + 1] == 'u' && std::isupper(static_cast<unsigned char>(line[at + 2])) &&
        std::islower(static_cast<unsigned char>(line[at + 3])) && (at == 0 || !ident_char(line[at - 1])))
      return at;
  return std::string_view::npos;
}

std::optional<Match> driver_call_failed(std::string_view line, const std::string& l) {
  const std::size_t at = driver_call_at(line);
  if (at == std::string_view::npos) return std::nullopt;
  // "error 2", "returned 201", "err=2", the PGI/NVHPC runtime's "cuMemHostAlloc returns error code 201".
  for (const long n : numbers_after(l, {"error code", "error", "returned", "err=", "== cuda_success"}, {" :=(", false, 4, "."}, at))
    if (const CudaErrorCode* c = n == 0 ? nullptr : cuda_driver_error(static_cast<int>(n))) return from_cuda(*c);
  return std::nullopt;
}

// Numba's driver wrapper (numba/cuda/cudadrv/driver.py) raises CudaAPIError(retcode, msg) with the
// CUresult the driver call returned, printed "CudaAPIError(217, 'Call to ... results in ...')" or
// "CudaAPIError: [217] Call to ..."; its linker's "LinkerError: [218] Call to cuLinkAddData results in
// UNKNOWN_CUDA_ERROR": the number is cuda.h's, whatever name numba's table had for it.
std::optional<Match> numba_api_error(const std::string& l) {
  for (const long n : numbers_after(l, {"cudaapierror(", "cudaapierror: [", "linkererror: ["}, {"", false, 9, ""}))
    if (const CudaErrorCode* c = n == 0 ? nullptr : cuda_driver_error(static_cast<int>(n))) return from_cuda(*c);
  return std::nullopt;
}

// XLA's GPU allocator out of device memory, as JAX and TensorFlow's XLA report it: the status
// RESOURCE_EXHAUSTED with "Failed to allocate request for 2.99GiB (3206250496B) on device ordinal 0"
// or "Out of memory while trying to allocate ...": the same fact as cudaErrorMemoryAllocation.
std::optional<Match> xla_out_of_memory(const std::string& l) {
  if (l.find("resource_exhausted") == std::string::npos) return std::nullopt;
  if (l.find("failed to allocate") == std::string::npos && l.find("out of memory") == std::string::npos) return std::nullopt;
  return from_cuda(*cuda_runtime_error(2));
}

// TensorRT's logger when the CUDA runtime it calls fails at start: "[TRT] [W] CUDA initialization
// failure with error: 35. Please check your CUDA installation" - the number is the cudaError_t
// (35, cudaErrorInsufficientDriver: the runtime TensorRT loaded needs a newer driver).
std::optional<Match> tensorrt_cuda_init_failure(const std::string& l) {
  for (const long n : numbers_after(l, {"cuda initialization failure with error"}, {" :", false, 4, ""}))
    if (const CudaErrorCode* c = n == 0 ? nullptr : cuda_runtime_error(static_cast<int>(n))) return from_cuda(*c);
  return std::nullopt;
}

std::size_t words(std::string_view s) {
  std::size_t n = 0;
  bool in = false;
  for (char c : s) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    n += !space && !in ? 1 : 0;
    in = !space;
  }
  return n;
}

// A long message a paste wrapped onto the next line ("> CUDA error: no kernel image is available for"
// / "> execution on the device"): the line ends with at least five of its words, from a start.
const CudaErrorCode* wrapped_message(const std::string& l, const std::vector<std::size_t>& starts,
                                     const std::vector<std::pair<std::string, const CudaErrorCode*>>& messages) {
  std::string_view tail = l;
  while (!tail.empty() && std::isspace(static_cast<unsigned char>(tail.back()))) tail.remove_suffix(1);
  for (std::size_t s : starts) {
    if (s >= tail.size()) continue;
    const std::string_view rest = tail.substr(s);
    if (words(rest) < 5) continue;
    for (const auto& [msg, code] : messages)
      if (msg.size() > rest.size() && msg.compare(0, rest.size(), rest) == 0 && msg[rest.size()] == ' ') return code;
  }
  return nullptr;
}

// The NVHPC (formerly PGI) Fortran runtime's report of a device array statement or a data transfer
// that failed, its rank first: "0: DEALLOCATE: unspecified launch failure", "0: ALLOCATE: 8000000000
// bytes requested; status = 2(out of memory)", "0: copyin Symbol Memcpy (dev=0x639420, ..., size=8,
// offset=0) FAILED: 10(invalid device ordinal)". The text after it is the CUDA runtime's message
// (cudaGetErrorString; the number is the runtime's of its day).
bool nvhpc_fortran_line(const std::string& l) {
  std::size_t at = l.find_first_not_of(' ');
  const std::size_t digits = at == std::string::npos ? 0 : l.find_first_not_of("0123456789", at);
  if (at == std::string::npos || digits == std::string::npos || digits == at) return false;
  if (l.compare(digits, 12, ": allocate: ") == 0 || l.compare(digits, 14, ": deallocate: ") == 0) return true;
  return l.compare(digits, 2, ": ") == 0 && l.find("memcpy", digits) != std::string::npos && l.find(") failed: ", digits) != std::string::npos;
}

// UCX, the communication library under Open MPI, NCCL's UCX plugin and HPC-X, in its own log format
// ("sock.c:334  UCX  ERROR   connect(...) failed: Connection refused", "ib_md.c:1550 UCX  WARN  mlx5_1:
// relaxed order memory access requested, but unsupported"): the network path, not the GPU - unless
// the line carries a CUDA error, which the readers before this one take.
std::optional<Match> ucx_message(const std::string& l) {
  if (l.find("ucx  error") == std::string::npos && l.find("ucx  warn") == std::string::npos) return std::nullopt;
  return from_meaning(ErrorMeaning{kClassUnknown, "network-library-message", "",
                                   "UCX (the communication library under MPI and NCCL's UCX plugin) reported a problem with the "
                                   "network path - the adapter, its memory registration or the connection to another node: it "
                                   "says nothing about the GPU"},
                      "UCX: its own log line", "");
}

// A program that runs nvcc by its path and finds nothing there (Python's "FileNotFoundError: [Errno 2]
// No such file or directory: '/usr/local/cuda/bin/nvcc'", vLLM's and PyTorch's extension builds): the
// CUDA toolkit is not installed where CUDA_HOME says. Not "nvcc fatal : ... No such file" (a source
// file the compiler was given).
std::optional<Match> nvcc_not_there(const std::string& l) {
  const std::size_t at = l.find("no such file or directory: ");
  if (at == std::string::npos || l.find("nvcc fatal") != std::string::npos) return std::nullopt;
  std::string_view path = std::string_view(l).substr(at + 27);
  while (!path.empty() && (path.back() == '\'' || path.back() == '"' || std::isspace(static_cast<unsigned char>(path.back()))))
    path.remove_suffix(1);
  if (!path.ends_with("/nvcc") && !path.ends_with("\\nvcc.exe")) return std::nullopt;
  return from_meaning(ErrorMeaning{kClassSoftware, "cuda-toolkit-missing", "high",
                                   "the CUDA toolkit's compiler (nvcc) is not where the program looks for it (CUDA_HOME): install "
                                   "the CUDA toolkit matching the framework's CUDA, or point CUDA_HOME at it"},
                      "a program running nvcc by its path", "");
}

bool starts_with_any(std::string_view s, std::initializer_list<std::string_view> prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(), [&](std::string_view p) { return s.starts_with(p); });
}

// A program comparing its own version with the CUDA it finds ("OSError: MindSpore version 1.0.0 and cuda
// version 10.0 does not match", "... CUDA versions do not match"): the install mixes a build for one CUDA
// with another CUDA. Medium: it says the versions differ, not which one is wrong.
std::optional<Match> cuda_versions_do_not_match(const std::string& l) {
  const std::size_t at = l.find("cuda version");
  if (at == std::string::npos || (l.find("does not match", at) == std::string::npos && l.find("do not match", at) == std::string::npos))
    return std::nullopt;
  return from_meaning(ErrorMeaning{kClassSoftware, "toolkit-mismatch", "medium",
                                   "the program was built for another CUDA version than the one it finds (the line names both): "
                                   "install the build of the program for the installed CUDA, or the CUDA its build names"},
                      "a program's CUDA version check", "");
}

// A jax whose jaxlib (or CUDA plugin) is of another release: Python's AttributeError on a jaxlib module
// ("Unable to initialize backend 'cuda': module 'jaxlib.xla_extension' has no attribute
// 'GpuAllocatorConfig'"): jax calls what its jaxlib does not have.
std::optional<Match> jaxlib_mismatch(const std::string& l) {
  const std::size_t at = l.find("module 'jaxlib");
  if (at == std::string::npos || l.find("has no attribute", at) == std::string::npos) return std::nullopt;
  return from_meaning(ErrorMeaning{kClassSoftware, "jaxlib-mismatch", "high",
                                   "jax calls a function its installed jaxlib does not have: jax and jaxlib (or its CUDA plugin, "
                                   "jax-cuda12-plugin) are of different releases: install matching versions (pip install -U "
                                   "\"jax[cuda12]\")"},
                      "JAX: jax and jaxlib of different releases", "");
}

// CMake's FindPackageHandleStandardArgs for a package of the CUDA toolkit ("Could NOT find CUBLAS
// (missing: CUDA_TOOLKIT_INCLUDE CUDA_CUDART_LIB)", "Could NOT find CUDAToolkit (missing:
// CUDAToolkit_INCLUDE_DIR)", FindCUDA's "Could NOT find CUDA (missing: CUDA_NVCC_EXECUTABLE ...)") and
// CMake's CUDA language without a compiler ("No CMAKE_CUDA_COMPILER could be found"): the build found
// no CUDA toolkit, or not the part the line names.
std::optional<Match> cmake_cuda_not_found(const std::string& l) {
  if (l.find("no cmake_cuda_compiler could be found") != std::string::npos)
    return from_meaning(ErrorMeaning{kClassSoftware, "cuda-toolkit-missing", "high",
                                     "CMake found no CUDA compiler (nvcc) to build the project's CUDA code: install the CUDA "
                                     "toolkit, or point CMake at it (CUDACXX, CMAKE_CUDA_COMPILER)"},
                        "CMake: no CUDA compiler", "");
  const std::size_t at = l.find("could not find ");
  if (at == std::string::npos || l.find(" (missing: ", at) == std::string::npos) return std::nullopt;
  if (!starts_with_any(std::string_view(l).substr(at + 15), {"cuda", "cublas", "cudnn", "cufft", "curand", "cusolver", "cusparse",
                                                                "cutensor", "nccl", "nvrtc", "nvml", "cupti", "tensorrt", "nvinfer"}))
    return std::nullopt;
  return from_meaning(ErrorMeaning{kClassSoftware, "cuda-toolkit-missing", "medium",
                                   "the build could not find part of the CUDA toolkit (the line names the package and what was "
                                   "missing): install the toolkit's development files for that package, or point CMake at them "
                                   "(CUDAToolkit_ROOT, the package's _ROOT or _DIR variable)"},
                      "CMake: a CUDA package not found", "");
}

// A package manager that cannot install the NVIDIA driver's or CUDA's packages together: apt's unmet
// dependency ("libidg-cuda0 : Depends: libnvidia-compute-418-server but it is not going to be
// installed", "... but 535.54.03-1 is to be installed") and dnf's ("nothing provides libnvidia-ml.so.1
// needed by ..."). Packages from two repositories or driver branches are mixed, or some are held.
std::optional<Match> driver_packages_unmet(const std::string& l) {
  std::size_t at = l.find("depends: ");
  std::size_t from = at == std::string::npos ? at : at + 9;
  if (at != std::string::npos && l.find(" to be installed", at) == std::string::npos && l.find("not installable", at) == std::string::npos)
    from = std::string::npos;
  if (from == std::string::npos && (at = l.find("nothing provides ")) != std::string::npos && l.find(" needed by ", at) != std::string::npos)
    from = at + 17;
  if (from == std::string::npos) return std::nullopt;
  if (!starts_with_any(std::string_view(l).substr(from), {"nvidia-", "libnvidia-", "cuda-", "libcuda", "libcudnn", "libnccl",
                                                            "xserver-xorg-video-nvidia", "kmod-nvidia"}))
    return std::nullopt;
  return from_meaning(ErrorMeaning{kClassSoftware, "driver-packages-conflict", "medium",
                                   "the package manager cannot install the NVIDIA driver's or CUDA's packages together (the line "
                                   "names the one it cannot): packages from two repositories or driver branches are mixed, or some "
                                   "are held: install one branch from one source (apt policy / dnf list show where each comes from)"},
                      "package manager: NVIDIA packages not installable", "");
}

// A CUDA library the program's build needs that the loader could not load, in a loader's or the
// program's words: TensorFlow's "Could not load dynamic library 'cudart64_101.dll'" / 'libcudnn.so.8',
// CuPy's "failed to load nvrtc64_120_0.dll", the dynamic loader's own ("prog: error while loading shared
// libraries: libcudart.so.12: cannot open shared object file", ld.so(8)). The library is one of the CUDA toolkit's (runtime, cuDNN,
// cuBLAS, NVRTC, ...) by its file name on Linux or Windows. Medium: TensorFlow prints the same warning
// on a machine meant to run on the CPU.
std::optional<Match> cuda_library_not_loaded(const std::string& l) {
  // ONNX Runtime's CUDA or TensorRT provider DLL that Windows could not load for a DLL it depends on
  // (provider_bridge_ort.cc: "LoadLibrary failed with error 126 ... onnxruntime_providers_cuda.dll";
  // 126 is ERROR_MOD_NOT_FOUND): the CUDA or cuDNN DLLs its release needs are not on PATH.
  if (l.find("loadlibrary failed with error 126") != std::string::npos &&
      (l.find("providers_cuda") != std::string::npos || l.find("providers_tensorrt") != std::string::npos))
    return from_meaning(ErrorMeaning{kClassSoftware, "cuda-library-missing", "medium",
                                     "ONNX Runtime's GPU provider could not be loaded because a DLL it depends on is missing "
                                     "(Windows error 126): install the CUDA and cuDNN versions its release names and put them "
                                     "on PATH"},
                        "ONNX Runtime: its GPU provider DLL not loaded", "");
  bool loading = false;
  for (const char* words : {"could not load dynamic library", "failed to load", "cannot load", "unable to load", "could not load",
                            "error while loading shared libraries", "cannot open shared object file"})
    loading = loading || l.find(words) != std::string::npos;
  if (!loading) return std::nullopt;
  // RAPIDS' libraries (libcudf, libcuml, libcugraph, librmm) are CUDA libraries of the install too.
  for (const char* lib : {"cudart", "cudnn", "cublas", "nvrtc", "cufft", "curand", "cusolver", "cusparse", "nccl", "cudf", "cuml",
                          "cugraph", "rmm"})
    for (std::size_t at = l.find(lib); at != std::string::npos; at = l.find(lib, at + 1)) {
      const bool linux = at >= 3 && l.compare(at - 3, 3, "lib") == 0 && l.compare(at + std::strlen(lib), 3, ".so") == 0;
      const std::size_t dll = l.find(".dll", at);
      const bool windows = (at == 0 || !ident_char(l[at - 1])) && dll != std::string::npos && dll - at < 24;
      if (linux || windows)
        return from_meaning(ErrorMeaning{kClassSoftware, "cuda-library-missing", "medium",
                                         "a CUDA library the program's build needs (the line names it) could not be loaded: it "
                                         "is not installed, not on the library path (PATH on Windows), or of another version "
                                         "than the build's"},
                            "a loader: a CUDA library not loaded", "");
    }
  return std::nullopt;
}

// CUDA's own printout of a device-side assert() (the kernel's file, line and function, often empty in
// a release build, then "block: [2435,0,0], thread: [0,70,0] Assertion `...` failed."): the program's
// own check failed on the GPU, cudaErrorAssert (710).
std::optional<Match> device_assertion(const std::string& l) {
  const std::size_t block = l.find("block: [");
  if (block == std::string::npos || l.find("thread: [", block) == std::string::npos) return std::nullopt;
  const std::size_t assertion = l.find("assertion `", block);
  if (assertion == std::string::npos || l.find("` failed", assertion) == std::string::npos) return std::nullopt;
  const CudaErrorCode* c = cuda_runtime_error(710);
  if (!c) return std::nullopt;
  return from_cuda(*c);
}

// Thrust's system_error texts around a CUDA error ("what():  extrema failed on 1st step: invalid device
// function", "device free failed: driver shutting down") and ArrayFire's CUDA back end's ("CU Error
// (8): invalid device function"), which name the runtime's message without the word CUDA.
bool thrust_or_arrayfire_line(const std::string& l) {
  for (const char* words : {"thrust::", "failed on 1st step: ", "failed on 2nd step: ", "device free failed: ", "device malloc failed: ",
                            "cu error ("})
    if (l.find(words) != std::string::npos) return true;
  return false;
}

// The longest runtime message the text starts with (quoted or after a marker), or that appears
// anywhere when it has four words or more.
std::optional<Match> by_message(std::string_view line, const std::string& l) {
  // A line of CUDA's, of a driver API call's ("cuInit(): unknown error", hashcat's cuGetErrorString
  // after the call), of the NVHPC Fortran runtime's or of cuStateVec's simulators, which print the
  // runtime's strings under that tag.
  const bool cuda_line = l.find("cuda") != std::string::npos || l.find("-> ") != std::string::npos ||
                         l.find("custatevec") != std::string::npos || driver_call_at(line) != std::string_view::npos ||
                         nvhpc_fortran_line(l) || thrust_or_arrayfire_line(l);
  // Where a tool puts the message: after ": ", "-> ", an opening quote, "cuda error", "failed", or the word
  // "CUDA" itself (PyTorch's "CUDA out of memory. Tried to allocate ...", "CUDA unknown error - ...").
  std::vector<std::size_t> starts;
  if (cuda_line)
    for (std::size_t i = 0; i < l.size(); ++i) {
      if (l[i] == '\'' || l[i] == '"' || l[i] == '`') starts.push_back(i + 1);
      else if (l.compare(i, 2, ": ") == 0 || l.compare(i, 3, "-> ") == 0) starts.push_back(i + (l[i] == ':' ? 2 : 3));
      // After a dash: COLMAP's and many CUDA_CHECK macros' "CUDA error at file.cu:123 - unspecified launch failure".
      else if (l.compare(i, 3, " - ") == 0) starts.push_back(i + 3);
      // In parentheses: after a status number ("status = 2(out of memory)", "FAILED: 700(an illegal
      // memory access ...)") or a call (Cycles' "Failed to load CUDA kernel from '...' (Unsupported PTX version)").
      else if (l[i] == '(') starts.push_back(i + 1);
      // After glog's CHECK_EQ values, where Caffe's CUDA_CHECK streams the message: "Check failed: error ==
      // cudaSuccess (8 vs. 0)  invalid device function" (the number of a runtime older than CUDA 10.1).
      else if (l.compare(i, 3, ")  ") == 0) starts.push_back(i + 3);
      else if (l.compare(i, 11, "cuda error ") == 0) starts.push_back(i + 11);
      // After a log tag: "[custatevec] %initialization error in ..." (CUDA-Q's wrapper prints a stray '%').
      else if (l.compare(i, 2, "] ") == 0) starts.push_back(i + 2 + (l.compare(i + 2, 1, "%") == 0 ? 1 : 0));
      // After a call's failure, unpunctuated: "cudaGetDeviceCount failed initialization error"
      // (AutoDock-GPU), "CUDA failed with error out of memory" (CTranslate2's CUDA_CHECK).
      else if (l.compare(i, 18, "failed with error ") == 0) starts.push_back(i + 18);
      else if (l.compare(i, 7, "failed ") == 0 && (i == 0 || l[i - 1] == ' ')) starts.push_back(i + 7);
      else if (l.compare(i, 5, "cuda ") == 0 && (i == 0 || !ident_char(l[i - 1]))) starts.push_back(i + 5);
    }
  // The runtime's messages lower-cased once, without their final period (every line asks).
  static const std::vector<std::pair<std::string, const CudaErrorCode*>> messages = [] {
    std::vector<std::pair<std::string, const CudaErrorCode*>> out;
    for (const auto& c : cuda_runtime_errors()) {
      std::string msg = lower(c.message);
      while (!msg.empty() && msg.back() == '.') msg.pop_back();
      if (msg.size() >= 6) out.emplace_back(std::move(msg), &c);
      // Older runtimes' text for 46 (CUDA 10 and before): "all CUDA-capable devices are busy or unavailable".
      if (c.number == 46) out.emplace_back("all cuda-capable devices are busy or unavailable", &c);
    }
    // A CUresult's name in words, as programs that print cuGetErrorName's suffix spell it (Blender
    // Cycles' CUEW: "Unsupported PTX version", "No binary for GPU"): three words or more, so that no
    // common phrase ("invalid value") is taken for a code.
    for (const auto& c : cuda_driver_errors()) {
      std::string words = lower(std::string_view(c.name).substr(std::string_view("CUDA_ERROR_").size()));
      std::replace(words.begin(), words.end(), '_', ' ');
      if (std::string_view(c.name).rfind("CUDA_ERROR_", 0) == 0 && std::count(words.begin(), words.end(), ' ') >= 2)
        out.emplace_back(std::move(words), &c);
    }
    return out;
  }();
  const CudaErrorCode* best = nullptr;
  std::size_t best_len = 0;
  for (const auto& [msg, code] : messages) {
    const CudaErrorCode& c = *code;
    if (msg.size() <= best_len) continue;
    bool found = false;
    for (std::size_t s : starts) found = found || (s < l.size() && l.compare(s, msg.size(), msg) == 0);
    // Anywhere on the line only for the runtime's own messages: a CUresult's name in words is a phrase.
    if (!found && words(msg) >= 4 && std::string_view(c.name).rfind("CUDA_ERROR_", 0) != 0) found = l.find(msg) != std::string::npos;
    if (found) best = &c, best_len = msg.size();
  }
  if (!best) best = wrapped_message(l, starts, messages);
  if (!best || best->number == 0) return std::nullopt;
  return from_cuda(*best);
}

// "code=214(...)", "returned 100", "error 801", "cuda runtime error (2)", "error code 3" on a line
// that mentions CUDA.
std::optional<Match> by_number(const std::string& l) {
  if (l.find("cuda") == std::string::npos && l.find("cu error (") == std::string::npos) return std::nullopt;
  // nvdiffrast's "Cuda error: 400[cudaGraphicsMapResources(...)]": the number right after "error: ".
  // Not a date or time after a log level (vLLM's "ERROR 03-28 21:38:23 ...", "error 2024/03/28").
  for (const long n : numbers_after(l, {"code=", "returned ", "error code ", "error (", "error ", "err=", "cuda error: "}, {"", false, 6, ".:-/"})) {
    const CudaErrorCode* c = n == 0 ? nullptr : cuda_runtime_error(static_cast<int>(n));
    if (!c) continue;
    Match m = from_cuda(*c);
    m.weak = true;
    return m;
  }
  return std::nullopt;
}

// A paste that went through a word processor or a forum has typographic quotes ("couldn‘t",
// “...”): the catalogues' texts are matched with the plain ones.
std::string plain_quotes(std::string_view line) {
  std::string out(line);
  for (const auto& [from, to] : {std::pair<std::string_view, std::string_view>{"\u2018", "'"}, {"\u2019", "'"}, {"\u201c", "\""},
                                 {"\u201d", "\""}})
    for (std::size_t at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size())) out.replace(at, from.size(), to);
  return out;
}

std::optional<Match> catalogue_match(std::string_view line, const std::string& l);

// nvidia-smi's (or NVML's) words first; where their code is one NVML's table does not name ("Failed to
// initialize NVML: LibloadingError(DlOpen { ... libnvidia-ml.so: cannot open shared object file ... })"),
// the other catalogues may still read the reason, and decide.
std::optional<Match> on_line(std::string_view line) {
  const std::string l = lower(line);
  std::optional<Match> smi_match;
  if (auto smi = nvidia_smi_message(line)) {
    smi_match = from_meaning(smi->meaning, smi->source, smi->reference);
    smi_match->e.gpu = smi->gpu;
    if (smi->meaning.cls != kClassUnknown) return smi_match;
  }
  if (auto m = catalogue_match(line, l)) return m;
  return smi_match;
}

std::optional<Match> catalogue_match(std::string_view line, const std::string& l) {
  for (const auto& table : {driver_messages(), build_messages(), cpu_only_messages()})
    for (const auto& d : table)
      if (l.find(d.needle) != std::string::npos)
        return from_meaning(ErrorMeaning{kClassSoftware, d.kind, "high", d.meaning}, d.source, "");
  for (const auto& d : no_gpu_messages())
    if (l.find(d.needle) != std::string::npos)
      return from_meaning(ErrorMeaning{kClassSoftware, d.kind, "medium", kProgramSeesNoGpu}, d.source, "");
  if (auto m = driver_library_missing(l)) return from_meaning(*m, "dynamic loader: a driver library missing", "");
  if (auto m = sycl_cuda_plugin_missing(l)) return from_meaning(*m, "SYCL runtime: its CUDA plugin not loaded", "");
  if (auto m = driver_tool_missing(l)) return from_meaning(*m, "shell or container runtime: a driver tool missing", "");
  if (auto m = mps_daemon_missing(l)) return from_meaning(*m, "CUDA MPS: no control daemon", "");
  if (auto m = container_runtime_error(l)) return from_meaning(*m, "NVIDIA container runtime (nvidia-container-cli)", "");
  for (const auto& c : kClassedMessages)
    if (l.find(c.needle) != std::string::npos) return from_meaning(ErrorMeaning{c.cls, c.kind, "", c.meaning}, c.source, "");
  if (auto m = gpudirect_module_failed(l)) return from_meaning(*m, "GPUDirect RDMA: the peer-memory module", "");
  if (auto m = driver_image_missing(l)) return from_meaning(*m, "GPU Operator: no driver image for this node", "");
  if (auto m = gpu_device_file_missing(line, l)) return from_meaning(*m, "container runtime or Slurm: the GPU's device file missing", "");
  if (auto m = gpu_answer_rejected(line, l)) return from_meaning(*m, "XMRig: a GPU result failed the CPU's check", "");
  if (auto m = driver_module_build_failed(l)) return from_meaning(*m, "driver install: the kernel module did not build", "");
  if (auto m = ffmpeg_driver_library_missing(l)) return from_meaning(*m, "FFmpeg: a driver library missing", "");
  if (auto m = nouveau_in_use(line, l)) return from_meaning(*m, "the nouveau driver in use", "");
  if (auto m = nvidia_shader_error(line)) return from_meaning(*m, "NVIDIA's GLSL compiler", "");
  if (auto m = rmm_error(l)) return from_meaning(*m, "RAPIDS memory manager (RMM)", "");
  if (auto m = dxgi_device_lost(l)) return from_meaning(*m, "Direct3D (DXGI): device lost", "");
  if (auto m = mig_without_instances(l)) return from_meaning(*m, "kernel driver (NVRM): MIG enabled, no GPU instance", "");
  if (auto m = nvidia_docker_cuda_check(l)) return from_meaning(*m, "nvidia-docker 1.0: image CUDA above the driver's", "");
  if (auto m = gpu_share_limit_reached(l)) return from_meaning(*m, "HAMi-core: the GPU share's memory limit", "");
  if (auto m = nccl_topology_unreadable(l)) return from_meaning(*m, "NCCL: topology XML attribute not found", "");
  if (auto m = nccl_net_plugin_without_provider(l)) return from_meaning(*m, "aws-ofi-nccl: no libfabric provider", "");
  if (auto m = nccl_duplicate_gpu(l)) return from_meaning(*m, "NCCL: two ranks on one GPU", "");
  if (auto m = gsp_firmware_not_loaded(l)) return from_meaning(*m, "kernel firmware loader: the driver's GSP firmware", "");
  if (auto m = gpu_arch_check(l)) return from_meaning(*m, "PyTorch TORCH_CHECK on the GPU's architecture", "");
  if (auto m = toolkit_without_architecture(l)) return from_meaning(*m, "nvcc / ptxas: an architecture it does not know", "");
  if (auto m = vfio_group_not_viable(l)) return from_meaning(*m, "QEMU VFIO: IOMMU group not viable", "");
  if (auto m = nvml_symbol_missing(l)) return from_meaning(*m, "dynamic loader: an NVML function missing", "");
  if (auto m = cuda_symbol_missing(line, l)) return from_meaning(*m, "dynamic loader: a CUDA function missing", "");
  if (auto m = cublas_error(line)) return from_status(*m, "cuBLAS", "cublas_api.h");
  if (auto m = nvenc_error(line, l)) return from_status(*m, "NVENC", "nvEncodeAPI.h");
  if (auto m = optix_error(line, l)) return from_status(*m, "OptiX", "optix_7_types.h");
  if (auto m = vulkan_error(line, l)) return from_status(*m, "Vulkan", "vulkan_core.h");
  if (auto m = vulkan_loader_icd_failed(l)) return from_meaning(*m, "Vulkan-Loader: an ICD could not be used", "");
  if (auto m = ibverbs_error(line, l)) return from_status(*m, "ibverbs", "infiniband/verbs.h");
  if (auto m = opencl_error(line, l)) return from_status(*m, "OpenCL", "CL/cl.h");
  for (const auto& p : kPeerMessages)
    if (l.find(p.needle) != std::string::npos && (p.needle[0] != ')' || l.find("peer access from") != std::string::npos))
      return from_meaning(ErrorMeaning{kClassNoPeer, p.kind, p.confidence, p.meaning},
                          std::string(p.needle[0] == ')' || p.needle[0] == 'v' ? "CUDA samples: "
                                      : p.needle[0] == 'y'                     ? "vLLM: "
                                                                               : "NCCL: ") +
                              p.kind,
                          "");
  if (auto m = xla_out_of_memory(l)) return m;
  if (auto m = device_assertion(l)) return m;
  if (auto m = nvcc_not_there(l)) return m;
  if (auto m = cuda_library_not_loaded(l)) return m;
  if (auto m = cmake_cuda_not_found(l)) return m;
  if (auto m = jaxlib_mismatch(l)) return m;
  if (auto m = cuda_versions_do_not_match(l)) return m;
  if (auto m = driver_packages_unmet(l)) return m;
  if (auto m = tensorrt_cuda_init_failure(l)) return m;
  if (auto m = by_name(line)) return m;
  if (auto m = driver_call_failed(line, l)) return m;
  if (auto m = numba_api_error(l)) return m;
  if (auto m = by_message(line, l)) return m;
  if (auto m = by_number(l)) return m;
  return ucx_message(l);
}

// The words that make a line one about the GPU: NVIDIA's, its libraries' (cuBLAS and cuDNN name their
// own statuses: "CUBLAS_STATUS_ALLOC_FAILED"; the toolkit's other math libraries, cuSOLVER, cuFFT,
// cuSPARSE, cuRAND, cuTENSOR, as a missing "libcusolver.so.10" names them; NVRTC; TensorRT, whose logger tags its lines "[TRT]"; the
// Video Codec SDK's NVENC, NVDEC/CUVID and nvJPEG, as FFmpeg names its h264_nvenc and h264_cuvid), its GPU manager's (DCGM: `dcgmi diag` errors name no
// GPU otherwise), nouveau (the open-source driver of NVIDIA's GPUs), and its Jetson modules' (NVIDIA Jetson Linux Developer Guide: Jetson, Tegra and its
// flash tools tegraflash/tegrarcm/tegradevflash, L4T; the integrated GPU's driver nvgpu and its chips
// as nvgpu names them: gk20a TK1, gm20b TX1, gp10b TX2, gv11b Xavier, ga10b Orin); its Windows driver's
// files, which a crash record names without the word NVIDIA (nvlddmkm.sys the kernel-mode driver,
// nvoglv64.dll OpenGL, nvwgf2umx.dll Direct3D, nvapi64.dll NVAPI); the GPU's own APIs, OpenGL and
// Vulkan, whose errors ("Using glBindFramebuffer with no OpenGL context") name no vendor, with the
// GL client library's and VirtualGL's tags ("libGL error: failed to load driver", "[VGL] ERROR");
// a GPU passed through to a VM (vfio, "/dev/vfio/N"); NVIDIA's PCI vendor id 0x10DE in the
// kernel's modalias form ("pci:v000010DEd00002236...", the form lspci writes [10de:2236]); a CUDA
// source file a log line names ("conv_cutlass_kernels.cu:138] Check failed", dmlc's
// "updater_gpu_hist.cu:123: ..."), NVIDIA's CUTLASS kernels and cuQuantum's libraries (cuStateVec,
// cuTensorNet, whose simulators tag their errors "custatevec ..."), and EGL's device displays, the
// headless rendering NVIDIA's libEGL provides (MuJoCo: "Cannot initialize a EGL device display"), with
// the EGL library's own tags and a program's failed start ("libEGL warning: DRI2: failed to create dri
// screen", "Unable to initialize EGL"); the CUDA compiler, nvcc; GPUDirect RDMA's nv_peer_mem;
// the toolkit's PTX assembler (nvcc's "'ptxas' died due to signal 11"); OpenCL, a GPU API like
// OpenGL ("There are no OpenCL devices available"); and the NVIDIA HPC SDK's OpenACC runtime's
// "FATAL ERROR: data in update host clause was not found on device 1"; TensorRT's libraries
// (libnvinfer, libnvinfer_plugin) a loader cannot open; NVIDIA's sparse direct solver cuDSS and the
// nvmath-python bindings that raise its statuses ("nvmath.bindings.cudss.cuDSSError: INVALID_VALUE (3)");
// ONNX Runtime's execution providers ("Applied providers: ['CPUExecutionProvider']": whether its CUDA
// provider was used); and an inference engine's throughput, the GPU's delivered work in tokens or
// requests a second (vLLM's benchmark "Throughput: 5.99 requests/s", MLC's "decode: 27.6 tok/s",
// "decode_rate 19.3 tokens/sec", koboldcpp's "GenerationSpeed: 3.76T/s"); the driver's kernel thread
// nv_queue (the kernel's "INFO: task nv_queue:1890 blocked for more than 122 seconds"); and the
// graphics buffers a compositor or client asks the driver for, GBM's and dma-buf's ("Failed to create GBM
// buffer of size 1024x800", Wayland's "importing the supplied dmabufs failed"); nvidia-smi refusing a
// query field ("Field \"temperature.memory\" is not a valid field to query."); and the video engines'
// APIs, VA-API (Chromium's vaapi_wrapper.cc, nvidia-vaapi-driver) and NVIDIA's VDPAU, with Chromium's
// decoder errors ("VDA Error 4"); and Movit, MLT's OpenGL effects library ("filter_movit_convert.cpp:204:
// ... Assertion `effect' failed"); and DirectML, Direct3D 12's machine-learning layer (a crash "in
// DirectML.dll", torch-directml's device); and the GPU data-science libraries by their module names,
// RAPIDS' cuDF, cuML, cuGraph and cuSpatial and CuPy ("cannot import name 'check_array' from
// 'cuml.thirdparty_adapters'"; CuPy only as a module or package name, "cupy" being part of "occupy"); and
// Omniverse Kit's RTX renderer plugins ("[rtx.scenedb.plugin] Failed to create nrend renderer",
// "librtx.scenedb.plugin.so", "omni.hydra.rtx"); and PyTorch's extension builder running ninja
// (torch/utils/cpp_extension.py's _run_ninja_build frame), which builds a package's CUDA kernels; Thrust's
// exceptions ("thrust::system::system_error"); ArrayFire's device listing ("ArrayFire v3.6.2 (CUDA, ..."); and
// NVIDIA's GeForce and Quadro brands, which older drivers report without "NVIDIA" (vkpeak's "device =
// GeForce RTX 2070"); and the GL and Vulkan context set-up a GPU-rendered program does first, by EGL's,
// GLX's and GLFW's calls and errors and Vulkan's extension names ("eglCreateWindowSurface failed",
// "GLX: Failed to create context", "failed to find suitable GL configuration", "Instance extension
// \"VK_KHR_get_physical_device_properties2\" is not supported").
constexpr std::array<const char*, 99> kGpuWords{
    "nvidia", "cuda",  "gpu",   "nvml",     "nccl",  "dcgm",   "cublas", "cudnn", "cusolver", "cufft", "nouveau",
    "cusparse", "curand", "cutensor", "nvrtc", "tensorrt", "[trt]", "nvenc", "nvdec", "cuvid", "nvjpeg",
    "jetson", "tegra", "l4t",   "nvgpu",    "gk20a", "gm20b",  "gp10b",  "gv11b", "ga10b", "nvlddmkm", "nvoglv",
    "nvwgf2um", "nvapi", "opengl", "vulkan", "libgl", "[vgl]", "vfio", "v000010de", ".cu:", "cutlass",
    "custatevec", "cutensornet", "cuquantum", "egl device", "egl driver", "egl display", "ptxas", "opencl",
    "not found on device", "nvinfer", "libegl", "initialize egl", "nvcc", "nv_peer_mem", "cudss", "nvmath",
    "executionprovider", "tok/s", "tokens/s", "requests/s", "generationspeed:", "processingspeed:", "nv_queue", "gbm buffer",
    "gbm device", "gbm_bo", "dmabuf", "is not a valid field to query", "vaapi", "vdpau", "vda error", "movit", "directml",
    "cudf", "cuml", "cugraph", "cuspatial", "cupy.", "cupy-", "cupy_", "cupyx", "rtx.", "_run_ninja_build", "thrust::", "arrayfire v", "geforce", "quadro",
    "eglcreate", "eglinitialize", "eglgetdisplay", "eglchooseconfig", "glx", "gl context", "gl configuration", "glfw error",
    "vk_khr_", "vk_ext_"};
constexpr std::array<const char*, 7> kWrongWords{"error", "fail", "warn", "unable", "cannot", "not ", "no "};

}  // namespace

std::optional<SoftwareError> gpu_mention(std::string_view text, const std::string& file) {
  // The first line about the GPU that sounds wrong (an error, a warning, a "no ..."), else the first
  // line about the GPU at all: the one a reader would want quoted.
  std::optional<SoftwareError> first, telling;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size() && line_no < 100000 && !telling) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    pos = end + 1;
    if (line.size() <= 4096) {
      const std::string l = lower(line);
      const bool about_gpu = std::any_of(kGpuWords.begin(), kGpuWords.end(), [&](const char* w) { return l.find(w) != std::string::npos; });
      if (about_gpu) {
        SoftwareError e;
        e.kind = "gpu-log";
        e.cls = kClassUnknown;
        e.meaning = "a log that speaks of the GPU but holds no output gpuaudit reads and no error it knows: it decides "
                    "nothing about the GPU (nvidia-smi -q beside it would)";
        e.source = "a line about the GPU";
        e.text = trimmed(line);
        e.file = file;
        e.line = line_no;
        const bool sounds_wrong =
            std::any_of(kWrongWords.begin(), kWrongWords.end(), [&](const char* w) { return l.find(w) != std::string::npos; });
        if (sounds_wrong) telling = e;
        else if (!first) first = e;
      }
    }
    if (end == text.size()) break;
  }
  return telling ? telling : first;
}

bool machine_class(const std::string& cls) {
  return cls == kClassSoftware || cls == kClassGpuFault || cls == kClassMemory || cls == kClassNvlink || cls == kClassSliced ||
         cls == kClassNoPeer || cls == kClassWrongResults;
}

// CUDA cannot be used in a child forked after its parent initialised CUDA: PyTorch says so itself
// ("Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use the
// 'spawn' start method", torch/cuda/__init__.py), and a DataLoader worker that touches the GPU anyway
// gets cudaErrorInitializationError (3) where the same text shows the worker ("Caught RuntimeError in
// DataLoader worker process 0"). The program's start method, not the driver: initialisation
// failures in such a text are classed as the program's.
static void in_forked_worker(std::string_view text, std::vector<SoftwareError>& errors) {
  // Only a text with a CUDA initialisation error is read again (lower-cased, once).
  if (std::none_of(errors.begin(), errors.end(), [](const SoftwareError& e) { return e.kind == "cuda-init-failed"; })) return;
  const std::string l = lower(text.substr(0, std::min<std::size_t>(text.size(), 1 << 20)));
  const bool forked = l.find("cannot re-initialize cuda in forked subprocess") != std::string::npos ||
                      l.find("in dataloader worker process") != std::string::npos;
  if (!forked) return;
  for (auto& e : errors)
    if (e.kind == "cuda-init-failed") {
      e.cls = kClassProgram;
      e.kind = "cuda-in-forked-worker";
      e.confidence = "";
      e.meaning = "CUDA was used in a process forked after its parent had initialised CUDA (a DataLoader or "
                  "multiprocessing worker): the program's start method, not the driver; use the 'spawn' start method "
                  "(multiprocessing.set_start_method('spawn')) or keep CUDA out of the workers";
    }
}

// The line's error, or, where a log wrapped a message right after the word CUDA ("ERROR: CUDA" /
// "out of memory. Tried to allocate 3.88 GiB ...": infinity's server log), the line joined with the
// next one (`rest` starts there).
std::optional<Match> on_line_or_wrapped(std::string_view line, std::string_view rest) {
  if (auto m = on_line(plain_quotes(line))) return m;
  std::string_view t = line;
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  // Rich's console log ends the line with its source, right-aligned: "ERROR: CUDA   batch_handler.py:574".
  if (const std::size_t gap = t.rfind("  "); gap != std::string_view::npos && t.find(".py:", gap) != std::string_view::npos &&
                                             std::isdigit(static_cast<unsigned char>(t.back())))
    t = t.substr(0, gap);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  if (t.size() < 4 || lower(t.substr(t.size() - 4)) != "cuda" || (t.size() > 4 && ident_char(t[t.size() - 5]))) return std::nullopt;
  std::string_view next = rest.substr(0, std::min(rest.find('\n'), rest.size()));
  while (!next.empty() && std::isspace(static_cast<unsigned char>(next.front()))) next.remove_prefix(1);
  if (next.empty() || next.size() > 4096) return std::nullopt;
  return on_line(plain_quotes(std::string(t) + " " + std::string(next)));
}

std::vector<SoftwareError> find_software_errors(std::string_view text, const std::string& file) {
  std::vector<Match> found;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size() && found.size() < 20) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    pos = end + 1;
    if (line.size() <= 4096)  // no message is that long; a binary blob is not scanned
      if (auto m = on_line_or_wrapped(line, text.substr(std::min(pos, text.size())))) {
        m->e.text = trimmed(line);
        m->e.file = file;
        m->e.line = line_no;
        // Once per kind and GPU: the same error printed for each of 8 GPUs, or again and again, is one fact.
        auto same = std::find_if(found.begin(), found.end(),
                                 [&](const Match& f) { return f.e.kind == m->e.kind && f.e.gpu == m->e.gpu; });
        if (same == found.end()) found.push_back(std::move(*m));
        else if (same->weak && !m->weak) *same = std::move(*m);
      }
    if (end == text.size()) break;
  }
  std::vector<SoftwareError> out;
  out.reserve(found.size());
  for (auto& f : found) out.push_back(std::move(f.e));
  in_forked_worker(text, out);
  return out;
}

json software_error_json(const SoftwareError& e) {
  json j{{"kind", e.kind}, {"class", e.cls}, {"meaning", e.meaning}, {"text", e.text}, {"file", e.file}, {"line", e.line}};
  if (!e.confidence.empty()) j["confidence"] = e.confidence;
  if (!e.source.empty()) j["source"] = e.source;
  if (!e.reference.empty()) j["reference"] = e.reference;
  if (!e.gpu.empty()) j["gpu"] = e.gpu;
  return j;
}

}  // namespace gpuaudit::imports
