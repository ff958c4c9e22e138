// infer_mig_profile (src/score/mig_profile_infer.cpp): a MIG slice that names no profile (the
// plain nvidia-smi table's MIG devices) gets one only where the parent model's profile table leaves
// exactly one with its SMs and memory. The sizes are those the table fixtures print
// (tests/data/imports/nvidia-smi-table/h100-mig-590-load.txt: 60 SMs / 40448MiB, 32 / 20096MiB,
// 16 / 9984MiB with OFA 0).
#include "score/mig_profile_infer.hpp"
#include "score/slice.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

GpuInfo table_slice(const std::string& name, int sms, std::uint64_t mib, std::optional<int> ofa) {
  GpuInfo g;
  g.name = name;
  g.mig.is_mig_device = true;
  g.mig.mode_enabled = true;
  g.sm_count = sms;
  g.memory_total_bytes = mib << 20;
  g.mig.extra = json::object();
  if (ofa) g.mig.extra["shared"] = json{{"ce", 1}, {"dec", 1}, {"ofa", *ofa}, {"jpg", 1}};
  return g;
}

const Baseline& model(const char* id) {
  const Baseline* b = repo_baselines().find(id);
  EXPECT_NE(b, nullptr) << id;
  return *b;
}

std::string inferred(const char* id, const GpuInfo& g) {
  const auto r = infer_mig_profile(model(id), g);
  return r ? r->profile->name : std::string();
}

TEST(MigProfileInfer, TheH100TablesSlicesAreUnambiguous) {
  EXPECT_EQ(inferred("h100-sxm5-80gb", table_slice("NVIDIA H100 80GB HBM3", 60, 40448, 0)), "3g.40gb");
  EXPECT_EQ(inferred("h100-sxm5-80gb", table_slice("NVIDIA H100 80GB HBM3", 32, 20096, 0)), "2g.20gb");
  // 1g.10gb and 1g.10gb+me have the same SMs and memory: the OFA tells them apart.
  EXPECT_EQ(inferred("h100-sxm5-80gb", table_slice("NVIDIA H100 80GB HBM3", 16, 9984, 0)), "1g.10gb");
  EXPECT_EQ(inferred("h100-sxm5-80gb", table_slice("NVIDIA H100 80GB HBM3", 16, 9984, 1)), "1g.10gb+me");
  EXPECT_EQ(inferred("h100-sxm5-80gb", table_slice("NVIDIA H100 80GB HBM3", 16, 9984, std::nullopt)), "");
}

TEST(MigProfileInfer, NoGuessWhereTheTableDoesNotDecide) {
  // A compute instance smaller than its GPU instance: fewer SMs than any profile of that memory.
  EXPECT_EQ(inferred("h100-sxm5-80gb", table_slice("NVIDIA H100 80GB HBM3", 30, 40448, 0)), "");
  // The same size on another board is another profile, or none.
  EXPECT_EQ(inferred("a100-sxm4-80gb", table_slice("NVIDIA A100-SXM4-80GB", 60, 40448, 0)), "");
  EXPECT_EQ(inferred("a100-sxm4-80gb", table_slice("NVIDIA A100-SXM4-80GB", 42, 40192, 0)), "3g.40gb");
  // A100 80GB: 14 SMs with 19.5 GiB is 1g.20gb (its -lgip memory unknown, its name says 20 GB).
  EXPECT_EQ(inferred("a100-sxm4-80gb", table_slice("NVIDIA A100-SXM4-80GB", 14, 19968, 0)), "1g.20gb");
  // A slice that names its profile keeps it; a board is no slice.
  GpuInfo named = table_slice("NVIDIA H100 80GB HBM3", 60, 40448, 0);
  named.mig.profile = "3g.40gb";
  EXPECT_FALSE(infer_mig_profile(model("h100-sxm5-80gb"), named).has_value());
  GpuInfo board = table_slice("NVIDIA H100 80GB HBM3", 132, 81559, 1);
  board.mig.is_mig_device = false;
  EXPECT_FALSE(infer_mig_profile(model("h100-sxm5-80gb"), board).has_value());
}

TEST(MigProfileInfer, TheSliceShareUsesTheInferredProfile) {
  const GpuInfo g = table_slice("NVIDIA H100 80GB HBM3", 32, 20096, 0);
  const GpuReference ref = reference_for(repo_baselines(), g);
  ASSERT_TRUE(ref.baseline.has_value());
  const SliceShare s = slice_share(ResultDocument{}, g, ref);
  EXPECT_EQ(s.kind, "mig");
  EXPECT_EQ(s.profile, "2g.20gb");
  EXPECT_EQ(s.slice_sms, 32);
  EXPECT_EQ(s.memory_slices, 2);
  EXPECT_NE(s.note.find("inferred from 32 SMs and 19.6"), std::string::npos) << s.note;
}

}  // namespace
}  // namespace gpuaudit
