// import/software_errors.cpp: the catalogues' messages found in any text, with their class, the
// GPU they name and NVIDIA's words; on every real error output of tests/data/errors/ (its sidecar
// says what the catalogues make of it) and, end to end, the finding importing and scoring it alone
// gives.
#include "import/errors/software_errors.hpp"

#include "unit/support/import_and_score_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace gpuaudit;
using namespace gpuaudit::imports;
namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const SoftwareError* kind_of(const std::vector<SoftwareError>& es, const std::string& kind) {
  for (const auto& e : es)
    if (e.kind == kind) return &e;
  return nullptr;
}

// Each line, alone, is read first as a software error of the kind beside it.
template <std::size_t N>
void expect_software(const std::pair<const char*, const char*> (&lines)[N]) {
  for (const auto& [line, kind] : lines) {
    const auto e = find_software_errors(std::string(line) + "\n", "x");
    ASSERT_FALSE(e.empty()) << line;
    EXPECT_EQ(e[0].kind, kind) << line;
    EXPECT_EQ(e[0].cls, "software") << line;
  }
}

// The driver refusing a context on a GPU in MIG mode without GPU instances is a sliced GPU (NVIDIA's MIG
// User Guide: work runs only in GPU instances), whatever log prefix carries the line.
TEST(SoftwareErrors, MigEnabledWithoutGpuInstancesIsSliced) {
  const auto e = find_software_errors(
      "2024-04-24T14:28:48Z app[90806e10f54578] ord [info][    5.567716] NVRM kchannelConstruct_IMPL: Channel allocation not "
      "allowed when MIG is enabled without GPU instancing\n",
      "x");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].cls, "sliced");
  EXPECT_EQ(e[0].kind, "mig-without-instances");
}

// A driver API call's CUresult as a number (cuda.h's enumeration, not the runtime's): CP2K's
// "cuInit failed with error:  34" is CUDA_ERROR_STUB_LIBRARY; a library's name (cuDNN) is no call.
TEST(SoftwareErrors, ADriverCallsNumberIsItsCuresult) {
  const auto stub = find_software_errors(" cuInit failed with error:  34\n", "x");
  ASSERT_EQ(stub.size(), 1u);
  EXPECT_EQ(stub[0].cls, "software");
  EXPECT_EQ(stub[0].kind, "driver-stub");
  const auto none = find_software_errors("cuCtxCreate returned 100\n", "x");
  ASSERT_EQ(none.size(), 1u);
  EXPECT_NE(none[0].source.find("CUDA_ERROR_NO_DEVICE"), std::string::npos) << none[0].source;
  EXPECT_TRUE(find_software_errors("cuDNN failed with error 34\n", "x").empty() ||
              find_software_errors("cuDNN failed with error 34\n", "x")[0].source.find("CUresult") == std::string::npos);
}

// vLLM's own peer-access test before its custom all-reduce: the GPUs cannot reach each other.
TEST(SoftwareErrors, VllmsCustomAllreduceWithoutP2pIsNoPeerAccess) {
  const auto e = find_software_errors(
      "WARNING 05-02 10:12:31 custom_all_reduce.py:147] Custom allreduce is disabled because your platform lacks GPU P2P "
      "capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.\n",
      "x");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].cls, "no-peer-access");
  EXPECT_EQ(e[0].kind, "vllm-no-p2p");
}

}  // namespace

TEST(SoftwareErrors, EveryRealErrorOutputIsReadAsItsSidecarSays) {
  const fs::path dir = fs::path(GPUAUDIT_TEST_DATA) / "errors";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    ++files;
    SCOPED_TRACE(entry.path().filename().string());
    const json side = json::parse(read(entry.path().string() + ".source.json"));
    ASSERT_TRUE(side.value("source_url", std::string()).rfind("https://", 0) == 0);
    EXPECT_FALSE(side.value("synthetic", true));
    const json& expect = side["expect"];
    const auto errors = find_software_errors(read(entry.path()), entry.path().filename().string());
    const SoftwareError* e = kind_of(errors, expect["kind"].get<std::string>());
    ASSERT_NE(e, nullptr) << "no " << expect["kind"] << " among " << errors.size() << " errors";
    EXPECT_EQ(e->cls, expect["class"].get<std::string>());
    EXPECT_FALSE(e->meaning.empty());
    EXPECT_FALSE(e->source.empty());
    if (expect.contains("gpu")) EXPECT_EQ(e->gpu, expect["gpu"].get<std::string>());
    // Imported alone (it is no tool's table) and scored, it is the finding, not bad input.
    const auto fs = import_and_score::findings_of(imports::import_files({entry.path().string()}, {}, nullptr));
    EXPECT_NE(import_and_score::find_finding(fs, expect["finding"].get<std::string>()), nullptr) << expect["finding"];
  }
  EXPECT_GE(files, 10);
}

TEST(SoftwareErrors, NamesMessagesAndNumbersAsToolsPrintThem) {
  // The CUDA samples: the number, then the name; one fact, at the line that names it best.
  const auto samples = find_software_errors(
      "cudaGetDeviceCount returned 35\n-> CUDA driver version is insufficient for CUDA runtime version\nResult = FAIL\n", "dq.txt");
  ASSERT_EQ(samples.size(), 1u);
  EXPECT_EQ(samples[0].kind, "driver-too-old");
  EXPECT_EQ(samples[0].line, 2);
  EXPECT_NE(samples[0].source.find("cudaErrorInsufficientDriver"), std::string::npos);
  EXPECT_NE(samples[0].reference.find("driver_types.h"), std::string::npos);
  // nccl-tests quotes the message; JAX prints the driver API's name.
  EXPECT_EQ(find_software_errors("node1: Test CUDA failure common.cu:891 'system not yet initialized'\n", "x")[0].kind, "fabric-manager");
  EXPECT_EQ(find_software_errors("RuntimeError: jaxlib: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected\n", "x")[0].kind,
            "no-device");
  // A runtime code in the driver API's spelling, which cuda.h does not have (Ollama's logs).
  EXPECT_EQ(find_software_errors("cuInit(0) returned CUDA_ERROR_INSUFFICIENT_DRIVER\n", "x")[0].kind, "driver-too-old");
  // After a dash, as COLMAP's CUDA_SAFE_CALL prints it (colmap #709, as posted).
  const auto dash = find_software_errors("CUDA error at C:/Users/joschonb/Development/colmap/src/mvs/patch_match_cuda.cu:1351 - unspecified launch failure\n", "x");
  ASSERT_EQ(dash.size(), 1u);
  EXPECT_NE(dash[0].source.find("cudaErrorLaunchFailure"), std::string::npos);
  // The NVHPC (PGI) Fortran runtime's device-array statements, the runtime's text after them
  // (AMReX-Astro/Microphysics #87, as posted; the ALLOCATE line in the runtime's form).
  const auto fortran = find_software_errors("0: DEALLOCATE: unspecified launch failure\n", "x");
  ASSERT_EQ(fortran.size(), 1u);
  EXPECT_NE(fortran[0].source.find("cudaErrorLaunchFailure"), std::string::npos);
  const auto allocate = find_software_errors("0: ALLOCATE: 8000000000 bytes requested; status = 2(out of memory)\n", "x");
  ASSERT_EQ(allocate.size(), 1u);
  EXPECT_NE(allocate[0].source.find("cudaErrorMemoryAllocation"), std::string::npos);
  EXPECT_TRUE(find_software_errors("12: DEALLOCATE: done\n", "x").empty());
  EXPECT_TRUE(find_software_errors("step 2: allocate: out of memory\n", "x").empty());
  // A number alone, on a CUDA line.
  EXPECT_EQ(find_software_errors("CUDA error 802 at init\n", "x")[0].kind, "fabric-manager");
  // The program's own errors are read, and classed as the program's.
  const auto illegal = find_software_errors("RuntimeError: CUDA error: an illegal memory access was encountered\n", "x");
  ASSERT_EQ(illegal.size(), 1u);
  EXPECT_EQ(illegal[0].cls, "program");
  EXPECT_FALSE(machine_class(illegal[0].cls));
}

TEST(SoftwareErrors, ProseAndVersionsAreNotErrors) {
  EXPECT_TRUE(find_software_errors("an initialization error in the config parser\n", "x").empty());
  EXPECT_TRUE(find_software_errors("| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2 |\n", "x").empty());
  EXPECT_TRUE(find_software_errors("CUDA Driver Version / Runtime Version          12.5 / 12.4\n", "x").empty());
  EXPECT_TRUE(find_software_errors("We got out of memory errors on CUDA 12.1 yesterday\n", "x").empty());
  EXPECT_TRUE(find_software_errors("", "x").empty());
  EXPECT_TRUE(find_software_errors(std::string(10000, 'x'), "x").empty());
}

TEST(SoftwareErrors, OnePerKindAndGpuAndAtMostTwenty) {
  std::string text;
  for (int i = 0; i < 8; ++i) text += "Failed to initialize NVML: Driver/library version mismatch\n";
  EXPECT_EQ(find_software_errors(text, "x").size(), 1u);
  const auto two = find_software_errors(
      "Unable to determine the device handle for GPU 0000:0B:00.0: Unknown Error\n"
      "Unable to determine the device handle for GPU 0000:0C:00.0: Unknown Error\n",
      "x");
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[1].gpu, "0000:0c:00.0");
  std::string many;
  for (int i = 0; i < 60; ++i) many += "Unable to determine the device handle for GPU 0000:" + std::to_string(10 + i) + ":00.0: Unknown Error\n";
  EXPECT_EQ(find_software_errors(many, "x").size(), 20u);
}

TEST(SoftwareErrors, PeerAccessLines) {
  EXPECT_EQ(find_software_errors("> Peer access from Tesla K80 (GPU0) -> Tesla K80 (GPU1) : No\n", "x")[0].cls, "no-peer-access");
  EXPECT_TRUE(find_software_errors("> Peer access from NVIDIA L4 (GPU0) -> NVIDIA L4 (GPU1) : Yes\n", "x").empty());
  EXPECT_EQ(find_software_errors("host:1:1 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via SHM/direct/direct\n", "x")[0].kind, "nccl-via-shm");
  EXPECT_EQ(find_software_errors("host:1:1 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1.\n", "x")[0].kind,
            "nccl-p2p-disable-env");
  // simpleP2P's failed check of data copied with peer access on (cuda-samples simpleP2P.cu).
  const auto wrong = find_software_errors("Verification error @ element 1: val = 0.000000, ref = 4.000000\n", "x");
  ASSERT_EQ(wrong.size(), 1u);
  EXPECT_EQ(wrong[0].kind, "peer-copy-wrong");
  EXPECT_EQ(wrong[0].cls, "no-peer-access");
  EXPECT_NE(wrong[0].source.find("CUDA samples"), std::string::npos);
}

TEST(SoftwareErrors, JsonCarriesTheClassAndWhereItCameFrom) {
  const auto e = find_software_errors("Unable to determine the device handle for GPU 0000:02:00.0: GPU is lost\n", "smi.txt");
  ASSERT_EQ(e.size(), 1u);
  const json j = software_error_json(e[0]);
  EXPECT_EQ(j["class"], "gpu-fault");
  EXPECT_EQ(j["gpu"], "0000:02:00.0");
  EXPECT_EQ(j["file"], "smi.txt");
  EXPECT_EQ(j["line"], 1);
  EXPECT_EQ(j["confidence"], "high");
  EXPECT_NE(j["reference"].get<std::string>().find("nvml.h"), std::string::npos);
}

