#include "benchmarks/nccl_collectives.hpp"

#if GPUAUDIT_HAVE_NCCL_H

#include "multigpu/pattern.hpp"
#include "multigpu/sweep.hpp"

#include "core/json.hpp"
#include "core/stats.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

namespace gpuaudit::multigpu {

namespace {

ncclDataType_t nccl_type(DType t) { return t == DType::f32 ? ncclFloat32 : ncclBfloat16; }

char* at(void* base, std::size_t elements, DType t) {
  return static_cast<char*>(base) + elements * dtype_size(t);
}

// One operation on every local rank, as one NCCL group.
void launch(CommGroup& g, GroupBuffers& b, const SweepOptions& o, const CollectiveShape& shape) {
  const NcclApi& api = g.api();
  const ncclDataType_t dt = nccl_type(o.dtype);
  const std::size_t count = shape.call_count;
  nccl_check(api, api.ncclGroupStart(), "ncclGroupStart");
  for (int i = 0; i < g.local_count(); ++i) {
    void* send = b.send[static_cast<std::size_t>(i)]->get();
    void* recv = b.recv[static_cast<std::size_t>(i)]->get();
    const auto rank = static_cast<std::size_t>(g.rank(i));
    ncclResult_t r = ncclSuccess;
    switch (o.collective) {
      case Collective::allreduce:
        r = api.ncclAllReduce(o.in_place ? recv : send, recv, count, dt, ncclSum, g.comm(i), g.stream(i));
        break;
      case Collective::allgather:
        r = api.ncclAllGather(o.in_place ? at(recv, rank * count, o.dtype) : send, recv, count, dt, g.comm(i),
                              g.stream(i));
        break;
      case Collective::reducescatter:
        r = api.ncclReduceScatter(send, o.in_place ? at(send, rank * count, o.dtype) : recv, count, dt, ncclSum,
                                  g.comm(i), g.stream(i));
        break;
      case Collective::alltoall:
        // NCCL's portable all-to-all: one send and one receive per peer in one group (2.7+).
        for (int peer = 0; peer < g.nranks() && r == ncclSuccess; ++peer) {
          const auto p = static_cast<std::size_t>(peer);
          r = api.ncclSend(at(send, p * count, o.dtype), count, dt, peer, g.comm(i), g.stream(i));
          if (r == ncclSuccess) r = api.ncclRecv(at(recv, p * count, o.dtype), count, dt, peer, g.comm(i), g.stream(i));
        }
        break;
    }
    if (r != ncclSuccess) {
      (void)api.ncclGroupEnd();
      nccl_check(api, r, "collective launch", g.comm(i));
    }
  }
  nccl_check(api, api.ncclGroupEnd(), "ncclGroupEnd");
}

// Fresh input on every local rank, as the collective's check expects it.
void fill(CommGroup& g, GroupBuffers& b, const SweepOptions& o, const CollectiveShape& shape, const Pattern& p) {
  for (int i = 0; i < g.local_count(); ++i) {
    GA_CUDA(cudaSetDevice(g.device(i)));
    const auto rank = static_cast<std::uint64_t>(g.rank(i));
    void* send = b.send[static_cast<std::size_t>(i)]->get();
    void* recv = b.recv[static_cast<std::size_t>(i)]->get();
    // Poison the output first (all bits set: NaN in float and bf16, never an expected value), so
    // a collective that wrote nothing cannot pass on what an earlier size or sweep left there.
    GA_CUDA(cudaMemsetAsync(recv, 0xff, shape.recv_elements * dtype_size(o.dtype), g.stream(i)));
    switch (o.collective) {
      case Collective::allreduce:
        fill_pattern(o.in_place ? recv : send, shape.call_count, o.dtype, p, 0, rank, g.stream(i));
        break;
      case Collective::allgather:
        fill_pattern(o.in_place ? at(recv, rank * shape.call_count, o.dtype) : send, shape.call_count, o.dtype, p, 0,
                     rank, g.stream(i));
        break;
      case Collective::reducescatter:
      case Collective::alltoall: fill_pattern(send, shape.send_elements, o.dtype, p, 0, rank, g.stream(i)); break;
    }
  }
}

std::size_t check(CommGroup& g, GroupBuffers& b, const SweepOptions& o, const CollectiveShape& shape, const Pattern& p) {
  std::size_t wrong = 0;
  for (int i = 0; i < g.local_count(); ++i) {
    GA_CUDA(cudaSetDevice(g.device(i)));
    const auto rank = static_cast<std::uint64_t>(g.rank(i));
    void* send = b.send[static_cast<std::size_t>(i)]->get();
    void* recv = b.recv[static_cast<std::size_t>(i)]->get();
    switch (o.collective) {
      case Collective::allreduce:
        wrong += count_wrong(recv, shape.call_count, o.dtype, Layout::allreduce, p, shape.call_count, rank, g.stream(i));
        break;
      case Collective::allgather:
        wrong += count_wrong(recv, shape.recv_elements, o.dtype, Layout::allgather, p, shape.call_count, rank,
                             g.stream(i));
        break;
      case Collective::reducescatter:
        wrong += count_wrong(o.in_place ? at(send, rank * shape.call_count, o.dtype) : recv, shape.call_count, o.dtype,
                             Layout::reducescatter, p, shape.call_count, rank, g.stream(i));
        break;
      case Collective::alltoall:
        wrong += count_wrong(recv, shape.recv_elements, o.dtype, Layout::alltoall, p, shape.call_count, rank,
                             g.stream(i));
        break;
    }
  }
  return wrong;
}

// Seconds per operation over `iters` back-to-back operations: the slowest local GPU.
double timed(CommGroup& g, GroupBuffers& b, const SweepOptions& o, const CollectiveShape& shape, int iters) {
  std::vector<std::unique_ptr<EventTimer>> timers;
  for (int i = 0; i < g.local_count(); ++i) {
    timers.push_back(std::make_unique<EventTimer>(g.device(i)));
    timers.back()->begin(g.stream(i));
  }
  for (int k = 0; k < iters; ++k) launch(g, b, o, shape);
  for (int i = 0; i < g.local_count(); ++i) {
    GA_CUDA(cudaSetDevice(g.device(i)));
    timers[static_cast<std::size_t>(i)]->end(g.stream(i));
  }
  g.wait(o.timeout_s);
  double ms = 0;
  for (auto& t : timers) ms = std::max(ms, t->ms());
  return ms / 1e3 / iters;
}

}  // namespace

void nccl_check(const NcclApi& api, ncclResult_t r, const char* what, ncclComm_t comm) {
  if (r == ncclSuccess) return;
#if defined(NCCL_VERSION_CODE) && NCCL_VERSION_CODE >= 21400
  if (r == ncclInProgress) return;  // non-blocking communicators only; ours are blocking
#endif
  std::string msg = std::string(what) + ": " + api.ncclGetErrorString(r);
  if (api.ncclGetLastError)
    if (const char* last = api.ncclGetLastError(comm); last && *last) msg += " (" + std::string(last) + ")";
  throw std::runtime_error(msg);
}

CommGroup::CommGroup(const NcclApi& api, std::vector<int> devices, int first_rank, int nranks)
    : api_(api), devices_(std::move(devices)), first_rank_(first_rank), nranks_(nranks) {
  for (int d : devices_) streams_.push_back(std::make_unique<DeviceStream>(d));
}

std::unique_ptr<CommGroup> CommGroup::local(const NcclApi& api, const std::vector<int>& devices) {
  std::unique_ptr<CommGroup> g(new CommGroup(api, devices, 0, static_cast<int>(devices.size())));
  g->comms_.assign(devices.size(), nullptr);
  nccl_check(api, api.ncclCommInitAll(g->comms_.data(), static_cast<int>(devices.size()), devices.data()),
             "ncclCommInitAll");
  return g;
}

std::unique_ptr<CommGroup> CommGroup::world(const NcclApi& api, RankWorld& world, const std::vector<int>& devices,
                                            int first_rank, int nranks) {
  std::unique_ptr<CommGroup> g(new CommGroup(api, devices, first_rank, nranks));
  std::string id_bytes;
  if (world.rank() == 0) {
    ncclUniqueId id{};
    nccl_check(api, api.ncclGetUniqueId(&id), "ncclGetUniqueId");
    id_bytes.assign(id.internal, sizeof id.internal);
  }
  id_bytes = world.broadcast_from_root(id_bytes);
  if (id_bytes.size() != sizeof(ncclUniqueId::internal)) throw std::runtime_error("NCCL unique id lost on the way");
  ncclUniqueId id{};
  std::copy(id_bytes.begin(), id_bytes.end(), id.internal);
  g->comms_.assign(devices.size(), nullptr);
  nccl_check(api, api.ncclGroupStart(), "ncclGroupStart");
  for (std::size_t i = 0; i < devices.size(); ++i) {
    GA_CUDA(cudaSetDevice(devices[i]));
    const ncclResult_t r = api.ncclCommInitRank(&g->comms_[i], nranks, id, first_rank + static_cast<int>(i));
    if (r != ncclSuccess) {
      (void)api.ncclGroupEnd();
      nccl_check(api, r, "ncclCommInitRank");
    }
  }
  nccl_check(api, api.ncclGroupEnd(), "ncclGroupEnd (ncclCommInitRank)");
  return g;
}

CommGroup::~CommGroup() {
  for (auto c : comms_)
    if (c) {
      if (aborted_) (void)api_.ncclCommAbort(c);
      else (void)api_.ncclCommDestroy(c);
    }
}

void CommGroup::abort() {
  if (aborted_) return;
  aborted_ = true;
  for (auto& c : comms_)
    if (c) {
      (void)api_.ncclCommAbort(c);
      c = nullptr;
    }
}

void CommGroup::wait(double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (std::size_t i = 0; i < streams_.size(); ++i) {
    for (;;) {
      const cudaError_t e = cudaStreamQuery(streams_[i]->get());
      if (e == cudaSuccess) break;
      if (e != cudaErrorNotReady) throw_cuda_error(e, "cudaStreamQuery", __FILE__, __LINE__);
      if (std::chrono::steady_clock::now() > deadline) {
        abort();
        throw NcclTimeout("NCCL did not finish within " + std::to_string(static_cast<int>(seconds)) +
                          " s; communicators aborted (broken peer-to-peer path? compare with NCCL_P2P_DISABLE=1)");
      }
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  }
}

GroupBuffers::GroupBuffers(const CommGroup& g, std::size_t b) : bytes(b) {
  for (int i = 0; i < g.local_count(); ++i) {
    send.push_back(std::make_unique<DeviceBytes>(g.device(i), bytes));
    recv.push_back(std::make_unique<DeviceBytes>(g.device(i), bytes));
  }
}

std::vector<SweepPoint> run_sweep(CommGroup& g, GroupBuffers& b, const SweepOptions& o) {
  const int n = g.nranks();
  const double limit = dtype_exact_limit(o.dtype);
  const bool reduces = o.collective == Collective::allreduce || o.collective == Collective::reducescatter;
  const Pattern p = reduces ? make_sum_pattern(n, limit) : make_copy_pattern(n, limit);
  std::vector<SweepPoint> out;
  for (std::size_t bytes : o.sizes) {
    const CollectiveShape shape = collective_shape(o.collective, bytes, dtype_size(o.dtype), n);
    if (shape.call_count == 0) continue;  // too small to split into n chunks of this type
    if (shape.send_elements * dtype_size(o.dtype) > b.bytes || shape.recv_elements * dtype_size(o.dtype) > b.bytes)
      break;
    SweepPoint pt;
    pt.bytes = shape.bytes_moved;
    pt.count = shape.call_count;
    // Correctness first: fresh input, one operation, compare on the device.
    fill(g, b, o, shape, p);
    g.wait(o.timeout_s);
    launch(g, b, o, shape);
    g.wait(o.timeout_s);
    pt.checked = true;
    pt.wrong_elements = check(g, b, o, shape, p);
    // Then speed: one operation to size the samples (rank 0 decides for the whole job).
    const double one = timed(g, b, o, shape, 1);
    int iters = iterations_for(one, o.target_sample_s, 1, 2000);
    if (o.world) iters = std::stoi(o.world->broadcast_from_root(std::to_string(iters)));
    pt.iterations = iters;
    std::vector<double> times;
    for (int s = 0; s < o.samples; ++s) {
      const double t = timed(g, b, o, shape, iters);
      times.push_back(t);
      pt.busbw_samples.push_back(busbw_gbs(o.collective, static_cast<double>(pt.bytes), t, n));
    }
    const double t = median_of(times);
    pt.time_us = t * 1e6;
    pt.algbw_gbs = algbw_gbs(static_cast<double>(pt.bytes), t);
    pt.busbw_gbs = busbw_gbs(o.collective, static_cast<double>(pt.bytes), t, n);
    out.push_back(pt);
  }
  if (o.world) {
    // Every rank checked its own output: rank 0 reports the job's total per size.
    json mine = json::array();
    for (const auto& pt : out) mine.push_back(pt.wrong_elements);
    const auto all = o.world->all_gather(mine.dump());
    for (std::size_t r = 0; r < all.size(); ++r) {
      if (static_cast<int>(r) == o.world->rank()) continue;
      const json theirs = json::parse(all[r]);
      for (std::size_t k = 0; k < out.size() && k < theirs.size(); ++k) out[k].wrong_elements += theirs[k].get<std::size_t>();
    }
  }
  return out;
}

}  // namespace gpuaudit::multigpu

#endif  // GPUAUDIT_HAVE_NCCL_H
