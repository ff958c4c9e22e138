// The messages of software_messages.hpp, each with the program or document that prints it.
#include "import/errors/software_messages.hpp"

#include "import/errors/cuda_errors.hpp"

#include <array>

namespace gpuaudit::imports {

namespace {

// The kernel driver's (NVRM's) words for a broken install, and NVIDIA's containers' check of the
// host driver, which no CUDA or NVML code carries.
constexpr std::array kDriverMessages = std::to_array<DriverMessage>({
    // Managed Kubernetes' driver installers: GKE's (GoogleCloudPlatform/container-engine-accelerators:
    // "failed to verify GPU driver installation", "GPU driver auto installation is disabled") and the
    // GPU Operator's driver container whose image has no tag for this node's OS ("nvcr.io/nvidia/driver:
    // ... not found"): the node has no working driver.
    {"failed to verify gpu driver installation", "driver-install-failed", "GKE driver installer: verification failed",
     "the cluster's driver installer could not install or verify the NVIDIA driver on this node: its log above says why; "
     "the node has no working driver until it succeeds"},
    {"gpu driver auto installation is disabled", "driver-not-installed", "GKE driver installer: auto installation disabled",
     "the node pool was created without automatic driver installation and no driver was installed: create it with "
     "gpu-driver-version set, or deploy the driver installer DaemonSet"},
    // A GPU monitor's own words when NVML is not there (ngputop: "NVML library is not installed or not found
    // at the default path."): the driver's NVML, as the loader's "libnvidia-ml.so.1: cannot open".
    {"nvml library is not installed", "nvml-missing", "a program: NVML not found",
     "the driver's user-space library (libnvidia-ml) is not on this machine or not in this container: the driver is not "
     "installed, or the container was started without the NVIDIA runtime (docker --gpus all, runtimeClassName: nvidia)"},
    // A program's own minimum-driver check (Modular MAX: "MAX requires a minimum driver version of 580
    // and CUDA version 13.0. Your driver version is 570.211.01"): cudaErrorInsufficientDriver in its words.
    {"requires a minimum driver version of", "driver-too-old", "a program's minimum-driver check", kDriverOlderThanRuntime},
    // xmrig-cuda's check of cudaDriverGetVersion against the runtime it was built with: "Driver does not
    // support CUDA 12.5 API! Update your nVidia driver!" - cudaErrorInsufficientDriver in its own words.
    {"api! update your nvidia driver", "driver-too-old", "xmrig-cuda: driver older than its CUDA", kDriverOlderThanRuntime},
    // SheepIt's render client checking the driver against its renderer's CUDA ("Nvidia::getGpus driver
    // version too old: 460.32.03").
    {"driver version too old", "driver-too-old", "a program's driver check", kDriverOlderThanRuntime},
    // ethminer's CUDA miner (libethash-cuda: "CUDA error: Insufficient CUDA driver: 9020", the driver's
    // cudaDriverGetVersion below the runtime it was built with).
    {"insufficient cuda driver", "driver-too-old", "ethminer: driver older than its CUDA", kDriverOlderThanRuntime},
    // conda's solver (conda, mamba) against the __cuda virtual package, which it sets to the CUDA
    // version the driver supports (conda docs, "Managing virtual packages"): "package cudatoolkit-11.0.3-
    // ... has constraint __cuda >=11.0 conflicting with __cuda-10.2-0": the packages asked for need a
    // newer driver than this one.
    {"conflicting with __cuda-", "driver-too-old", "conda: the driver's __cuda below a package's need", kDriverOlderThanRuntime},
    // The CUDA toolkit's stub NVML (the GDK's libnvidia-ml.so, in .../lib64/stubs) prints, when a
    // program loads it instead of the driver's: "libnvidia-ml.so in GDK package is a stub library that
    // is attached only for build purposes" - the same fact as cudaErrorStubLibrary (34) for libcuda.
    {"in gdk package is a stub library", "driver-stub", "NVML: the toolkit's stub library loaded",
     "the program loaded the CUDA toolkit's stub libnvidia-ml instead of the driver's: the driver's libraries are missing "
     "(a container without the NVIDIA runtime) or LD_LIBRARY_PATH puts the stubs folder first"},
    // A client of one driver version talking to the loaded module of another.
    {"nvrm: api mismatch", "driver-library-mismatch", "kernel driver (NVRM): API mismatch",
     "the kernel module and the user-space NVIDIA driver differ (an upgrade without a reboot, or a container with another "
     "driver's libraries): reboot or reinstall the driver"},
    // The loaded module cannot find its GSP firmware file: the install is incomplete, not the GPU.
    {"no firmware image found", "driver-firmware-missing", "kernel driver (NVRM): no firmware image found",
     "the NVIDIA kernel module cannot find its GSP firmware file (an incomplete driver install or upgrade): reinstall the driver "
     "package that matches the module"},
    // nvidia-installer after building the module: "ERROR: Unable to load the kernel module 'nvidia.ko'.
    // This happens most frequently when this kernel module was built against the wrong or improperly
    // configured kernel sources ... or if another driver, such as nouveau, is present".
    {"unable to load the kernel module 'nvidia", "driver-not-loaded", "nvidia-installer: kernel module not loaded",
     "the NVIDIA kernel module was built but does not load: another driver holds the GPU (nouveau), Secure Boot refuses the "
     "unsigned module, or it was built against other kernel sources; no program can use the GPU until it loads"},
    // nvidia-installer when the module does not compile: "ERROR: Unable to build the NVIDIA kernel
    // module." (a driver branch older than the kernel's interfaces, the legacy 340/390/470 drivers on a
    // new kernel, or missing kernel headers; its log, /var/log/nvidia-installer.log, says which).
    {"unable to build the nvidia kernel module", "driver-install-failed", "nvidia-installer: kernel module not built",
     "the NVIDIA kernel module did not compile for this kernel (a driver branch older than the kernel, or the kernel's "
     "headers missing): no driver is loaded; use a driver branch that supports both the GPU and the kernel"},
    // modprobe (kmod) asked for a module the running kernel's /lib/modules has not got: "modprobe:
    // FATAL: Module nvidia not found in directory /lib/modules/6.8.0-87-generic", after a kernel
    // update the driver was not rebuilt for (a .run install, or DKMS without the kernel's headers).
    {"fatal: module nvidia", "driver-module-missing", "modprobe: no NVIDIA module for this kernel",
     "the running kernel has no NVIDIA kernel module (a kernel update the driver was not rebuilt for, or a driver never "
     "installed): install the kernel's headers and rebuild (dkms autoinstall), or reinstall the driver for this kernel"},
    // nvidia-installer's check of the kernel-module flavour against the GPUs ("WARNING: The 'MIT/GPL'
    // kernel modules are incompatible with the GPU(s) detected on this system"): NVIDIA's open kernel
    // modules support Turing and newer GPUs only, and Blackwell and newer need them (the driver
    // README's "Installing the NVIDIA Driver" on the open and proprietary module flavours).
    {"kernel modules are incompatible with the gpu", "driver-flavour-unsupported", "nvidia-installer: module flavour",
     "the flavour of NVIDIA kernel module chosen does not support this GPU: the open (MIT/GPL) modules need a Turing or "
     "newer GPU, and Blackwell and newer GPUs need them; install the other flavour"},
    // The driver's tools saying the kernel module is not there: nvidia-settings ("ERROR: NVIDIA driver
    // is not loaded"), nvidia-modprobe and older nvidia-smi ("NVIDIA: failed to load the NVIDIA kernel
    // module.").
    {"nvidia driver is not loaded", "driver-not-loaded", "NVIDIA driver tools: driver not loaded",
     "the NVIDIA kernel module is not loaded (not installed or not built for the running kernel): install the driver for "
     "this kernel, or load it (modprobe nvidia)"},
    {"failed to load the nvidia kernel module", "driver-not-loaded", "nvidia-modprobe: kernel module not loaded",
     "the NVIDIA kernel module could not be loaded (not built for the running kernel, or Secure Boot refused it unsigned): "
     "rebuild or sign it, or install the driver for this kernel"},
    // The module loaded but found no GPU it drives ("NVRM: No NVIDIA graphics adapter found!", and
    // insmod's "Error inserting nvidia ...: No such device"): a GPU this driver branch does not
    // support (a legacy card), or none passed into the VM.
    {"no nvidia graphics adapter found", "driver-no-supported-gpu", "kernel driver (NVRM): no adapter found",
     "the NVIDIA kernel module found no GPU it supports: a card older than this driver branch (NVIDIA's legacy driver list "
     "names the branch for it), another driver bound to it, or no GPU passed into the VM"},
    // open-gpu-kernel-modules kernel-open/nvidia/nv.c: another kernel driver bound the GPUs first
    // ("... nouveau, rivafb, nvidiafb or rivatv was loaded and obtained ownership of the NVIDIA device(s)").
    {"nvidia probe routine was not called", "driver-not-bound", "kernel driver (NVRM): probe routine not called",
     "another kernel driver (most often nouveau) owns the GPUs, so the NVIDIA driver cannot use them: blacklist nouveau, "
     "rebuild the initramfs and reboot"},
    // PyTorch (c10/cuda/CUDAFunctions.cpp) words cudaErrorInsufficientDriver its own way: with the
    // driver's CUDA version when a driver answered, "found no NVIDIA driver" when none did.
    {"the nvidia driver on your system is too old", "driver-too-old", "PyTorch: cudaErrorInsufficientDriver",
     kDriverOlderThanRuntime},
    {"found no nvidia driver on your system", "driver-not-loaded", "PyTorch: cudaErrorInsufficientDriver, no driver",
     "no NVIDIA driver answered: the driver is not installed or not loaded, or the container was started without the NVIDIA "
     "runtime (--gpus)"},
    // FFmpeg's NVENC encoder (libavcodec/nvenc.c, nvenc_check_capabilities' caller): "Driver does not
    // support the required nvenc API version. Required: 12.1 Found: 12.0", then "The minimum required
    // Nvidia driver for nvenc is 530.41.03 or newer" (nvenc_print_driver_requirement, also printed
    // alone when the encode library did not load): the Video Codec SDK API FFmpeg was built for needs
    // a newer driver than the one loaded.
    {"the minimum required nvidia driver for nvenc is", "driver-too-old", "FFmpeg: NVENC needs a newer driver",
     "the NVIDIA driver is older than this FFmpeg's NVENC needs (or not installed): install the driver the line names, or an "
     "FFmpeg built with older nv-codec-headers"},
    {"driver does not support the required nvenc api version", "driver-too-old", "FFmpeg NVENC: driver older than its API",
     "the driver is older than the NVENC API the program (its FFmpeg) was built against: update the driver to the version the "
     "next line of the log names, or use a build made for an older Video Codec SDK"},
    // NVIDIA's NGC containers at start: "ERROR: This container was built for NVIDIA Driver Release
    // 450.51 or later, but version 440.33.01 was detected and compatibility mode is UNAVAILABLE."
    {"this container was built for nvidia driver release", "container-driver-too-old", "NVIDIA container start-up check",
     "the container's CUDA needs a newer host driver than the one it found, and the forward-compatibility package cannot "
     "bridge the gap on this GPU: use a container built for the host's driver, or ask the provider for a newer driver"},
});

// A program's own words for "I see no NVIDIA GPU" (cudaErrorNoDevice's class, said before any CUDA
// call fails): PyTorch's lazy init (torch/cuda/__init__.py), TensorFlow's start-up diagnostics,
// Ollama's GPU discovery, stable-diffusion-webui's start-up check, ggml's CUDA back-end. Medium: the program may also have been told to hide the GPUs.
constexpr std::array kNoGpuMessages = std::to_array<DriverMessage>({
    {"no cuda gpus are available", "no-device", "PyTorch: no CUDA GPU", ""},
    // JAX's older start-up warning (jax/_src/xla_bridge.py: "No GPU/TPU found, falling back to CPU.") and
    // CellBender's check ("Trying to use CUDA, but CUDA is not available.").
    {"no gpu/tpu found, falling back to cpu", "no-device", "JAX: no GPU found", ""},
    {"trying to use cuda, but cuda is not available", "no-device", "CellBender: CUDA not available", ""},
    // Mojo/MAX's device check ("No supported \"gpu\" device available.").
    {"no supported \"gpu\" device available", "no-device", "Mojo/MAX: no supported GPU", ""},
    {"could not find cuda drivers on your machine", "no-device", "TensorFlow: no CUDA driver", ""},
    {"no nvidia devices detected", "no-device", "Ollama: no NVIDIA device", ""},
    {"no compatible gpus were discovered", "no-device", "Ollama: no compatible GPU", ""},
    // stable-diffusion-webui's start-up check of torch.cuda.is_available(); ggml's CUDA back-end.
    {"torch is not able to use gpu", "no-device", "stable-diffusion-webui: torch cannot use the GPU", ""},
    {"no cuda devices", "no-device", "a program: no CUDA device found", ""},
    // PyTorch Lightning's device check (lightning/fabric/accelerators/cuda.py, _check_data_type /
    // parse_gpu_ids: "You requested gpu: [0]\n But your machine only has: []"; older releases "You requested
    // GPUs: [0]  But your machine only has: []"): torch sees no CUDA GPU.
    {"but your machine only has: []", "no-device", "PyTorch Lightning: no CUDA GPU", ""},
    // DJL's native-library check (ai.djl.util.Platform.matches: "The bundled library: cu121-linux-x86_64
    // ... doesn't match system: cpu-linux-x86_64 ..."): the system's flavour is "cpu" when DJL found no
    // CUDA GPU, so its CUDA build is not used.
    {"doesn't match system: cpu-", "no-device", "DJL: no CUDA GPU on the system", ""},
    // Bark's start-up when torch sees no CUDA GPU ("No GPU being used. Careful, inference might be very slow!").
    {"no gpu being used. careful", "no-device", "Bark: no CUDA GPU", ""},
    // wgpu's adapter request ("No suitable GPU adapters found on the system!") and Bevy's renderer on it
    // ("Unable to find a GPU! Make sure you have installed required drivers!"): no Vulkan, Metal, DX12
    // or GL driver that works answered (nouveau instead of NVIDIA's driver, or none in the container).
    {"no suitable gpu adapters found", "no-device", "wgpu: no GPU adapter", ""},
    {"unable to find a gpu! make sure you have installed required drivers", "no-device", "Bevy: no GPU adapter", ""},
    // Taichi's start-up when its CUDA backend cannot start (python/taichi/lang/misc.py: "Arch=[<Arch.cuda:
    // 3>] is not supported, falling back to CPU").
    {"is not supported, falling back to cpu", "no-device", "Taichi: CUDA backend not available", ""},
    // GPU databases at start-up: HeavyDB/MapD ("No GPUs detected, falling back to CPU mode");
    // PG-Strom says "No CUDA devices, PG-Strom was disabled" (the needle above).
    {"no gpus detected", "no-device", "a program: no GPU detected", ""},
    {"nvidia gpu not found", "no-device", "a program: no NVIDIA GPU found", ""},
    {"no nvidia gpu found", "no-device", "a program: no NVIDIA GPU found", ""},
    // CatBoost's GPU training ("CatboostError: .../train_model.cpp:738: GPU Device not found.").
    {"gpu device not found", "no-device", "a program: no GPU device found", ""},
    // triton/runtime/driver.py: no backend found a GPU ("0 active drivers ([]). There should only be one.").
    {"0 active drivers ([])", "no-device", "Triton: no active GPU driver", ""},
    // JAX asked for its GPU backend with none present (jax/_src/xla_bridge.py: "Unknown backend gpu";
    // newer: "Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present").
    {"unknown backend gpu", "no-device", "JAX: no GPU backend", ""},
    {"unknown backend: 'gpu' requested", "no-device", "JAX: no GPU backend", ""},
    // Unsloth's start-up check when torch sees no accelerator (unsloth/__init__.py).
    {"unsloth currently only works on nvidia gpus", "no-device", "Unsloth: no GPU seen", ""},
    // Oceananigans.jl's check before it builds a model on the GPU (its Architectures module).
    {"no cuda-enabled gpu was detected", "no-device", "Oceananigans: no CUDA GPU detected", ""},
    // Qiskit Aer's CUDA build when cudaGetDeviceCount fails (aer_controller.hpp).
    {"no cuda device available!", "no-device", "Qiskit Aer: no CUDA device", ""},
    // PaddlePaddle: paddle/fluid/platform/init.cc (LOG(WARNING) "Compiled with WITH_GPU, but no GPU
    // found in runtime." when it cannot count the CUDA devices), python/paddle/fluid/framework.py ("You
    // are using GPU version Paddle, but your CUDA device is not set properly. CPU device will be used by
    // default.") and install_check.run_check ("... but there is no GPU detected on your machine").
    {"compiled with with_gpu, but no gpu found in runtime", "no-device", "PaddlePaddle: no GPU found in runtime", ""},
    {"but your cuda device is not set properly", "no-device", "PaddlePaddle: CUDA device not set properly", ""},
    {"but there is no gpu detected on your machine", "no-device", "PaddlePaddle: no GPU detected", ""},
    // torch/utils/cpp_extension.py, _find_cuda_home(): printed when CUDA_HOME exists but
    // torch.cuda.is_available() is false (a CPU-only wheel, or no GPU visible to the process).
    // c10/cuda (PyTorch): cuInit failed in this process.
    {"cuda driver initialization failed, you might not have a cuda gpu", "no-device", "PyTorch: CUDA driver initialization failed", ""},
    {"no cuda runtime is found, using cuda_home", "no-device", "PyTorch: no CUDA runtime (torch.cuda.is_available() false)", ""},
    // GPU miners at start-up: lolMiner ("No Cuda driver or GPUs detected."), xmrig-nvidia and
    // xmrig-cuda ("No CUDA device found!").
    {"no cuda driver or gpus detected", "no-device", "lolMiner: no CUDA driver or GPU", ""},
    {"no cuda device found", "no-device", "a program: no CUDA device found", ""},
    // torch.load of a checkpoint saved on the GPU where torch sees none (torch/serialization.py,
    // validate_cuda_device: "Attempting to deserialize object on a CUDA device but
    // torch.cuda.is_available() is False").
    {"attempting to deserialize object on a cuda device but torch.cuda.is_available() is false", "no-device",
     "PyTorch: a GPU checkpoint where torch sees no CUDA device", ""},
    // The SYCL runtime's device selector finding no GPU (DPC++: "No device of requested type available.
    // -1 (PI_ERROR_DEVICE_NOT_FOUND)").
    {"no device of requested type available", "no-device", "SYCL: no device of the requested type", ""},
});

// The program's build or its toolchain without code for this GPU's architecture: the same fault as
// cudaErrorNoKernelImageForDevice (209), said before any kernel runs - by PyTorch's capability
// check (torch/cuda/__init__.py), by XLA when its ptxas is older than the GPU (asm_compiler.cc), and
// by the CUDA toolkit's own compilers when they do not know the architecture (nvcc, ptxas).
constexpr std::array kBuildMessages = std::to_array<DriverMessage>({
    // TransformerEngine's precision checks (transformer_engine/pytorch/fp8.py: "Device compute
    // capability 8.9 or higher required for FP8 execution."; its MXFP8 recipe: "... is not supported on
    // 12.0+ architectures yet"): the GPU's architecture lacks the precision, or the library does not
    // support it there yet.
    {"required for fp8 execution", "gpu-arch-unsupported", "TransformerEngine: FP8 needs a newer GPU",
     "FP8 needs compute capability 8.9 or higher (Ada, Hopper, Blackwell): on this GPU train in BF16 or FP16, or use a GPU "
     "with FP8"},
    {"is not supported on 12.0+ architectures", "gpu-arch-unsupported", "TransformerEngine: a recipe not yet on this architecture",
     "the library does not support this precision recipe on this GPU's architecture yet: use another recipe (or BF16), or a "
     "release that adds it"},
    // numba's CUDA target without the toolkit's NVVM ("NvvmSupportError: libNVVM cannot be found").
    {"libnvvm cannot be found", "cuda-library-missing", "numba: libNVVM not found",
     "numba found no libNVVM (the CUDA toolkit's NVVM library): install the CUDA toolkit (or the nvidia-cuda-nvcc and NVVM "
     "packages numba's docs name) and point CUDA_HOME at it"},
    // PaddlePaddle's start-up check of the GPU against the architectures its wheel was built for
    // ("The GPU architecture in your current machine is Pascal, which is not compatible with Paddle
    // installation with arch: 70 75 80 86").
    {"which is not compatible with paddle installation with arch", "gpu-arch-unsupported", "PaddlePaddle: GPU not in the build",
     "the installed PaddlePaddle was built without this GPU's architecture: install a build that includes it (or build "
     "Paddle for it)"},
    // Hugging Face text-embeddings-inference's start-up check of the GPU against the compute
    // capabilities its image was built for ("cuda compute cap is not supported").
    {"cuda compute cap is not supported", "gpu-arch-unsupported", "text-embeddings-inference: GPU not in the image's build",
     "the program's build (its container image) has no kernels for this GPU's compute capability: use the image built for "
     "this GPU's architecture"},
    // ptxas refusing an instruction newer than the architecture it compiles for ("Feature 'mma' requires
    // .target sm_70 or higher", "Feature '.m16n8k16' requires .target sm_80 or higher"): the library's
    // kernels need a newer GPU than the build targets.
    {"requires .target sm_", "gpu-arch-unsupported", "ptxas: an instruction of a newer architecture",
     "the code uses an instruction of a newer GPU architecture than the one it is compiled for: on a GPU older than that "
     "architecture the library cannot run (use a GPU of the architecture it needs); on a newer GPU, build for its own "
     "architecture (TORCH_CUDA_ARCH_LIST, -arch)"},
    // A CUDA extension's build without the CUDA compiler: setup.py's "causal_conv1d was requested, but
    // nvcc was not found", the shell's "nvcc: command not found" / dash's "nvcc: not found".
    {"nvcc was not found", "cuda-toolkit-missing", "a build: no nvcc",
     "the CUDA toolkit's compiler (nvcc) is not installed or not on PATH where the program builds its CUDA code: install "
     "the CUDA toolkit matching the framework's CUDA (or set CUDA_HOME), or install a prebuilt wheel"},
    {"nvcc: command not found", "cuda-toolkit-missing", "the shell: no nvcc",
     "the CUDA toolkit's compiler (nvcc) is not installed or not on PATH: install the CUDA toolkit (or add its bin folder "
     "to PATH)"},
    // CMake's CUDA language (Modules/CMakeDetermineCUDACompiler.cmake: "Failed to find nvcc.\nCompiler
    // requires the CUDA toolkit. Please set the CUDAToolkit_ROOT variable.") and vcpkg's cuda port
    // ("Could not find CUDA. Before continuing, please download and install CUDA").
    {"compiler requires the cuda toolkit", "cuda-toolkit-missing", "CMake: no CUDA toolkit",
     "CMake found no CUDA toolkit (nvcc) to build the project's CUDA code: install the CUDA toolkit, or point CMake at it "
     "(CUDAToolkit_ROOT, CMAKE_CUDA_COMPILER)"},
    {"could not find cuda. before continuing", "cuda-toolkit-missing", "vcpkg: no CUDA toolkit",
     "vcpkg's cuda port found no CUDA toolkit installed: install the CUDA toolkit (CUDA_PATH) before the packages that need it"},
    {"nvcc: not found", "cuda-toolkit-missing", "the shell: no nvcc",
     "the CUDA toolkit's compiler (nvcc) is not installed or not on PATH: install the CUDA toolkit (or add its bin folder "
     "to PATH)"},
    // PyTorch's extension builder (torch/utils/cpp_extension.py, _check_cuda_version: "The detected
    // CUDA version (12.1) mismatches the version that was used to compile\n PyTorch (11.8). Please make
    // sure to use the same CUDA versions."): the toolkit nvcc builds the extension with is another
    // major version than PyTorch's CUDA, so the extension is not built.
    {"mismatches the version that was used to compile", "toolkit-mismatch", "PyTorch: extension build's CUDA toolkit",
     "the CUDA toolkit that builds the extension (nvcc on PATH, CUDA_HOME) is another version than the CUDA PyTorch was "
     "built with: point CUDA_HOME at a toolkit of PyTorch's CUDA version, or install the PyTorch build for the toolkit's"},
    // TensorFlow's stream executor without a usable cuDNN (cuda_dnn.cc: "DNN library is not found."):
    // the cuDNN its build needs is not installed, not on the library path, or of another version.
    {"dnn library is not found", "cuda-library-missing", "TensorFlow: no usable cuDNN",
     "TensorFlow found no cuDNN it can use (not installed, not on the library path, or another version than its build "
     "needs): install the cuDNN version its build names (or tensorflow[and-cuda])"},
    // PyCUDA's compiler call when nvcc cannot be run (pycuda/compiler.py: "error invoking 'nvcc
    // --preprocess ...': [Errno 2] No such file or directory").
    {"error invoking 'nvcc", "cuda-toolkit-missing", "PyCUDA: nvcc could not be run",
     "PyCUDA could not run the CUDA compiler (nvcc): the CUDA toolkit is not installed or its bin folder is not on PATH"},
    // NCCL's shared-memory transport (src/transport/shm.cc, shmOpen: "Error while creating shared memory
    // segment /dev/shm/nccl-... (size N)"): /dev/shm is too small or full - Docker's default is 64 MB.
    {"error while creating shared memory segment", "shm-too-small", "NCCL: /dev/shm too small",
     "NCCL could not create its shared-memory segment in /dev/shm (too small or full: Docker's default is 64 MB): start the "
     "container with --shm-size=1g or --ipc=host (Kubernetes: an emptyDir with medium Memory on /dev/shm)"},
    // JAX's start-up check of the CUDA libraries it loads against those it was built with
    // (jax/_src/xla_bridge.py, _check_cuda_versions: "Found cuBLAS version 120205, but JAX was built
    // against version 120304, which is newer. The copy of cuBLAS that is installed must be at least
    // as new as the version against which JAX was built."): an older library earlier on the path.
    {"but jax was built against version", "cuda-library-mismatch", "JAX: a CUDA library older than its build",
     "a CUDA library JAX loaded (the line names it) is older than the one JAX was built with: an older copy is earlier on "
     "the library path (LD_LIBRARY_PATH, a system CUDA): install jax's CUDA extra (jax[cuda12]) and let it use its pip "
     "wheels, or update that library"},
    // PaddlePaddle's cuDNN check at start (paddle/phi/backends/dynload: "[cudnn init] libcudnn v5 with
    // header v7 unmatched!"): the cuDNN library loaded is another version than the headers it was built with.
    {"[cudnn init] libcudnn v", "cuda-library-mismatch", "PaddlePaddle: cuDNN other than its build's",
     "the cuDNN library loaded at run time is another version than the one the program was built with (the line names "
     "both): install the cuDNN its build names, or the build for the cuDNN installed"},
    // A build's search for cuDNN in its own words (MegEngine's CMake: "Can not find CuDNN Library").
    {"can not find cudnn", "cuda-library-missing", "a build: no cuDNN found",
     "the build found no cuDNN: install cuDNN's development files for the installed CUDA, or point the build at them "
     "(CUDNN_ROOT_DIR)"},
    {"cannot find cudnn", "cuda-library-missing", "a build: no cuDNN found",
     "the build found no cuDNN: install cuDNN's development files for the installed CUDA, or point the build at them "
     "(CUDNN_ROOT_DIR)"},
    // TensorFlow's and XLA's cuDNN wrapper comparing the cuDNN it loaded with its build (cuda_dnn.cc, an
    // error, after which cuDNN is not used: "Loaded runtime CuDNN library: 8.0.5 but source was compiled
    // with: 8.1.0. CuDNN library needs to have matching major version and equal or higher minor
    // version."). Not the warnings of the same kind a program goes on after (TensorRT's "TensorRT was
    // linked against cuDNN 8.6.0 but loaded cuDNN 8.5.0", TF-TRT's "TensorRT mismatch ... Things may
    // not work", XLA's "The NVIDIA driver's CUDA version is ... older than the ptxas CUDA version",
    // after which it only compiles serially): the work ran, so they decide nothing.
    {"loaded runtime cudnn library:", "cuda-library-mismatch", "TensorFlow/XLA: cuDNN other than its build's",
     "the cuDNN loaded at run time (the line names it) is older than, or of another major version than, the one the program "
     "was compiled with: install the cuDNN its build names (the nvidia-cudnn wheel of its CUDA, or tensorflow[and-cuda])"},
    // The CUDA toolkit's host_config.h refusing the host compiler ("#error -- unsupported GNU version! gcc
    // versions later than 12 are not supported!", "unsupported Microsoft Visual Studio version! Only the
    // versions between 2017 and 2022 (inclusive) are supported!", "-- unsupported clang version!"): the
    // host compiler is newer (or older) than this toolkit supports (the CUDA Installation Guide's table).
    {"-- unsupported gnu version", "host-compiler-unsupported", "nvcc: host compiler (gcc) not supported",
     "the CUDA toolkit does not support this version of the host compiler (gcc): install a gcc the toolkit supports (its "
     "installation guide's table) and point nvcc at it (-ccbin, CUDAHOSTCXX), or use a newer CUDA toolkit"},
    {"unsupported microsoft visual studio version", "host-compiler-unsupported", "nvcc: host compiler (MSVC) not supported",
     "the CUDA toolkit does not support this version of Visual Studio: install a Visual Studio the toolkit supports (its "
     "installation guide's table), or a CUDA toolkit that supports this one"},
    {"-- unsupported clang version", "host-compiler-unsupported", "nvcc: host compiler (clang) not supported",
     "the CUDA toolkit does not support this version of the host compiler (clang): use a supported one (-ccbin), or a newer "
     "CUDA toolkit"},
    // The CUDA toolkit's libdevice (nvvm/libdevice/libdevice.10.bc), which every CUDA compile links
    // math from, not where the compiler looks: clang's "cannot find libdevice for sm_75. Provide path
    // to different CUDA installation via --cuda-path", AdaptiveCpp's "LLVMToPtx: Could not find CUDA
    // libdevice bitcode library".
    {"cannot find libdevice for sm_", "toolchain-incomplete", "clang: no CUDA libdevice",
     "the compiler found no CUDA libdevice where it looked: point it at a complete CUDA toolkit (--cuda-path, CUDA_PATH)"},
    {"could not find cuda libdevice", "toolchain-incomplete", "AdaptiveCpp: no CUDA libdevice",
     "the compiler found no CUDA libdevice where it looked: point it at a complete CUDA toolkit (CUDA_PATH, or the "
     "toolkit path AdaptiveCpp was configured with)"},
    {"is not compatible with the current pytorch installation", "no-kernel-image", "PyTorch: GPU capability not in the build",
     "the installed PyTorch was built without code for this GPU's compute capability: install a build that includes it "
     "(a newer wheel for this GPU's CUDA)"},
    {"ptxas does not support cc", "toolchain-too-old", "XLA: ptxas older than the GPU",
     "the CUDA toolkit the program compiles with (ptxas) is older than this GPU's architecture: install a newer CUDA toolkit "
     "or a framework build that bundles one"},
    {"is not defined for option 'gpu-name'", "toolchain-too-old", "ptxas: unknown GPU architecture",
     "the CUDA toolkit's ptxas does not know this GPU's architecture (the toolkit is older than the GPU): install a newer CUDA "
     "toolkit"},
    // PyTorch's start-up check (torch/cuda/__init__.py, _check_capability's old_gpu_warn: "Found GPU%d %s
    // which is of cuda capability %d.%d. PyTorch no longer supports this GPU because it is too old.
    // The minimum cuda capability supported by this library is %d.%d."): a GPU older than the oldest
    // architecture the wheel was built for; its kernels then fail with no kernel image.
    {"pytorch no longer supports this gpu because it is too old", "gpu-arch-unsupported", "PyTorch: GPU older than the build",
     "the installed PyTorch has no code for a GPU this old (its compute capability is below the build's minimum): install "
     "an older PyTorch release built for this architecture, or use a newer GPU"},
    // TensorFlow's device filter (tensorflow/core/common_runtime/gpu/gpu_device.cc: "Ignoring visible
    // gpu device (...) with Cuda compute capability %s. The minimum required Cuda capability is %s."
    // and "... with Cuda multiprocessor count: %d. The minimum required count is %d. You can adjust
    // this requirement with the env var TF_MIN_GPU_MULTIPROCESSOR_COUNT."): TensorFlow leaves the GPU
    // out and runs on the CPU.
    {"the minimum required cuda capability is", "gpu-arch-unsupported", "TensorFlow: GPU below the build's minimum",
     "TensorFlow ignores this GPU: its compute capability is below the minimum the installed build supports, so the work "
     "runs on the CPU: install a TensorFlow release built for this architecture, or use a newer GPU"},
    {"with cuda multiprocessor count", "gpu-too-small", "TensorFlow: GPU below the minimum SM count",
     "TensorFlow ignores this GPU because it has fewer multiprocessors (SMs) than its default minimum, so the work runs on "
     "the CPU: set TF_MIN_GPU_MULTIPROCESSOR_COUNT to the GPU's SM count to use it"},
    // FlashAttention's check of the GPU's architecture (csrc/flash_attn/flash_api.cpp:
    // TORCH_CHECK(is_sm90 || is_sm8x, "FlashAttention only supports Ampere GPUs or newer.")); its
    // older builds' check without a message reads as PyTorch words it: "Expected is_sm8x || is_sm75
    // to be true, but got false." (found by gpu_arch_check below).
    {"flashattention only supports ampere gpus or newer", "gpu-arch-unsupported", "FlashAttention: GPU architecture too old",
     "the FlashAttention kernels the program uses need a newer GPU architecture than this one (Ampere, compute capability 8.0, "
     "or newer): turn FlashAttention off (PyTorch's SDPA or xformers' other kernels) or use a newer GPU"},
    // ptxas (the toolkit's, or the driver's JIT) given PTX of a newer ISA version than it knows: "fatal   :
    // Unsupported .version 7.6; current version is '7.4'" (CUDA_ERROR_UNSUPPORTED_PTX_VERSION's case).
    {"unsupported .version", "toolchain-too-old", "ptxas: PTX newer than the compiler",
     "the program's PTX was made by a newer CUDA than the ptxas (or the driver's JIT) compiling it: update the driver (and "
     "the toolkit whose ptxas runs), or build the program with the CUDA version the driver supports"},
    {"unsupported gpu architecture 'compute_", "toolchain-too-old", "nvcc: unsupported GPU architecture",
     "the CUDA toolkit's nvcc does not know the architecture asked for (the toolkit is older than the GPU): install a newer "
     "CUDA toolkit"},
    // TensorRT's assertion (nvinfer1::fixSMVerForNVRTC) when the GPU's SM version is newer than the
    // NVRTC it ships knows; NVIDIA's TensorRT support matrix lists the compute capabilities of each release.
    {"sm version not supported in this nvrtc version", "toolchain-too-old", "TensorRT: GPU newer than its NVRTC",
     "the TensorRT release in use predates this GPU's architecture (its NVRTC cannot compile for it): install a TensorRT "
     "release whose support matrix lists this GPU's compute capability"},
    // NVRTC refusing the --gpu-architecture (-arch) value a program's runtime compilation asked for
    // (PyTorch's jiterator, CuPy's kernels): the values each NVRTC release accepts are those its
    // User Guide lists under "Supported Compile Options", so a GPU newer than the NVRTC the program
    // bundles is refused before any kernel is built.
    {"invalid value for --gpu-architecture", "toolchain-too-old", "NVRTC: GPU architecture unknown to this release",
     "the NVRTC the program compiles its kernels with (the CUDA toolkit's runtime compiler, often bundled with the "
     "framework) does not know this GPU's architecture: install a build of the framework for a newer CUDA (or a newer "
     "nvidia-cuda-nvrtc package)"},
    // cuDF's start-up check (python/cudf/cudf/utils/_numba.py, _get_ptx_file): no PTX file it ships is
    // for the GPU's compute capability or an older one, i.e. the GPU is older than the RAPIDS build
    // supports (RAPIDS' system requirements name the oldest architecture of each release).
    {"installation is missing the necessary ptx files", "gpu-arch-unsupported", "cuDF: no PTX for this GPU's architecture",
     "the installed cuDF (RAPIDS) has no code for a GPU this old: RAPIDS' system requirements name the oldest compute "
     "capability each release supports; use a newer GPU, or an older RAPIDS release that still supports this one"},
});

// A program built or installed without CUDA, which then runs on the CPU (or not at all): the GPU is
// never asked, so nothing is said about it; the fix is the install. Each string is the program's own
// source text: PyTorch's torch/cuda/__init__.py (`AssertionError("Torch not compiled with CUDA
// enabled")`), JAX's xla_bridge ("An NVIDIA GPU may be present on this machine, but a CUDA-enabled
// jaxlib is not installed. Falling back to cpu."), llama.cpp's common arg parser ("warning: not
// compiled with GPU offload support, --gpu-layers option will be ignored"), Blender Cycles'
// device_cuda ("Neither precompiled kernels nor CUDA compiler was found, unable to use CUDA"), and
// TensorFlow's gpu_device.cc ("Cannot dlopen some GPU libraries", after a CUDA library failed to load),
// and Open MPI's help text when CUDA support is asked of a build without it ("The user requested CUDA
// support with the --mca mpi_cuda_support 1 flag / but the library was not compiled with any
// support."; Open MPI's docs, "How do I build Open MPI with CUDA-aware support?": configure
// --with-cuda, or a UCX built with CUDA).
constexpr const char* kLibraryWithoutCuda =
    "a library the program uses was built without CUDA (the line names it), so that part runs on the CPU or not at all: "
    "install the library's CUDA build";
constexpr const char* kCudnnNotLoaded =
    "the program could not load the cuDNN library its build needs (cuDNN 9 for current CTranslate2 and PyTorch wheels): "
    "install that cuDNN (the nvidia-cudnn-cu12 wheel) and put it on the library path, or pin the program to the cuDNN "
    "installed";
constexpr std::array kCpuOnlyMessages = std::to_array<DriverMessage>({
    // torch.distributed asked for the NCCL backend on a build without it (Windows and macOS wheels):
    // "Distributed package doesn't have NCCL built in".
    {"distributed package doesn't have nccl built in", "build-without-nccl", "PyTorch: a build without NCCL",
     "the installed PyTorch has no NCCL (Windows and macOS builds have none): use the gloo backend there, or a Linux CUDA "
     "build of PyTorch for NCCL"},
    // DGL's device check (src/runtime/device_api.cc: "Device API cuda is not enabled. Please install
    // the cuda version of dgl."; "gpu" in older releases): a CPU-only DGL asked for the GPU.
    {"is not enabled. please install the cuda version of dgl", "build-without-cuda", "DGL: a CPU-only build",
     "the installed DGL is a CPU-only build: install the CUDA build of DGL for the installed PyTorch and CUDA (dgl.ai's "
     "install selector)"},
    {"torch not compiled with cuda enabled", "build-without-cuda", "PyTorch: a CPU-only build",
     "the installed PyTorch is a CPU-only build: install a CUDA wheel (pytorch.org's selector gives the command for the "
     "driver's CUDA version)"},
    {"a cuda-enabled jaxlib is not installed", "build-without-cuda", "JAX: a CPU-only jaxlib",
     "the installed jaxlib has no CUDA: install jax[cuda12] (or the extra for the driver's CUDA)"},
    {"not compiled with gpu offload support", "build-without-cuda", "llama.cpp: built without a GPU backend",
     "the llama.cpp binary was built without a GPU backend: build it with -DGGML_CUDA=ON or take a CUDA release"},
    {"neither precompiled kernels nor cuda compiler", "no-kernel-image", "Blender Cycles: no CUDA kernels",
     "Blender has no CUDA kernels for this GPU and no CUDA compiler to build them: use a Blender release that ships kernels "
     "for this GPU's architecture"},
    {"requested cuda support with the --mca mpi_cuda_support", "build-without-cuda", "Open MPI: built without CUDA support",
     "the Open MPI library was built without CUDA support, so GPU buffers cannot be passed to MPI: use an Open MPI built "
     "--with-cuda (or over a CUDA-enabled UCX), or copy the buffers to the host before MPI calls"},
    // The phrase many libraries share for their CPU-only build ("This CTranslate2 package was not
    // compiled with CUDA support", dlib's "dlib was not compiled with CUDA support", torchmcubes',
    // Madrona's), and OpenCV's (modules/core/include/opencv2/core/private.cuda.hpp, throw_no_cuda:
    // "The library is compiled without CUDA support").
    {"not compiled with cuda support", "build-without-cuda", "a library built without CUDA", kLibraryWithoutCuda},
    {"compiled without cuda support", "build-without-cuda", "a library built without CUDA", kLibraryWithoutCuda},
    // TensorFlow's and TensorBoard's profiler without CUPTI, the toolkit's profiling library
    // ("Failed to load libcupti (is it installed and accessible?)").
    {"failed to load libcupti", "cuda-library-missing", "TensorFlow profiler: CUPTI not loaded",
     "the profiler could not load CUPTI, the CUDA toolkit's profiling library, so GPU activity is not traced: install "
     "CUPTI for the installed CUDA (the toolkit's extras/CUPTI) and put its lib folder on the library path"},
    // IREE's CUDA HAL driver when libcuda/the runtime cannot be loaded ("CUDA runtime library not available;
    // ensure installed and on path").
    {"cuda runtime library not available", "cuda-library-missing", "IREE: CUDA runtime library not available",
     "the program could not load the CUDA library its CUDA back end needs (the driver's libcuda or the CUDA runtime): "
     "install the driver (and the CUDA runtime its build names) and put the libraries on the library path"},
    // A program's GPU back end that needs CuPy, which is not installed (SpikingJelly's check_backend:
    // "CuPy is not installed! You can install it from ...").
    {"cupy is not installed", "build-without-cuda", "a program: CuPy not installed",
     "the program's GPU back end needs CuPy, which is not installed here, so it cannot use the GPU: install the CuPy wheel "
     "for the installed CUDA (cupy-cuda12x, cupy-cuda11x)"},
    // bitsandbytes' loader (bitsandbytes/cextension.py: "Could not find the bitsandbytes CUDA binary at
    // ...libbitsandbytes_cuda118.so", then "The installed version of bitsandbytes was compiled without GPU
    // support"; its 0.3x CUDA SETUP: "the main CUDA runtime library was not detected", "CUDA Setup failed
    // despite GPU being available"): no build of it for the CUDA it found, so it runs on the CPU or not at all.
    {"could not find the bitsandbytes cuda binary", "build-without-cuda", "bitsandbytes: no binary for this CUDA",
     "the installed bitsandbytes has no library built for the CUDA version it found (the line names the file it looked "
     "for): install a bitsandbytes release built for this CUDA (`python -m bitsandbytes` says what it sees)"},
    {"compiled without gpu support", "build-without-cuda", "a library built without GPU support", kLibraryWithoutCuda},
    {"main cuda runtime library was not detected", "cuda-library-missing", "bitsandbytes: CUDA runtime not found",
     "bitsandbytes found no CUDA runtime library (libcudart) to load: install the CUDA runtime its build needs, or put it "
     "on the library path (LD_LIBRARY_PATH)"},
    {"cuda setup failed despite gpu being available", "cuda-library-missing", "bitsandbytes: CUDA setup failed",
     "bitsandbytes could not set up CUDA although a GPU is there: no build of it for this CUDA, or the CUDA runtime not "
     "found: install a bitsandbytes release built for this CUDA (`python -m bitsandbytes` says what it sees)"},
    // OCCA (the portability layer of nekRS and libParanumal) built or configured without its CUDA
    // mode: "[CUDA] mode is not enabled, defaulting to [Serial] mode".
    {"[cuda] mode is not enabled, defaulting to", "build-without-cuda", "OCCA: no CUDA mode", kLibraryWithoutCuda},
    // NGC containers' start-up check of the GPU against the architectures the image was built for
    // ("WARNING: Detected NVIDIA <name> GPU, which is not yet supported in this version of the
    // container", then "ERROR: No supported GPU(s) detected to run this container").
    {"which is not yet supported in this version of the container", "container-predates-gpu", "NGC container: GPU newer than the image",
     "the container image is older than this GPU's architecture: use a newer release of the container that supports it"},
    {"no supported gpu(s) detected to run this container", "container-predates-gpu", "NGC container: no supported GPU",
     "the container image supports none of the GPUs it sees (an image older than the GPU's architecture): use a newer "
     "release of the container"},
    // Quantum simulators' CPU-only builds: Qiskit Aer built without AER_THRUST_CUDA
    // (aer_controller.hpp: "Simulation device \"GPU\" is not supported on this system", and "... does
    // not support cuStateVec on this system" without AER_CUSTATEVEC); qsimcirq without its GPU or
    // cuStateVec module (qsim_simulator.py: "[cuStateVec ]GPU execution requested, but not supported").
    {"simulation device \"gpu\" is not supported", "build-without-cuda", "Qiskit Aer: built without CUDA",
     "the installed Qiskit Aer has no GPU simulator (a CPU build): install qiskit-aer-gpu (or build Aer with CUDA)"},
    {"simulation device \"gpu\" does not support custatevec", "build-without-cuda", "Qiskit Aer: built without cuStateVec",
     "the installed Qiskit Aer was built without NVIDIA cuStateVec: turn cuStateVec off or install a build with it"},
    {"gpu execution requested, but not supported", "build-without-cuda", "qsimcirq: built without its GPU module",
     "the installed qsim has no GPU (or cuStateVec) module: build qsim locally with CUDA (and cuStateVec) to use the GPU"},
    {"cannot dlopen some gpu libraries", "cuda-library-missing", "TensorFlow: CUDA libraries not found",
     "TensorFlow could not load a CUDA library it needs (the lines above name it) and runs on the CPU: install the CUDA and "
     "cuDNN versions its build expects, or tensorflow[and-cuda]"},
    // A stub of a CUDA library loaded in place of the real one ("You are running using the stub version
    // of nvrtc", printed by the stub itself: a build folder's stubs first on the library path, or a
    // container without the real library).
    {"you are running using the stub version of", "cuda-library-missing", "a CUDA library's stub loaded",
     "the program loaded a stub of a CUDA library (the line names it) instead of the real one: the real library is not "
     "installed here, or a stubs folder comes first on the library path (LD_LIBRARY_PATH)"},
    // TensorFlow's import when its native library or a DLL it needs does not load ("ImportError: DLL
    // load failed: The specified module could not be found." then "Failed to load the native TensorFlow
    // runtime."): a CUDA or cuDNN DLL of another version than its build, or the C++ runtime, missing.
    {"failed to load the native tensorflow runtime", "cuda-library-missing", "TensorFlow: native runtime not loaded",
     "TensorFlow's native library did not load: a DLL or shared library it needs is missing or of another version (the CUDA "
     "and cuDNN its build names, or the C++ runtime): install the versions its build expects"},
    // ONNX Runtime's CUDA provider on Windows (onnxruntime/python/onnxruntime_validation.py: "CUDA_PATH
    // is set but CUDA wasn't able to be loaded. Please install the correct version of CUDA and cuDNN"; older
    // releases spell it "wasnt", and a paste through OCR "CUDA PATH").
    {"is set but cuda wasn", "cuda-library-missing", "ONNX Runtime: CUDA not loaded",
     "ONNX Runtime's CUDA provider could not load the CUDA and cuDNN libraries its build needs: install the versions its "
     "release names and put them on PATH"},
    // CTranslate2's (faster-whisper's, WhisperX's) loader of cuDNN 9's split libraries: "Unable to load
    // any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9, libcudnn_ops.so}" then
    // "Invalid handle. Cannot load symbol cudnnCreateTensorDescriptor".
    {"unable to load any of {libcudnn", "cuda-library-missing", "CTranslate2: cuDNN not found",
     kCudnnNotLoaded},
    {"cannot load symbol cudnn", "cuda-library-missing", "CTranslate2: cuDNN not found",
     kCudnnNotLoaded},
});

}  // namespace

std::span<const DriverMessage> driver_messages() { return kDriverMessages; }
std::span<const DriverMessage> no_gpu_messages() { return kNoGpuMessages; }
std::span<const DriverMessage> build_messages() { return kBuildMessages; }
std::span<const DriverMessage> cpu_only_messages() { return kCpuOnlyMessages; }

}  // namespace gpuaudit::imports
