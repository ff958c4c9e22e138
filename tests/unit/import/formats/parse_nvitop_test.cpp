// The nvitop parser (src/import/formats/parse_nvitop.cpp) on the synthetic screens in
// tests/data/imports/nvitop/ (no traceable real text paste was found; values checked by
// format_registry_test.cpp) and on MIG device rows, a second screen, cut screens, foreign text.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

ImportPart parse_nvitop(const std::string& raw) { return import_test::parse_as("nvitop", raw, "nvitop.txt"); }

TEST(ImportNvitop, MigDeviceRowsPutTheBoardInMigMode) {
  // synthetic: nvitop's MIG device row format (device.py: "{physical_index}:{mig_index} {name} @ GI/CI: g/c"), values made up.
  const std::string raw =
      "\xe2\x94\x82 NVITOP 1.4.2       Driver Version: 550.90.12      CUDA Driver Version: 12.4 \xe2\x94\x82\n"
      "\xe2\x94\x82 GPU  Name        Persistence-M\xe2\x94\x82 Bus-Id        Disp.A \xe2\x94\x82 MIG M.   Uncorr. ECC \xe2\x94\x82\n"
      "\xe2\x94\x82   0  A100-SXM4-80GB      On   \xe2\x94\x82 00000000:07:00.0 Off \xe2\x94\x82 Enabled            0 \xe2\x94\x82\n"
      "\xe2\x94\x82 N/A   34C    P0    90W / 400W \xe2\x94\x82   18.00MiB / 80.00GiB \xe2\x94\x82     N/A      Default \xe2\x94\x82\n"
      "\xe2\x94\x82 0:0     1g.10gb @ GI/CI: 9/0  \xe2\x94\x82    6.12MiB /  9.75GiB \xe2\x94\x82 BAR1:    0B /   0%  \xe2\x94\x82\n"
      "\xe2\x94\x82 0:1     3g.40gb @ GI/CI: 2/0  \xe2\x94\x82    6.12MiB / 39.25GiB \xe2\x94\x82 BAR1:    0B /   0%  \xe2\x94\x82\n";
  EXPECT_EQ(detected(raw), "nvitop");
  const auto p = parse_nvitop(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_TRUE(p.gpus[0].mig.mode_enabled.value_or(false));
  ASSERT_EQ(p.gpus[0].mig.extra["gpu_instances"].size(), 2u);
  EXPECT_EQ(p.gpus[0].mig.extra["gpu_instances"][1]["profile"], "3g.40gb");
  EXPECT_EQ(p.gpus[0].mig.extra["gpu_instances"][1]["gpu_instance_id"], 2);
  EXPECT_FALSE(p.gpus[0].utilization_pct.has_value());  // N/A under MIG
  EXPECT_EQ(*p.gpus[0].temperature_c, 34);
}

TEST(ImportNvitop, SecondScreensCutsAndForeignText) {
  const std::string raw = read_bytes(import_test::fixture_dir("nvitop") / "nvitop-full-two-h100-synthetic.txt");
  ASSERT_FALSE(raw.empty());
  const auto twice = parse_nvitop(raw + raw);
  EXPECT_EQ(twice.gpus.size(), 2u);
  EXPECT_EQ(twice.warnings.size(), 1u);
  for (std::size_t n = 0; n <= raw.size(); ++n) (void)parse_nvitop(raw.substr(0, n));
  const Format* f = find_format("nvitop");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detect("| NVIDIA-SMI 550.90.12   Driver Version: 550.90.12   CUDA Version: 12.4 |\n"), 0);
  const auto none = parse_nvitop("nvitop: command not found\n");
  EXPECT_TRUE(none.gpus.empty());
  ASSERT_FALSE(none.skipped.empty());
}

}  // namespace
}  // namespace gpuaudit::imports
