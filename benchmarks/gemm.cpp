// gemm/*: the matrix rate a program can actually get from cuBLASLt, FP32 accumulate, in TFLOP/s
// (2*m*n*k per product). A short shape search (mamf-finder style) within a time budget: for each
// shape, cuBLASLt's heuristic candidates are timed briefly and the best shape is kept (a near-tie
// keeps the earlier, comparable shape: measure/sizing.hpp pick_gemm_shape), with its best algorithm;
// its output is checked on sampled elements against a host reference in double; then it is timed.
#include "benchmarks/framework/bench_common.hpp"
#include "benchmarks/framework/registry.hpp"
#include "cuda/cublaslt_api.hpp"
#include "cuda/cuda_raii.hpp"
#include "measure/burst_sustained.hpp"
#include "measure/narrow_float.hpp"
#include "measure/output_record.hpp"
#include "measure/random_bits.hpp"
#include "measure/sizing.hpp"
#include "kernels/fill.cuh"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace gpuaudit {

namespace {

enum class GemmKind { fp16, bf16, tf32, fp8 };


void check_lt(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(std::string(what) + " failed: " + cublaslt().cublasLtGetStatusString(s));
}

struct GemmTypes {
  const char* name;
  cudaDataType_t ab, d;
  cublasComputeType_t compute;
  int ab_bytes, d_bytes;
  kernels::FillKind fill;
  int min_cc;
  double out_eps, acc_eps;  // tolerance: out_eps*|ref| + acc_eps*sum|a*b|
};

GemmTypes types_of(GemmKind k) {
  switch (k) {
    case GemmKind::fp16:
      return {"fp16", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, 2, 2, kernels::FillKind::fp16, 60, kFp16Eps, 0x1p-16};
    case GemmKind::bf16:
      return {"bf16", CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, 2, 2, kernels::FillKind::bf16, 80, kBf16Eps, 0x1p-16};
    case GemmKind::tf32:
      return {"tf32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, 4, 4, kernels::FillKind::tf32, 80, kFp32Eps * 4,
              0x1p-16};
    case GemmKind::fp8:
      // Hopper's FP8 tensor cores accumulate with fewer bits than FP32: a looser accumulation bound.
      return {"fp8", CUDA_R_8F_E4M3, CUDA_R_16BF, CUBLAS_COMPUTE_32F, 1, 2, kernels::FillKind::e4m3, 89, kBf16Eps, 0x1p-10};
  }
  throw std::logic_error("unknown GEMM kind");
}

double decode_input(GemmKind k, std::uint64_t seed, std::uint64_t i) {
  switch (k) {
    case GemmKind::fp16: return fp16_to_float(rnd::fp16_bits(seed, i));
    case GemmKind::bf16: return bf16_to_float(rnd::bf16_bits(seed, i));
    case GemmKind::tf32: return bits_to_float(rnd::tf32_bits(seed, i));
    case GemmKind::fp8: return e4m3_to_float(rnd::e4m3_bits(seed, i));
  }
  return 0;
}

double decode_output(const GemmTypes& t, const unsigned char* p) {
  if (t.d_bytes == 4) {
    std::uint32_t b;
    std::memcpy(&b, p, 4);
    return bits_to_float(b);
  }
  std::uint16_t b;
  std::memcpy(&b, p, 2);
  return t.d == CUDA_R_16F ? fp16_to_float(b) : bf16_to_float(b);
}

// One problem: buffers, descriptors and the heuristic's candidates. Layout "TN" (what FP8 requires
// and what frameworks mostly run): A stored k x m column-major and transposed, B stored k x n, so
// D[i + j*m] = sum_p A[p + i*k] * B[p + j*k].
struct Problem {
  Problem(cublasLtHandle_t h, const GemmTypes& t, GemmShape shape, std::uint64_t seed, std::size_t workspace_bytes,
          cudaStream_t s)
      : handle(h), types(t), sh(shape) {
    const auto m = static_cast<std::uint64_t>(sh.m), n = static_cast<std::uint64_t>(sh.n), k = static_cast<std::uint64_t>(sh.k);
    a = DeviceBuffer<unsigned char>(m * k * static_cast<std::uint64_t>(t.ab_bytes));
    b = DeviceBuffer<unsigned char>(k * n * static_cast<std::uint64_t>(t.ab_bytes));
    d = DeviceBuffer<unsigned char>(m * n * static_cast<std::uint64_t>(t.d_bytes));
    workspace = DeviceBuffer<unsigned char>(workspace_bytes);
    GA_CUDA(kernels::fill_random(a.get(), m * k, t.fill, seed, 0, s));
    GA_CUDA(kernels::fill_random(b.get(), k * n, t.fill, seed + 1, 0, s));
    d.poison(s);
    check_lt(cublaslt().cublasLtMatmulDescCreate(&op, t.compute, CUDA_R_32F), "cublasLtMatmulDescCreate");
    const cublasOperation_t ta = CUBLAS_OP_T, tb = CUBLAS_OP_N;
    check_lt(cublaslt().cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta), "set TRANSA");
    check_lt(cublaslt().cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb), "set TRANSB");
    check_lt(cublaslt().cublasLtMatrixLayoutCreate(&a_layout, t.ab, k, m, static_cast<int64_t>(k)), "layout A");
    check_lt(cublaslt().cublasLtMatrixLayoutCreate(&b_layout, t.ab, k, n, static_cast<int64_t>(k)), "layout B");
    check_lt(cublaslt().cublasLtMatrixLayoutCreate(&d_layout, t.d, m, n, static_cast<int64_t>(m)), "layout D");
    check_lt(cublaslt().cublasLtMatmulPreferenceCreate(&pref), "cublasLtMatmulPreferenceCreate");
    const std::uint64_t ws = workspace_bytes;
    check_lt(cublaslt().cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws),
             "set workspace");
    cublasLtMatmulHeuristicResult_t results[8] = {};
    int returned = 0;
    check_lt(cublaslt().cublasLtMatmulAlgoGetHeuristic(handle, op, a_layout, b_layout, d_layout, d_layout, pref, 8, results, &returned),
             "cublasLtMatmulAlgoGetHeuristic");
    for (int i = 0; i < returned; ++i)
      if (results[i].state == CUBLAS_STATUS_SUCCESS) candidates.push_back(results[i].algo);
  }
  ~Problem() {
    if (pref) cublaslt().cublasLtMatmulPreferenceDestroy(pref);
    if (d_layout) cublaslt().cublasLtMatrixLayoutDestroy(d_layout);
    if (b_layout) cublaslt().cublasLtMatrixLayoutDestroy(b_layout);
    if (a_layout) cublaslt().cublasLtMatrixLayoutDestroy(a_layout);
    if (op) cublaslt().cublasLtMatmulDescDestroy(op);
  }
  Problem(const Problem&) = delete;
  Problem& operator=(const Problem&) = delete;

  void run(const cublasLtMatmulAlgo_t& algo, cudaStream_t s) const {
    const float alpha = 1.0f, beta = 0.0f;
    check_lt(cublaslt().cublasLtMatmul(handle, op, &alpha, a.get(), a_layout, b.get(), b_layout, &beta, d.get(), d_layout, d.get(),
                            d_layout, &algo, workspace.get(), workspace.bytes(), s),
             "cublasLtMatmul");
  }

  cublasLtHandle_t handle;
  GemmTypes types;
  GemmShape sh;
  DeviceBuffer<unsigned char> a, b, d, workspace;
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t a_layout = nullptr, b_layout = nullptr, d_layout = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  std::vector<cublasLtMatmulAlgo_t> candidates;
};

