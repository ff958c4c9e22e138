// compare/causes: what changed beside a regressed figure, from the GPU's state in both documents
// and the figure's own telemetry; nothing said where nothing moved.
#include "compare/causes.hpp"

#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "core/document_io.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

const std::string kScenarios = std::string(GPUAUDIT_TEST_DATA) + "/scenarios/";

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

TEST(FigureCauses, APowerCapNamesTheLimitClockPowerAndReason) {
  const ResultDocument healthy = read_result(kScenarios + "h100-sxm-healthy.synthetic.json");
  const ResultDocument capped = read_result(kScenarios + "h100-power-capped.synthetic.json");
  const auto causes = figure_causes(healthy, capped, "gemm/bf16", 0);
  EXPECT_TRUE(has(causes, "power limit 700 -> 350 W")) << ::testing::PrintToString(causes);
  EXPECT_TRUE(has(causes, "SM clock while it ran 1965 -> 1395 MHz")) << ::testing::PrintToString(causes);
  EXPECT_TRUE(has(causes, "clock-event reasons while it ran none -> sw-power-cap")) << ::testing::PrintToString(causes);
  EXPECT_TRUE(figure_causes(healthy, healthy, "gemm/bf16", 0).empty());
}

TEST(GpuStateChanges, LinkVirtualizationAndTemperature) {
  GpuInfo a, b;
  a.pcie.gen_max = 5;
  a.pcie.width_max = 16;
  b.pcie.gen_max = 4;
  b.pcie.width_max = 8;
  a.virtualization_mode = "none";
  b.virtualization_mode = "vgpu";
  a.temperature_c = 40;
  b.temperature_c = 45;  // 5 C apart: not said
  a.clock_event_reasons = {"gpu-idle"};
  b.clock_event_reasons = {"gpu-idle", "hw-slowdown"};
  const auto c = gpu_state_changes(&a, &b);
  EXPECT_EQ(c, (std::vector<std::string>{"PCIe link Gen5 x16 -> Gen4 x8", "virtualization none -> vgpu",
                                         "clock-event reasons at inventory none -> hw-slowdown"}));
  EXPECT_TRUE(gpu_state_changes(&a, nullptr).empty());
}

TEST(TelemetryChanges, SmallMovesAreNotCauses) {
  TelemetrySummary a, b;
  a.samples = b.samples = 10;
  a.sm_clock_mhz = Range{1900, 1965, 1980};
  b.sm_clock_mhz = Range{1900, 1940, 1980};  // 1.3%: not said
  a.temperature_c = Range{60, 66, 70};
  b.temperature_c = Range{80, 84, 88};
  EXPECT_EQ(telemetry_changes(&a, &b), (std::vector<std::string>{"temperature while it ran 66 -> 84 C"}));
}

TEST(CompareText, ARegressionComesWithWhatChangedBesideIt) {
  const Comparison c = compare_runs(load_base(kScenarios + "h100-sxm-healthy.synthetic.json"),
                                    read_result(kScenarios + "h100-power-capped.synthetic.json"), "capped", {});
  const std::string t = compare_text(c, 1000);
  EXPECT_NE(t.find("what changed beside the regressions:\n  sm/fp32 (GPU 0), gemm/bf16 (GPU 0), gemm/fp8 (GPU 0): "
                   "power limit 700 -> 350 W; SM clock while it ran 1965 -> 1395 MHz"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("11 figures the same within tolerance (-v lists them): sm/census (GPU 0)"), std::string::npos) << t;
  EXPECT_EQ(t.find("same       0.0%"), std::string::npos) << "a same row in the table:\n" << t;
  EXPECT_NE(compare_text(c, 1000, true).find("sm/census (GPU 0)  "), std::string::npos);
  EXPECT_EQ(compare_json(c)["figures"][2]["causes"][0], "power limit 700 -> 350 W");
}

}  // namespace
}  // namespace gpuaudit
