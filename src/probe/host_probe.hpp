// The host inventory: CPU, memory, NUMA, kernel, OS, DMI, VM and container hints, CPU steal.
#pragma once

#include "core/result.hpp"

#include <string>

namespace gpuaudit {

struct HostProbeOptions {
  std::string root = "/";          // read /proc, /sys, /etc under this folder (tests use a fake tree)
  double steal_window_s = 1.0;     // 0 skips the steal sample
};

HostInfo probe_host(const HostProbeOptions& opt = {});

}  // namespace gpuaudit