TEST(SoftwareErrors, FrameworkAndKernelDriverWordsForABrokenStack) {
  // PyTorch's c10/cuda/CUDAFunctions.cpp words for cudaErrorInsufficientDriver, with and without a driver.
  const auto old = find_software_errors(
      "UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12080). Please update\n", "x");
  ASSERT_EQ(old.size(), 1u);
  EXPECT_EQ(old[0].kind, "driver-too-old");
  EXPECT_EQ(old[0].cls, "software");
  EXPECT_EQ(find_software_errors("RuntimeError: Found no NVIDIA driver on your system. Please check that you\n", "x")[0].kind,
            "driver-not-loaded");
  // nv.c: another kernel driver (nouveau) bound the GPUs first.
  EXPECT_EQ(find_software_errors("[188549.97] NVRM: The NVIDIA probe routine was not called for 3 device(s).\n", "x")[0].kind,
            "driver-not-bound");
}

TEST(SoftwareErrors, ADriverLibraryTheLoaderCannotFindIsTheDriverMissing) {
  // The Kubernetes device plugin's klog line (go-nvml) and TensorFlow's dlerror line.
  const auto k8s = find_software_errors(
      "W0819 07:02:54.757556       1 rm.go:109] NVML not detected: could not load NVML library: libnvidia-ml.so.1: cannot open shared "
      "object file: No such file or directory\n",
      "x");
  ASSERT_EQ(k8s.size(), 1u);
  EXPECT_EQ(k8s[0].kind, "nvml-missing");
  EXPECT_EQ(k8s[0].cls, "software");
  const auto tf = find_software_errors(
      "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcuda.so.1'; dlerror: "
      "libcuda.so.1: cannot open shared object file: No such file or directory\n",
      "x");
  ASSERT_EQ(tf.size(), 1u);
  EXPECT_EQ(tf[0].kind, "driver-library-missing");
  // The CUDA toolkit's own libraries are the install's, not the driver (medium: TensorFlow warns so on
  // a machine meant for the CPU too); on Windows by their DLL names (FRESH-2026-12-105, as posted).
  for (const char* line : {"Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared "
                           "object file: No such file or directory",
                           "W tensorflow/stream_executor/platform/default/dso_loader.cc:55] Could not load dynamic library "
                           "'cudart64_101.dll'; dlerror: cudart64_101.dll not found",
                           "CuPy failed to load nvrtc64_120_0.dll: FileNotFoundError: Could not find module 'nvrtc64_120_0.dll'",
                           "ImportError: DLL load failed ... Failed to load the native TensorFlow runtime."}) {
    const auto found = find_software_errors(std::string(line) + "\n", "x");
    ASSERT_EQ(found.size(), 1u) << line;
    EXPECT_EQ(found[0].kind, "cuda-library-missing") << line;
  }
  EXPECT_EQ(find_software_errors("Could not find 'nvcuda.dll'\n", "x")[0].kind, "driver-library-missing");
  EXPECT_TRUE(find_software_errors("failed to load the model weights from cudart_checkpoint.bin\n", "x").empty());
  EXPECT_TRUE(find_software_errors("ln -s /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1 /usr/lib/libnvidia-ml.so\n", "x").empty());
  // Windows' loader in its own words (instant-ngp #1143, as posted).
  EXPECT_EQ(find_software_errors("Unable to execute code because nvcuda.dll could not be found-reinstalling the program may "
                                 "correct this problem\n",
                                 "x")[0]
                .kind,
            "driver-library-missing");
  // The toolkit's stub NVML, loaded instead of the driver's (its banner, as Caffe2's log shows it in Detectron #32).
  EXPECT_EQ(find_software_errors("libnvidia-ml.so in GDK package is a stub library that is attached only for\n", "x")[0].kind,
            "driver-stub");
}

TEST(SoftwareErrors, ABuildOrToolchainWithoutThisGpusArchitectureIsSoftware) {
  const char* lines[] = {
      "UserWarning: NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.",
      "W external/xla/xla/stream_executor/gpu/asm_compiler.cc:232] Falling back to the CUDA driver for PTX compilation; ptxas does "
      "not support CC 8.9",
      "ptxas fatal   : Value 'sm_90' is not defined for option 'gpu-name'",
      "nvcc fatal   : Unsupported gpu architecture 'compute_89'",
      "E cuda_driver.cc:864] failed to load PTX text as a module: CUDA_ERROR_INVALID_IMAGE: device kernel image is invalid",
      "[01/29/2021-10:26:48] [F] [TRT] Assertion failed: (smVersion < SM_VERSION_A100) && \"SM version not supported in this "
      "NVRTC version\"",
  };
  for (const char* l : lines) {
    const auto e = find_software_errors(std::string(l) + "\n", "x");
    ASSERT_EQ(e.size(), 1u) << l;
    EXPECT_EQ(e[0].cls, "software") << l;
  }
}

TEST(SoftwareErrors, NvidiaSmiMissingAndProgramsThatSeeNoGpuAreSoftware) {
  for (const char* l : {"/bin/sh: nvidia-smi: command not found",
                        "docker: Error response from daemon: ... exec: \"nvidia-smi\": executable file not found in $PATH: unknown.",
                        "'nvidia-smi' is not recognized as an internal or external command,"}) {
    const auto e = find_software_errors(std::string(l) + "\n", "x");
    ASSERT_EQ(e.size(), 1u) << l;
    EXPECT_EQ(e[0].kind, "driver-tools-missing") << l;
  }
  for (const char* l : {"RuntimeError: No CUDA GPUs are available",
                        "time=2024-09-17T15:04:09Z level=INFO source=gpu.go:560 msg=\"no nvidia devices detected\" library=/usr/lib/libcuda.so",
                        "I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used.",
                        // Miners, as posted in FRESH-2026-12-60's cases: lolMiner, xmrig-nvidia.
                        "No Cuda driver or GPUs detected. ", "[2017-10-07 11:33:02] No CUDA device found!"}) {
    const auto e = find_software_errors(std::string(l) + "\n", "x");
    ASSERT_FALSE(e.empty()) << l;
    EXPECT_EQ(e[0].kind, "no-device") << l;
    EXPECT_EQ(e[0].cls, "software") << l;
  }
  EXPECT_TRUE(find_software_errors("we ran nvidia-smi and saw 8 GPUs\n", "x").empty());
  // xmrig-cuda's own words for a driver older than its CUDA (FRESH-2026-12-60).
  EXPECT_EQ(find_software_errors("Driver does not support CUDA 12.5 API! Update your nVidia driver!\n", "x")[0].kind, "driver-too-old");
}

// CUDA in a worker forked after the parent initialised it (pyg #5340, as posted): the program's start
// method, not the driver; the same error alone is the stack's.
TEST(SoftwareErrors, CudaInitInAForkedWorkerIsTheProgramsStartMethod) {
  const auto worker = find_software_errors(
      "RuntimeError: Caught RuntimeError in DataLoader worker process 0.\nRuntimeError: CUDA error: initialization error\n", "x");
  ASSERT_EQ(worker.size(), 1u);
  EXPECT_EQ(worker[0].kind, "cuda-in-forked-worker");
  EXPECT_EQ(worker[0].cls, "program");
  const auto alone = find_software_errors("RuntimeError: CUDA error: initialization error\n", "x");
  ASSERT_EQ(alone.size(), 1u);
  EXPECT_EQ(alone[0].kind, "cuda-init-failed");
  // DGL's CPU-only build asked for the GPU (dgl #5427, as posted).
  EXPECT_EQ(find_software_errors("dgl._ffi.base.DGLError: [10:40:36] /opt/dgl/src/runtime/c_runtime_api.cc:82: Check failed: "
                                 "allow_missing: Device API cuda is not enabled. Please install the cuda version of dgl.\n",
                                 "x")[0]
                .kind,
            "build-without-cuda");
}

// A toolchain without CUDA's libdevice and SYCL without its CUDA plugin (FRESH-2026-12-64's cases,
// as posted): the stack.
TEST(SoftwareErrors, ToolchainsAndRuntimesWithoutTheirCudaParts) {
  EXPECT_EQ(find_software_errors("clang: error: cannot find libdevice for sm_75. Provide path to different CUDA installation "
                                 "via --cuda-path, or pass -nocudalib to build without linking with libdevice.\n",
                                 "x")[0]
                .kind,
            "toolchain-incomplete");
  EXPECT_EQ(find_software_errors("0: LLVMToPtx: Could not find CUDA libdevice bitcode library\n", "x")[0].kind, "toolchain-incomplete");
  EXPECT_EQ(find_software_errors("SYCL_PI_TRACE[-1]: dlopen(/opt/intel/oneapi/compiler/2024.0/lib/libpi_cuda.so) failed with "
                                 "</opt/intel/oneapi/compiler/2024.0/lib/libpi_cuda.so: cannot open shared object file: No such "
                                 "file or directory>\n",
                                 "x")[0]
                .kind,
            "sycl-cuda-plugin-missing");
  EXPECT_EQ(find_software_errors("SYCL_PI_TRACE[all]: Check if plugin is present. **Failed to load plugin: pi_cuda.dll**\n", "x")[0].kind,
            "sycl-cuda-plugin-missing");
  // The plugin failing on the driver's own library is the driver's library missing.
  EXPECT_EQ(find_software_errors("dlopen(libpi_cuda.so) failed with <libcuda.so.1: cannot open shared object file: No such file>\n",
                                 "x")[0]
                .kind,
            "driver-library-missing");
}

// Builds of CUDA kernel libraries (FRESH-2026-12-61, as posted): no nvcc, an instruction of a newer
// architecture; SYCL's selector with no GPU and nvdiffrast's code after "Cuda error: ".
TEST(SoftwareErrors, KernelLibraryBuildsAndOtherRuntimesWords) {
  EXPECT_EQ(find_software_errors("      warnings.warn(f\"{PACKAGE_NAME} was requested, but nvcc was not found.  Are you sure your "
                                 "environment has nvcc available?\n",
                                 "x")[0]
                .kind,
            "cuda-toolkit-missing");
  EXPECT_EQ(find_software_errors("/bin/sh: 1: nvcc: not found\n", "x")[0].kind, "cuda-toolkit-missing");
  EXPECT_EQ(find_software_errors("ptxas /tmp/tmpxft_00001b8e_00000000-6_gemm_cuda_gen.ptx, line 876; error   : Feature "
                                 "'.m16n8k16' requires .target sm_80 or higher\n",
                                 "x")[0]
                .kind,
            "gpu-arch-unsupported");
  EXPECT_EQ(find_software_errors("  what():  No device of requested type available. -1 (PI_ERROR_DEVICE_NOT_FOUND)\n", "x")[0].kind,
            "no-device");
  const auto nvdiffrast = find_software_errors("RuntimeError: Cuda error: 801[cudaGraphicsGLRegisterImage(&s.cudaColorBuffer[i], "
                                               "s.glColorBuffer[i], GL_TEXTURE_3D, cudaGraphicsRegisterFlagsReadOnly);]\n",
                                               "x");
  ASSERT_EQ(nvdiffrast.size(), 1u);
  EXPECT_NE(nvdiffrast[0].source.find("cudaErrorNotSupported"), std::string::npos) << nvdiffrast[0].source;
}

