// report/inventory_text: `gpuaudit info` as text on a real-shaped old-card document
// (tests/data/old-cards/t4-70w-healthy.synthetic.json): host, software and each GPU's identity,
// power and links; a GPU that cannot be used is said on one line with its state.
#include "core/document_io.hpp"
#include "import/import.hpp"
#include "report/inventory_text.hpp"
#include "text/text_table.hpp"
#include "unit/support/golden_text.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace gpuaudit {
namespace {

ResultDocument t4() { return read_result(std::string(GPUAUDIT_TEST_DATA) + "/old-cards/t4-70w-healthy.synthetic.json"); }

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(InventoryText, HostSoftwareAndGpuOfAT4) {
  const std::string t = inventory_text(t4());
  EXPECT_TRUE(has(t, "Host\n  CPU        Intel(R) Xeon(R) CPU @ 2.30GHz, ")) << t;
  EXPECT_TRUE(has(t, "Software\n  Driver     535.183.01")) << t;
  EXPECT_TRUE(has(t, "GPU 0  Tesla T4\n")) << t;
  EXPECT_TRUE(has(t, "  Identity   GPU-7a1c0de5-0000-4000-8000-000000000075, PCI ")) << t;
  EXPECT_TRUE(has(t, ", cc 7.5\n")) << t;
  EXPECT_TRUE(has(t, "  Compute    40 SMs, ")) << t;
  EXPECT_TRUE(has(t, "  Power      28 W now, limit 70 W (default 70 W, max 70 W)")) << t;
  EXPECT_FALSE(has(t, "No usable GPU")) << t;
}

TEST(InventoryText, AnUnusableGpuIsOneLineWithItsState) {
  ResultDocument d = t4();
  d.gpu_status.state = "driver-too-old";
  d.gpu_status.message = "GPU 0 (Tesla T4): driver 535.183.01 supports CUDA 12.2";
  const std::string t = inventory_text(d);
  EXPECT_TRUE(has(t, "\nNo usable GPU: GPU 0 (Tesla T4): driver 535.183.01 supports CUDA 12.2 [driver-too-old]\n")) << t;
}

TEST(InventoryText, UnknownValuesAreQuestionMarks) {
  ResultDocument d;
  GpuInfo g;
  g.index = 0;
  g.name = "NVIDIA Mystery";
  d.gpus.push_back(g);
  d.gpu_status.state = "ok";
  const std::string t = inventory_text(d);
  EXPECT_TRUE(has(t, "GPU 0  NVIDIA Mystery\n")) << t;
  EXPECT_TRUE(has(t, "  Compute    ? SMs, ? memory (? free), L2 ?\n")) << t;
  EXPECT_TRUE(has(t, "  Driver     none\n")) << t;
}

}  // namespace
}  // namespace gpuaudit

namespace gpuaudit {
namespace {

// `info` of the real 8x H100 nvidia-smi -q (imported) at 80 and 120 columns: every line fits, a
// long value continues under its value column, each GPU's "Video" line names the model's engines
// from the baselines and the encoder sessions the dump counted (GPUAUDIT_UPDATE_GOLDEN=1 rewrites
// the golden files).
TEST(InventoryText, GoldenAt80And120Columns) {
  const ResultDocument doc = imports::import_files(
      {std::string(GPUAUDIT_TEST_DATA) + "/real-world/h100-sxm-x8-idle-gen5/nvidia-smi-q.txt"}, {}, nullptr);
  for (const std::size_t width : {80u, 120u}) {
    const std::string text = inventory_text(doc, width, &repo_baselines());
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) EXPECT_LE(display_width(line), width) << line;
    expect_golden_text(text, "info-8x-h100-" + std::to_string(width) + ".txt");
  }
}

}  // namespace
}  // namespace gpuaudit
