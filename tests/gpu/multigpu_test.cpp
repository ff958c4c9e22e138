// The multi-GPU machinery on a real device (exit 77 without one): the check kernels catch wrong
// data, the one-rank NCCL call runs and checks out (a single GPU gives no bus bandwidth), and
// with two or more GPUs a 2-GPU all-reduce sweep and the peer-copy matrix come out right.
// NCCL comes from wherever load_nccl() finds it (a pip wheel works); without it those parts say
// so and are skipped.
#include "benchmarks/nccl_collectives.hpp"
#include "benchmarks/p2p_matrix.hpp"
#include "cuda/cuda_raii.hpp"
#include "cuda/nccl_api.hpp"
#include "gpu/gpu_test.hpp"
#include "kernels/nccl_pattern.cuh"

#include <string>
#include <vector>

namespace mg = gpuaudit::multigpu;

namespace {

void check_kernels_catch_wrong_data() {
  gpuaudit::DeviceStream s(0);
  gpuaudit::DeviceBytes buf(0, 1 << 20);
  const std::size_t n = (1 << 20) / sizeof(float);
  const mg::Pattern p = mg::make_copy_pattern(4, mg::kExactFloat);
  mg::fill_pattern(buf.get(), n, mg::DType::f32, p, 0, 2, s.get());
  GT_EXPECT(mg::count_wrong(buf.get(), n, mg::DType::f32, mg::Layout::copy, p, n, 2, s.get()) == 0, "own pattern checks out");
  GT_EXPECT(mg::count_wrong(buf.get(), n, mg::DType::f32, mg::Layout::copy, p, n, 3, s.get()) == n,
            "another rank's pattern differs everywhere");
  mg::fill_pattern(buf.get(), n / 2, mg::DType::bf16, mg::make_sum_pattern(8, mg::kExactBf16), 0, 0, s.get());
  s.sync();
}

#if GPUAUDIT_HAVE_NCCL_H
void one_rank(const mg::NcclApi& api) {
  auto g = mg::CommGroup::local(api, {0});
  mg::GroupBuffers b(*g, std::size_t{64} << 20);
  for (mg::Collective c : mg::all_collectives())
    for (mg::DType t : {mg::DType::f32, mg::DType::bf16}) {
      mg::SweepOptions o;
      o.collective = c;
      o.dtype = t;
      o.in_place = c == mg::Collective::allreduce && t == mg::DType::bf16;
      o.sizes = {8, 4096, std::size_t{1} << 20, std::size_t{64} << 20};
      o.samples = 1;
      o.target_sample_s = 1e-3;
      const auto pts = mg::run_sweep(*g, b, o);
      GT_EXPECT(pts.size() == 4, "%s: 4 sizes, got %zu", std::string(mg::collective_name(c)).c_str(), pts.size());
      for (const auto& p : pts) {
        GT_EXPECT(p.wrong_elements == 0, "%s %s at %zu B: %zu wrong", std::string(mg::collective_name(c)).c_str(),
                  mg::dtype_name(t), p.bytes, p.wrong_elements);
        GT_EXPECT(p.busbw_gbs == 0, "one rank has no bus bandwidth: %g", p.busbw_gbs);
        GT_EXPECT(p.algbw_gbs > 0 && p.time_us > 0, "timed: %g us", p.time_us);
      }
    }
}

void two_ranks(const mg::NcclApi& api) {
  auto g = mg::CommGroup::local(api, {0, 1});
  mg::GroupBuffers b(*g, std::size_t{256} << 20);
  mg::SweepOptions o;
  o.sizes = {8, 65536, std::size_t{16} << 20, std::size_t{256} << 20};
  o.samples = 3;
  const auto pts = mg::run_sweep(*g, b, o);
  for (const auto& p : pts) {
    GT_EXPECT(p.wrong_elements == 0, "2-GPU all-reduce at %zu B: %zu wrong", p.bytes, p.wrong_elements);
    GT_EXPECT(p.busbw_gbs > 0, "busbw at %zu B", p.bytes);
  }
  if (!pts.empty()) std::printf("2-GPU all-reduce, 256 MiB: busbw %.1f GB/s\n", pts.back().busbw_gbs);
}
#endif

}  // namespace

int main() {
  const int devices = gpu_test::require_device();
  GT_CUDA(cudaSetDevice(0));
  check_kernels_catch_wrong_data();

  const mg::NcclLoad& nccl = mg::load_nccl();
  if (!nccl.loaded) {
    std::printf("NCCL not available, collectives not tested: %s\n", nccl.error.c_str());
  } else {
    std::printf("NCCL %s from %s\n", nccl.version.c_str(), nccl.path.c_str());
#if GPUAUDIT_HAVE_NCCL_H
    one_rank(nccl.api);
    if (devices >= 2) two_ranks(nccl.api);
#endif
  }

  std::vector<mg::MappedGpu> gpus;
  for (int i = 0; i < devices && i < 4; ++i) gpus.push_back({i, i, false});
  mg::P2pOptions o;
  o.bytes = std::size_t{32} << 20;
  o.samples = 2;
  for (bool peer : {true, false}) {
    const auto pairs = mg::measure_p2p(gpus, peer, o);
    GT_EXPECT(pairs.size() == gpus.size() * (gpus.size() - 1), "every ordered pair: %zu", pairs.size());
    for (const auto& p : pairs) {
      GT_EXPECT(p.error.empty(), "%d->%d: %s", p.src, p.dst, p.error.c_str());
      if (peer && !p.peer_possible) continue;
      GT_EXPECT(p.wrong_bytes == 0, "%d->%d: %zu bytes wrong", p.src, p.dst, p.wrong_bytes);
      GT_EXPECT(p.gbs > 0 && p.latency_us > 0, "%d->%d timed", p.src, p.dst);
      std::printf("p2p %d->%d peer %s: %.1f GB/s, %.2f us\n", p.src, p.dst, peer ? "on" : "off", p.gbs, p.latency_us);
    }
  }
  return gpu_test::finish("multigpu");
}
