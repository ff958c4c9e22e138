// p2p/matrix as p2pBandwidthLatencyTest's GPU x GPU matrix beside nvidia-smi topo -m's link types,
// and NCCL rows as nccl-tests' per-size table: golden text from real outputs in tests/data/imports
// (imported as `gpuaudit import` does). GPUAUDIT_UPDATE_GOLDEN=1 rewrites the golden files.
#include "core/result.hpp"
#include "import/import.hpp"
#include "report/matrix_text.hpp"
#include "unit/support/golden_text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace gpuaudit {
namespace {

namespace fs = std::filesystem;
const fs::path kImports = fs::path(GPUAUDIT_TEST_DATA) / "imports";

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void expect_golden(const std::vector<std::string>& inputs, const std::string& golden) {
  std::vector<std::string> files;
  for (const auto& i : inputs) files.push_back((kImports / i).string());
  const ResultDocument doc = imports::import_files(files, {}, nullptr);
  expect_golden_text(multigpu_tables_text(doc), golden);
}

TEST(MatrixText, P2pOf8H100BesideTheirNvSwitchLinks) {
  expect_golden({"p2pBandwidthLatencyTest/bench-8x-h100-sxm-nvswitch-excerpt.txt",
                 "nvidia-smi-topo/smi-topo-8x-h100-nvswitch-9-nics-excerpt.txt"},
                "p2p-8x-h100-nvswitch.txt");
}

TEST(MatrixText, P2pOfTwo2080TiWithoutPeerAccessBesidePix) {
  expect_golden({"p2pBandwidthLatencyTest/bench-no-p2p-2x2080ti-autodl.txt",
                 "nvidia-smi-topo/autodl-2080ti-x2-pix-with-p2p-status.txt"},
                "p2p-2x-2080ti-pix.txt");
}

TEST(MatrixText, P2pWithoutTopologyIsTheBandwidthMatrixAlone) {
  expect_golden({"p2pBandwidthLatencyTest/rtx4090-x6-p2p-enabled-slower-part.txt"}, "p2p-6x-rtx4090.txt");
}

TEST(MatrixText, NcclAllreduceAsNcclTestsPrintsIt) {
  expect_golden({"nccl-tests/autodl-2080ti-x2-allreduce.txt"}, "nccl-2x-2080ti-allreduce.txt");
}

TEST(MatrixText, NcclOfTwoNodesSaysSo) {
  expect_golden({"nccl-tests/bench-multinode-2x8-h100-gcp-a3mega.txt"}, "nccl-2x8-h100-a3mega.txt");
}

TEST(MatrixText, NothingForADocumentWithoutMultiGpuRows) {
  ResultDocument doc;
  EXPECT_EQ(multigpu_tables_text(doc), "");
  BenchmarkResult bad;
  bad.name = "p2p/matrix";
  bad.status = "ok";
  bad.extra["pairs"] = json::array({{{"src", "x"}, {"dst", -1}, {"gbs", "fast"}}});  // a hostile document
  bad.params["peer_access"] = "yes";
  doc.benchmarks.push_back(bad);
  EXPECT_EQ(multigpu_tables_text(doc), "");
}

}  // namespace
}  // namespace gpuaudit

namespace gpuaudit {
namespace {

// The "Avg bus bandwidth" printed after the table is nccl-tests' own formula: it agrees with the
// line each real output ends with, to the rounding of the busbw values the table holds.
TEST(MatrixText, AvgBusBandwidthAgreesWithTheOneNcclTestsPrinted) {
  for (const std::string f : {"nccl-tests/autodl-2080ti-x2-allreduce.txt", "nccl-tests/bench-multinode-2x8-h100-gcp-a3mega.txt"}) {
    const std::string raw = read(kImports / f);
    const auto posted = std::stod(raw.substr(raw.find(':', raw.find("# Avg bus bandwidth")) + 1));
    const std::string text = multigpu_tables_text(imports::import_files({(kImports / f).string()}, {}, nullptr));
    const auto at = text.find("# Avg bus bandwidth    : ");
    ASSERT_NE(at, std::string::npos) << text;
    EXPECT_NEAR(std::stod(text.substr(at + 25)), posted, 0.01) << f;
  }
}

}  // namespace
}  // namespace gpuaudit
