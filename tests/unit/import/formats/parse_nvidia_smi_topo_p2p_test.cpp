// Unit tests of the nvidia-smi topo -p2p parser (src/import/formats/parse_nvidia_smi_topo_p2p.cpp): the
// peer-access matrix of a real post, kept in imported["nvidia-smi-topo-p2p"]; garbage is said.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::fixture_dir;
using import_test::parse_as;
using import_test::read_bytes;

TEST(ImportNvidiaSmiTopoP2p, FiveCardsWhoseEveryPairIsOk) {
  // Real: aikitoria/open-gpu-kernel-modules issue 13, `nvidia-smi topo -p2p p` on five RTX 50s.
  const std::string raw = read_bytes(fixture_dir("nvidia-smi-topo-p2p") / "aikitoria-13-x5-p2p-p-all-ok.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "nvidia-smi-topo-p2p");
  const ImportPart p = parse_as("nvidia-smi-topo-p2p", raw, "p2p.txt");
  const json& m = p.imported.at("matrices").at(0);
  EXPECT_EQ(m.at("capability"), "p");
  EXPECT_EQ(m.at("gpus"), 5);
  EXPECT_EQ(m.at("ok_pairs"), 20);
  EXPECT_TRUE(m.at("pairs").empty());  // only the pairs that are not OK are listed
}

TEST(ImportNvidiaSmiTopoP2p, AMatrixCutHalfwayAndGarbage) {
  const std::string raw = read_bytes(fixture_dir("nvidia-smi-topo-p2p") / "aikitoria-13-x5-p2p-p-all-ok.txt");
  ASSERT_FALSE(raw.empty());
  for (std::size_t n = 0; n <= raw.size(); n += 7) (void)parse_as("nvidia-smi-topo-p2p", raw.substr(0, n));
  const ImportPart junk = parse_as("nvidia-smi-topo-p2p", "hello world\n\x01\x02\nLegend:\n  X = Self\n");
  EXPECT_FALSE(junk.imported.contains("matrices"));
  ASSERT_FALSE(junk.skipped.empty());
  EXPECT_NE(junk.skipped.back().find("no peer-access matrix"), std::string::npos) << junk.skipped.back();
}

}  // namespace
}  // namespace gpuaudit::imports