// The checked positions of D: the four corners and random ones (the same for every GPU given the seed).
std::vector<std::pair<int, int>> checked_cells(const Problem& p, std::uint64_t seed) {
  std::vector<std::pair<int, int>> at{{0, 0}, {p.sh.m - 1, p.sh.n - 1}, {p.sh.m - 1, 0}, {0, p.sh.n - 1}};
  for (std::uint64_t i = 0; at.size() < 512; ++i) {
    const std::uint64_t r = rnd::mix64(seed ^ (i * 0x9e3779b97f4a7c15ull));
    at.emplace_back(static_cast<int>(r % static_cast<std::uint64_t>(p.sh.m)),
                    static_cast<int>((r >> 32) % static_cast<std::uint64_t>(p.sh.n)));
  }
  return at;
}

// The raw bits of the checked cells of D (up to 32 bits each), in check order.
std::vector<std::uint32_t> cell_words(const Problem& p, const std::vector<std::pair<int, int>>& at) {
  const GemmTypes& t = p.types;
  const auto m = static_cast<std::uint64_t>(p.sh.m);
  std::vector<std::uint32_t> words;
  for (auto [i, j] : at) {
    const std::uint64_t di = static_cast<std::uint64_t>(i) + static_cast<std::uint64_t>(j) * m;
    std::uint32_t w = 0;
    GA_CUDA(cudaMemcpy(&w, p.d.get() + di * static_cast<std::uint64_t>(t.d_bytes), static_cast<std::size_t>(t.d_bytes),
                       cudaMemcpyDeviceToHost));
    words.push_back(w);  // little-endian: a 16-bit cell lands in the low half
  }
  return words;
}