// FRESH-2026-12-65 and -68's partly read lines, as posted: a message a blockquote wrapped, torch.load's
// check, the loader's error cut before its reason, numba's linker error, TEI's capability check.
TEST(SoftwareErrors, WrappedMessagesAndMoreWordsForTheStack) {
  const auto wrapped = find_software_errors("> CUDA error: no kernel image is available for\n> execution on the device\n", "x");
  ASSERT_EQ(wrapped.size(), 1u);
  EXPECT_EQ(wrapped[0].kind, "no-kernel-image");
  EXPECT_TRUE(find_software_errors("> CUDA error: no kernel\n", "x").empty() ||
              find_software_errors("> CUDA error: no kernel\n", "x")[0].kind != "no-kernel-image");  // too few words
  EXPECT_EQ(find_software_errors("RuntimeError: Attempting to deserialize object on a CUDA device but torch.cuda.is_available() "
                                 "is False. If you are running on a CPU-only machine, please use torch.load with "
                                 "map_location=torch.device('cpu')\n",
                                 "x")[0]
                .kind,
            "no-device");
  EXPECT_EQ(find_software_errors("tensorflow_model_server: error while loading shared libraries: libcuda.so.1\n", "x")[0].kind,
            "driver-library-missing");
  const auto linker = find_software_errors("LinkerError: [218] Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR\n", "x");
  ASSERT_EQ(linker.size(), 1u);
  EXPECT_NE(linker[0].source.find("CUDA_ERROR_INVALID_PTX"), std::string::npos) << linker[0].source;
  EXPECT_EQ(find_software_errors("> cuda compute cap is not supported\n", "x")[0].kind, "gpu-arch-unsupported");
}

