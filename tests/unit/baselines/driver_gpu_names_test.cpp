// baselines/driver_gpu_names.cpp: NVIDIA's table of the names its driver prints, kept whole: no name
// twice, every entry a name, and the Turing-to-Hopper models of the baselines among them as the
// driver prints them (excepted: the models that came after driver 550.40.82 - H200 NVL, GH200 144G
// HBM3e, the RTX 4060 Ti by memory - and the T4 / T4G, which that release's table does not list).
#include "baselines/driver_gpu_names.hpp"
#include "baselines/gpu_name_key.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

using namespace gpuaudit;

TEST(DriverGpuNames, EachNameOnceAndEveryEntryAName) {
  std::set<std::string> seen;
  for (std::string_view n : driver_gpu_names()) {
    EXPECT_FALSE(n.empty());
    EXPECT_EQ(n.find("  "), std::string_view::npos) << n;
    EXPECT_TRUE(seen.insert(std::string(n)).second) << n << " twice";
  }
  EXPECT_GE(seen.size(), 170u);
}

TEST(DriverGpuNames, TheBaselinesTuringToHopperModelsAreAmongThem) {
  std::set<std::string> keys;
  for (std::string_view n : driver_gpu_names()) keys.insert(gpu_name_key(n));
  const std::set<std::string> not_in_table{"h200 nvl", "gh200 144g hbm3e", "geforce rtx 4060 ti 8gb", "geforce rtx 4060 ti 16gb",
                                           "tesla t4", "t4g"};
  int checked = 0;
  for (const auto& b : repo_baselines().models) {
    const double cc = std::atof(b.compute_capability.c_str());
    if (cc < 7.5 || cc >= 10.0) continue;
    bool any = false;
    for (const auto& n : b.nvidia_smi_names) any = any || keys.count(gpu_name_key(n)) > 0;
    if (b.nvidia_smi_names.empty() || not_in_table.count(gpu_name_key(b.nvidia_smi_names.front()))) continue;
    EXPECT_TRUE(any) << b.id << " (" << b.nvidia_smi_names.front() << ") is not among the driver's names";
    ++checked;
  }
  EXPECT_GE(checked, 40);
}
