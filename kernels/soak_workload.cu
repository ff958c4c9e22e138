// The soak's GPU work: a large bf16 GEMM through cuBLASLt (the tensor cores at full power, as in
// training) and a device-memory copy kernel (HBM at full bandwidth). Self-contained on purpose:
// the measured benchmarks live in benchmarks/; this only has to be heavy, steady and timed.
#include "soak/soak_workload.hpp"

#include "cuda/cublaslt_api.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuaudit {

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}
void check(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS) throw std::runtime_error(std::string(what) + ": cuBLAS status " + std::to_string(static_cast<int>(s)));
}

// Values in [-1, 1) from a hash of the index: non-zero data, so the GEMM draws realistic power
// (multiplying zeros is cheaper and would under-heat the card).
template <typename T>
__global__ void fill_kernel(T* p, size_t n, std::uint32_t seed) {
  for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<size_t>(gridDim.x) * blockDim.x) {
    std::uint32_t x = static_cast<std::uint32_t>(i) * 2654435761u ^ seed;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    p[i] = T(static_cast<float>(x & 0xffff) / 32768.0f - 1.0f);
  }
}

__global__ void copy_kernel(const float4* __restrict__ in, float4* __restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<size_t>(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

std::string uuid_of(const cudaDeviceProp& p) {
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) s += '-';
    const auto b = static_cast<unsigned char>(p.uuid.bytes[i]);
    s += hex[b >> 4];
    s += hex[b & 15];
  }
  return s;  // without the "GPU-"/"MIG-" prefix
}

int find_device(const GpuInfo& g) {
  int count = 0;
  check(cudaGetDeviceCount(&count), "cudaGetDeviceCount");
  const auto dash = g.uuid.find('-');
  const std::string want = dash == std::string::npos ? g.uuid : g.uuid.substr(dash + 1);
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, d) == cudaSuccess && !want.empty() && uuid_of(p) == want) return d;
  }
  int d = -1;
  if (!g.pci_bus_id.empty() && cudaDeviceGetByPCIBusId(&d, g.pci_bus_id.c_str()) == cudaSuccess) return d;
  (void)cudaGetLastError();
  throw std::runtime_error("GPU " + std::to_string(g.index) + " (" + g.uuid + ") is not visible to CUDA");
}

class CudaSoakWorkload final : public SoakWorkload {
 public:
  explicit CudaSoakWorkload(const GpuInfo& g) : device_(find_device(g)) {
    try {
      setup();
    } catch (...) {
      release();  // the destructor does not run for an object whose constructor threw
      throw;
    }
  }

  ~CudaSoakWorkload() override { release(); }

  double gemm_tflops_for(double seconds) override {
    check(cudaSetDevice(device_), "cudaSetDevice");
    const double flops = 2.0 * n_ * n_ * n_;
    return 1e-12 * flops * run_for(seconds, [this] { gemm_once(); });
  }

  double hbm_gbs_for(double seconds) override {
    check(cudaSetDevice(device_), "cudaSetDevice");
    return 1e-9 * 2.0 * static_cast<double>(copy_bytes_) * run_for(seconds, [this] { copy_once(); });
  }

  bool gemm_output(std::vector<std::uint16_t>& out) override {
    check(cudaSetDevice(device_), "cudaSetDevice");
    check(cudaStreamSynchronize(stream_), "soak GEMM");
    out.resize(static_cast<size_t>(n_) * n_);  // bf16/fp16: one 16-bit word per element
    check(cudaMemcpy(out.data(), c_, out.size() * sizeof(std::uint16_t), cudaMemcpyDeviceToHost), "soak output copy");
    return true;
  }

  std::string describe() const override {
    return std::string(type_ == CUDA_R_16BF ? "bf16" : "fp16") + " GEMM " + std::to_string(n_) +
           "^3 (cuBLASLt) + device copy 2 x " + std::to_string(copy_bytes_ >> 20) + " MiB";
  }

