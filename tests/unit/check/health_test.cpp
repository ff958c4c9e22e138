// `gpuaudit check`: pass / warn / fail of scored scenario documents, the one line, busy GPUs, and
// the processes NVML reports in the inventory.
#include "baselines/baseline_set.hpp"
#include "check/health.hpp"
#include "core/document_io.hpp"
#include "fakes/fake_nvml.hpp"
#include "probe/inventory.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/golden_text.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;

// A scenario document scored as `check` scores it; `state_only` drops its figures first.
ResultDocument scored(const std::string& name, bool state_only) {
  const BaselineSet& set = repo_baselines();
  ResultDocument d = read_result(fs::path(GPUAUDIT_TEST_DATA) / "scenarios" / name);
  if (state_only) d.benchmarks.clear();
  score_document(d, reference_lookup(set), set.version, Thresholds{});
  return d;
}

TEST(CheckHealth, HealthyPasses) {
  const HealthVerdict v = health_verdict(scored("h100-sxm-healthy.synthetic.json", false), "");
  EXPECT_EQ(v.level, HealthLevel::ok);
  EXPECT_EQ(v.line, "gpuaudit check: OK 1 GPU healthy");
}

TEST(CheckHealth, PowerCapWarnsFromStateAlone) {
  const HealthVerdict v = health_verdict(scored("h100-power-capped.synthetic.json", true), "state only");
  EXPECT_EQ(v.level, HealthLevel::warn) << v.line;
  EXPECT_EQ(v.line.rfind("gpuaudit check: WARN gpu 0: power-capped: ", 0), 0u) << v.line;
  EXPECT_NE(v.line.find("(state only)"), std::string::npos) << v.line;
  EXPECT_EQ(v.line.find('\n'), std::string::npos);
}

TEST(CheckHealth, DegradedLinkFails) {
  const HealthVerdict v = health_verdict(scored("pcie-gen3-x8.synthetic.json", false), "");
  EXPECT_EQ(v.level, HealthLevel::fail) << v.line;
  EXPECT_NE(v.line.find("pcie-degraded"), std::string::npos) << v.line;
}

TEST(CheckHealth, NoUsableGpuFails) {
  ResultDocument d;
  d.gpu_status.state = "no-driver";
  d.gpu_status.message = "no NVIDIA driver found";
  const HealthVerdict v = health_verdict(d, "");
  EXPECT_EQ(v.level, HealthLevel::fail);
  EXPECT_EQ(v.line, "gpuaudit check: FAIL no usable GPU: no NVIDIA driver found");
}

TEST(CheckHealth, LowConfidenceIsNeverFail) {
  Finding f;
  f.id = "memory-degraded";
  f.confidence = "high";
  EXPECT_EQ(finding_level(f), HealthLevel::fail);
  f.confidence = "low";
  EXPECT_EQ(finding_level(f), HealthLevel::warn);
  f.id = "sliced";
  f.confidence = "high";
  EXPECT_EQ(finding_level(f), HealthLevel::warn);
}

TEST(CheckHealth, BusyGpusFromProcessesAndUtilisation) {
  ResultDocument d;
  d.gpus.resize(3);
  for (int i = 0; i < 3; ++i) d.gpus[i].index = i;
  d.gpus[1].processes.push_back(GpuProcess{});
  d.gpus[2].utilization_pct = 97;
  EXPECT_EQ(busy_gpus(d), (std::vector<int>{1, 2}));
}

TEST(CheckHealth, InventoryListsOtherProcesses) {
  fake::FakeSystem sys;
  sys.devices.resize(2);
  sys.devices[1].uuid = "GPU-11111111-0000-0000-0000-000000000000";
  sys.devices[1].bus_id = "00000000:19:00.0";
  sys.devices[1].compute_processes = {{4242, 1ull << 30}};
  sys.devices[1].util_gpu = 88;
  NvmlLoad load;
  load.loaded = true;
  load.api = fake::install(sys);
  InventorySources src;
  src.nvml = &load;
  const CudaProbe cuda;
  src.cuda = &cuda;
  const ResultDocument doc = take_inventory(src);
  ASSERT_EQ(doc.gpus.size(), 2u);
  EXPECT_TRUE(doc.gpus[0].processes.empty());
  ASSERT_EQ(doc.gpus[1].processes.size(), 1u);
  EXPECT_EQ(doc.gpus[1].processes[0].pid, 4242);
  EXPECT_EQ(doc.gpus[1].processes[0].type, "C");
  EXPECT_EQ(doc.gpus[1].processes[0].used_memory_bytes, 1ull << 30);
  EXPECT_EQ(doc.gpus[1].utilization_pct, 88.0);
  EXPECT_EQ(busy_gpus(doc), std::vector<int>{1});
}

// `check -v` on the power-capped H100 and on a degraded link, as a terminal of 80 and 120 columns
// shows it: the line whole, the details wrapped (GPUAUDIT_UPDATE_GOLDEN=1 rewrites
// tests/data/text-golden/check-*.txt).
TEST(CheckHealth, GoldenAt80And120Columns) {
  const HealthVerdict capped = health_verdict(scored("h100-power-capped.synthetic.json", false), "");
  const HealthVerdict link = health_verdict(scored("pcie-gen3-x8.synthetic.json", false), "");
  for (const std::size_t width : {80u, 120u}) {
    expect_golden_text(health_text(capped, true, width), "check-power-capped-synthetic-" + std::to_string(width) + ".txt");
    expect_golden_text(health_text(link, true, width), "check-pcie-gen3-x8-synthetic-" + std::to_string(width) + ".txt");
  }
  EXPECT_EQ(health_text(capped, false, 80), capped.line + "\n");
}

}  // namespace
}  // namespace gpuaudit