// Managed Kubernetes' driver installers and PyTorch without NCCL (FRESH-2026-12-71 and -72, as posted).
TEST(SoftwareErrors, ClusterDriverInstallersAndABuildWithoutNccl) {
  EXPECT_EQ(find_software_errors("I0320 10:12:31.551418 2316 install.go:264] GPU driver auto installation is disabled.\n", "x")[0].kind,
            "driver-not-installed");
  EXPECT_EQ(find_software_errors("E0810 cos_gpu_installer: failed to verify GPU driver installation: exit status 255\n", "x")[0].kind,
            "driver-install-failed");
  EXPECT_EQ(find_software_errors("Failed to pull image \"nvcr.io/nvidia/driver:550.90.07-cos121\": rpc error: code = NotFound desc "
                                 "= failed to pull and unpack image: not found\n",
                                 "x")[0]
                .kind,
            "driver-image-missing");
  EXPECT_EQ(find_software_errors("RuntimeError: Distributed package doesn't have NCCL built in\n", "x")[0].kind, "build-without-nccl");
  // A message a log wrapped right after the word CUDA, Rich's source column at the line's end
  // (michaelfeil/infinity #483, FRESH-2026-12-88, as posted); the word alone at a line's end is nothing.
  const auto wrapped = find_software_errors(
      "ERROR    2024-11-28 13:24:44,248 infinity_emb ERROR: CUDA   batch_handler.py:574\n"
      "         out of memory. Tried to allocate 3.88 GiB. GPU 0                       \n",
      "x");
  ASSERT_EQ(wrapped.size(), 1u);
  EXPECT_EQ(wrapped[0].line, 1);
  EXPECT_NE(wrapped[0].source.find("cudaErrorMemoryAllocation"), std::string::npos);
  EXPECT_TRUE(find_software_errors("built with CUDA\nand more words here\n", "x").empty());
  // Each as posted (FRESH-2026-12-89 to -92): NCCL's own dlopen words, its /dev/shm segment,
  // TensorFlow without cuDNN, PyCUDA without nvcc, nvcc without the architecture, nvidia-installer's
  // failed build, ethminer's driver check.
  for (const auto& [line, kind] : std::vector<std::pair<std::string, std::string>>{
           {"[rank1]: Failed to open libnvidia-ml.so.1", "nvml-missing"},
           {"Error while creating shared memory segment /dev/shm/nccl-Rx3lU7 (size 9637888)", "shm-too-small"},
           {"DNN library is not found.", "cuda-library-missing"},
           {"ExecError: error invoking 'nvcc --preprocess -arch sm_52 /tmp/tmpUI_Ndf.cu': [Errno 2] No such file or directory",
            "cuda-toolkit-missing"},
           {"nvcc fatal : Value 'sm_61' is not defined for option 'cpu-architecture'", "toolchain-too-old"},
           {"ERROR: Unable to build the NVIDIA kernel module.", "driver-install-failed"},
           {"CUDA error: Insufficient CUDA driver: 9020", "driver-too-old"},
           {"Unable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9, libcudnn_ops.so}",
            "cuda-library-missing"},
           {"Invalid handle. Cannot load symbol cudnnCreateTensorDescriptor", "cuda-library-missing"},
           {"pytorch_lightning.utilities.exceptions.MisconfigurationException: You requested GPUs: [0]  But your machine only "
            "has: []",
            "no-device"}}) {
    const auto found = find_software_errors(line + "\n", "x");
    ASSERT_FALSE(found.empty()) << line;
    EXPECT_EQ(found[0].kind, kind) << line;
    EXPECT_EQ(found[0].cls, kClassSoftware) << line;
  }
  // XLA's cuDNN start, which says something failed, not what (camenduru/whisper-jax-colab #4, as posted).
  const auto dnn = find_software_errors(
      "XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization failed. Look at the errors above for more details.\n", "x");
  ASSERT_EQ(dnn.size(), 1u);
  EXPECT_EQ(dnn[0].kind, "cudnn-init-failed");
  EXPECT_EQ(dnn[0].cls, kClassUnknown);
  // As posted (FRESH-2026-12-98 and -99): Cycles' CUresult in words, SheepIt's driver check, the PGI
  // runtime's failed transfer, CUDA's device-side assert printout behind an MPI rank, UCX's own lines.
  EXPECT_EQ(find_software_errors("Failed to load CUDA kernel from '/x/kernel_sm_86.ptx' (Unsupported PTX version)\n", "x")[0].kind,
            "driver-too-old");
  EXPECT_EQ(find_software_errors("Nvidia::getGpus driver version too old: 460.32.03\n", "x")[0].kind, "driver-too-old");
  const auto pgi = find_software_errors(
      "0: copyin Symbol Memcpy (dev=0x639420, host=0x7ffdfef5bb58, size=8, offset=0) FAILED: 10(invalid device ordinal)\n", "x");
  ASSERT_EQ(pgi.size(), 1u);
  EXPECT_NE(pgi[0].source.find("cudaErrorInvalidDevice"), std::string::npos);
  const auto assertion = find_software_errors(" 37: :0: : block: [2435,0,0], thread: [0,70,0] Assertion `` failed.\n", "x");
  ASSERT_EQ(assertion.size(), 1u);
  EXPECT_NE(assertion[0].source.find("cudaErrorAssert"), std::string::npos);
  EXPECT_EQ(assertion[0].cls, kClassProgram);
  for (const char* ucx : {"ib_md.c:1550 UCX  WARN  mlx5_1: relaxed order memory access requested, but unsupported",
                          "[1746051351.812265] [gcp5-sdc-3:1950659:0]  sock.c:334  UCX  ERROR   connect(fd=168, "
                          "dest_addr=169.254.4.6:52595) failed: Connection refused"}) {
    const auto found = find_software_errors(std::string(ucx) + "\n", "x");
    ASSERT_EQ(found.size(), 1u) << ucx;
    EXPECT_EQ(found[0].cls, kClassUnknown) << ucx;
  }
  EXPECT_TRUE(find_software_errors("Remember (no binary for gpu here)\n", "x").empty());  // no CUDA on the line
  // nvcc run by its path and not there (dstackai/dstack #539, FRESH-2026-12-108, as posted); a source
  // file nvcc was given is not nvcc missing.
  EXPECT_EQ(find_software_errors("FileNotFoundError: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc'\n", "x")[0].kind,
            "cuda-toolkit-missing");
  const auto source_file = find_software_errors("nvcc fatal   : Could not open input file 'a/nvcc': No such file or directory: 'a/nvcc'\n", "x");
  EXPECT_TRUE(std::none_of(source_file.begin(), source_file.end(), [](const auto& e) { return e.kind == "cuda-toolkit-missing"; }));
  // A stub of a CUDA library says so itself (heterodb/pg-strom #386, FRESH-2026-12-107, as posted).
  EXPECT_EQ(find_software_errors("You are running using the stub version of nvrtc\n", "x")[0].kind, "cuda-library-missing");
  // Bark without a CUDA GPU, ONNX Runtime without its CUDA libraries (FRESH-2026-12-110, as posted).
  EXPECT_EQ(find_software_errors("No GPU being used. Careful, Inference might be extremely slow!\n", "x")[0].kind, "no-device");
  EXPECT_EQ(find_software_errors("CUDA_PATH is set but CUDA wasn't able to be loaded. Please install the correct version of CUDA "
                                 "and cuDNN as mentioned in the GPU requirements page\n",
                                 "x")[0]
                .kind,
            "cuda-library-missing");
  // wgpu and Bevy without a working GPU driver (FRESH-2026-12-112, as posted).
  EXPECT_EQ(find_software_errors("thread 'main' panicked at 'No suitable GPU adapters found on the system!'\n", "x")[0].kind,
            "no-device");
  EXPECT_EQ(find_software_errors("Unable to find a GPU! Make sure you have installed required drivers!\n", "x")[0].kind, "no-device");
  // Taichi falling back to the CPU sees no CUDA GPU (taichi-dev/taichi #8469, FRESH-2026-12-104, as posted).
  EXPECT_EQ(find_software_errors("[W 01/22/24 10:03:20.516 1024] [misc.py:adaptive_arch_select@758] Arch=[<Arch.cuda: 3>] is not "
                                 "supported, falling back to CPU\n",
                                 "x")[0]
                .kind,
            "no-device");
  // PyTorch's extension build failing says something failed, not what (lbin/DCNv2 #33, FRESH-2026-12-102).
  EXPECT_EQ(find_software_errors("RuntimeError: Error compiling objects for extension\n", "x")[0].cls, kClassUnknown);
  // ggml's own arena full is the program's (imartinez/privateGPT #885, FRESH-2026-12-96, as posted).
  const auto ggml = find_software_errors(
      "ggml_new_tensor_impl: not enough space in the context's memory pool (needed 28728784, available 10485760)\n", "x");
  ASSERT_EQ(ggml.size(), 1u);
  EXPECT_EQ(ggml[0].cls, kClassProgram);
  // DJL's platform check found no CUDA GPU (deepjavalibrary/djl #2902, FRESH-2026-12-83, as posted).
  EXPECT_EQ(find_software_errors("ai.djl.util.Platform : The bundled library: cu121-linux-x86_64:2.1.1-20231129 doesn't match "
                                 "system: cpu-linux-x86_64:2.1.1\n",
                                 "x")[0]
                .kind,
            "no-device");
  // JAX's library check, conda's __cuda constraint, a C++ symbol of cuDNN the loader could not find
  // (jax #18027, mamba #969, wetts #177; FRESH-2026-12-86, as posted, the last cut at its version tag).
  const auto jax = find_software_errors(
      "CUDA backend failed to initialize: Found cuBLAS version 120205, but JAX was built against version 120304, which is newer.\n",
      "x");
  ASSERT_FALSE(jax.empty());
  EXPECT_EQ(jax[0].kind, "cuda-library-mismatch");
  EXPECT_EQ(find_software_errors("  - package cudatoolkit-11.0.3-h15472ef_6 has constraint __cuda >=11.0 conflicting with __cuda-10.2-0\n",
                                 "x")[0].kind,
            "driver-too-old");
  EXPECT_EQ(find_software_errors("Could not load library libcudnn_cnn_train.so.8. Error: /usr/local/cuda/lib64/libcudnn_cnn_train.so.8: "
                                 "undefined symbol: _ZN5cudnn3cnn34layerNormFwd_execute_internal_implERKNS_7backend, version "
                                 "libcudnn_cnn_infer.so.8\n",
                                 "x")[0]
                .kind,
            "cuda-library-mismatch");
  EXPECT_EQ(find_software_errors("lib.so: undefined symbol: _Z3foov, version libcudnn_ops_infer.so.8\n", "x")[0].kind,
            "cuda-library-mismatch");
  EXPECT_TRUE(find_software_errors("lib.so: undefined symbol: _ZN3foo3barEv\n", "x").empty());
  // A const member function's mangling ("_ZNK"): the namespace after the K names the library
  // (constructed for this rule).
  EXPECT_EQ(find_software_errors("lib.so: undefined symbol: _ZNK5cudnn7backend4Tensor4sizeEv\n", "x")[0].kind,
            "cuda-library-mismatch");
  // A symbol of PyTorch itself: the extension was built for another PyTorch (QwenLM/Qwen3-VL #1285,
  // FRESH-2026-12-111, as posted).
  EXPECT_EQ(find_software_errors("ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: "
                                 "undefined symbol: _ZNK3c105Error4whatEv\n",
                                 "x")[0]
                .kind,
            "extension-abi-mismatch");
  EXPECT_EQ(find_software_errors("x.so: undefined symbol: _ZN2at6native5emptyEv\n", "x")[0].kind, "extension-abi-mismatch");
  EXPECT_TRUE(find_software_errors("x.so: undefined symbol: _ZN9attention3runEv\n", "x").empty());
  // PyTorch's extension builder, its message on two lines as cpp_extension.py writes it (SAM 2's
  // build, FRESH-2026-12-81, as posted).
  const auto toolkit = find_software_errors(
      "The detected CUDA version (11.8) mismatches the version that was used to compile\nPyTorch (12.1). Please make sure to use "
      "the same CUDA versions.\n",
      "x");
  ASSERT_EQ(toolkit.size(), 1u);
  EXPECT_EQ(toolkit[0].kind, "toolkit-mismatch");
  EXPECT_EQ(toolkit[0].cls, kClassSoftware);
  EXPECT_EQ(find_software_errors("Error: Failed to initialize NVML\n", "x")[0].kind, "nvml-init-failed");
  // The dynamic loader's words for a toolkit library (jdftx #449, FRESH-2026-12-113, as posted).
  EXPECT_EQ(find_software_errors("/global/cfs/cdirs/m4025/Software/Perlmutter/JDFTx/build-gpu/jdftx_gpu: error while loading shared "
                                 "libraries: libcudart.so.12: cannot open shared object file: No such file or directory\n",
                                 "x")[0]
                .kind,
            "cuda-library-missing");
  // CMake's package search for the toolkit's parts (cp2k #1525, FRESH-2026-12-113, as posted) and its CUDA
  // language without nvcc (CMakeDetermineCUDACompiler.cmake's words); another package is not CUDA's.
  EXPECT_EQ(find_software_errors("-- Could NOT find CUBLAS (missing: CUDA_TOOLKIT_INCLUDE CUDA_CUDART_LIB)\n", "x")[0].kind,
            "cuda-toolkit-missing");
  EXPECT_EQ(find_software_errors("CMake Error at CMakeLists.txt:3 (project):\n  No CMAKE_CUDA_COMPILER could be found.\n", "x")[0].kind,
            "cuda-toolkit-missing");
  EXPECT_TRUE(find_software_errors("-- Could NOT find ZLIB (missing: ZLIB_LIBRARY ZLIB_INCLUDE_DIR)\n", "x").empty());
  // apt's unmet dependency on a driver package (kernsuite/packaging #258, FRESH-2026-12-115, as posted)
  // and dnf's; another package's is not the driver's.
  EXPECT_EQ(find_software_errors(" libidg-cuda0 : Depends: libnvidia-compute-418-server but it is not going to be installed\n", "x")[0].kind,
            "driver-packages-conflict");
  EXPECT_EQ(find_software_errors("  - nothing provides libnvidia-ml.so.1()(64bit) needed by nvidia-driver-cuda-3:550.54.15-1.el9.x86_64\n", "x")[0]
                .kind,
            "driver-packages-conflict");
  EXPECT_TRUE(find_software_errors(" python3-foo : Depends: python3-bar but it is not going to be installed\n", "x").empty());
  // Libraries comparing what they loaded with their build, and the loader's versioned symbol, as posted
  // in FRESH-2026-12-117 and -120 (LMDeploy PR #256, Levanter #670, CLRS #98); the warnings a program
  // goes on after (TensorRT's, XLA's ptxas) are not findings.
  for (const char* msg : {"E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:439] Loaded runtime CuDNN library: 8.9.4 but source "
                          "was compiled with: 8.9.6.  CuDNN library needs to have matching major version and equal or higher minor "
                          "version.\n",
                          "ImportError: /usr/lib/liblmdeploy.so: symbol cudaFreeAsync version libcudart.so.11.0 not defined in file "
                          "libcudart.so.11.0 with link time reference\n"})
    EXPECT_EQ(find_software_errors(msg, "x")[0].kind, "cuda-library-mismatch") << msg;
  for (const char* msg : {"[TRT] [W] TensorRT was linked against cuDNN 8.6.0 but loaded cuDNN 8.5.0\n",
                          "W nvptx_compiler.cc:762] The NVIDIA driver's CUDA version is 12.4 which is older than the ptxas CUDA "
                          "version (12.5.40). Because the driver is older than the ptxas version, XLA is disabling parallel "
                          "compilation, which may slow down compilation.\n"})
    for (const auto& e : find_software_errors(msg, "x")) EXPECT_NE(e.cls, "software") << msg;
  EXPECT_EQ(find_software_errors("RuntimeError: Unable to initialize backend 'cuda': module 'jaxlib.xla_extension' has no attribute "
                                 "'GpuAllocatorConfig' (you may need to uninstall the failing plugin package, or set "
                                 "JAX_PLATFORMS=cpu to skip this backend.)\n",
                                 "x")[0]
                .kind,
            "jaxlib-mismatch");
  // A log level's date is no CUDA code (vLLM #3688, FRESH-2026-12-117, as posted: "ERROR 03-28" is not
  // cudaErrorInitializationError, 3).
  for (const auto& e : find_software_errors("(RayWorkerVllm pid=4028887) ERROR 03-28 21:38:23 ray_utils.py:44] ncclUnhandledCudaError: "
                                            "Call to CUDA function failed.\n",
                                            "x"))
    EXPECT_NE(e.kind, "cuda-init-failed");
  // The Chinese frameworks' own version checks and loaders, as posted in FRESH-2026-12-121 (Paddle,
  // MindSpore, MegEngine threads).
  EXPECT_EQ(find_software_errors("W0312 10:01:02.123 dynamic_loader.cc:120] [cudnn init] libcudnn v5 with header v7 unmatched!\n", "x")[0].kind,
            "cuda-library-mismatch");
  EXPECT_EQ(find_software_errors("OSError: MindSpore version 1.0.0 and cuda version 10.0 does not match, please refer to the installation "
                                 "guide for version matching information\n",
                                 "x")[0]
                .kind,
            "toolkit-mismatch");
  EXPECT_EQ(find_software_errors("err: failed to load cuda func: cuMemcpy2D_v2_ptds\n", "x")[0].kind, "driver-too-old");
  EXPECT_EQ(find_software_errors("CMake Error at cmake/cudnn.cmake:27 (message):\n  Can not find CuDNN Library\n", "x")[0].kind,
            "cuda-library-missing");
  // Caffe's CUDA_CHECK through glog (a pre-10.1 number, the message decides) and ld's build-time warning
  // for the driver's library (apollo_perception_ros #27, zed-ros2-wrapper #113, FRESH-2026-12-122, as posted).
  EXPECT_EQ(find_software_errors("F0312 10:01:02.123 math_functions.cu:81] Check failed: error == cudaSuccess (8 vs. 0)  invalid device "
                                 "function\n",
                                 "x")[0]
                .kind,
            find_software_errors("cudaErrorInvalidDeviceFunction\n", "x")[0].kind);
  EXPECT_EQ(find_software_errors("/usr/bin/ld: warning: libcuda.so.1, needed by /usr/local/zed/lib/libsl_zed.so, not found (try using "
                                 "-rpath or -rpath-link)\n",
                                 "x")[0]
                .kind,
            "driver-library-missing");
  // bitsandbytes' loader in its 0.4x and 0.3x words (cextension.py; PEFT #177 and bitsandbytes #936,
  // FRESH-2026-12-129).
  EXPECT_EQ(find_software_errors("Could not find the bitsandbytes CUDA binary at PosixPath('/usr/lib/python3/site-packages/bitsandbytes/"
                                 "libbitsandbytes_cuda129.so')\n",
                                 "x")[0]
                .kind,
            "build-without-cuda");
  EXPECT_EQ(find_software_errors("CUDA SETUP: Problem: The main issue seems to be that the main CUDA runtime library was not detected.\n",
                                 "x")[0]
                .kind,
            "cuda-library-missing");
  // FFmpeg missing a function of the driver's video library (mpv #6777, FRESH-2026-12-130, as posted) and
  // a monitor's words for NVML not found (ngputop #16, FRESH-2026-12-132).
  EXPECT_EQ(find_software_errors("[ffmpeg/video] h264_cuvid: Cannot load cuvidGetDecodeStatus\n", "x")[0].kind, "driver-too-old");
  EXPECT_EQ(find_software_errors("NVML library is not installed or not found at the default path.\n", "x")[0].kind, "nvml-missing");
  // IREE's CUDA back end without its library (iree #10090, FRESH-2026-12-135, as posted).
  EXPECT_EQ(find_software_errors("INTERNAL; CUDA runtime library not available; ensure installed and on path\n", "x")[0].kind,
            "cuda-library-missing");
  // ONNX Runtime's GPU provider on Windows, as posted in FRESH-2026-12-137 (SimSwap #218, LivePortrait #146).
  EXPECT_EQ(find_software_errors("2022-03-30 17:54:55.0301529 [E:onnxruntime:Default, provider_bridge_ort.cc:940 "
                                 "onnxruntime::ProviderLibrary::Get] LoadLibrary failed with error 126 \"The specified module could "
                                 "not be found.\" when trying to load \"C:\\onnxruntime\\capi\\onnxruntime_providers_cuda.dll\"\n",
                                 "x")[0]
                .kind,
            "cuda-library-missing");
  EXPECT_EQ(find_software_errors("onnxruntime_pybind_state.cc:891 CUDA_PATH is set but CUDA wasnt able to be loaded. Please install the "
                                 "correct version of CUDA and cuDNN\n",
                                 "x")[0]
                .kind,
            "cuda-library-missing");
  // Mojo/MAX's driver and device checks and nvcc's host-compiler check, as posted in FRESH-2026-12-141
  // (modular #6519 and #6896, Bend #359).
  EXPECT_EQ(find_software_errors("MAX doesn\u2019t support your current NVIDIA GPU driver. MAX requires a minimum driver version of 580 and "
                                 "CUDA version 13.0. Your driver version is 570.211.01\n",
                                 "x")[0]
                .kind,
            "driver-too-old");
  EXPECT_EQ(find_software_errors("No supported \u201cgpu\u201d device available.\n", "x")[0].kind, "no-device");
  EXPECT_EQ(find_software_errors("/usr/local/cuda/include/crt/host_config.h:143:2: error: #error -- unsupported GNU version! gcc versions "
                                 "later than 12 are not supported!\n",
                                 "x")[0]
                .kind,
            "host-compiler-unsupported");
  // pytorch-directml's check of the device-removed reason (DirectML #287, FRESH-2026-12-143, as posted).
  EXPECT_EQ(find_software_errors("[libprotobuf FATAL C:\\dml_command_recorder.cc:392] CHECK failed: ((((HRESULT)((dml_device_->"
                                 "GetDeviceRemovedReason()))) >= 0)) == (true):\n",
                                 "x")[0]
                .kind,
            "device-removed");
  // JAX's older no-GPU warning and CellBender's check (FRESH-2026-12-144's threads' wording).
  EXPECT_EQ(find_software_errors("No GPU/TPU found, falling back to CPU. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)\n", "x")[0].kind,
            "no-device");
  EXPECT_EQ(find_software_errors("AssertionError: Trying to use CUDA, but CUDA is not available.\n", "x")[0].kind, "no-device");
  // The profiler without CUPTI (tensorflow/serving #1718, FRESH-2026-12-146, as posted).
  EXPECT_EQ(find_software_errors("Failed to load libcupti (is it installed and accessible?)\n", "x")[0].kind, "cuda-library-missing");
  // SpikingJelly's CuPy back end without CuPy (Spike-Driven-Transformer #11, FRESH-2026-12-150, as posted).
  EXPECT_EQ(find_software_errors("AssertionError: CuPy is not installed! You can install it from \"https://github.com/cupy/cupy\".\n", "x")[0]
                .kind,
            "build-without-cuda");
  // A RAPIDS library the loader could not open (cuopt-examples #70, FRESH-2026-12-151, as posted).
  EXPECT_EQ(find_software_errors("ImportError: libcudf.so: cannot open shared object file: No such file or directory\n", "x")[0].kind,
            "cuda-library-missing");
  // Thrust's and ArrayFire's words for a CUDA error, as posted in FRESH-2026-12-154 (gDel3D #7, RapidCFD
  // #54, ArrayFire #474): read by the runtime's message, and "device free failed" at shutdown is not the GPU's.
  const std::string no_image = find_software_errors("cudaErrorInvalidDeviceFunction\n", "x")[0].kind;
  EXPECT_EQ(find_software_errors("  what():  extrema failed on 1st step: invalid device function\n", "x")[0].kind, no_image);
  EXPECT_EQ(find_software_errors("In function void cuda::..., CU Error (8): invalid device function\n", "x")[0].kind, no_image);
  for (const auto& e : find_software_errors("  what():  device free failed: driver shutting down\n", "x")) EXPECT_NE(e.cls, "gpu-fault");
  // PyTorch's own warning (torch/cuda/__init__.py; AutoGluon PR #4902, FRESH-2026-12-116, as posted).
  EXPECT_EQ(find_software_errors("/usr/lib/python3/site-packages/torch/cuda/__init__.py:619: UserWarning: Can't initialize NVML\n"
                                 "  warnings.warn(\"Can't initialize NVML\")\n",
                                 "x")[0]
                .kind,
            "nvml-init-failed");
  EXPECT_EQ(find_software_errors("Error: Failed to initialize NVML\n", "x")[0].cls, "software");
}