 private:
  void setup() {
    check(cudaSetDevice(device_), "cudaSetDevice");
    check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "cudaStreamCreate");
    check(cudaEventCreate(&start_), "cudaEventCreate");
    check(cudaEventCreate(&stop_), "cudaEventCreate");
    int sms = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device_), "cudaDeviceGetAttribute");
    copy_blocks_ = std::max(1, sms) * 8;
    size_t free_b = 0, total_b = 0;
    check(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
    // GEMM size: 8192 on cards with room (3 x 128 MiB), 4096 on small slices.
    n_ = free_b > (6ull << 30) ? 8192 : 4096;
    setup_gemm();
    // Copy buffers: 1 GiB each where there is room, far beyond any L2, at most 1/4 of free memory.
    copy_bytes_ = std::min<size_t>(1ull << 30, free_b / 4) / 16 * 16;
    check(cudaMalloc(&copy_in_, copy_bytes_), "cudaMalloc (copy)");
    check(cudaMalloc(&copy_out_, copy_bytes_), "cudaMalloc (copy)");
    fill_kernel<float><<<1024, 256, 0, stream_>>>(static_cast<float*>(copy_in_), copy_bytes_ / 4, 7);
    check(cudaGetLastError(), "fill");
    check(cudaStreamSynchronize(stream_), "setup");
  }

  void release() noexcept {
    cudaSetDevice(device_);
    if (pref_) cublaslt().cublasLtMatmulPreferenceDestroy(pref_);
    if (layout_) cublaslt().cublasLtMatrixLayoutDestroy(layout_);
    if (desc_) cublaslt().cublasLtMatmulDescDestroy(desc_);
    if (lt_) cublaslt().cublasLtDestroy(lt_);
    for (void* p : {a_, b_, c_, workspace_, copy_in_, copy_out_})
      if (p) cudaFree(p);
    if (start_) cudaEventDestroy(start_);
    if (stop_) cudaEventDestroy(stop_);
    if (stream_) cudaStreamDestroy(stream_);
    pref_ = nullptr;
    layout_ = nullptr;
    desc_ = nullptr;
    lt_ = nullptr;
    a_ = b_ = c_ = workspace_ = copy_in_ = copy_out_ = nullptr;
    start_ = stop_ = nullptr;
    stream_ = nullptr;
  }

  void setup_gemm() {
    check(cublaslt().cublasLtCreate(&lt_), "cublasLtCreate");
    const size_t elems = static_cast<size_t>(n_) * n_;
    check(cudaMalloc(&a_, elems * 2), "cudaMalloc (GEMM)");
    check(cudaMalloc(&b_, elems * 2), "cudaMalloc (GEMM)");
    check(cudaMalloc(&c_, elems * 2), "cudaMalloc (GEMM)");
    check(cudaMalloc(&workspace_, kWorkspace), "cudaMalloc (workspace)");
    // bf16 where the card has it (Ampere and newer); fp16 on Turing/Volta.
    for (cudaDataType_t t : {CUDA_R_16BF, CUDA_R_16F}) {
      type_ = t;
      if (t == CUDA_R_16BF) {
        fill_kernel<__nv_bfloat16><<<1024, 256, 0, stream_>>>(static_cast<__nv_bfloat16*>(a_), elems, 1);
        fill_kernel<__nv_bfloat16><<<1024, 256, 0, stream_>>>(static_cast<__nv_bfloat16*>(b_), elems, 2);
      } else {
        fill_kernel<__half><<<1024, 256, 0, stream_>>>(static_cast<__half*>(a_), elems, 1);
        fill_kernel<__half><<<1024, 256, 0, stream_>>>(static_cast<__half*>(b_), elems, 2);
      }
      check(cudaGetLastError(), "fill");
      if (desc_) cublaslt().cublasLtMatmulDescDestroy(desc_);
      if (layout_) cublaslt().cublasLtMatrixLayoutDestroy(layout_);
      if (pref_) cublaslt().cublasLtMatmulPreferenceDestroy(pref_);
      check(cublaslt().cublasLtMatmulDescCreate(&desc_, CUBLAS_COMPUTE_32F, CUDA_R_32F), "cublasLtMatmulDescCreate");
      check(cublaslt().cublasLtMatrixLayoutCreate(&layout_, t, static_cast<uint64_t>(n_), static_cast<uint64_t>(n_), n_),
            "cublasLtMatrixLayoutCreate");
      check(cublaslt().cublasLtMatmulPreferenceCreate(&pref_), "cublasLtMatmulPreferenceCreate");
      const size_t ws = kWorkspace;
      check(cublaslt().cublasLtMatmulPreferenceSetAttribute(pref_, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws),
            "cublasLtMatmulPreferenceSetAttribute");
      int found = 0;
      if (cublaslt().cublasLtMatmulAlgoGetHeuristic(lt_, desc_, layout_, layout_, layout_, layout_, pref_, 1, &heuristic_,
                                         &found) == CUBLAS_STATUS_SUCCESS &&
          found > 0)
        return;
    }
    throw std::runtime_error("cuBLASLt has no bf16/fp16 GEMM for this GPU");
  }

  void gemm_once() {
    const float alpha = 1.0f, beta = 0.0f;
    check(cublaslt().cublasLtMatmul(lt_, desc_, &alpha, a_, layout_, b_, layout_, &beta, c_, layout_, c_, layout_,
                         &heuristic_.algo, workspace_, kWorkspace, stream_),
          "cublasLtMatmul");
  }

  void copy_once() {
    copy_kernel<<<copy_blocks_, 512, 0, stream_>>>(static_cast<const float4*>(copy_in_), static_cast<float4*>(copy_out_),
                                                    copy_bytes_ / 16);
    check(cudaGetLastError(), "copy kernel");
  }

  // Enqueues `once` in batches until `seconds` passed (host clock); returns completed ops per
  // second of GPU time, measured with events around everything that ran.
  template <typename F>
  double run_for(double seconds, F once) {
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    check(cudaEventRecord(start_, stream_), "cudaEventRecord");
    long long count = 0;
    int batch = 1;
    do {
      const auto b0 = clock::now();
      for (int i = 0; i < batch; ++i) once();
      check(cudaStreamSynchronize(stream_), "soak work");
      count += batch;
      // Batches of ~50 ms: the queue stays full, yet the interval ends on time.
      const double took = std::chrono::duration<double>(clock::now() - b0).count();
      batch = std::clamp(static_cast<int>(batch * 0.05 / std::max(took, 1e-6)), 1, 100000);
    } while (std::chrono::duration<double>(clock::now() - t0).count() < seconds);
    check(cudaEventRecord(stop_, stream_), "cudaEventRecord");
    check(cudaEventSynchronize(stop_), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
    return ms > 0 ? static_cast<double>(count) / (ms / 1e3) : 0.0;
  }

  static constexpr size_t kWorkspace = 32ull << 20;
  int device_ = 0;
  int n_ = 8192;
  int copy_blocks_ = 1;
  cudaDataType_t type_ = CUDA_R_16BF;
  cudaStream_t stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  cublasLtHandle_t lt_ = nullptr;
  cublasLtMatmulDesc_t desc_ = nullptr;
  cublasLtMatrixLayout_t layout_ = nullptr;
  cublasLtMatmulPreference_t pref_ = nullptr;
  cublasLtMatmulHeuristicResult_t heuristic_{};
  void *a_ = nullptr, *b_ = nullptr, *c_ = nullptr, *workspace_ = nullptr;
  void *copy_in_ = nullptr, *copy_out_ = nullptr;
  size_t copy_bytes_ = 0;
};

}  // namespace

std::unique_ptr<SoakWorkload> make_soak_workload(const GpuInfo& gpu, std::string& error) {
  try {
    return std::make_unique<CudaSoakWorkload>(gpu);
  } catch (const std::exception& e) {
    error = "GPU " + std::to_string(gpu.index) + ": " + e.what();
    (void)cudaGetLastError();
    return nullptr;
  }
}

}  // namespace gpuaudit
