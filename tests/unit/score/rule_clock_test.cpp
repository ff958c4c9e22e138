// score/rule_clock.cpp: clock-limited from a low SM clock under load with no cause; a GeForce card
// boosting and an export-limited H20 stay healthy. Documents holding only nvidia-smi state and telemetry.
#include "baselines/baseline_set.hpp"
#include "core/exit_codes.hpp"
#include "core/stats.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/evidence_documents.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>

namespace fs = std::filesystem;
using namespace gpuaudit;
using namespace gpuaudit::evidence_docs;

TEST(EvidenceClock, LowClockUnderLoadWithNoCause) {
  ResultDocument d = doc_of({h100_sxm()});
  d.benchmarks.push_back(under_load(0, load(1410, 420, 60)));
  Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"clock-limited", 0}})) << why(a);
  EXPECT_EQ(find(a, "clock-limited")->confidence, "medium");
  d.benchmarks[0].telemetry->clock_event_reasons = {"applications-clocks"};
  a = score(d);
  EXPECT_EQ(find(a, "clock-limited")->confidence, "high") << why(a);
}

TEST(EvidenceClock, GeForceBoostingIsHealthy) {
  // An RTX 4090 reports a 3105 MHz max (the top of its voltage curve) and holds ~2745 MHz: above
  // its rated 2520 MHz boost. Its figures above the reference are no finding either.
  GpuInfo g = idle_gpu("NVIDIA GeForce RTX 4090");
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = 450;
  g.clocks.sm_max_mhz = 3105;
  g.pcie.gen_max = g.pcie.gen_gpu_max = 4;
  g.pcie.width_max = 16;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(2745, 430, 70, {}, 4, 16)));
  d.benchmarks.push_back(figure("gemm/bf16", 0, 190, "TFLOP/s"));  // 115% of its reference
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
}

TEST(EvidenceClock, ExportLimitedH20IsHealthy) {
  // 15% of an H100's tensor rate is what an H20 is built to give.
  GpuInfo g = h100_sxm();
  g.name = "NVIDIA H20";
  g.pci_device_id = "10de:2329";
  g.memory_total_bytes = 97871ull << 20;
  g.power.limit_w = g.power.default_limit_w = g.power.enforced_limit_w = g.power.max_limit_w = 400;
  g.clocks.sm_max_mhz = 1755;
  ResultDocument d = doc_of({g});
  d.benchmarks.push_back(under_load(0, load(1755, 380, 62, {}, 5, 16)));
  const Assessment a = score(d);
  EXPECT_EQ(ids_of(a), (Ids{{"healthy", 0}})) << why(a);
}
