// report/video_engines_text: the "Video" line of `info`: an H100's engines with "no NVENC" said as
// what the model is, unknown engines named as unknown, a MIG slice's own engines (real H200 slices),
// the encoder sessions of a real NVENC load, and no model counts from another model's table.
#include "report/video_engines_text.hpp"

#include "core/session_stats.hpp"
#include "import/import.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

namespace {

const VideoEngines& engines_of(const std::string& id) { return *repo_baselines().find(id)->video_engines; }

ResultDocument real_world(const std::string& folder) {
  return imports::import_files({std::string(GPUAUDIT_TEST_DATA) + "/real-world/" + folder + "/nvidia-smi-q.txt"}, {}, nullptr);
}

}  // namespace

TEST(ReportVideoEnginesText, TheModelsEnginesWithNoNvencSaidAsDesign) {
  EXPECT_EQ(video_engines_text(engines_of("h100-sxm5-80gb")), "7 NVDEC, 7 NVJPG, 1 OFA; no NVENC (by design of this model); decodes MPEG-2/VC-1/VP8/VP9/H.264/HEVC");
  EXPECT_EQ(video_engines_text(engines_of("nvidia-l4")), "2 NVENC, 4 NVDEC, 4 NVJPG; OFA: no NVIDIA count; encodes H.264/HEVC/AV1; decodes MPEG-2/VC-1/VP8/VP9/H.264/HEVC/AV1");
  EXPECT_EQ(video_engines_text(engines_of("geforce-rtx-3090")), "1 NVENC; NVDEC, NVJPG, OFA: no NVIDIA count; encodes H.264/HEVC; decodes MPEG-2/VC-1/VP8/VP9/H.264/HEVC/AV1");
  EXPECT_EQ(video_engines_text(VideoEngines{}), "");
  VideoEngines slice_like;
  slice_like.nvdec = SourcedCount{0, "x", false};
  EXPECT_EQ(video_engines_text(slice_like), "no NVDEC; NVENC, NVJPG, OFA: no NVIDIA count");
}

TEST(ReportVideoEnginesText, AMigSliceShowsItsOwnEnginesNotTheBoards) {
  const ResultDocument doc = real_world("h200-mig-under-load");
  int slices = 0;
  for (const GpuInfo& g : doc.gpus) {
    if (!g.mig.is_mig_device) continue;
    ++slices;
    const std::string line = video_line(g, &engines_of("h200-sxm-141gb"));
    EXPECT_EQ(line.rfind("this slice: 0 NVENC, ", 0), 0u) << line;
    EXPECT_EQ(line.find("7 NVDEC"), std::string::npos) << line;
  }
  EXPECT_GT(slices, 0);
}

TEST(ReportVideoEnginesText, OpenEncoderSessionsOfARealLoad) {
  const ResultDocument doc = real_world("l40s-passthrough-nvenc-load");
  ASSERT_FALSE(doc.gpus.empty());
  EXPECT_EQ(session_stats_text(doc.gpus[0]), "encoder sessions open: 2 (243 fps, 3280335 us latency)");
  EXPECT_EQ(video_line(doc.gpus[0], &engines_of("nvidia-l40s")),
            "3 NVENC, 3 NVDEC; NVJPG, OFA: no NVIDIA count; encodes H.264/HEVC/AV1; decodes MPEG-2/VC-1/VP8/VP9/H.264/HEVC/AV1; "
            "encoder sessions open: 2 (243 fps, 3280335 us latency)");
  GpuInfo fbc;
  fbc.extra = json::object();
  fbc.extra[kFbcStatsKey] = SessionStats{1, 30.0, std::nullopt};
  EXPECT_EQ(session_stats_text(fbc), "frame-capture (FBC) sessions open: 1 (30 fps)");
  EXPECT_EQ(video_line(GpuInfo{}, nullptr), "");
}

TEST(ReportVideoEnginesText, OnlyTheCardsOwnModelGivesCounts) {
  BaselineMatch m;
  m.baseline = repo_baselines().find("h100-sxm5-80gb");
  m.method = "pci-id";
  EXPECT_EQ(model_video_engines(m), &*m.baseline->video_engines);
  m.method = "architecture-fallback";  // another model of the architecture: not this card's table
  EXPECT_EQ(model_video_engines(m), nullptr);
  m.method = "vgpu-profile";
  EXPECT_EQ(model_video_engines(m), nullptr);
  m.baseline = repo_baselines().find("h800-sxm5-80gb");  // no NVIDIA count seen (no matrix row)
  m.method = "pci-id";
  EXPECT_EQ(model_video_engines(m), nullptr);
}
