// DCGM outputs gpuaudit does not import, named in the one-line error (src/import/gates/unread_outputs.cpp):
// the real `dcgmi discovery -l` and `dcgmi dmon` pastes in tests/data/imports/ (their sidecars hold
// the error), DCGM's own header lines, and what must not be taken for them.
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/gates/unread_outputs.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(UnreadOutputs, RealDcgmiPastesAreNamedAndNotClaimedByAFormat) {
  for (const auto& [dir, file] : std::vector<std::pair<std::string, std::string>>{
           {"nvidia-smi-list", "dcgmi-discovery-h100-sxm-null-names-cut.txt"},
           {"nvidia-smi-list", "dcgmi-discovery-h100-x8-uuid-masked-elided.txt"},
           {"nvidia-smi-dmon", "dcgmi-dmon-gb200-nvlink-fields-all-na-cut.txt"}}) {
    const std::string raw = import_test::read_bytes(import_test::fixture_dir(dir) / file);
    ASSERT_FALSE(raw.empty()) << file;
    EXPECT_EQ(import_test::detected(raw), "") << file;  // no parser reads it as its own
    const auto why = unread_output(normalize_text(raw));
    ASSERT_TRUE(why.has_value()) << file;
    EXPECT_EQ(why->find('\n'), std::string::npos);  // one line
    try {
      (void)detect_format(normalize_text(raw), file);
      ADD_FAILURE() << file << " was detected";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(*why), std::string::npos) << e.what();
    }
  }
}

TEST(UnreadOutputs, DcgmHealthHeaderIsNamed) {
  // dcgmi/Health.cpp's header ("Health Monitor Report") in dcgmi's box; no verbatim real paste was found.
  const auto why = unread_output("+------+\n| Health Monitor Report        |\n+======+\n| Overall Health | Healthy |\n");
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(why->rfind("dcgmi health", 0), 0u);
}

TEST(UnreadOutputs, AKernelLogWithoutNvidiaLinesSaysSo) {
  // dmesg -H's relative stamps with only a root port's AER lines (rwth-i6/returnn#1486's form).
  const std::string raw =
      "[  +0.000316] pcieport 0000:00:03.0: AER: Corrected error received: 0000:00:03.0\n"
      "[  +0.000012] pcieport 0000:00:03.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)\n"
      "[  +0.000003] pcieport 0000:00:03.0:   device [8086:2f08] error status/mask=00000001/00002000\n";
  EXPECT_EQ(import_test::detected(raw), "");
  const auto why = unread_output(normalize_text(raw));
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("no NVIDIA driver line"), std::string::npos);
  EXPECT_TRUE(unread_output("Dec  2 10:43:35 worker4 kernel: EXT4-fs mounted\nDec  2 10:43:36 worker4 kernel: usb 1-1: new device\n"));
  // util-linux dmesg's other stamps: the kernel's seconds, -T's date and -H's minute.
  EXPECT_TRUE(unread_output("[ 1843.308145] EXT4-fs (sda1): mounted\n[ 1843.308201] usb 1-1: new device\n"));
  EXPECT_TRUE(unread_output("[Fri Aug 30 11:43:09 2024] EXT4-fs mounted\n[Fri Aug 30 11:43:10 2024] usb 1-1: new device\n"));
  EXPECT_TRUE(unread_output("[Aug30 11:43] EXT4-fs mounted\n[  +0.000012] usb 1-1: new device\n"));
}

// Other programs' bracketed prefixes are no dmesg stamps: their logs are not refused as kernel logs
// (then read for their GPU words). PyTorch's c10d lines (nanoGPT's multi-node DDP log), Open MPI's
// "[host:pid]", Jetson's flash tool's "[   0.0012 ]", its boot loader's "[0000.125]" and ColBERT's stamps.
TEST(UnreadOutputs, OtherProgramsBracketsAreNoKernelStamps) {
  EXPECT_FALSE(unread_output("[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out.\n"
                             "[E ProcessGroupNCCL.cpp:461] To avoid data inconsistency, we are taking the entire process down.\n"));
  EXPECT_FALSE(unread_output("[node01:04711] *** Process received signal ***\n[node01:04711] Signal: Segmentation fault (11)\n"));
  EXPECT_FALSE(unread_output("[   0.0012 ] Generating RCM messages\n[   0.0021 ] tegrarcm_v2 --listrcm rcm_list.xml\n"));
  EXPECT_FALSE(unread_output("[0000.125] I> MB1 (version: 1.4.0.1-t194-41334769-e6a2ba6e)\n[0000.131] I> Boot-mode: Coldboot\n"));
  // ColBERT's "[Mon DD, hh:mm:ss]" (aiming-lab/MDocAgent #4, FRESH-2026-12-88, as posted).
  EXPECT_FALSE(unread_output("[Apr 26, 19:55:15] [0]           #> Encoding 57 passages..\n"
                             "[Apr 26, 19:55:15] [0]           Creating 1,024 partitions.\n"));
}

TEST(UnreadOutputs, OtherTextIsNotNamed) {
  EXPECT_FALSE(unread_output("# gpu   pwr  gtemp\n# Idx     W      C\n    0    67     35\n"));  // nvidia-smi dmon
  EXPECT_FALSE(unread_output("#Entity is a word in a comment\nand more text\n"));
  EXPECT_FALSE(unread_output("| GPU ID | 0 |\n"));
  EXPECT_FALSE(unread_output(""));
  EXPECT_FALSE(unread_output("[1] first note\n[2] second note\nprose between them\n"));  // numbered notes, not stamps
  // slurmd's "[YYYY-MM-DDThh:mm:ss.mmm]" stamps are no kernel log (deepops' GRES lines of MIG devices).
  EXPECT_FALSE(unread_output("[2022-08-23T15:24:51.390]     GRES[gpu] Type:(null) Count:1 File:/dev/nvidia1\n"
                             "[2022-08-23T15:24:51.390]     GRES[gpu] Type:(null) Count:1 File:/dev/nvidia2\n"));
  EXPECT_FALSE(unread_output("[ 1.0] one stamped line\nprose\nmore prose\n"));
}

}  // namespace
}  // namespace gpuaudit::imports
