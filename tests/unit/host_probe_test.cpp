#include "host/proc_stat.hpp"
#include "probe/host_probe.hpp"
#include "probe/provider.hpp"
#include "run/suite.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace gpuaudit;
namespace fs = std::filesystem;

TEST(Provider, KnownClouds) {
  EXPECT_EQ(guess_provider({.sys_vendor = "Amazon EC2", .product_name = "p5.48xlarge"}, "KVM").provider, "AWS");
  EXPECT_EQ(guess_provider({.sys_vendor = "Google", .product_name = "Google Compute Engine"}, "KVM").provider, "GCP");
  DmiStrings azure{.sys_vendor = "Microsoft Corporation", .product_name = "Virtual Machine"};
  azure.chassis_asset_tag = "7783-7084-3265-9085-8269-3286-77";
  EXPECT_EQ(guess_provider(azure, "Microsoft Hyper-V").provider, "Azure");
  EXPECT_EQ(guess_provider({.sys_vendor = "Alibaba Cloud", .product_name = "Alibaba Cloud ECS"}, "KVM").provider, "Alibaba");
  EXPECT_EQ(guess_provider({.sys_vendor = "Tencent Cloud", .product_name = "CVM"}, "KVM").provider, "Tencent");
  DmiStrings huawei{.sys_vendor = "OpenStack Foundation", .product_name = "OpenStack Nova"};
  huawei.chassis_asset_tag = "HUAWEICLOUD";
  EXPECT_EQ(guess_provider(huawei, "KVM").provider, "Huawei");
  DmiStrings oracle{.sys_vendor = "QEMU"};
  oracle.chassis_asset_tag = "OracleCloud.com";
  EXPECT_EQ(guess_provider(oracle, "KVM").provider, "Oracle");
}

TEST(Provider, BareMetalAndUnknownVm) {
  const auto bm = guess_provider({.sys_vendor = "Supermicro", .product_name = "SYS-821GE-TNHR"}, "");
  EXPECT_EQ(bm.provider, "bare metal");
  EXPECT_NE(bm.evidence.find("Supermicro"), std::string::npos);
  EXPECT_EQ(guess_provider({.sys_vendor = "QEMU", .product_name = "Standard PC"}, "KVM").provider, "unknown VM");
  EXPECT_EQ(guess_provider({}, "").provider, "unknown");
}

TEST(ProcStat, StealAndIowaitShares) {
  const auto a = parse_proc_stat("cpu  100 0 100 700 50 0 0 50 0 0\ncpu0 100 0 100 700 50 0 0 50 0 0\nintr 1 2\n");
  const auto b = parse_proc_stat("cpu  200 0 200 1300 100 0 0 200 0 0\ncpu0 200 0 200 1300 100 0 0 200 0 0\n");
  ASSERT_EQ(a.size(), 2u);
  const auto shares = cpu_shares(a, b);
  ASSERT_EQ(shares.size(), 2u);
  EXPECT_EQ(shares[0].cpu, "cpu");
  // delta total = 100+100+600+50+150 = 1000
  EXPECT_DOUBLE_EQ(shares[0].steal_pct, 15.0);
  EXPECT_DOUBLE_EQ(shares[0].iowait_pct, 5.0);
  EXPECT_DOUBLE_EQ(shares[0].busy_pct, 20.0);
}

TEST(ProcStat, OldKernelWithoutStealColumn) {
  const auto a = parse_proc_stat("cpu 10 0 10 80\n");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].steal, 0u);
}

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

TEST(Suite, OnlySelectsByPrefixOnSlashBoundaries) {
  EXPECT_TRUE(name_selected("hbm/copy", {}));
  EXPECT_TRUE(name_selected("hbm/copy", {"hbm"}));
  EXPECT_TRUE(name_selected("hbm/copy", {"gemm", "hbm/copy"}));
  EXPECT_FALSE(name_selected("hbm/copy", {"hbm/co"}));
  EXPECT_FALSE(name_selected("host/disk_seq_read", {"hbm"}));
  EXPECT_TRUE(name_selected("host/disk_seq_read", {"host/"}));
}
