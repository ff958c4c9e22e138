// Unit tests of the dcgmi diag table parser (src/import/formats/parse_dcgmi_diag.cpp): state rows of real
// and synthetic DCGM pastes become GPU facts.
#include "core/kernel_event.hpp"
#include "import/rows/dcgm_reasons.hpp"
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

using import_test::dcgm_signs;

TEST(DcgmState, PersistenceModeOffInBothWordings) {
  // DCGM_FR_PERSISTENCE_MODE_MSG since 3.2.5, and the wording before it.
  auto s = dcgm_signs("GPU 0 Persistence mode for GPU 0 is disabled. Enable persistence mode by running \"nvidia-smi -i <gpuId> -pm 1 \" as root.");
  EXPECT_TRUE(s[0].persistence_off);
  s = dcgm_signs("Persistence mode for GPU 3 is currently disabled. The DCGM diagnostic requires peristence mode to be enabled.");
  EXPECT_TRUE(s[3].persistence_off);
  EXPECT_TRUE(dcgm_signs("Persistence mode for GPU 3 is enabled.").empty());
  const std::string raw =
      "| Persistence Mode          | Fail                                           |\n"
      "| Error                     | GPU 1 Persistence mode for GPU 1 is disabled.  |\n"
      "|                           |  Enable persistence mode by running \"nvidia-s  |\n";
  const ImportPart p = import_test::parse_as("dcgmi-diag", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 1);
  EXPECT_EQ(p.gpus[0].persistence_mode, false);
}

TEST(DcgmState, OneDeviceIdForEveryGpuNamesTheGpusDcgmSpeaksOf) {
  // The real 3.3.8 run: "GPU Device IDs Detected | 2330,2330,..." (eight H100 80GB HBM3). Every id
  // the same, so each GPU its messages name is a 10de:2330 whatever DCGM's group order.
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("dcgmi-diag") / "h100-x8-r3-gpu-memory-fail-cuinit.txt");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("dcgmi-diag", raw);
  ASSERT_FALSE(p.gpus.empty());
  for (const auto& g : p.gpus) EXPECT_EQ(g.pci_device_id, "10de:2330") << g.index;
  // SYNTHETIC rows in the real layout, two models in one run: the list's order need not be the GPU
  // ids', so no GPU gets an id.
  const std::string mixed =
      "|-----  Metadata  ----------+------------------------------------------------|\n"
      "| GPU Device IDs Detected   | 2330,20b2                                      |\n"
      "|-----  Deployment  --------+------------------------------------------------|\n"
      "| Persistence Mode          | Fail                                           |\n"
      "| Error                     | GPU 1 Persistence mode for GPU 1 is disabled.  |\n";
  const ImportPart q = import_test::parse_as("dcgmi-diag", mixed);
  ASSERT_EQ(q.gpus.size(), 1u);
  EXPECT_FALSE(q.gpus[0].pci_device_id);
}

TEST(DcgmState, RealDcgm24LinkDownOnAGpuWithoutNvlinkMakesNoNvlinkState) {
  // NVIDIA/DCGM#49: DCGM 2.4.6 fails PCIe on an A100 without NVLink with "GPU 0's NvLink link N is
  // currently down" for every slot. The links are not there, not down: no GPU, no NVLink counts.
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("dcgmi-diag") / "a100-pcie-r2-nvlink-down-on-no-nvlink-cut.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(import_test::detected(raw), "dcgmi-diag");
  const ImportPart p = import_test::parse_as("dcgmi-diag", raw);
  EXPECT_TRUE(p.gpus.empty());
  ASSERT_EQ(p.benchmarks.size(), 1u);
  EXPECT_EQ(p.benchmarks[0].name, "dcgm/pcie");
  EXPECT_EQ(p.benchmarks[0].status, "check-failed");
  // The message is kept whole, joined from its 45-character slices, up to where the paste was cut.
  const auto& msgs = p.imported.at("dcgmi-diag").at("tests").at(0).at("warnings");
  ASSERT_EQ(msgs.size(), 1u);
  EXPECT_EQ(msgs[0].get<std::string>().rfind("GPU 0GPU 0's NvLink link 0 is currently down Run a field diagnostic", 0), 0u);
}

