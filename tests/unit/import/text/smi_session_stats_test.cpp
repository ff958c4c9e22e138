// import/text/smi_session_stats: nvidia-smi -q's "Encoder Stats" and "FBC Stats" of real dumps
// (an L40S and an RTX 4080 SUPER under an NVENC load, an idle H100, an H200 split into MIG slices)
// and of -q -x, read into each board's GpuInfo.extra; an N/A count is left out.
#include "core/session_stats.hpp"
#include "import/text/indent_tree.hpp"
#include "import/text/smi_session_stats.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;
using namespace gpuaudit::imports;
using namespace gpuaudit::imports::import_test;

namespace {

ImportPart real_world_q(const std::string& folder) {
  const auto path = std::filesystem::path(GPUAUDIT_TEST_DATA) / "real-world" / folder / "nvidia-smi-q.txt";
  const std::string raw = read_bytes(path);
  EXPECT_FALSE(raw.empty()) << path;
  return parse_as("nvidia-smi-q", raw);
}

}  // namespace

TEST(ImportSmiSessionStats, EncoderSessionsOfARealNvencLoad) {
  const ImportPart l40s = real_world_q("l40s-passthrough-nvenc-load");
  ASSERT_EQ(l40s.gpus.size(), 1u);
  const auto enc = session_stats(l40s.gpus[0], kEncoderStatsKey);
  ASSERT_TRUE(enc);
  EXPECT_EQ(enc->active_sessions, 2);
  EXPECT_EQ(enc->average_fps.value_or(-1), 243.0);
  EXPECT_EQ(enc->average_latency_us.value_or(-1), 3280335.0);
  const auto fbc = session_stats(l40s.gpus[0], kFbcStatsKey);
  ASSERT_TRUE(fbc);
  EXPECT_EQ(fbc->active_sessions, 0);

  const ImportPart rtx = real_world_q("rtx4080-super-nvenc-load");
  ASSERT_FALSE(rtx.gpus.empty());
  ASSERT_TRUE(session_stats(rtx.gpus[0], kEncoderStatsKey));
  EXPECT_EQ(session_stats(rtx.gpus[0], kEncoderStatsKey)->active_sessions, 2);
  EXPECT_EQ(session_stats(rtx.gpus[0], kEncoderStatsKey)->average_fps.value_or(-1), 184.0);
}

TEST(ImportSmiSessionStats, IdleBoardsReadZeroAndMigSlicesDoNotRepeatTheBoards) {
  const ImportPart h100 = real_world_q("h100-sxm-x8-idle-gen5");
  ASSERT_EQ(h100.gpus.size(), 8u);
  for (const GpuInfo& g : h100.gpus) {
    ASSERT_TRUE(session_stats(g, kEncoderStatsKey)) << g.pci_bus_id;
    EXPECT_EQ(session_stats(g, kEncoderStatsKey)->active_sessions, 0);
  }
  const ImportPart h200 = real_world_q("h200-mig-under-load");
  int boards = 0, slices = 0;
  for (const GpuInfo& g : h200.gpus) {
    if (g.mig.is_mig_device) {
      ++slices;
      EXPECT_FALSE(session_stats(g, kEncoderStatsKey)) << "a slice repeats its board's sessions";
    } else {
      ++boards;
      EXPECT_TRUE(session_stats(g, kEncoderStatsKey));
    }
  }
  EXPECT_GT(boards, 0);
  EXPECT_GT(slices, 0);
}

TEST(ImportSmiSessionStats, AnNaCountIsLeftOut) {
  const IndentNode root = build_indent_tree(
      "GPU 00000000:00:05.0\n"
      "    Encoder Stats\n"
      "        Active Sessions                   : N/A\n"
      "        Average FPS                       : N/A\n"
      "        Average Latency                   : N/A\n"
      "    FBC Stats\n"
      "        Active Sessions                   : 1\n"
      "        Average FPS                       : N/A\n"
      "        Average Latency                   : 0\n");
  ASSERT_EQ(root.children.size(), 1u);
  GpuInfo g;
  g.extra = json::object();
  read_session_stats(root.children[0], g);
  EXPECT_FALSE(session_stats(g, kEncoderStatsKey));
  const auto fbc = session_stats(g, kFbcStatsKey);
  ASSERT_TRUE(fbc);
  EXPECT_EQ(fbc->active_sessions, 1);
  EXPECT_FALSE(fbc->average_fps);
  EXPECT_EQ(fbc->average_latency_us.value_or(-1), 0.0);
}

TEST(ImportSmiSessionStats, TheXmlFormReadsTheSame) {
  const std::string raw = read_bytes(fixture_dir("nvidia-smi-xml") / "smi-xml-a10g-515-passthrough.xml");
  ASSERT_FALSE(raw.empty());
  const ImportPart part = parse_as("nvidia-smi-xml", raw);
  ASSERT_FALSE(part.gpus.empty());
  const auto enc = session_stats(part.gpus[0], kEncoderStatsKey);
  ASSERT_TRUE(enc);
  EXPECT_EQ(enc->active_sessions, 0);
  EXPECT_TRUE(session_stats(part.gpus[0], kFbcStatsKey));
}