// Sampled elements of D against a double-precision reference computed from the same inputs;
// `words` gets the raw bits of the checked cells (for the comparison across GPUs).
CheckOutcome check_output(GemmKind kind, const Problem& p, std::uint64_t seed, std::vector<std::uint32_t>& words) {
  const GemmTypes& t = p.types;
  const std::vector<std::pair<int, int>> at = checked_cells(p, seed);
  words = cell_words(p, at);
  std::vector<double> got, want, tol;
  std::vector<std::uint64_t> labels;
  const auto m = static_cast<std::uint64_t>(p.sh.m), k = static_cast<std::uint64_t>(p.sh.k);
  std::vector<unsigned char> cell(static_cast<std::size_t>(t.d_bytes));
  for (std::size_t c = 0; c < at.size(); ++c) {
    const auto [i, j] = at[c];
    const std::uint64_t di = static_cast<std::uint64_t>(i) + static_cast<std::uint64_t>(j) * m;
    std::memcpy(cell.data(), &words[c], cell.size());
    double ref = 0, abs_sum = 0;
    for (std::uint64_t q = 0; q < k; ++q) {
      const double x = decode_input(kind, seed, q + static_cast<std::uint64_t>(i) * k) *
                       decode_input(kind, seed + 1, q + static_cast<std::uint64_t>(j) * k);
      ref += x;
      abs_sum += std::fabs(x);
    }
    got.push_back(decode_output(t, cell.data()));
    want.push_back(ref);
    tol.push_back(gemm_tolerance(ref, abs_sum, t.out_eps, t.acc_eps));
    labels.push_back(di);
  }
  return check_close(got, want, tol, labels);
}

struct Handle {
  Handle() { check_lt(cublaslt().cublasLtCreate(&h), "cublasLtCreate"); }
  ~Handle() { cublaslt().cublasLtDestroy(h); }
  cublasLtHandle_t h = nullptr;
};

// A rejected algorithm leaves the context usable; a sticky error (an illegal address) does not,
// and every later launch would fail or time garbage: then the whole measurement stops with it.
void forget_rejected_algorithm(cudaStream_t stream) {
  (void)cudaGetLastError();
  const cudaError_t e = cudaStreamSynchronize(stream);
  if (e != cudaSuccess)
    throw std::runtime_error(std::string("the CUDA context broke during the GEMM search: ") + cudaGetErrorString(e));
}

