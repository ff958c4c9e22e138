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
// It also counts SM cycles (measure/timer_guard.hpp): a %globaltimer that stopped ends the spin
// too, and timer_stalled() says so.
//
// The flags live in mapped pinned memory: cudaHostAlloc(Mapped), else page-aligned memory locked
// with cudaHostRegister(Mapped). Where neither works (confidential computing keeps host memory
// away from the GPU, some vGPU profiles refuse mapped memory) available() is false, block() and
// release() do nothing, and the timing runs on events alone (launch_timer.cpp says so in the row).
#pragma once

#include <cuda_runtime.h>

#include <string>

namespace gpuaudit {

class HostFlagBlocker {
 public:
  HostFlagBlocker();
  ~HostFlagBlocker();
  HostFlagBlocker(const HostFlagBlocker&) = delete;
  HostFlagBlocker& operator=(const HostFlagBlocker&) = delete;

  bool available() const { return device_flags_ != nullptr; }
  const std::string& unavailable_reason() const { return why_unavailable_; }

  void block(cudaStream_t stream, double timeout_s = 2.0);
  void release();
  // Read after the stream has passed the spin kernel (e.g. after the stop event completed).
  bool timed_out() const;
  bool timer_stalled() const;

 private:
  volatile int* host_flags_ = nullptr;  // [0]: release flag, [1]: 1 timed out, 2 the timer stalled
  int* device_flags_ = nullptr;
  bool registered_ = false;  // locked with cudaHostRegister (free with cudaHostUnregister + free)
  std::string why_unavailable_;
};

}  // namespace gpuaudit
