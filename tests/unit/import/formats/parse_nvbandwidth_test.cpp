// Unit tests of the nvbandwidth text parser (src/import/formats/parse_nvbandwidth.cpp).
#include "import/import.hpp"
#include "import/text/smi_command_line.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

// The fixture's bytes up to and including the first `through` in them ("" when it is not there).
std::string cut_through(const std::string& format, const std::string& file, const std::string& through) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir(format) / file);
  const auto at = raw.find(through);
  return at == std::string::npos ? std::string() : raw.substr(0, at + through.size());
}

const GpuInfo* gpu_at(const ImportPart& p, int index) {
  for (const auto& g : p.gpus)
    if (g.index == index) return &g;
  return nullptr;
}

bool skipped_has(const ImportPart& p, const std::string& what) {
  for (const auto& s : p.skipped)
    if (s.find(what) != std::string::npos) return true;
  return false;
}

TEST(ImportCutMidLine, NvbandwidthDeviceLineCutBeforeItsBusId) {
  const std::string raw = cut_through("nvbandwidth", "a100-sxm4-80gb-x8-d2d-read-assert-v0.7.txt", "Device 6: N");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("nvbandwidth", raw);
  for (const auto& g : p.gpus) EXPECT_NE(g.name, "N") << g.index;
  EXPECT_TRUE(skipped_has(p, "device 6: its line is cut before the bus id"));
  const GpuInfo* five = gpu_at(p, 5);
  ASSERT_NE(five, nullptr);
  EXPECT_EQ(five->name, "NVIDIA A100-SXM4-80GB");
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::parse_as;

TEST(ImportNvbandwidth, AQuotedRunningLineStillNamesTheTestcase) {
  // https://github.com/NVIDIA/nvbandwidth/issues/24 (verbatim): the poster quoted the Running lines.
  const std::string raw =
      "> Running host_to_device_memcpy_sm.\n"
      "memcpy SM CPU(row) -> GPU(column) bandwidth (GB/s)\n"
      "0         1         2         3         4         5         6         7\n"
      "0     35.19     35.25     35.30     35.03     35.25     35.32     35.39     35.06\n"
      "\n"
      "> Running device_to_host_memcpy_sm.\n"
      "memcpy SM CPU(row) <- GPU(column) bandwidth (GB/s)\n"
      "0         1         2         3         4         5         6         7\n"
      "0     52.77     52.77     52.77     52.78     52.76     52.77     52.78     52.77\n";
  const auto p = parse_as("nvbandwidth", raw);
  ASSERT_EQ(p.benchmarks.size(), 2u);
  EXPECT_EQ(p.benchmarks[0].name, "nvbandwidth/host_to_device_memcpy_sm");
  EXPECT_EQ(p.benchmarks[1].name, "nvbandwidth/device_to_host_memcpy_sm");
}

}  // namespace
}  // namespace gpuaudit::imports
