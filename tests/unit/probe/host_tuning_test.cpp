// The host's tuning read from a fake root (probe/host_tuning.hpp; synthetic sysfs files in the kernel's
// own formats): cpufreq governors one or mixed, the IOMMU on, passthrough or off, THP's bracketed
// choice, RAPL's package limit; a VM's root without any of them gives nothing.
#include "probe/host_tuning.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;

struct FakeRoot {
  fs::path root;
  explicit FakeRoot(const std::string& name)
      : root(fs::temp_directory_path() / ("gpuaudit-tuning-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(root);
  }
  ~FakeRoot() { fs::remove_all(root); }
  void write(const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << text;
  }
  void dir(const std::string& rel) { fs::create_directories(root / rel); }
};

TEST(HostTuning, ReadsWhatTheKernelOffers) {
  FakeRoot r("host");
  r.write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
  r.write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
  r.dir("sys/devices/system/cpu/cpufreq");  // not a CPU
  r.dir("sys/class/iommu/dmar0");
  r.write("proc/cmdline", "BOOT_IMAGE=/vmlinuz ro intel_iommu=on iommu=pt quiet\n");
  r.write("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
  r.write("sys/class/powercap/intel-rapl:0/constraint_0_power_limit_uw", "270000000\n");
  const json t = host_tuning(r.root.string());
  EXPECT_EQ(t.at("cpu_governor"), "performance");
  EXPECT_EQ(t.at("iommu"), "pt");
  EXPECT_EQ(t.at("transparent_hugepages"), "madvise");
  EXPECT_DOUBLE_EQ(t.at("rapl_limit_w").get<double>(), 270);
}

TEST(HostTuning, MixedGovernorsAnIommuWithoutUnitsAndAVmWithNothing) {
  FakeRoot r("host");
  r.write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
  r.write("sys/devices/system/cpu/cpu7/cpufreq/scaling_governor", "powersave\n");
  r.dir("sys/class/iommu");
  r.write("sys/class/powercap/intel-rapl:0/constraint_0_power_limit_uw", "not a number\n");
  const json t = host_tuning(r.root.string());
  EXPECT_EQ(t.at("cpu_governor"), "mixed: performance | powersave");
  EXPECT_EQ(t.at("iommu"), "off");
  EXPECT_FALSE(t.contains("rapl_limit_w"));
  EXPECT_FALSE(t.contains("transparent_hugepages"));
  FakeRoot empty("vm");
  EXPECT_TRUE(host_tuning(empty.root.string()).empty());
}

}  // namespace
}  // namespace gpuaudit
