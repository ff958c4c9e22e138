#include "benchmarks/p2p_matrix.hpp"

#include "core/stats.hpp"
#include "cuda/cuda_raii.hpp"
#include "kernels/nccl_pattern.cuh"
#include "multigpu/sweep.hpp"

#include <memory>

namespace gpuaudit::multigpu {

namespace {

void set_peer_access(const std::vector<MappedGpu>& gpus, bool on) {
  for (const auto& a : gpus)
    for (const auto& b : gpus) {
      if (a.cuda_ordinal == b.cuda_ordinal) continue;
      int can = 0;
      if (cudaDeviceCanAccessPeer(&can, a.cuda_ordinal, b.cuda_ordinal) != cudaSuccess || !can) continue;
      GA_CUDA(cudaSetDevice(a.cuda_ordinal));
      const cudaError_t e = on ? cudaDeviceEnablePeerAccess(b.cuda_ordinal, 0) : cudaDeviceDisablePeerAccess(b.cuda_ordinal);
      // Already in the wanted state is fine; anything else is a real failure.
      if (e == cudaErrorPeerAccessAlreadyEnabled || e == cudaErrorPeerAccessNotEnabled) (void)cudaGetLastError();
      else GA_CUDA(e);
    }
}

struct PerGpu {
  std::unique_ptr<DeviceBytes> src, dst, small;
  std::unique_ptr<DeviceStream> stream;
};

}  // namespace

std::vector<PairCopy> measure_p2p(const std::vector<MappedGpu>& gpus, bool peer_access, const P2pOptions& o) {
  const std::size_t elements = o.bytes / sizeof(float);
  const std::size_t bytes = elements * sizeof(float);
  const Pattern pattern = make_copy_pattern(static_cast<int>(gpus.size()), kExactFloat);
  std::vector<PerGpu> per(gpus.size());
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    const int dev = gpus[i].cuda_ordinal;
    per[i].src = std::make_unique<DeviceBytes>(dev, bytes);
    per[i].dst = std::make_unique<DeviceBytes>(dev, bytes);
    per[i].small = std::make_unique<DeviceBytes>(dev, 64);
    per[i].stream = std::make_unique<DeviceStream>(dev);
    GA_CUDA(cudaSetDevice(dev));
    fill_pattern(per[i].src->get(), elements, DType::f32, pattern, 0, i, per[i].stream->get());
    per[i].stream->sync();
  }
  set_peer_access(gpus, false);
  if (peer_access) set_peer_access(gpus, true);

  std::vector<PairCopy> out;
  for (std::size_t s = 0; s < gpus.size(); ++s)
    for (std::size_t d = 0; d < gpus.size(); ++d) {
      if (s == d) continue;
      PairCopy pc;
      pc.src = gpus[s].doc_index;
      pc.dst = gpus[d].doc_index;
      pc.peer_access = peer_access;
      int can = 0;
      pc.peer_possible = cudaDeviceCanAccessPeer(&can, gpus[s].cuda_ordinal, gpus[d].cuda_ordinal) == cudaSuccess && can;
      if (peer_access && !pc.peer_possible) {
        out.push_back(pc);
        continue;
      }
      try {
        const int sd = gpus[s].cuda_ordinal, dd = gpus[d].cuda_ordinal;
        cudaStream_t st = per[s].stream->get();  // the source pushes, as p2pBandwidthLatencyTest does
        auto copy = [&] {
          GA_CUDA(cudaMemcpyPeerAsync(per[d].dst->get(), dd, per[s].src->get(), sd, bytes, st));
        };
        // Correctness: the destination must hold the source's pattern. Poisoned with all bits set
        // (NaN), not zero: source 0's pattern is 0 at every 251st element.
        GA_CUDA(cudaSetDevice(dd));
        GA_CUDA(cudaMemsetAsync(per[d].dst->get(), 0xff, bytes, per[d].stream->get()));
        per[d].stream->sync();
        GA_CUDA(cudaSetDevice(sd));
        copy();
        per[s].stream->sync();
        GA_CUDA(cudaSetDevice(dd));
        pc.wrong_bytes = sizeof(float) * count_wrong(per[d].dst->get(), elements, DType::f32, Layout::copy, pattern,
                                                     elements, s, per[d].stream->get());
        // Bandwidth.
        GA_CUDA(cudaSetDevice(sd));
        EventTimer timer(sd);
        timer.begin(st);
        copy();
        timer.end(st);
        const int iters = iterations_for(timer.ms() / 1e3, o.target_sample_s, 1, 200);
        std::vector<double> times;
        for (int k = 0; k < o.samples; ++k) {
          timer.begin(st);
          for (int i = 0; i < iters; ++i) copy();
          timer.end(st);
          const double t = timer.ms() / 1e3 / iters;
          times.push_back(t);
          pc.gbs_samples.push_back(static_cast<double>(bytes) / t / 1e9);
        }
        pc.gbs = static_cast<double>(bytes) / median_of(times) / 1e9;
        // Latency: small copies back to back.
        timer.begin(st);
        for (int i = 0; i < o.latency_copies; ++i)
          GA_CUDA(cudaMemcpyPeerAsync(per[d].small->get(), dd, per[s].small->get(), sd, 8, st));
        timer.end(st);
        pc.latency_us = timer.ms() * 1e3 / o.latency_copies;
      } catch (const CudaError& e) {
        pc.error = e.what();
      }
      out.push_back(pc);
    }
  if (peer_access) set_peer_access(gpus, false);
  return out;
}

}  // namespace gpuaudit::multigpu
