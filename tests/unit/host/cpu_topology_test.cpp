// The CPU topology (cpu_topology.hpp): CPU lists, this machine's nodes, and host files that are
// malformed (a container's cgroup, a broken /sys) never end a run as
// "internal error" (issue #28): cpu.max, a cache size and a CPU list past int or nonsense read as
// unknown, and a CPU list cannot ask for billions of entries.
#include "host/cpu_topology.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

using namespace gpuaudit;
namespace fs = std::filesystem;

namespace {

struct FakeRoot {
  fs::path root = fs::temp_directory_path() / ("gpuaudit-topology-" + std::to_string(::getpid()));
  FakeRoot() { fs::create_directories(root); }
  ~FakeRoot() { fs::remove_all(root); }
  void file(const std::string& rel, const std::string& text) const {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << text;
  }
};

}  // namespace

TEST(HostCpuTopology, MalformedHostFilesReadAsUnknown) {
  for (const std::string& cpu_max : {"abc 100000", "99999999999999999999999999999999 1", "1e400 100000", "250000 0",
                                     "-5 100000", "max 100000", ""}) {
    FakeRoot r;
    r.file("proc/self/cgroup", "0::/\n");
    r.file("sys/fs/cgroup/cpu.max", cpu_max + "\n");
    r.file("sys/devices/system/node/node0/cpulist", "0-2147483647\n");
    r.file("sys/devices/system/node/node1/cpulist", "99999999999999999999\n");
    r.file("sys/devices/system/cpu/cpu0/cache/index3/level", "99999999999999999999\n");
    r.file("sys/devices/system/cpu/cpu0/cache/index3/type", "Unified\n");
    r.file("sys/devices/system/cpu/cpu0/cache/index3/size", "99999999999999999999999K\n");
    r.file("sys/devices/system/cpu/cpu99999999999999/cache/index0/size", "1K\n");
    CpuTopology t;
    ASSERT_NO_THROW(t = read_cpu_topology(r.root.string())) << cpu_max;
    EXPECT_FALSE(t.cgroup_cpu_limit) << cpu_max;
    EXPECT_EQ(t.llc_bytes_total, 0u) << cpu_max;
    EXPECT_FALSE(t.nodes.empty());  // the one pseudo-node of the allowed CPUs
  }
  FakeRoot ok;
  ok.file("proc/self/cgroup", "0::/\n");
  ok.file("sys/fs/cgroup/cpu.max", "250000 100000\n");
  ok.file("sys/devices/system/cpu/cpu0/cache/index3/level", "3\n");
  ok.file("sys/devices/system/cpu/cpu0/cache/index3/type", "Unified\n");
  ok.file("sys/devices/system/cpu/cpu0/cache/index3/size", "32768K\n");
  const CpuTopology t = read_cpu_topology(ok.root.string());
  ASSERT_TRUE(t.cgroup_cpu_limit);
  EXPECT_DOUBLE_EQ(*t.cgroup_cpu_limit, 2.5);
  EXPECT_EQ(t.llc_bytes_total, 32768ull << 10);
}

TEST(HostCpuTopology, ACpuListPastAnyCpuIsMalformed) {
  EXPECT_THROW(parse_cpu_list("0-2147483647"), std::invalid_argument);
  EXPECT_THROW(parse_cpu_list("99999999999999999999"), std::invalid_argument);
  EXPECT_THROW(parse_cpu_list("+3"), std::invalid_argument);
  EXPECT_EQ(parse_cpu_list("0-3, 8"), (std::vector<int>{0, 1, 2, 3, 8}));
}

TEST(HostTopology, ParsesCpuLists) {
  EXPECT_EQ(parse_cpu_list("0-3,8,10-11"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(parse_cpu_list("5\n"), (std::vector<int>{5}));
  EXPECT_TRUE(parse_cpu_list("").empty());
  EXPECT_THROW(parse_cpu_list("3-1"), std::invalid_argument);
  EXPECT_THROW(parse_cpu_list("a-b"), std::invalid_argument);
  EXPECT_THROW(parse_cpu_list("1x"), std::invalid_argument);
}

TEST(HostTopology, ReadsThisMachine) {
  const CpuTopology t = read_cpu_topology();
  ASSERT_FALSE(t.allowed.empty());
  ASSERT_FALSE(t.nodes.empty());
  size_t cpus = 0;
  for (const auto& n : t.nodes) cpus += n.cpus.size();
  EXPECT_EQ(cpus, t.allowed.size());  // every allowed CPU is in exactly one node
}
