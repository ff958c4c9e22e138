// DCGM's diagnostic messages about a GPU's Xids, ECC counters and NVLink errors
// (src/import/dcgm_reasons.cpp): DCGM's own formats (dcgmlib/dcgm_errors.h *_MSG, DcgmRecorder's
// field tags) filled in and read per GPU; what the dcgmi-diag import makes of them (the GPU's
// kernel events with extra.from, its ECC state, nvlink.extra.dcgm_errors); what the rules then say;
// and the real DCGM 2.4 paste whose "NvLink link N is currently down" must not be read as a link fault.
#include "core/kernel_event.hpp"
#include "import/dcgm_reasons.hpp"
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

using import_test::dcgm_signs;

TEST(DcgmState, XidsNameTheirGpu) {
  // DCGM_FR_XID_ERROR_MSG with dcgmi's "GPU N " before it and DCGM_FR_XID_ERROR_NEXT after it.
  auto s = dcgm_signs("GPU 2 Detected XID 79 for GPU 2 Please consult the documentation for details of this XID.");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[2].xids, std::set<int>{79});
  EXPECT_TRUE(s[2].reasons.empty());
  // Two GPUs' messages joined in one row, as dcgmi joins them with ", ".
  s = dcgm_signs("GPU 0 Detected XID 48 for GPU 0 Please consult ..., GPU 5 Detected XID 74 for GPU 5 Please consult ...");
  EXPECT_EQ(s[0].xids, std::set<int>{48});
  EXPECT_EQ(s[5].xids, std::set<int>{74});
  // DCGM_FR_UNCONTAINED_ERROR_MSG / DCGM_FR_CONTAINED_ERROR_MSG name no GPU: dcgmi's prefix does,
  // with or without the space DCGM 2.4 leaves out.
  s = dcgm_signs("GPU 3 GPU had an uncontained error (XID 95) Drain the GPU and reset it or reboot the node.");
  EXPECT_EQ(s[3].xids, std::set<int>{95});
  s = dcgm_signs("GPU 1GPU had a contained error. Restart the application");
  EXPECT_EQ(s[1].xids, std::set<int>{94});
  EXPECT_TRUE(dcgm_signs("GPU had an uncontained error (XID 95)").empty());  // no GPU named
  EXPECT_TRUE(dcgm_signs("Detected XID 79 for GPU").empty());
  EXPECT_TRUE(dcgm_signs("Detected XID 79 for GPU 99999").empty());
}

TEST(DcgmState, EccCountersAreTheVolatileCounts) {
  // DCGM_FR_DBE_VIOLATION_MSG / DCGM_FR_SBE_VIOLATION_MSG with DCGM's field tags, their threshold
  // forms, DCGM_FR_VOLATILE_DBE_DETECTED_MSG and DCGM_FR_VOLATILE_SBE_DETECTED_MSG.
  auto s = dcgm_signs("GPU 1 Detected 3 ecc_dbe_volatile_total for GPU 1 Run a field diagnostic on the GPU.");
  ASSERT_TRUE(s[1].dbe_volatile);
  EXPECT_EQ(*s[1].dbe_volatile, 3u);
  EXPECT_FALSE(s[1].sbe_volatile);
  s = dcgm_signs("Detected 120 ecc_sbe_volatile_total for GPU 4 which is above the threshold 100");
  EXPECT_EQ(*s[4].sbe_volatile, 120u);
  s = dcgm_signs("Detected 2 volatile double-bit ECC error(s) in GPU 6.");
  EXPECT_EQ(*s[6].dbe_volatile, 2u);
  s = dcgm_signs("More than 10 single-bit ECC error(s) detected in GPU 0 Volatile SBEs: 37");
  EXPECT_EQ(*s[0].sbe_volatile, 37u);
  EXPECT_FALSE(s[0].dbe_volatile);
  // Another field's count ("pcie_replay_counter") is no ECC state.
  s = dcgm_signs("Detected 12 pcie_replay_counter for GPU 2");
  EXPECT_FALSE(s[2].dbe_volatile);
  EXPECT_FALSE(s[2].sbe_volatile);
}

TEST(DcgmState, NvlinkErrorCountsKeepTheirField) {
  // DCGM_FR_NVLINK_ERROR_CRITICAL_MSG, DCGM_FR_NVLINK_ERROR_THRESHOLD_MSG, DCGM_FR_NVLINK_CRC_ERROR_THRESHOLD_MSG.
  auto s = dcgm_signs("Detected 5 nvlink_replay_error_count_total NvLink errors on GPU 3's NVLink (should be 0)");
  ASSERT_EQ(s[3].nvlink_errors.size(), 1u);
  EXPECT_EQ(s[3].nvlink_errors[0].field, "nvlink_replay_error_count_total");
  EXPECT_DOUBLE_EQ(s[3].nvlink_errors[0].count, 5);
  EXPECT_FALSE(s[3].nvlink_errors[0].per_second);
  s = dcgm_signs("Detected 250 nvlink_crc_flit_error_count_total NvLink errors on GPU 0's NVLink which exceeds threshold of 100");
  EXPECT_DOUBLE_EQ(s[0].nvlink_errors.at(0).count, 250);
  s = dcgm_signs("GPU 7 120.5 nvlink_crc_data_error_count_total NvLink errors found occuring per second on GPU 7, exceeding the limit of 100 per second.");
  ASSERT_EQ(s[7].nvlink_errors.size(), 1u);
  EXPECT_EQ(s[7].nvlink_errors[0].field, "nvlink_crc_data_error_count_total");
  EXPECT_DOUBLE_EQ(s[7].nvlink_errors[0].count, 120.5);
  EXPECT_TRUE(s[7].nvlink_errors[0].per_second);
  // The health watch puts the field's name, not its tag, in the same sentence (DcgmHealthWatch.cpp).
  s = dcgm_signs("Detected 1 datalink layer CRC error counter NvLink errors on GPU 7's NVLink (should be 0)");
  ASSERT_EQ(s[7].nvlink_errors.size(), 1u);
  EXPECT_EQ(s[7].nvlink_errors[0].field, "datalink layer CRC error counter");
  EXPECT_DOUBLE_EQ(s[7].nvlink_errors[0].count, 1);
  // Not DCGM's sentence: a number that is no count of the field, a sentence between them.
  EXPECT_TRUE(dcgm_signs("Detected 2 problems. See the NvLink errors on GPU 1's NVLink").empty());
  EXPECT_TRUE(dcgm_signs("GPU 7 120 nvlink_crc_data_error_count_total NvLink errors found occuring per second on GPU 7").empty());
}

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