// TransformerEngine's precision checks and numba without NVVM (FRESH-2026-12-78, as posted).
TEST(SoftwareErrors, PrecisionChecksAndNvvmMissing) {
  EXPECT_EQ(find_software_errors("AssertionError: Device compute capability 8.9 or higher required for FP8 execution.\n", "x")[0].kind,
            "gpu-arch-unsupported");
  EXPECT_EQ(find_software_errors("AssertionError: Device compute capability 9.x required for FP8 execution.\n", "x")[0].kind,
            "gpu-arch-unsupported");
  EXPECT_EQ(find_software_errors("AssertionError: MXFP8 (for all gemm layouts) is not supported on 12.0+ architectures yet.\n", "x")[0].kind,
            "gpu-arch-unsupported");
  EXPECT_EQ(find_software_errors("numba.cuda.cudadrv.error.NvvmSupportError: libNVVM cannot be found. Do `conda install cudatoolkit`:\n",
                                 "x")[0]
                .kind,
            "cuda-library-missing");
}

// Distributions' driver builds and a profiler without counter access (FRESH-2026-12-79 and -80, as posted).
TEST(SoftwareErrors, DistributionDriverBuildsAndRestrictedCounters) {
  EXPECT_EQ(find_software_errors("error: builder for '/nix/store/q3l9-nvidia-x11-550.40.07-6.7.drv' failed with exit code 2;\n", "x")[0].kind,
            "driver-module-build-failed");
  EXPECT_EQ(find_software_errors("==> ERROR: Missing 6.12.1-arch1-1 kernel modules tree for module nvidia/565.77.\n", "x")[0].kind,
            "driver-module-build-failed");
  const auto counters = find_software_errors(
      "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the target "
      "device 0.\n",
      "x");
  ASSERT_EQ(counters.size(), 1u);
  EXPECT_EQ(counters[0].kind, "profiling-restricted");
  EXPECT_EQ(counters[0].cls, "unknown");
}

// The host without the GPU's device file a container or Slurm was told to use (nix-config #106 and
// the bibigrid case, as posted); a listing inside a container holds only the devices it was given.
TEST(SoftwareErrors, AGpuDeviceFileTheHostHasNotGot) {
  for (const char* l :
       {"ERROR: for steam  Cannot start service steam: b'linux runtime spec devices: error gathering device information while "
        "adding custom device \"/dev/nvidia0\": no such file or directory'",
        "Feb 02 09:52:07 bibigrid-worker slurmd[12912]: slurmd: fatal: can't stat gres.conf file /dev/nvidia0: No such file or "
        "directory",
        // docker-kasm #42: a DRM render node (FRESH-2026-12-58).
        "docker: Error response from daemon: error gathering device information while adding custom device "
        "\"/dev/dri/renderD129\": no such file or directory."}) {
    const auto e = find_software_errors(std::string(l) + "\n", "x");
    ASSERT_EQ(e.size(), 1u) << l;
    EXPECT_EQ(e[0].kind, "gpu-device-file-missing") << l;
    EXPECT_NE(e[0].meaning.find("(/dev/"), std::string::npos) << e[0].meaning;
  }
  for (const auto& e : find_software_errors("/usr/bin/ls: cannot access '/dev/nvidia0': No such file or directory\n", "x"))
    EXPECT_NE(e.kind, "gpu-device-file-missing");
}

TEST(SoftwareErrors, AGpuMentionQuotesTheLineThatSoundsWrongElseTheFirst) {
  const auto wrong = gpu_mention("start\nfound GPU 0\nWARN: cuda graph capture failed\n", "log.txt");
  ASSERT_TRUE(wrong);
  EXPECT_EQ(wrong->line, 3);
  EXPECT_EQ(wrong->cls, "unknown");
  EXPECT_EQ(wrong->kind, "gpu-log");
  EXPECT_FALSE(machine_class(wrong->cls));
  const auto first = gpu_mention("start\nfound GPU 0\nall good\n", "log.txt");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->line, 2);
  EXPECT_FALSE(gpu_mention("Eggs\nMilk\n", "x"));
  EXPECT_FALSE(gpu_mention("the workers occupy 3 cores\n", "x"));
  // An inference engine's throughput, ONNX Runtime's providers and the driver's buffers and thread, as posted in FRESH-2026-12-127 and
  // -125 (mlc-llm #412, vLLM #359, koboldcpp #1527, insightface #2295).
  for (const char* log : {"prefill: 50.6 tok/s, decode: 27.6 tok/s\n", "Throughput: 5.99 requests/s\n",
                          "ProcessingSpeed: 406.84T/s\nGenerationSpeed: 3.76T/s\n",
                          "Applied providers: ['CPUExecutionProvider'], with options: {'CPUExecutionProvider': {}}\n",
                          // FRESH-2026-12-131's Wayland and suspend threads, as posted.
                          "INFO: task nv_queue:1890 blocked for more than 122 seconds.\n",
                          "Failed to create GBM buffer of size 1024x800: Invalid argument\n",
                          "[destroyed object]: error 7: importing the supplied dmabufs failed\n",
                          // FRESH-2026-12-130 and -132, as posted.
                          "Field \"temperature.memory\" is not a valid field to query.\n",
                          "[1:1:0101/000000.000:ERROR:vaapi_wrapper.cc(512)] GetConfigAttributes failed for va_profile VAProfileH264Main\n",
                          "[00007f7e580eb2d8] vdpau_avcodec generic error: unsupported codec 1211250229 or profile 1\n",
                          // mlt #576 (FRESH-2026-12-134), as posted.
                          "melt: filter_movit_convert.cpp:204: mlt_frame convert_frame(...): Assertion `effect' failed.\n",
                          // WinML #464 (FRESH-2026-12-143), as posted.
                          "Unhandled exception at 0x00007FFE7ED13564 (DirectML.dll) in NativeToWinRT.exe: 0xC0000005: Access "
                          "violation writing location 0x0000000000000003.\n",
                          // rapids-singlecell #694 (FRESH-2026-12-144), as posted.
                          "ImportError: cannot import name 'check_array' from 'cuml.thirdparty_adapters'\n",
                          // Isaac Sim #635 (FRESH-2026-12-145), as posted.
                          "[Error] [rtx.scenedb.plugin] Failed to create nrend renderer with error code 2\n",
                          // Hunyuan3D-2-WinPortable #8 (FRESH-2026-12-148), as posted.
                          "  File \"C:\\python\\lib\\site-packages\\torch\\utils\\cpp_extension.py\", line 2104, in _run_ninja_build\n",
                          // vkpeak on an older driver (pts test-profiles #192, FRESH-2026-12-153) and ArrayFire's listing
                          // (arrayfire-python #202, FRESH-2026-12-154), as posted.
                          "device       = GeForce RTX 2070\n", "ArrayFire v3.6.2 (CPU, 64-bit Linux, build dc38ef1)\n",
                          // GPU-rendered programs' context set-up, as posted in FRESH-2026-12-155 (alacritty #5473,
                          // kitty #816, zed-debian #1).
                          "Error creating GL context; eglCreateWindowSurface failed\n",
                          "[glfw error 65543]: GLX: Failed to create context: BadValue (integer parameter out of range for operation)\n",
                          "Instance extension \"VK_KHR_get_physical_device_properties2\" is not supported\n"})
    EXPECT_TRUE(gpu_mention(log, "x")) << log;
  // EGL's own warnings and a program's failed EGL start (egl-example #3, as posted).
  EXPECT_TRUE(gpu_mention("libEGL warning: DRI2: failed to create dri screen\nUnable to initialize EGL\n", "x"));
  // A check inside a CUDA source file names the GPU by the file alone (OneFlow #9843, CUTLASS's conv).
  EXPECT_TRUE(gpu_mention("F1205 conv_cutlass_kernels.cu:138] Check failed: operation != nullptr\n", "x"));
  // DCGM's own tool: its errors name no GPU, CUDA or NVIDIA word.
  const auto dcgmi = gpu_mention(" ./dcgmi diag -r \"memory bandwidth\" -g 2\nError: requested test \"memory bandwidth\" was not found "
                                 "among possible test choices.\n",
                                 "dcgmi.txt");
  ASSERT_TRUE(dcgmi);
  EXPECT_EQ(dcgmi->line, 1);
  // cuBLAS's and cuDNN's own statuses, with no other GPU word on the line.
  EXPECT_TRUE(gpu_mention("RuntimeError: cuBLAS failed with status CUBLAS_STATUS_ALLOC_FAILED\n", "x"));
  EXPECT_TRUE(gpu_mention("cudnn error: CUDNN_STATUS_NOT_INITIALIZED\n", "x"));
  // The toolkit's math libraries as the loader names them.
  EXPECT_TRUE(gpu_mention("./Open3D: error while loading shared libraries: libcusolver.so.10: cannot open shared object file\n", "x"));
  // TensorRT's logger and NVRTC.
  EXPECT_TRUE(gpu_mention("Building TensorRT engine for onnx/unet.opt.onnx: engine/unet.plan\nSegmentation fault\n", "x"));
  EXPECT_TRUE(gpu_mention("[01/29/2021-10:26:48] [E] [TRT] Assertion Error in nvinfer1::fixSMVerForNVRTC\n", "x"));
  // The Video Codec SDK's engines as FFmpeg names them.
  EXPECT_TRUE(gpu_mention("[hevc_nvenc @ 00000237f36afac0] No NVENC capable devices found\n", "x"));
  EXPECT_TRUE(gpu_mention("Stream #0:0 -> #0:0 (h264 (h264_cuvid) -> hevc (libx265))\n", "x"));
  // Jetson's words: its flash tools, L4T, and the nvgpu driver naming its integrated GPU.
  EXPECT_TRUE(gpu_mention("[   0.0021 ] tegrarcm_v2 --listrcm rcm_list.xml\n", "x"));
  EXPECT_TRUE(gpu_mention("# R32 (release), REVISION: 4.3 of L4T\n", "x"));
  EXPECT_TRUE(gpu_mention("[22794.631495] id 20 (gp10b_507) min 666354 max 666396 refs 1\n", "x"));
  EXPECT_TRUE(gpu_mention("Flashing Jetson Nano failed\n", "x"));
  // NVIDIA's Windows driver files in a crash record, and the GPU's APIs' own errors (2026-12-33 sweep).
  EXPECT_TRUE(gpu_mention("Faulting module name: nvoglv64.dll, version: 32.0.15.7324, time stamp: 0x68225dd8\n", "x"));
  EXPECT_TRUE(gpu_mention("RuntimeError: Using glBindFramebuffer with no OpenGL context.\n", "x"));
  // VirtualGL and the GL client library; a GPU passed through to a VM; NVIDIA's vendor id in a modalias (2026-12-34/35).
  EXPECT_TRUE(gpu_mention("libGL error: failed to load driver: swrast\n", "x"));
  EXPECT_TRUE(gpu_mention("[VGL] ERROR: Could not open display :0.\n", "x"));
  EXPECT_TRUE(gpu_mention("qemu: vfio 0000:01:00.0: failed to open /dev/vfio/1: Device or resource busy\n", "x"));
  EXPECT_TRUE(gpu_mention("MODALIAS=pci:v000010DEd00002236sv000010DEsd000014BBbc03sc02i00\n", "x"));
  EXPECT_FALSE(gpu_mention("[0000.125] I> MB1 (version: 1.4.0.1)\n", "x"));  // a boot loader's line names no NVIDIA word
  EXPECT_FALSE(gpu_mention("", "x"));
}

