// score/ticket: `score --ticket` on a real nvidia-smi -q of 4 A100s with a row remap pending on
// GPU 1 (tests/data/real-world): the subject is the headline, the machine names the GPU with its
// UUID and bus id, the finding comes with its evidence lines and the request; nothing healthy or
// inconclusive is reported, and a document with nothing to report says so in one line.
#include "score/ticket.hpp"

#include "import/import.hpp"
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

ResultDocument scored(ResultDocument doc) {
  doc.assessment = score_scenarios::score(doc);
  return doc;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(SupportTicket, NamesTheGpuItsEvidenceAndWhatToAskFor) {
  const ResultDocument doc = scored(imports::import_files(
      {std::string(GPUAUDIT_TEST_DATA) + "/real-world/a100-sxm4-80gb-x4-row-remap-pending-gpu1/nvidia-smi-q.txt"}, {}, nullptr));
  const std::string t = support_ticket(doc);
  EXPECT_EQ(t.rfind("Subject: 4x NVIDIA A100-SXM4-80GB \u2014 memory-degraded", 0), 0u) << t;
  EXPECT_TRUE(has(t, "GPU 1: NVIDIA A100-SXM4-80GB, GPU-72d87681-01db-370e-567d-41afcf20fad0, bus 00000000:9E:00.0\n")) << t;
  EXPECT_FALSE(has(t, "\nGPU 0:")) << "a GPU without a finding is listed:\n" << t;
  EXPECT_TRUE(has(t, "- memory-degraded on GPU 1 (medium confidence): ")) << t;
  EXPECT_TRUE(has(t, "    a row remap is pending")) << t;
  EXPECT_TRUE(has(t, "Please provide:\n- a replacement instance: this GPU's memory has errors (GPU 1)\n")) << t;
  EXPECT_FALSE(has(t, "inconclusive on")) << t;
}

TEST(SupportTicket, NothingToReportIsOneLine) {
  const std::string t = support_ticket(scored(score_scenarios::scenario("h100-sxm-healthy")));
  EXPECT_EQ(t.rfind("gpuaudit found nothing to report to the provider: ", 0), 0u) << t;
  EXPECT_EQ(std::count(t.begin(), t.end(), '\n'), 1) << t;
  EXPECT_EQ(support_ticket(ResultDocument{}), "gpuaudit: this document is not scored: nothing to report\n");
}

}  // namespace
}  // namespace gpuaudit
