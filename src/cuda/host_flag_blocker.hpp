// Holding a stream until the host has queued all the launches it wants to time (the nvbench
// technique). Without it, the first launches of a batch run while the host is still submitting the
// later ones, so host launch overhead leaks into the GPU timing of short kernels.
//
//   blocker.block(stream);        // a 1-thread kernel spins on a flag in mapped host memory
//   start.record(stream); launch x N; stop.record(stream);
//   blocker.release();            // the host sets the flag; the queued work runs back to back
//
// The spin kernel gives up after `timeout_s` (the launch queue can fill while it holds the stream,
// which would otherwise deadlock the host): timed_out() then says the sample is not trustworthy.
#pragma once

#include <cuda_runtime.h>

namespace gpuaudit {

class HostFlagBlocker {
 public:
  HostFlagBlocker();
  ~HostFlagBlocker();
  HostFlagBlocker(const HostFlagBlocker&) = delete;
  HostFlagBlocker& operator=(const HostFlagBlocker&) = delete;

  void block(cudaStream_t stream, double timeout_s = 2.0);
  void release();
  // Read after the stream has passed the spin kernel (e.g. after the stop event completed).
  bool timed_out() const;

 private:
  volatile int* host_flags_ = nullptr;  // [0]: release flag, [1]: timed-out flag
  int* device_flags_ = nullptr;
};

}  // namespace gpuaudit