TEST(SoftwareErrors, TypographicQuotesAndMoreWordsForNvidiaSmiOrTheGpuMissing) {
  // nvidia-smi's sentence as pasted through a forum: a typographic apostrophe (U+2018).
  const auto smart = find_software_errors(
      "NVIDIA-SMI has failed because it couldn\u2018t communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is "
      "installed and running.\n",
      "x");
  ASSERT_EQ(smart.size(), 1u);
  EXPECT_EQ(smart[0].kind, "driver-not-loaded");
  EXPECT_EQ(find_software_errors("sh: 1: nvidia-smi: not found\n", "x")[0].kind, "driver-tools-missing");
  EXPECT_EQ(find_software_errors("nvidia-smi not found, NVIDIA GPU Driver not installed correctly.\n", "x")[0].kind,
            "driver-tools-missing");
  EXPECT_EQ(find_software_errors("RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to COMMANDLINE_ARGS\n", "x")[0].kind,
            "no-device");
}

// A program built or installed without CUDA says so in its own words (each string from the
// program's source, cited in software_errors.cpp): software, whatever the GPU.
TEST(SoftwareErrors, AProgramBuiltWithoutCudaIsSoftware) {
  const std::pair<const char*, const char*> lines[] = {
      {"AssertionError: Torch not compiled with CUDA enabled", "build-without-cuda"},
      {"WARNING:2025-06-10 09:01:40,857:jax._src.xla_bridge:966: An NVIDIA GPU may be present on this machine, but a "
       "CUDA-enabled jaxlib is not installed. Falling back to cpu.",
       "build-without-cuda"},
      {"warning: not compiled with GPU offload support, --gpu-layers option will be ignored", "build-without-cuda"},
      {"I1107 device_cuda.cpp:50] Neither precompiled kernels nor CUDA compiler was found, unable to use CUDA", "no-kernel-image"},
      {"W tensorflow/core/common_runtime/gpu/gpu_device.cc:1753] Cannot dlopen some GPU libraries. Please make sure the missing "
       "libraries mentioned above are installed properly if you would like to use GPU.",
       "cuda-library-missing"},
      {"No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'", "no-device"},
      {"The user requested CUDA support with the --mca mpi_cuda_support 1 flag", "build-without-cuda"},
      {"[h264_nvenc @ 0x55d1] Driver does not support the required nvenc API version. Required: 12.1 Found: 12.0",
       "driver-too-old"},
      {"docker: Error response from daemon: ... error running prestart hook #0: exit status 1, stdout: , stderr: "
       "Auto-detected mode as 'legacy'",
       "container-runtime-hook"},
      {"Error: NVIDIA GPU not found.", "no-device"},
      {"ERROR: An error occurred while performing the step: \"Building kernel modules\". See /var/log/nvidia-installer.log",
       "driver-module-build-failed"},
      {"Building DKMS module 'nvidia-367.35' for kernel-4.7.2_1... FAILED!", "driver-module-build-failed"},
      {"Building and installing nvidia-kmod [FAILED]", "driver-module-build-failed"},
      {"ERROR: NVIDIA driver is not loaded", "driver-not-loaded"},
      {"NVIDIA: failed to load the NVIDIA kernel module.", "driver-not-loaded"},
      {"[ 3266.660270] NVRM: No NVIDIA graphics adapter found!", "driver-no-supported-gpu"},
      {"docker: Error response from daemon: could not select device driver \"\" with capabilities: [[gpu]].",
       "container-toolkit-missing"},
      {"stderr: nvidia-container-cli: requirement error: invalid expression: unknown.", "container-requirement"},
      {"docker: Error response from daemon: unknown or invalid runtime name: nvidia", "container-toolkit-missing"},
      {"Default docker runtime is not nvidia!, please make sure the following line is", "container-toolkit-missing"},
  };
  expect_software(lines);
}

// PyTorch puts the runtime's message right after the word "CUDA": read as that code, the program's.
TEST(SoftwareErrors, TheRuntimesMessageRightAfterTheWordCuda) {
  const std::pair<const char*, const char*> lines[] = {
      {"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.00 GiB total capacity)",
       "cudaErrorMemoryAllocation"},
      {"RuntimeError: CUDA unknown error - this may be due to an incorrectly set up environment", "cudaErrorUnknown"},
  };
  for (const auto& [line, name] : lines) {
    const auto e = find_software_errors(std::string(line) + "\n", "x");
    ASSERT_EQ(e.size(), 1u) << line;
    EXPECT_NE(e[0].source.find(name), std::string::npos) << line << " -> " << e[0].source;
  }
  EXPECT_TRUE(find_software_errors("we installed CUDA out of the box\n", "x").empty());
}

// The NVIDIA container runtime's hook refusing a GPU container (libnvidia-container's words):
// software, with the CUDA version the image asks for, or the NVML code the host gave.
TEST(SoftwareErrors, TheContainerRuntimesRefusalsAreSoftware) {
  const std::pair<const char*, const char*> lines[] = {
      {"> nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a newer "
       "version, or use an earlier cuda container: unknown",
       "container-driver-too-old"},
      {"nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.6,", "container-driver-too-old"},  // broken
      {"nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown", "driver-not-loaded"},
      {"nvidia-container-cli: initialization error: WSL environment detected but no adapters were found: unknown", "no-device"},
      // Docker and containerd join the hook's stderr into one line: the hook's own reason wins over its mode line.
      {"docker: Error response from daemon: ... error running hook #0: error running hook: exit status 1, stdout: , stderr: "
       "Auto-detected mode as 'legacy' nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown.",
       "driver-not-loaded"},
      {"error running prestart hook #0: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy' nvidia-container-cli: "
       "requirement error: unsatisfied condition: cuda>=12.8, please update your driver",
       "container-driver-too-old"},
      {"error running prestart hook #0: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy' nvidia-container-cli: "
       "mount error: mount operation failed: /usr/bin/nvidia-smi: no such file or directory: unknown.",
       "container-runtime-mount"},
  };
  expect_software(lines);
  const auto too_old = find_software_errors(std::string(lines[0].first) + "\n", "x");
  EXPECT_NE(too_old[0].meaning.find("CUDA 12.8 or newer"), std::string::npos) << too_old[0].meaning;
}

// The kernel's firmware loader on the driver's GSP firmware, the container runtime's failed mount,
// PyTorch's failed cuInit: software.
TEST(SoftwareErrors, FirmwareMountAndInitFailuresInTheirOwnWords) {
  const std::pair<const char*, const char*> lines[] = {
      {"nvidia 0000:06:00.0: loading /lib/firmware/nvidia/570.172.08/gsp_ga10x.bin failed with error -4",
       "driver-firmware-load-failed"},
      {"nvidia-container-cli: mount error: mount operation failed: /usr/bin/nvidia-smi: no such file or directory: unknown.",
       "container-runtime-mount"},
      {"RuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu.", "no-device"},
  };
  expect_software(lines);
  EXPECT_TRUE(find_software_errors("copied gsp_ga10x.bin to the initramfs\n", "x").empty());
}

// A library's check of the GPU's architecture (FlashAttention, with and without its message) and
// Triton finding no GPU backend: software, though no line says "CUDA" or "GPU" the usual way.
TEST(SoftwareErrors, ArchitectureChecksAndNoBackendInLibrariesWords) {
  const std::pair<const char*, const char*> lines[] = {
      {"RuntimeError: Expected is_sm8x || is_sm75 to be true, but got false.  (Could this error message be improved?)",
       "gpu-arch-unsupported"},
      {"RuntimeError: FlashAttention only supports Ampere GPUs or newer.", "gpu-arch-unsupported"},
      {"RuntimeError: 0 active drivers ([]). There should only be one.", "no-device"},
  };
  expect_software(lines);
}

