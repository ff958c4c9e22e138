// baselines/video_engines: the table of NVENC/NVDEC/NVJPG/OFA counts the repository's baselines
// carry is sound (counts non-negative, every one sourced from an NVIDIA page), "no NVENC" is said
// only of the data-centre compute dies NVIDIA's support matrix lists without an encoder, and a
// wrong count is a problem of the set or a read error, never silently 0.
#include "baselines/baseline_set.hpp"
#include "baselines/video_engines.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace gpuaudit;

namespace {

std::vector<const std::optional<SourcedCount>*> counts(const VideoEngines& v) { return {&v.nvenc, &v.nvdec, &v.nvjpg, &v.ofa}; }

const Baseline& model(const std::string& id) {
  const Baseline* b = repo_baselines().find(id);
  if (!b) throw std::runtime_error("no baseline " + id);
  return *b;
}

}  // namespace

TEST(BaselinesVideoEngines, EveryCountOfTheRepositoryIsNonNegativeAndCitesAnNvidiaPage) {
  int models = 0;
  for (const Baseline& b : repo_baselines().models) {
    if (!b.video_engines) continue;
    ++models;
    EXPECT_TRUE(video_engine_problems(*b.video_engines).empty()) << b.id;
    int known = 0;
    for (const auto* c : counts(*b.video_engines)) {
      if (!*c) continue;
      ++known;
      EXPECT_GE((*c)->value, 0) << b.id;
      EXPECT_NE((*c)->source.find("nvidia.com/"), std::string::npos) << b.id << ": " << (*c)->source;
    }
    EXPECT_GT(known, 0) << b.id << ": video_engines without a count";
  }
  EXPECT_GE(models, 30);
}

// nvenc 0 only on the compute dies (GA100, GH100, Blackwell's GB100 and GB110) the support matrix
// lists with "Total # of NVENC 0".
TEST(BaselinesVideoEngines, NoNvencOnlyOnDataCentreComputeDiesListedSoInTheMatrix) {
  for (const Baseline& b : repo_baselines().models) {
    if (!b.video_engines || !no_nvenc_by_design(*b.video_engines)) continue;
    EXPECT_TRUE(b.chip == "GA100" || b.chip == "GH100" || b.chip.starts_with("GB100") || b.chip == "GB110")
        << b.id << " (" << b.chip << ")";
    EXPECT_NE(b.video_engines->nvenc->source.find("video-encode-and-decode-gpu-support-matrix"), std::string::npos) << b.id;
  }
  for (const char* id : {"a100-sxm4-80gb", "a100-sxm4-40gb", "a100-pcie-80gb", "a100-pcie-40gb", "h100-sxm5-80gb", "h100-nvl-94gb",
                         "b200-180gb", "nvidia-b300", "nvidia-gb200", "nvidia-gb300"})
    EXPECT_TRUE(no_nvenc_by_design(*model(id).video_engines)) << id;
  // Cards with an encoder are never said to have none.
  for (const char* id : {"nvidia-l4", "nvidia-l40s", "geforce-rtx-3090"}) {
    ASSERT_TRUE(model(id).video_engines->nvenc) << id;
    EXPECT_GT(model(id).video_engines->nvenc->value, 0) << id;
  }
}

TEST(BaselinesVideoEngines, NvidiasPublishedCountsOfTheCommonRentals) {
  const VideoEngines& h100 = *model("h100-sxm5-80gb").video_engines;
  EXPECT_EQ(h100.nvdec->value, 7);
  EXPECT_EQ(h100.nvjpg->value, 7);
  EXPECT_EQ(h100.ofa->value, 1);
  const VideoEngines& a100 = *model("a100-sxm4-80gb").video_engines;
  EXPECT_EQ(a100.nvdec->value, 5);
  EXPECT_EQ(a100.nvjpg->value, 1);
  const VideoEngines& l4 = *model("nvidia-l4").video_engines;
  EXPECT_EQ(l4.nvenc->value, 2);
  EXPECT_EQ(l4.nvdec->value, 4);
  // Codecs per generation, from the matrix's cells: Ada's 8th-gen NVENC encodes AV1, Turing's 7th does
  // not; the compute dies have no encoder to list.
  EXPECT_EQ(l4.encode_codecs, (std::vector<std::string>{"H.264", "HEVC", "AV1"}));
  EXPECT_NE(l4.codecs_source.find("NVENC 8th Gen"), std::string::npos) << l4.codecs_source;
  EXPECT_EQ(model("tesla-t4").video_engines->encode_codecs, (std::vector<std::string>{"H.264", "HEVC"}));
  EXPECT_TRUE(model("h100-sxm5-80gb").video_engines->encode_codecs.empty());
  EXPECT_EQ(model("h100-sxm5-80gb").video_engines->decode_codecs.back(), "HEVC");  // Hopper's NVDEC: no AV1
  // The matrix's Server rows for Blackwell (HGX B200, HGX B300, GB200, GB300): no NVENC, 7 NVDEC per GPU.
  for (const char* id : {"b200-180gb", "nvidia-b300", "nvidia-gb200", "nvidia-gb300"}) {
    EXPECT_EQ(model(id).video_engines->nvdec->value, 7) << id;
    EXPECT_FALSE(model(id).video_engines->nvjpg) << id;  // the matrix gives no NVJPG count
  }
  // No NVIDIA count seen: unknown stays absent, never a guessed 0 (H800's, A800's: no matrix row).
  for (const char* id : {"h800-sxm5-80gb", "a800-sxm4-80gb"}) EXPECT_FALSE(model(id).video_engines) << id;
}

TEST(BaselinesVideoEngines, ANegativeOrUnsourcedCountIsAProblem) {
  VideoEngines v;
  v.nvdec = SourcedCount{-1, "x", false};
  v.ofa = SourcedCount{1, "", false};
  const auto p = video_engine_problems(v);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0], "video_engines.nvdec must not be negative");
  EXPECT_EQ(p[1], "video_engines.ofa has no source");
  EXPECT_FALSE(no_nvenc_by_design(v));  // unknown NVENC is not "none"
  BaselineSet set = repo_baselines();
  for (auto& b : set.models)
    if (b.id == "h100-sxm5-80gb") b.video_engines->nvenc->source.clear();
  bool found = false;
  for (const auto& problem : check_baselines(set)) found |= problem == "h100-sxm5-80gb: video_engines.nvenc has no source";
  EXPECT_TRUE(found);
}

TEST(BaselinesVideoEngines, AFractionalCountDoesNotRead) {
  const json j = json::parse(R"({"schema": "gpuaudit.baseline/1", "id": "card", "sm_count": 1,
                                 "video_engines": {"nvdec": {"value": 1.5, "source": "x"}}})");
  EXPECT_THROW(parse_baseline(j, "card.json"), std::exception);
  const json ok = json::parse(R"({"schema": "gpuaudit.baseline/1", "id": "card", "sm_count": 1,
                                 "video_engines": {"nvdec": {"value": 2, "source": "x"}}})");
  const Baseline b = parse_baseline(ok, "card.json");
  ASSERT_TRUE(b.video_engines && b.video_engines->nvdec);
  EXPECT_EQ(b.video_engines->nvdec->value, 2);
  EXPECT_FALSE(b.video_engines->nvenc);
}
