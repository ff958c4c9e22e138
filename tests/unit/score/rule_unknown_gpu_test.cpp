// score/rule_unknown_gpu.cpp: no reference at all is the unknown-gpu finding where there are figures
// to judge, and a note where nothing was measured; a known model is none; a document that names no
// model says so.
#include "core/finding_ids.hpp"
#include "score/rules.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

struct OneGpu {
  ResultDocument doc;
  GpuScoring g;
  // `measured`: one figure of its own (a STREAM triad), which no baseline can judge.
  explicit OneGpu(const std::string& name, bool measured = true) {
    GpuInfo gpu;
    gpu.index = 0;
    gpu.name = name;
    doc.gpus.push_back(gpu);
    g.doc = &doc;
    g.gpu = &doc.gpus.front();
    if (measured) {
      FigureScore f;
      f.name = "membw/triad";
      f.value = 512;
      g.figures.push_back(f);
    }
  }
};

TEST(RuleUnknownGpu, NoReferenceIsTheFindingAndNamesTheModel) {
  OneGpu u("NVIDIA Imaginary 9000");
  std::vector<std::string> notes;
  rule_unknown_gpu(u.g, notes);
  ASSERT_EQ(u.g.verdicts.size(), 1u);
  const Finding& f = u.g.verdicts.front().finding;
  EXPECT_EQ(f.id, finding_id::kUnknownGpu);
  EXPECT_EQ(u.g.verdicts.front().short_text, "no baseline for this model");
  ASSERT_FALSE(f.evidence.empty());
  EXPECT_NE(f.evidence.front().find("no baseline matches \"NVIDIA Imaginary 9000\""), std::string::npos);
  EXPECT_TRUE(notes.empty());
}

// An idle table of a model with no baseline (FRESH-2026-12-67's two Quadro K600): nothing measured,
// so nothing a baseline would judge; a note, and rule_inconclusive says the GPU is inconclusive.
TEST(RuleUnknownGpu, NothingMeasuredMakesTheMissingBaselineANote) {
  OneGpu u("Quadro K600", false);
  std::vector<std::string> notes;
  rule_unknown_gpu(u.g, notes);
  EXPECT_TRUE(u.g.verdicts.empty());
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("no baseline matches \"Quadro K600\""), std::string::npos) << notes[0];
}

// A GPU the evidence never names is no unknown model: there is nothing to look up (rule_inconclusive
// says the name is missing).
TEST(RuleUnknownGpu, ANamelessGpuIsNoUnknownModel) {
  OneGpu u("");
  std::vector<std::string> notes;
  rule_unknown_gpu(u.g, notes);
  EXPECT_TRUE(u.g.verdicts.empty());
  EXPECT_TRUE(notes.empty());
}

TEST(RuleUnknownGpu, ACutNameSeveralModelsPrintAsksForTheWholeName) {
  OneGpu u("NVIDIA GeForce RTX 408...");
  u.g.ref.note = "nvidia-smi name \"NVIDIA GeForce RTX 408...\" is cut by the table; of the baselines only geforce-rtx-4080-super "
                 "starts with it, but the driver also prints \"NVIDIA GeForce RTX 4080 Laptop GPU\" that start with it and no baseline "
                 "describes: none picked";
  u.g.ref.cut_name_ambiguous = true;
  std::vector<std::string> notes;
  rule_unknown_gpu(u.g, notes);
  ASSERT_EQ(u.g.verdicts.size(), 1u);
  EXPECT_EQ(u.g.verdicts.front().short_text, "the table cut the name: the model cannot be told");
  EXPECT_NE(u.g.verdicts.front().finding.summary.find("which more than one model prints"), std::string::npos);
  EXPECT_EQ(u.g.verdicts.front().finding.summary.find("Add a baseline"), std::string::npos);
}

TEST(RuleUnknownGpu, AKnownModelIsNoFinding) {
  OneGpu k("NVIDIA H100 80GB HBM3");
  Baseline b;
  b.id = "h100-sxm5-80gb";
  b.model = "H100 SXM5 80GB";
  k.g.ref.baseline = b;
  k.g.ref.method = "pci-id";
  std::vector<std::string> notes;
  rule_unknown_gpu(k.g, notes);
  EXPECT_TRUE(k.g.verdicts.empty());
  EXPECT_TRUE(notes.empty());
}

}  // namespace
}  // namespace gpuaudit
