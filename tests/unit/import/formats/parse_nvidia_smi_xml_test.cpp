// Unit tests of the nvidia-smi -q -x parser (src/import/formats/parse_nvidia_smi_xml.cpp).
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace gpuaudit::imports {
namespace {

namespace fs = std::filesystem;
using import_test::detected;
using import_test::parse_as;
using import_test::read_bytes;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

const fs::path kXml = kData / "nvidia-smi-xml";

TEST(ImportNvidiaSmiXml, ACutFileKeepsWhatCameBeforeTheBreak) {
  const std::string raw = read_bytes(kXml / "smi-xml-a100-sxm4-80gb-mig-535.xml");
  // Cut inside the GPU element, after the MIG devices (line 150) and before the power readings.
  const std::string cut = raw.substr(0, raw.find("<gpu_power_readings>"));
  const auto p = parse_as("nvidia-smi-xml", cut);
  ASSERT_EQ(p.gpus.size(), 5u);  // the board and its four slices
  EXPECT_EQ(p.gpus[1].mig.gpu_instance_id, 3);
  EXPECT_FALSE(p.gpus[0].power.limit_w.has_value());
  ASSERT_FALSE(p.skipped.empty());
  EXPECT_NE(p.skipped[0].find("the XML breaks here"), std::string::npos) << p.skipped[0];
  for (std::size_t n = 0; n < raw.size(); n += 397) (void)parse_as("nvidia-smi-xml", raw.substr(0, n));
}

TEST(ImportNvidiaSmiXml, RepeatedLogsAndAPromptLineBeforeTheXml) {
  const std::string raw = read_bytes(kXml / "smi-xml-tesla-t4-515.xml");
  const auto p = parse_as("nvidia-smi-xml", "$ nvidia-smi -q -x -l 1\n" + raw + raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].name, "Tesla T4");
  EXPECT_GT(p.gpus[0].extra["source"]["line"].get<int>(), 1);
  EXPECT_EQ(detected("$ nvidia-smi -q -x\n" + raw), "nvidia-smi-xml");
  const auto garbage = parse_as("nvidia-smi-xml", "<nvidia_smi_log><gpu id=\"x\"><product_name>&bogus;</product_name>");
  EXPECT_FALSE(garbage.skipped.empty());
}

}  // namespace
}  // namespace gpuaudit::imports
