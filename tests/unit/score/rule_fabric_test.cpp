// rule_fabric: a GPU that has not joined the NVLink fabric (nvidia-smi's Fabric block) is the
// software stack's fault, said once for the machine with every GPU named (docs/scoring.md).
#include "unit/support/import_and_score_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;
using import_and_score::find_finding;
using import_and_score::findings_of_texts;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Real: 8x H100 SXM (driver 565.57.01), every GPU "State : Completed", "Status : Success".
const fs::path kH100 = fs::path(GPUAUDIT_SOURCE_DIR) / "tests/data/imports/nvidia-smi-q/smi-h100-80gb-hbm3-x8-565.txt";

const Finding* fabric_finding(const std::vector<Finding>& fs) {
  for (const auto& f : fs)
    if (f.id == "software" && !f.gpu)
      for (const auto& e : f.evidence)
        if (e.find("fabric state") != std::string::npos) return &f;
  return nullptr;
}

TEST(Fabric, RegisteredGpusSayNothing) {
  const auto fs = findings_of_texts({{"q.txt", read(kH100)}});
  EXPECT_EQ(fabric_finding(fs), nullptr);
  EXPECT_EQ(find_finding(fs, "software"), nullptr);
}

TEST(Fabric, SyntheticGpuStuckInProgressIsSoftware) {
  // The real dump with its first GPU's registration left "In Progress" (synthetic edit: the state
  // NVML reports while the fabric manager is not running; no real -q paste of it was found).
  std::string q = read(kH100);
  const std::string done = "Completed";
  const auto at = q.find(done, q.find("    Fabric"));
  ASSERT_NE(at, std::string::npos);
  q.replace(at, done.size(), "In Progress");
  const auto fs = findings_of_texts({{"q-synthetic.txt", q}});
  const Finding* f = fabric_finding(fs);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_NE(f->evidence.front().find("GPU 0"), std::string::npos) << f->evidence.front();
  EXPECT_NE(f->evidence.front().find("fabric state In Progress"), std::string::npos) << f->evidence.front();
  EXPECT_NE(f->summary.find("1 GPU has not joined the NVLink fabric"), std::string::npos) << f->summary;
}

TEST(Fabric, SyntheticXmlStateIsReadToo) {
  // Real Telegraf fixture of an A100 SXM4 (<fabric><state>N/A</state>): nothing; with the state
  // edited to "Not Started" (synthetic): the GPU is named.
  std::string x = read(fs::path(GPUAUDIT_SOURCE_DIR) / "tests/data/imports/nvidia-smi-xml/telegraf-a100-sxm4-v12.xml");
  EXPECT_EQ(fabric_finding(findings_of_texts({{"q.xml", x}})), nullptr);
  const std::string na = "<state>N/A</state>";
  const auto at = x.find(na, x.find("<fabric>"));
  ASSERT_NE(at, std::string::npos);
  x.replace(at, na.size(), "<state>Not Started</state>");
  const Finding* f = nullptr;
  const auto fs = findings_of_texts({{"q-synthetic.xml", x}});
  f = fabric_finding(fs);
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->evidence.front().find("fabric state Not Started"), std::string::npos) << f->evidence.front();
}

TEST(Fabric, SyntheticRefusedRegistrationAndCsvColumns) {
  // A CSV log with fabric.state/fabric.status (synthetic rows in --query-gpu's layout): Completed
  // with a status other than Success is a refused registration; N/A says nothing.
  const std::string csv =
      "index, name, pci.bus_id, fabric.state, fabric.status\n"
      "0, NVIDIA B200, 00000000:1B:00.0, Completed, Success\n"
      "1, NVIDIA B200, 00000000:43:00.0, Completed, Insufficient Resources\n"
      "2, NVIDIA B200, 00000000:52:00.0, [N/A], [N/A]\n";
  const auto fs = findings_of_texts({{"fabric-synthetic.csv", csv}});
  const Finding* f = fabric_finding(fs);
  ASSERT_NE(f, nullptr);
  ASSERT_GE(f->evidence.size(), 2u);
  EXPECT_NE(f->evidence[0].find("GPU 1"), std::string::npos) << f->evidence[0];
  EXPECT_NE(f->evidence[0].find("status Insufficient Resources"), std::string::npos) << f->evidence[0];
  EXPECT_NE(f->evidence[1].find("to settle it"), std::string::npos);
}

}  // namespace
}  // namespace gpuaudit