// The frameworks' own start-up checks of a GPU too old (or too small) for the build, in their
// words (torch/cuda/__init__.py's old_gpu_warn, TensorFlow's gpu_device.cc): software, never the card.
// The PyTorch lines are nerfstudio's (Tesla K40m) and the TensorFlow one a blog's Tesla K80 log, as
// stored by the public code index; the multiprocessor-count one is TensorFlow's message in a script.
TEST(SoftwareErrors, FrameworksRefusingAGpuTooOldForTheirBuild) {
  const std::pair<const char*, const char*> lines[] = {
      {"    PyTorch no longer supports this GPU because it is too old.", "gpu-arch-unsupported"},
      {"Ignoring visible gpu device (device: 0, name: Tesla K80, pci bus id: 0000:00:1e.0, compute capability: 3.7) with "
       "Cuda compute capability 3.7. The minimum required Cuda capability is 7.0.",
       "gpu-arch-unsupported"},
      {"2018-10-31 10:35:54.318150: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1469] Ignoring visible gpu device "
       "(device: 1, name: Quadro K4000, pci bus id: 0000:08:00.0, compute capability: 3.0) with Cuda multiprocessor count: 4.",
       "gpu-too-small"},
  };
  expect_software(lines);
  // TensorFlow's ROCm build says the same of an AMD GPU, without CUDA's words: not read.
  EXPECT_TRUE(find_software_errors("I tensorflow/core/common_runtime/gpu/gpu_device.cc:2015] Ignoring visible gpu device "
                                   "(device: 0, name: Radeon RX 7900 XTX, pci bus id: 0000:0c:00.0) with AMDGPU version : "
                                   "gfx1100.\n",
                                   "x")
                  .empty());
}

// The 2026-12-43/44 sweeps' cloud-image and container lines, each in its program's own words (cited in
// software_errors.cpp and nvml_errors.cpp): nvidia-docker 1.0's CUDA check, nvidia-installer's and
// modprobe's module errors, nvidia-smi without NVML, Enroot's hook without nvidia-container-cli.
TEST(SoftwareErrors, CloudImageAndContainerLinesInTheirOwnWords) {
  const std::pair<const char*, const char*> lines[] = {
      {"nvidia-docker | 2017/11/07 08:16:28 Error: unsupported CUDA version: driver 8.0 < image 9.0.176", "driver-too-old"},
      {"Error: unsupported CUDA version: driver 0.0 < image 8.0.61", "driver-not-loaded"},
      {"ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when this kernel module was built "
       "against the wrong or",
       "driver-not-loaded"},
      {"modprobe: FATAL: Module nvidia not found in directory /lib/modules/6.8.0-87-generic", "driver-module-missing"},
      {"WARNING: The 'MIT/GPL' kernel modules are incompatible with the GPU(s) detected on this system.",
       "driver-flavour-unsupported"},
      {"NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display Driver is "
       "properly installed and present in your system.",
       "nvml-missing"},
      {"slurmstepd: error: pyxis:     [ERROR] Command not found: nvidia-container-cli, see "
       "https://github.com/NVIDIA/libnvidia-container",
       "container-toolkit-missing"},
  };
  expect_software(lines);
  EXPECT_TRUE(find_software_errors("modprobe: FATAL: Module vboxdrv not found in directory /lib/modules/6.1\n", "x").empty());
}

// PaddlePaddle's words for seeing no GPU (paddle/fluid/platform/init.cc, fluid/framework.py,
// install_check.run_check): the program's no-device class, like PyTorch's and TensorFlow's.
TEST(SoftwareErrors, PaddlesNoGpuWords) {
  for (const char* l : {"W0324 15:29:02.249459  3747 init.cc:182] Compiled with WITH_GPU, but no GPU found in runtime.",
                        "UserWarning: You are using GPU version Paddle, but your CUDA device is not set properly. CPU device "
                        "will be used by default.",
                        "WARNING:root:You are using GPU version PaddlePaddle, but there is no GPU detected on your machine."}) {
    const auto e = find_software_errors(std::string(l) + "\n", "x");
    ASSERT_EQ(e.size(), 1u) << l;
    EXPECT_EQ(e[0].kind, "no-device") << l;
    EXPECT_EQ(e[0].confidence, "medium") << l;
  }
}

// The 2026-12-45..48 sweeps' lines: a driver call followed by cuGetErrorString's text (hashcat), the
// runtime's text after CUDA-Q's "[custatevec] %" tag, the quantum simulators' CPU-only builds (Qiskit
// Aer's aer_controller.hpp, qsimcirq's qsim_simulator.py), and cuQuantum's and EGL's device words as
// words about the GPU.
TEST(SoftwareErrors, DriverCallTextsSimulatorBuildsAndTheirGpuWords) {
  const auto hashcat = find_software_errors("HC error: cuInit(): unknown error\n", "x");
  ASSERT_EQ(hashcat.size(), 1u);
  EXPECT_NE(hashcat[0].source.find("999"), std::string::npos) << hashcat[0].source;
  const auto cudaq = find_software_errors("RuntimeError: [custatevec] %initialization error in addQubitsToState (line 202)\n", "x");
  ASSERT_EQ(cudaq.size(), 1u);
  EXPECT_EQ(cudaq[0].cls, "software");
  const std::pair<const char*, const char*> lines[] = {
      {"qiskit_aer.aererror.AerError: 'Simulation device \"GPU\" is not supported on this system'", "build-without-cuda"},
      {"ValueError: cuStateVec GPU execution requested, but not supported. If your device has GPU support and the NVIDIA "
       "cuStateVec library is installed, you may need to compile qsim locally.",
       "build-without-cuda"},
      {"RuntimeError: No CUDA device available!", "no-device"},
  };
  expect_software(lines);
  EXPECT_TRUE(gpu_mention("RuntimeError: custatevec invalid value in applyParametricPauliGeneralGate_\n", "x"));
  EXPECT_TRUE(gpu_mention("ImportError: Cannot initialize a EGL device display. This likely means that your EGL driver does "
                          "not support the PLATFORM_DEVICE extension\n",
                          "x"));
  EXPECT_TRUE(find_software_errors("[info] starting the server\n", "x").empty());  // a tag alone is no message
  // The Vulkan loader without NVIDIA's ICD library (ManiSkill #401): the graphics capability missing.
  const std::pair<const char*, const char*> vulkan[] = {
      {"ERROR: [Loader Message] Code 0 : libGLX_nvidia.so.0: cannot open shared object file: No such file or directory",
       "driver-graphics-library-missing"},
  };
  expect_software(vulkan);
}

// The 2026-12-49..52 sweeps' lines, each its program's own words (cited in software_errors.cpp): the
// programs' no-GPU words (JAX, Unsloth, Oceananigans), OCCA without its CUDA mode and an NGC
// container older than the GPU (software); XLA out of device memory read as cudaErrorMemoryAllocation;
// the runtime's older text for 46; a driver call's "returns error code N"; and the toolchain's,
// OpenCL's and OpenACC's words as words about the GPU.
TEST(SoftwareErrors, FrameworkNoGpuWordsContainersAndTheirOlderTexts) {
  const std::pair<const char*, const char*> lines[] = {
      {"RuntimeError: Unknown backend gpu", "no-device"},
      {"RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present.", "no-device"},
      {"NotImplementedError: Unsloth currently only works on NVIDIA GPUs and Intel GPUs.", "no-device"},
      {"ERROR: ArgumentError: Cannot create a GPU model. No CUDA-enabled GPU was detected!", "no-device"},
      {"[CUDA] mode is not enabled, defaulting to [Serial] mode", "build-without-cuda"},
      {"WARNING: Detected NVIDIA NVIDIA A100-PCIE-40GB GPU, which is not yet supported in this version of the container",
       "container-predates-gpu"},
      {"ops_mpi_rt_support_cuda.cu(351) : cutilSafeCall() Runtime API error : all CUDA-capable devices are busy or unavailable.",
       "devices-unavailable"},
  };
  for (const auto& [line, kind] : lines) {
    const auto e = find_software_errors(std::string(line) + "\n", "x");
    ASSERT_FALSE(e.empty()) << line;
    EXPECT_EQ(e[0].cls, "software") << line;
    if (std::string(kind) != "devices-unavailable") EXPECT_EQ(e[0].kind, kind) << line;
    else EXPECT_NE(e[0].source.find("46"), std::string::npos) << e[0].source;
  }
  const auto xla = find_software_errors(
      "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 2.99GiB (3206250496B) on "
      "device ordinal 0\n",
      "x");
  ASSERT_EQ(xla.size(), 1u);
  EXPECT_NE(xla[0].source.find("cudaErrorMemoryAllocation"), std::string::npos) << xla[0].source;
  const auto pgi = find_software_errors("malloc: cuMemHostAlloc returns error code 201\n", "x");
  ASSERT_EQ(pgi.size(), 1u);
  EXPECT_NE(pgi[0].source.find("201"), std::string::npos) << pgi[0].source;
  for (const char* l : {"nvcc error   : 'ptxas' died due to signal 11 (Invalid memory reference)",
                        "Error: There are no OpenCL devices available.",
                        "FATAL ERROR: data in update host clause was not found on device 1: name=areacell"})
    EXPECT_TRUE(gpu_mention(std::string(l) + "\n", "x")) << l;
  // libnvidia-container's last unsatisfied alternative of the image's NVIDIA_REQUIRE_CUDA (Milvus
  // #32100: "brand = titanrtx" after --require=cuda>=11.8 ...) is the driver too old for the image;
  // an NGC container's banner without a driver is the program seeing no GPU.
  const auto req = find_software_errors(
      "stderr: exec command: [/bin/nvidia-container-cli --load-kmods configure --device=all --compute --utility "
      "--require=cuda>=11.8 brand=tesla,driver>=470,driver<471 --pid=1 /rootfs]\\nnvidia-container-cli: requirement error: "
      "unsatisfied condition: brand = titanrtx\n",
      "x");
  ASSERT_FALSE(req.empty());
  EXPECT_EQ(req[0].kind, "container-driver-too-old");
  EXPECT_NE(req[0].meaning.find("CUDA 11.8"), std::string::npos) << req[0].meaning;
  const auto ngc = find_software_errors("WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.\n", "x");
  ASSERT_EQ(ngc.size(), 1u);
  EXPECT_EQ(ngc[0].kind, "no-device");
  // TensorRT's logger with the runtime's code (YOLOv5 #11453): 35 is the driver too old.
  const auto trt = find_software_errors("[04/28/2023-16:38:59] [TRT] [W] CUDA initialization failure with error: 35. Please "
                                        "check your CUDA installation\n",
                                        "x");
  ASSERT_EQ(trt.size(), 1u);
  EXPECT_EQ(trt[0].cls, "software");
  EXPECT_TRUE(gpu_mention("OSError: libnvinfer_plugin.so.10: cannot open shared object file: No such file or directory\n", "x"));
  // nvidia-smi there but not runnable (Kubeflow #7045): the kernel's exec format error.
  const auto enoexec = find_software_errors("exec /usr/bin/nvidia-smi: exec format error\n", "x");
  ASSERT_EQ(enoexec.size(), 1u);
  EXPECT_EQ(enoexec[0].kind, "driver-tools-broken");
  // nvidia-container-cli's --load-kmods option is no kernel module build (akmods' and DKMS's words are).
  for (const auto& e : find_software_errors("nvidia-container-cli --load-kmods configure --ldconfig=@/sbin/ldconfig.real "
                                            "--device=all --pid=1 /rootfs: failed\n",
                                            "x"))
    EXPECT_NE(e.kind, "driver-module-build-failed");
}