// SYNTHETIC: the real excerpts' table layout (78 columns, messages sliced at 45 characters as
// dcgmi does) with DCGM_FR_XID_ERROR_MSG and DCGM_FR_DBE_VIOLATION_MSG in the Warning rows; no real
// post of these messages was found (see tests/data/imports/README.md).
const std::string kXidRows =
    "| Diagnostic                | Pass - GPUs: 0, 1, 3                           |\n"
    "|                           | Fail - GPU: 2                                  |\n"
    "| Warning                   | GPU 2 Detected XID 79 for GPU 2 Please consul  |\n"
    "|                           | t the documentation for details of this XID.   |\n";

const std::string kDbeRows =
    "| GPU Memory                | Pass - GPUs: 0, 2, 3                           |\n"
    "|                           | Fail - GPU: 1                                  |\n"
    "| Warning                   | GPU 1 Detected 3 ecc_dbe_volatile_total for G  |\n"
    "|                           | PU 1 Run a field diagnostic on the GPU.        |\n";

TEST(DcgmState, SyntheticXidRowBecomesTheGpusKernelEventFromDcgm) {
  const ImportPart p = import_test::parse_as("dcgmi-diag", kXidRows);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 2);
  const std::vector<KernelEvent> ev = kernel_events(p.gpus[0]);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].kind, "xid");
  EXPECT_EQ(ev[0].xid, 79);
  EXPECT_EQ(ev[0].line, 1);  // the test's row
  EXPECT_EQ(ev[0].extra.at("from"), "dcgmi diag");
  EXPECT_EQ(ev[0].extra.at("test"), "Diagnostic");
  for (const auto& b : p.benchmarks) EXPECT_NE(b.name, kUnderLoadRow);  // an Xid says nothing of clocks
}

TEST(DcgmState, SyntheticXidRowIsAGpuFaultWhoseEvidenceNamesDcgm) {
  const auto fs = import_and_score::findings_of_texts({{"dcgmi-diag.txt", kXidRows}});
  const Finding* f = import_and_score::find_finding(fs, "gpu-fault", 2);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(import_and_score::evidence_has(*f, "dcgmi diag line 1: Xid 79"));
  EXPECT_FALSE(import_and_score::evidence_has(*f, "kernel log line"));
  EXPECT_EQ(f->summary.rfind("The dcgmi diag says this GPU", 0), 0u) << f->summary;  // not "The kernel log says"
}

TEST(DcgmState, SyntheticDbeRowIsTheMemoryRulesUncorrectableCount) {
  const ImportPart p = import_test::parse_as("dcgmi-diag", kDbeRows);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 1);
  ASSERT_TRUE(p.gpus[0].ecc.volatile_uncorrected);
  EXPECT_EQ(*p.gpus[0].ecc.volatile_uncorrected, 3u);
  EXPECT_TRUE(kernel_events(p.gpus[0]).empty());
  const auto fs = import_and_score::findings_of_texts({{"dcgmi-diag.txt", kDbeRows}});
  const Finding* f = import_and_score::find_finding(fs, "memory-degraded", 1);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");
  EXPECT_TRUE(import_and_score::evidence_has(*f, "3 uncorrectable errors"));
}

TEST(DcgmState, NvlinkErrorsGoBesideTheLinksWithoutCountingLinks) {
  const std::string raw =
      "| PCIe                      | Fail - GPU: 0                                  |\n"
      "| Warning                   | GPU 0 Detected 5 nvlink_replay_error_count_to  |\n"
      "|                           | tal NvLink errors on GPU 0's NVLink (should b  |\n"
      "|                           | e 0)                                           |\n"
      "| Memory Bandwidth          | Pass - All                                     |\n";
  const ImportPart p = import_test::parse_as("dcgmi-diag", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  const json& e = p.gpus[0].nvlink.extra.at("dcgm_errors");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].at("field"), "nvlink_replay_error_count_total");
  EXPECT_EQ(e[0].at("count"), 5);
  EXPECT_EQ(p.gpus[0].nvlink.links_queried, 0);  // DCGM's count says nothing of how many links are up
}

}  // namespace
}  // namespace gpuaudit::imports
