// Unit tests of the lscpu parser (src/import/formats/parse_lscpu.cpp).
#include "baselines/baseline_set.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

using import_test::detected;

ImportPart parse_as(const char* format, const std::string& raw) { return import_test::parse_as(format, raw, "host.txt"); }

TEST(ImportHostCpu, LscpuFillsHostFactsAndNamesNoBareMetalItCannotSee) {
  const std::string raw =
      "Architecture:            x86_64\n"
      "CPU(s):                  26\n"
      "Model name:              Intel(R) Xeon(R) Platinum 8480+\n"
      "Thread(s) per core:      1\n"
      "Socket(s):               26\n"
      "Hypervisor vendor:       KVM\n"
      "Virtualization type:     full\n"
      "NUMA node(s):            1\n"
      "NUMA node0 CPU(s):       0-25\n";
  EXPECT_EQ(detected(raw), "lscpu");
  const auto p = parse_as("lscpu", raw);
  EXPECT_EQ(p.host.vcpus, 26);
  EXPECT_EQ(p.host.hypervisor, "KVM");
  EXPECT_EQ(p.host.numa_nodes, 1);
  EXPECT_EQ(p.imported["lscpu"]["numa_node_cpus"]["0"], "0-25");
  EXPECT_FALSE(p.empty());  // host facts alone are something
  const auto bare = parse_as("lscpu", "CPU(s): 8\nModel name: x\nSocket(s): 1\n");
  EXPECT_FALSE(bare.host.hypervisor.has_value());
  EXPECT_FALSE(bare.warnings.empty());  // says it cannot tell bare metal from a hidden hypervisor
}

// Real: lscpu of an AWS g4dn.12xlarge (trixicuda corpus; fixture and sidecar).
TEST(ImportLscpu, ARealAwsInstanceAndGarbage) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("lscpu") / "trixicuda-aws-g4dn-12xlarge-lscpu.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "lscpu");
  const auto p = parse_as("lscpu", raw);
  EXPECT_EQ(p.host.vcpus, 48);
  EXPECT_EQ(p.host.cpu_model, "Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz");
  EXPECT_EQ(p.host.hypervisor.value_or(""), "KVM");
  EXPECT_EQ(p.host.numa_nodes, 1);
  EXPECT_EQ(p.imported.at("lscpu").at("cores_per_socket"), 24);
  for (std::size_t n = 0; n < raw.size(); n += 61) (void)parse_as("lscpu", raw.substr(0, n));
  const auto junk = parse_as("lscpu", "CPU(s): many\nModel name:\n\x01\x02\n");
  EXPECT_FALSE(junk.host.vcpus);
}

}  // namespace
}  // namespace gpuaudit::imports
