// The host section of the document read from a fake root (host_probe.hpp; synthetic files in the
// formats of an AWS p5 guest): CPU, memory, NUMA, OS, kernel, provider, hypervisor and container.
#include "probe/host_probe.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

using namespace gpuaudit;
namespace fs = std::filesystem;

TEST(HostProbe, ReadsAFakeRoot) {
  const fs::path root = fs::temp_directory_path() / ("gpuaudit-root-" + std::to_string(::getpid()));
  auto put = [&](const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << text;
  };
  put("proc/cpuinfo",
      "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Platinum 8480+\nflags\t\t: fpu sse hypervisor avx\n\n"
      "processor\t: 1\nmodel name\t: Intel(R) Xeon(R) Platinum 8480+\n");
  put("proc/meminfo", "MemTotal:       2097152 kB\n");
  put("sys/devices/system/node/node0/cpulist", "0-1\n");
  put("sys/devices/system/node/node1/cpulist", "2-3\n");
  put("sys/class/dmi/id/sys_vendor", "Amazon EC2\n");
  put("sys/class/dmi/id/product_name", "p5.48xlarge\n");
  put("etc/os-release", "PRETTY_NAME=\"Ubuntu 22.04.4 LTS\"\n");
  put("proc/sys/kernel/osrelease", "5.15.0-1051-aws\n");
  put("proc/1/cgroup", "0::/kubepods/burstable/pod123\n");
  const HostInfo h = probe_host({.root = root.string(), .steal_window_s = 0});
  fs::remove_all(root);
  EXPECT_EQ(h.cpu_model, "Intel(R) Xeon(R) Platinum 8480+");
  EXPECT_EQ(h.vcpus, 2);
  EXPECT_EQ(h.memory_bytes, 2147483648ull);
  EXPECT_EQ(h.numa_nodes, 2);
  EXPECT_EQ(h.os, "Ubuntu 22.04.4 LTS");
  EXPECT_EQ(h.kernel, "5.15.0-1051-aws");
  EXPECT_EQ(h.provider_guess, "AWS");
  EXPECT_EQ(h.product_name, "p5.48xlarge");
  EXPECT_TRUE(h.hypervisor.has_value());
  EXPECT_EQ(h.container, "kubernetes");
}
