// score/sliced_sharing.cpp: co-tenants in the inventory gpuaudit took (other compute processes, the
// GPU busy before its work), not in an imported snapshot, and no preemption verdict without gaps.
#include "score/sliced_signs.hpp"
#include "unit/support/sliced_fixture.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::sliced_fixture {
namespace {

GpuProcess process(const std::string& name, const std::string& type, std::int64_t pid) {
  GpuProcess p;
  p.name = name;
  p.type = type;
  p.pid = pid;
  return p;
}

TEST(SlicedSharing, AnotherComputeProcessIsACoTenantAGraphicsOneIsListedOnly) {
  OneGpu shared("NVIDIA H100 80GB HBM3");
  shared.doc.gpus.front().processes = {process("python3", "C", 4711), process("Xorg", "G", 900)};
  EXPECT_TRUE(sliced::judge_inventory_cotenants(shared.scoring(), Thresholds{}, shared.out));
  EXPECT_TRUE(has_line(shared.f().evidence, "other processes on the GPU before gpuaudit started: python3 (pid 4711)"));
  EXPECT_TRUE(has_line(shared.f().evidence, "graphics processes (a desktop's display server, not judged): Xorg"));

  OneGpu desktop("NVIDIA H100 80GB HBM3");
  desktop.doc.gpus.front().processes = {process("Xorg", "G", 900), process("gpuaudit", "C", 1)};
  EXPECT_FALSE(sliced::judge_inventory_cotenants(desktop.scoring(), Thresholds{}, desktop.out));
}

TEST(SlicedSharing, AnImportedSnapshotsProcessesAreTheUsersOwnJob) {
  OneGpu imported("NVIDIA H100 80GB HBM3");
  imported.doc.gpus.front().processes = {process("python3", "C", 4711)};
  imported.doc.gpus.front().extra = json{{"source", {{"tool", "nvidia-smi"}}}};
  EXPECT_FALSE(sliced::judge_inventory_cotenants(imported.scoring(), Thresholds{}, imported.out));
}

TEST(SlicedSharing, TheGpuBusyBeforeGpuauditsWorkIsACoTenant) {
  OneGpu busy("NVIDIA H100 80GB HBM3");
  busy.doc.gpus.front().utilization_pct = 85;
  EXPECT_TRUE(sliced::judge_inventory_cotenants(busy.scoring(), Thresholds{}, busy.out));
  EXPECT_EQ(busy.f().figures.at("utilization_before_pct"), 85.0);
}

TEST(SlicedSharing, NoContentionRowNoPreemptionVerdict) {
  OneGpu card("NVIDIA H100 80GB HBM3");
  EXPECT_FALSE(sliced::judge_preemption(card.scoring(), Thresholds{}, 0.5, card.out));
  EXPECT_FALSE(sliced::throughput_ratio(card.scoring()));  // no figures scored
}

}  // namespace
}  // namespace gpuaudit::sliced_fixture