// HAMi-core's refusal past a container's share of the GPU's memory (src/allocator/allocator.c,
// oom_check) is a sliced GPU; NCCL's topology XML without an attribute it needs and aws-ofi-nccl
// without a libfabric provider are the stack's.
TEST(SoftwareErrors, AGpuShareLimitIsSlicedAndNcclsMachineDescriptionIsSoftware) {
  const auto share = find_software_errors(
      "[HAMI-core ERROR (pid:1234 thread=140234 allocator.c:51)]: Device 0 OOM 21474836480 / 10737418240\n", "x");
  ASSERT_EQ(share.size(), 1u);
  EXPECT_EQ(share[0].cls, "sliced");
  EXPECT_EQ(share[0].kind, "gpu-share-memory-limit");
  const std::pair<const char*, const char*> lines[] = {
      {"node1:1234:1290 [0] graph/xml.h:85 NCCL WARN Attribute arch of node cpu not found", "nccl-topology-unreadable"},
      {"ip-10-0-0-1:1234:1290 [0] nccl_net_ofi_create_plugin:756 NCCL WARN NET/OFI Couldn't find any optimal provider",
       "nccl-net-no-provider"},
  };
  expect_software(lines);
  EXPECT_TRUE(find_software_errors("[HAMI-core Msg(1234:140234:libvgpu.c:836)]: Initializing.....\n", "x").empty());
}

// NVML's init failure whose reason NVML's table does not name gives way to a catalogue that reads it
// (the loader's words inside a Rust binding's error); QEMU's unviable IOMMU group is the host's.
TEST(SoftwareErrors, AnUnnamedNvmlInitReasonIsReadByTheOtherCataloguesAndVfioIsTheHosts) {
  const std::pair<const char*, const char*> lines[] = {
      {"Failed to initialize NVML: LibloadingError(DlOpen { desc: \"libnvidia-ml.so: cannot open shared object file: No such "
       "file or directory\" })",
       "nvml-missing"},
      {"qemu-kvm: -device vfio-pci,host=0000:01:00.0: vfio 0000:01:00.0: group 1 is not viable", "vfio-group-not-viable"},
  };
  expect_software(lines);
}

// ptxas given a newer PTX ISA than it knows, and an NVML binding newer than the driver's NVML: software.
TEST(SoftwareErrors, ANewerPtxOrNvmlBindingThanTheDriverIsSoftware) {
  const std::pair<const char*, const char*> lines[] = {
      {"ptxas application ptx input, line 9; fatal   : Unsupported .version 7.6; current version is '7.4'", "toolchain-too-old"},
      {"AttributeError: /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: undefined symbol: nvmlDeviceGetMemoryInfo_v2",
       "nvml-too-old"},
  };
  expect_software(lines);
}

// Lines of the 2026-12-27/28 sweeps' missed and refused cases, each its program's own words (cited in
// software_errors.cpp): NVRTC refusing the architecture, cuDF without PTX for an old GPU, FFmpeg
// without the driver's encode library or with too old a driver: software.
TEST(SoftwareErrors, NvrtcCudfAndFfmpegInTheirOwnWords) {
  const std::pair<const char*, const char*> lines[] = {
      {"cupy.cuda.compiler.CompileException: nvrtc: error: invalid value for --gpu-architecture (-arch)", "toolchain-too-old"},
      {"nvrtc: error: invalid value for --gpu-architecture (-arch)", "toolchain-too-old"},
      {"RuntimeError: This cuDF installation is missing the necessary PTX files that are <=50.", "gpu-arch-unsupported"},
      {"Cannot load nvEncodeAPI64.dll", "driver-library-missing"},
      {"[h264_nvenc @ 0x5581] Cannot load libnvidia-encode.so.1", "driver-library-missing"},
      {"[hevc_nvenc @ 000001e5ca609280] The minimum required Nvidia driver for nvenc is 436.15 or newer", "driver-too-old"},
  };
  expect_software(lines);
  EXPECT_TRUE(find_software_errors("Cannot load the config file\n", "x").empty());
}

// The 2026-12-31 sweep's GPU databases: glog's CHECK of a driver call with its CUresult, numba's
// CudaAPIError number (cuda.h's, whatever name numba gave it), and the engines' words for no GPU.
TEST(SoftwareErrors, GlogChecksNumbaApiErrorsAndTheEnginesNoGpuWords) {
  const auto check = find_software_errors(
      "2020-06-04T12:10:19.043938 F 8143 NativeCodegen.cpp:630 Check failed: cuDeviceGetCount(&device_count) == "
      "CUDA_SUCCESS (3 == 0) \n",
      "x");
  ASSERT_EQ(check.size(), 1u);
  EXPECT_NE(check[0].source.find("CUDA_ERROR_NOT_INITIALIZED"), std::string::npos) << check[0].source;
  const auto numba = find_software_errors(
      "Exception: CudaAPIError(217, 'Call to call_cuIpcOpenMemHandle results in UNKNOWN_CUDA_ERROR')\n", "x");
  ASSERT_EQ(numba.size(), 1u);
  EXPECT_EQ(numba[0].cls, "no-peer-access");
  EXPECT_EQ(find_software_errors("numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in "
                                 "CUDA_ERROR_OUT_OF_MEMORY\n",
                                 "x")[0].cls,
            "program");
  const std::pair<const char*, const char*> lines[] = {
      {"E0511 11:10:42.262192 16533 MapDHandler.cpp:282] No GPUs detected, falling back to CPU mode", "no-device"},
      {"2016-03-20 17:18:52.317 UTC   FATAL:  No CUDA devices, PG-Strom was disabled", "no-device"},
  };
  expect_software(lines);
}

// The 2026-12-30/32 sweeps: go-nvml's bare code names, nouveau bound to the GPU (lsmod's line,
// nvidia-installer's refusal), and Rust's words for an nvidia-smi that is not there.
TEST(SoftwareErrors, GoNvmlNamesNouveauAndRustsMissingNvidiaSmi) {
  const std::pair<const char*, const char*> lines[] = {
      {"Error: error creating driver: error enumerating all possible devices: error enumerating GPUs and MIG devices: error "
       "initializing NVML: ERROR_LIBRARY_NOT_FOUND",
       "nvml-missing"},
      {"nouveau              1638400  1", "nouveau-in-use"},
      {"ERROR: The Nouveau kernel driver is currently in use by your system.  This driver is incompatible with the NVIDIA "
       "driver, and must be disabled before proceeding.",
       "nouveau-in-use"},
      {"2025-05-12T19:18:12.229644Z DEBUG  failed to execute nvidia-smi at /usr/bin/nvidia-smi: No such file or directory (os "
       "error 2)",
       "driver-tools-missing"},
  };
  expect_software(lines);
  EXPECT_TRUE(find_software_errors("copy failed: ERROR_FILE_NOT_FOUND\n", "x").empty());  // no NVML on the line
  // NVIDIA's GLSL compiler in a journal (heavyai/heavydb #296): the program's shader.
  const auto shader = find_software_errors(
      "12\u6708 11 01:11:18 madpsvr mapd_server[5104]: 0(261) : error C5208: Sampler needs to be a uniform (global or "
      "parameter to main), need to inline function or resolve conditional expression\n",
      "x");
  ASSERT_EQ(shader.size(), 1u);
  EXPECT_EQ(shader[0].cls, "program");
  EXPECT_EQ(shader[0].kind, "shader-compile-error");
  EXPECT_TRUE(find_software_errors("see f(x) : error C++ is hard\n", "x").empty());
  EXPECT_TRUE(find_software_errors("modprobe -r nouveau && echo done\n", "x").empty() ||
              find_software_errors("modprobe -r nouveau && echo done\n", "x")[0].kind != "nouveau-in-use");
}

// RMM's errors are the program's memory budget; Direct3D's device-lost codes decide nothing alone.
TEST(SoftwareErrors, RmmIsTheProgramsAndDxgiDeviceLostIsUnknown) {
  const auto rmm = find_software_errors(
      "MemoryError: std::bad_alloc: RMM failure at:/home/adolf/cupoch/third_party/rmm/include/rmm/mr/device/"
      "pool_memory_resource.hpp:179: Maximum pool size exceeded\n",
      "x");
  ASSERT_EQ(rmm.size(), 1u);
  EXPECT_EQ(rmm[0].cls, "program");
  EXPECT_EQ(rmm[0].kind, "out-of-memory");
  const auto dxgi = find_software_errors("d3d11: failed to create buffer (target 0x1 mode 0 size 3456) [0x887A0005]\n", "x");
  ASSERT_EQ(dxgi.size(), 1u);
  EXPECT_EQ(dxgi[0].cls, "unknown");
  EXPECT_EQ(dxgi[0].kind, "device-removed");
}

// Classes read from the 2026-12-36..40 sweeps' lines: a library's CPU-only build in the phrase many
// share, a CUDA library or the driver lacking a function the program calls, the Windows names of
// the driver's libraries, a CUDA call's message after "failed", CatBoost's no-device words, and
// the MPS tools missing or their daemon not running.
TEST(SoftwareErrors, CpuOnlyLibrariesMissingFunctionsWindowsDriverLibrariesAndMps) {
  const std::pair<const char*, const char*> lines[] = {
      {"ValueError: This CTranslate2 package was not compiled with CUDA support", "build-without-cuda"},
      {"error: (-216:No CUDA support) The library is compiled without CUDA support in function 'throw_no_cuda'",
       "build-without-cuda"},
      {"INTERNAL: CustomCall failed: jaxlib/gpu/prng_kernels.cc:33: operation gpuGetLastError() failed: cudaGetErrorString "
       "symbol not found.",
       "cuda-library-mismatch"},
      {"OSError: /opt/conda/lib/libtorch_cuda.so: undefined symbol: cudnnGetVersion", "cuda-library-mismatch"},
      {"ImportError: /usr/lib/libfoo.so: undefined symbol: cuDevicePrimaryCtxRelease_v2", "driver-too-old"},
      {"10:31:07:WARNING:FS01:Failed to open dynamic library 'nvcuda.dll': The specified module could not be found.",
       "driver-library-missing"},
      {"CatboostError: catboost/cuda/cuda_lib/cuda_manager.cpp:738: GPU Device not found.", "no-device"},
      {"./entrypoint.sh: line 5: nvidia-cuda-mps-control: command not found", "driver-tools-missing"},
      {"Cannot find MPS control daemon process", "mps-not-running"},
  };
  expect_software(lines);
  // Not a CUDA function: a C++ library's own symbol says nothing about CUDA.
  EXPECT_TRUE(find_software_errors("ImportError: libfoo.so: undefined symbol: _ZN3c104impl8GPUTrace\n", "x").empty() ||
              find_software_errors("ImportError: libfoo.so: undefined symbol: _ZN3c104impl8GPUTrace\n", "x")[0].kind !=
                  "cuda-library-mismatch");
}

TEST(SoftwareErrors, TheRuntimesMessageAfterACallThatFailed) {
  const std::pair<const char*, const char*> lines[] = {
      {"cudaGetDeviceCount failed initialization error", "cudaErrorInitializationError"},
      {"RuntimeError: CUDA failed with error out of memory", "cudaErrorMemoryAllocation"},
  };
  for (const auto& [line, name] : lines) {
    const auto e = find_software_errors(std::string(line) + "\n", "x");
    ASSERT_EQ(e.size(), 1u) << line;
    EXPECT_NE(e[0].source.find(name), std::string::npos) << line << " -> " << e[0].source;
  }
}
