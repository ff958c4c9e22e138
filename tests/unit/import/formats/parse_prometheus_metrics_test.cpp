// Unit tests of the Prometheus metrics parser (src/import/formats/parse_prometheus_metrics.cpp):
// dcgm-exporter and nvidia_smi_exporter scrapes.
#include "core/kernel_event.hpp"
#include "import/import.hpp"
#include "import/text/prometheus_text.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

ImportPart parse_prom(const std::string& raw) { return import_test::parse_as("prometheus-metrics", raw, "metrics.txt"); }

const std::string kLabels = R"({gpu="0",UUID="GPU-11111111-2222-3333-4444-555555555555",device="nvidia0",modelName="NVIDIA H100 80GB HBM3",Hostname="node-a",DCGM_FI_DRIVER_VERSION="550.54.15"})";

TEST(ImportPrometheusMetrics, DcgmStateReasonsXidAndNvlink) {
  // synthetic: DCGM-exporter's default counters in its text layout (dcgm-exporter README), values
  // made up: a busy H100 held by SW power cap and HW slowdown (NVML bits 0x4 | 0x8), Xid 79.
  const std::string raw =
      "# TYPE DCGM_FI_DEV_SM_CLOCK gauge\n"
      "DCGM_FI_DEV_SM_CLOCK" + kLabels + " 1410\n"
      "DCGM_FI_DEV_MEM_CLOCK" + kLabels + " 2619\n"
      "DCGM_FI_DEV_GPU_TEMP" + kLabels + " 71\n"
      "DCGM_FI_DEV_MEMORY_TEMP" + kLabels + " 9223372036854775794\n"
      "DCGM_FI_DEV_POWER_USAGE" + kLabels + " 698.5\n"
      "DCGM_FI_DEV_POWER_MGMT_LIMIT" + kLabels + " 700\n"
      "DCGM_FI_DEV_GPU_UTIL" + kLabels + " 100\n"
      "DCGM_FI_DEV_FB_FREE" + kLabels + " 1000\n"
      "DCGM_FI_DEV_FB_USED" + kLabels + " 80000\n"
      "DCGM_FI_DEV_FB_RESERVED" + kLabels + " 559\n"
      "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS" + kLabels + " 12\n"
      "DCGM_FI_DEV_XID_ERRORS" + kLabels + " 79\n"
      "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL" + kLabels + " 2\n"
      "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL" + kLabels + " 17\n"
      "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL" + kLabels + " 0\n"
      "DCGM_FI_PROF_GR_ENGINE_ACTIVE" + kLabels + " 0.98\n"
      "go_goroutines 12\n";
  EXPECT_EQ(detected(raw), "prometheus-metrics");
  const auto p = parse_prom(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const GpuInfo& g = p.gpus[0];
  EXPECT_EQ(g.name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(*g.clocks.sm_now_mhz, 1410);
  EXPECT_FALSE(g.extra.contains("memory_temp"));
  EXPECT_EQ(*g.memory_total_bytes, (1000ull + 80000 + 559) << 20);
  EXPECT_EQ(g.clock_event_reasons, (std::vector<std::string>{"sw-power-cap", "hw-slowdown"}));
  EXPECT_EQ(*g.ecc.volatile_uncorrected, 2u);
  const auto events = kernel_events(g);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(*events[0].xid, 79);
  EXPECT_EQ(events[0].extra["from"], "DCGM exporter");
  ASSERT_EQ(g.nvlink.extra["dcgm_errors"].size(), 1u);  // the zero counter is not an error
  EXPECT_EQ(*p.software.driver_version, "550.54.15");
  EXPECT_EQ(p.host.hostname, "node-a");
  ASSERT_EQ(p.timelines.size(), 1u);
  EXPECT_TRUE(p.timelines[0].second[0].reasons_read);
  EXPECT_EQ(p.imported["prometheus-metrics"]["unmapped_metrics"][0], "DCGM_FI_PROF_GR_ENGINE_ACTIVE");

  // Scored: Xid 79 is a GPU fault whatever the rest says.
  const auto fs = import_and_score::findings_of_texts({{"metrics.txt", raw}});
  EXPECT_NE(import_and_score::find_finding(fs, "gpu-fault", 0), nullptr);
}

TEST(ImportPrometheusMetrics, NoLoadIndicatorNoTimeline) {
  // A scrape without utilisation or power limit cannot tell load from idle: state only.
  const auto p = parse_prom("DCGM_FI_DEV_SM_CLOCK" + kLabels + " 345\nDCGM_FI_DEV_GPU_TEMP" + kLabels + " 30\n");
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_TRUE(p.timelines.empty());
}

TEST(ImportPrometheusMetrics, SeveralHostsAreSaid) {
  const std::string a = R"({gpu="0",UUID="GPU-aaaaaaaa-2222-3333-4444-555555555555",Hostname="node-a"})";
  const std::string b = R"({gpu="0",UUID="GPU-bbbbbbbb-2222-3333-4444-555555555555",Hostname="node-b"})";
  const auto p = parse_prom("DCGM_FI_DEV_GPU_TEMP" + a + " 30\nDCGM_FI_DEV_GPU_TEMP" + b + " 31\n");
  EXPECT_EQ(p.gpus.size(), 2u);
  EXPECT_TRUE(p.host.hostname.empty());
  ASSERT_EQ(p.warnings.size(), 1u);
}

TEST(ImportPrometheusMetrics, NvidiaSmiExporterFlagsAndMaskedUuid) {
  const std::string raw = read_bytes(import_test::fixture_dir("prometheus-metrics") / "nvidia-gpu-exporter-h100-sxm-load.metrics");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "prometheus-metrics");
  const auto p = parse_prom(raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_TRUE(p.gpus[0].uuid.empty());  // a UUID of zeros is the capture's mask
  EXPECT_TRUE(p.gpus[0].extra["clock_event_reasons_read"].get<bool>());
  EXPECT_TRUE(p.gpus[0].clock_event_reasons.empty());
  ASSERT_EQ(p.timelines.size(), 1u);
  EXPECT_DOUBLE_EQ(*p.timelines[0].second[0].gpu_util_pct, 100);
  // Under load at its clocks and power: nothing wrong.
  const auto fs = import_and_score::findings_of_texts({{"h100.metrics", raw}});
  for (const char* id : {"clock-limited", "power-capped", "thermal-throttled", "sliced", "gpu-fault"})
    EXPECT_EQ(import_and_score::find_finding(fs, id), nullptr) << id;
}

TEST(ImportPrometheusMetrics, MigLabelsSliceTheBoard) {
  const std::string raw = read_bytes(import_test::fixture_dir("prometheus-metrics") / "dcgm-exporter-317-a30-x2-mig-1g6gb-power-cut.txt");
  const auto fs = import_and_score::findings_of_texts({{"a30.txt", raw}});
  for (int gpu : {0, 1}) EXPECT_NE(import_and_score::find_finding(fs, "sliced", gpu), nullptr) << gpu;
}

TEST(ImportPrometheusMetrics, CutLinesAndForeignText) {
  const auto p = parse_prom("DCGM_FI_DEV_GPU_TEMP" + kLabels + " 30\nDCGM_FI_DEV_SM_CLOCK{gpu=\"0\",UUID=\"GPU-11\n");
  EXPECT_EQ(p.gpus.size(), 1u);
  ASSERT_FALSE(p.skipped.empty());
  const Format* f = find_format("prometheus-metrics");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detect("go_goroutines 12\nprocess_cpu_seconds_total 3\n"), 0);
  EXPECT_EQ(f->detect("DCGM_FI_DEV_SM_CLOCK, gauge, SM clock frequency (in MHz).\n"), 0);
  const std::string raw = read_bytes(import_test::fixture_dir("prometheus-metrics") / "dcgm-exporter-317-a30-x2-mig-1g6gb-power-cut.txt");
  for (std::size_t n = 0; n <= raw.size(); n += 7) (void)parse_prom(raw.substr(0, n));
}

}  // namespace
}  // namespace gpuaudit::imports