// Burst and sustained (measure/burst_sustained.hpp): the chosen product back to back for the
// soak window, in chunks of about 0.1 s; then the checked cells again, which must hold the same
// bits as before the soak (same inputs, same algorithm: a difference is a wrong result under load).
void run_soak_window(const BenchEnv& env, const GemmTypes& t, Problem& p, const cublasLtMatmulAlgo_t& algo, const GemmShape& shape,
                     double secs_per_launch, cudaStream_t s, std::uint64_t check_seed,
                     const std::vector<std::uint32_t>& words_before, Measurement& m) {
  const SustainPlan plan = sustain_plan(std::string("gemm/") + t.name, env.mode);
  if (!plan.enabled) return;
  const int per_chunk = std::max(1, static_cast<int>(0.1 / std::max(secs_per_launch, 1e-6)));
  std::vector<WorkChunk> chunks;
  const double start = steady_seconds();
  while (steady_seconds() - start < plan.window_s) {
    for (int i = 0; i < per_chunk; ++i) p.run(algo, s);
    GA_CUDA(cudaStreamSynchronize(s));
    chunks.push_back({steady_seconds(), per_chunk * shape.flops()});
  }
  if (const auto bs = burst_and_sustained(start, chunks, plan.burst_s, plan.sustained_s)) {
    const json phases = burst_sustained_params(*bs, plan.window_s, 1e12, "tflops");
    for (const auto& [k, v] : phases.items()) m.params[k] = v;
    m.phase_windows["burst"] = {bs->burst.begin_s, bs->burst.end_s};
    m.phase_windows["sustained"] = {bs->sustained.begin_s, bs->sustained.end_s};
  }
  const std::vector<std::uint32_t> after = cell_words(p, checked_cells(p, check_seed));
  const WordDiff d = diff_words(std::span<const std::uint32_t>(after), std::span<const std::uint32_t>(words_before));
  json a = {{"elements_compared", d.compared}, {"mismatches", d.differing}};
  if (d.first_index) a["first_mismatch"] = {{"element", *d.first_index}, {"got_bits", d.first_got}, {"expected_bits", d.first_expected}};
  m.params["output_check"]["after_soak"] = a;
}

