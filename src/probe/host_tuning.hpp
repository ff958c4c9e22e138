// The host's settings a fleet should share and a renter rarely sees (issue #32's ClusterMAX list),
// read unprivileged from sysfs and procfs under `root`; each is absent where the kernel or the
// hypervisor does not offer it (a VM usually has no cpufreq):
//   cpu_governor           cpufreq's scaling_governor, one value or "mixed: a | b" over the CPUs
//   iommu                  "on" (units under /sys/class/iommu), "pt" (iommu=pt on the command line:
//                          passthrough for the host's own devices), "off" (none)
//   transparent_hugepages  the bracketed choice of /sys/kernel/mm/transparent_hugepage/enabled
//   rapl_limit_w           package 0's long-term power limit (powercap intel-rapl:0 constraint 0)
#pragma once

#include "core/json.hpp"

#include <string>

namespace gpuaudit {

// An object with the fields above that could be read; empty when none could.
json host_tuning(const std::string& root = "/");

}  // namespace gpuaudit