Measurement run_gemm_benchmark(const BenchEnv& env, GemmKind kind) {
  const GemmTypes t = types_of(kind);
  if (env.info.cc() < t.min_cc)
    return not_applicable(std::string(t.name) + " matrix multiply needs compute capability " + std::to_string(t.min_cc / 10) +
                          "." + std::to_string(t.min_cc % 10) + " (this GPU has " + std::to_string(env.info.cc_major) + "." +
                          std::to_string(env.info.cc_minor) + ")");
  const std::size_t workspace = 64ull << 20;
  const std::uint64_t free_bytes = device_free_bytes();
  if (free_bytes < 2 * workspace) return measurement_error("too little free device memory for cuBLASLt");
  const auto shapes = gemm_candidate_shapes(env.mode, free_bytes - workspace, t.ab_bytes, t.d_bytes);
  if (shapes.empty()) return measurement_error("too little free device memory for any matrix shape");
  const double budget_s = env.mode == "full" ? 20.0 : 3.0;
  Handle handle;
  Stream s;
  const std::uint64_t seed = fresh_seed();

  // Search: every candidate algorithm of every shape (while the budget lasts), timed briefly.
  const double t_start = steady_seconds();
  std::vector<GemmShape> searched;
  std::vector<double> burst;
  json tried = json::array();
  for (const GemmShape& shape : shapes) {
    if (!tried.empty() && steady_seconds() - t_start > budget_s) break;
    Problem p(handle.h, t, shape, seed, workspace, s.get());
    double shape_best = 0;
    int usable = 0;
    for (const auto& algo : p.candidates) {
      try {
        const Launch launch = [&](cudaStream_t st) { p.run(algo, st); };
        const double secs = std::min(time_one_launch(s.get(), launch), time_one_launch(s.get(), launch));
        ++usable;
        shape_best = std::max(shape_best, shape.flops() / secs / 1e12);
      } catch (const std::runtime_error&) {
        forget_rejected_algorithm(s.get());  // the heuristic offered it, this problem rejects it
      }
    }
    tried.push_back({{"m", shape.m}, {"n", shape.n}, {"k", shape.k}, {"algorithms", usable}, {"tflops", shape_best}});
    searched.push_back(shape);
    burst.push_back(shape_best);
  }
  if (std::all_of(burst.begin(), burst.end(), [](double v) { return v == 0; }))
    return measurement_error("cuBLASLt offered no algorithm that ran for " + std::string(t.name));
  const GemmShape best_shape = searched[pick_gemm_shape(searched, burst)];

  // The winning shape again, with the run's inputs (the same on every GPU, so their outputs can be
  // compared: measure/output_record.hpp): choose its best algorithm, check it, time it.
  const std::uint64_t check_seed = rnd::mix64(run_input_seed() + static_cast<std::uint64_t>(kind));
  Problem p(handle.h, t, best_shape, check_seed, workspace, s.get());
  std::size_t best_algo = 0;
  double best_secs = 0;
  for (std::size_t i = 0; i < p.candidates.size(); ++i) {
    try {
      const Launch launch = [&](cudaStream_t st) { p.run(p.candidates[i], st); };
      const double secs = std::min(time_one_launch(s.get(), launch), time_one_launch(s.get(), launch));
      if (best_secs == 0 || secs < best_secs) {
        best_secs = secs;
        best_algo = i;
      }
    } catch (const std::runtime_error&) {
      forget_rejected_algorithm(s.get());
    }
  }
  if (best_secs == 0) return measurement_error("no cuBLASLt algorithm ran on the chosen shape");
  const cublasLtMatmulAlgo_t algo = p.candidates[best_algo];
  p.d.poison(s.get());
  p.run(algo, s.get());
  s.sync();
  std::vector<std::uint32_t> words;
  const CheckOutcome r = check_output(kind, p, check_seed, words);
  const json output_check = output_check_json(r, check_seed, words);
  if (!r.ok) {
    Measurement failed = check_failed(std::to_string(best_shape.m) + "x" + std::to_string(best_shape.n) + "x" +
                                      std::to_string(best_shape.k) + " algorithm " + std::to_string(best_algo) + ": " + r.message);
    failed.params["output_check"] = output_check;
    failed.params["m"] = best_shape.m;
    failed.params["n"] = best_shape.n;
    failed.params["k"] = best_shape.k;
    failed.params["algorithm_rank"] = best_algo;
    return failed;
  }

  TimingOptions o;
  o.policy = env.policy;
  o.max_batch = 16;
  const LaunchTiming timing = time_launches(s.get(), [&](cudaStream_t st) { p.run(algo, st); }, o);
  Measurement m = measurement_from_timing(timing, best_shape.flops(), 1e12);
  m.params["m"] = best_shape.m;
  m.params["n"] = best_shape.n;
  m.params["k"] = best_shape.k;
  m.params["layout"] = "TN (A transposed), column-major";
  m.params["inputs"] = t.name;
  m.params["accumulate"] = "fp32";
  m.params["algorithm_rank"] = best_algo;  // position in cuBLASLt's heuristic list
  m.params["workspace_bytes"] = workspace;
  m.params["shapes_tried"] = tried;
  m.params["search_s"] = steady_seconds() - t_start;
  m.params["elements_checked"] = r.checked;
  m.params["output_check"] = output_check;
  run_soak_window(env, t, p, algo, best_shape, best_secs, s.get(), check_seed, words, m);
  return m;
}

// A member of the family: the body above, for one input type.
RunBenchmark gemm_run(GemmKind kind) {
  return [kind](const BenchEnv& env) { return run_gemm_benchmark(env, kind); };
}

const RegisterGpuBenchmarks registered{
    // gemm/fp16: FP16 inputs and output.
    {.name = "gemm/fp16", .order = 100, .run = gemm_run(GemmKind::fp16)},
    // gemm/bf16: BF16 inputs and output (the usual training type).
    {.name = "gemm/bf16", .order = 101, .run = gemm_run(GemmKind::bf16)},
    // gemm/tf32: FP32 data through the tensor cores' TF32 mode.
    {.name = "gemm/tf32", .order = 102, .run = gemm_run(GemmKind::tf32)},
    // gemm/fp8: FP8 E4M3 inputs, BF16 output (compute capability 8.9+; not-applicable before).
    {.name = "gemm/fp8", .order = 103, .run = gemm_run(GemmKind::fp8)},
};

}  // namespace

}  // namespace gpuaudit
