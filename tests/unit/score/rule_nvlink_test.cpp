// score/rule_nvlink.cpp: links down or missing, from NVML, imported outputs (below) and nvidia-smi
// state alone (section at the end).
//
// Where the nvlink rule reads links from when NVML did not (src/score/rule_nvlink.cpp): an imported
// `nvidia-smi nvlink -s` (links per GPU, or "all links are inActive"), else an imported `topo -m`
// where it can tell (a bridge card's row sum, a full NVSwitch matrix, a row with no NV# at all), and
// the link count a model has by NVLink generation. Documents are synthetic (typical of the cards).
#include "baselines/baseline_set.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"
#include "core/stats.hpp"
#include "unit/support/evidence_documents.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

Assessment score(const ResultDocument& doc) {
  static const auto topo = multigpu::load_topology_baselines(fs::path(GPUAUDIT_SOURCE_DIR) / "baselines" / "topologies");
  return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}, &topo);
}

const Finding* find(const Assessment& a, const std::string& id, std::optional<int> gpu) {
  for (const auto& f : a.findings)
    if (f.id == id && f.gpu == gpu) return &f;
  return nullptr;
}

std::string why(const Assessment& a) { return assessment_text(a); }

GpuInfo gpu(const std::string& name, int index) {
  GpuInfo g;
  g.index = index;
  g.name = name;
  g.virtualization_mode = "none";
  return g;
}

ResultDocument doc_of(std::vector<GpuInfo> gpus) {
  ResultDocument d;
  d.synthetic = true;
  d.synthetic_source = "score_nvlink_sources_test.cpp";
  d.mode = "custom";
  d.gpus = std::move(gpus);
  return d;
}

// A topo -m reading as the importer stores it: per GPU the NV# row sum (and switch links).
json topology(const std::string& kind, const std::vector<int>& nvlinks_up, int to_switch = 0) {
  json t = {{"source", "nvidia-smi topo -m"}, {"kind", kind}, {"gpus", json::array()}, {"pairs", json::array()}};
  for (std::size_t i = 0; i < nvlinks_up.size(); ++i)
    t["gpus"].push_back({{"index", static_cast<int>(i)}, {"nvlinks_up", nvlinks_up[i]}, {"nvlinks_to_switch", to_switch}});
  return t;
}

TEST(ScoreNvlinkSources, AnImportedStatusWithLinksDownIsDegraded) {
  GpuInfo g = gpu("Tesla V100-SXM2-32GB", 3);
  g.nvlink.links_queried = 6;
  g.nvlink.links_up = 4;
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "nvlink-degraded", 3);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->figures.at("links_expected"), 6);
}

TEST(ScoreNvlinkSources, AllInactiveOnAWiredBoardIsNoNvlink) {
  GpuInfo g = gpu("NVIDIA B200", 2);
  g.nvlink.extra = {{"all_inactive", true}};
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "no-nvlink", 2);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->figures.at("links_expected"), 18);  // NVLink 5: 1800 GB/s over 100 per link
}

TEST(ScoreNvlinkSources, BridgedH100PcieWithTwelveOfEighteenIsHealthy) {
  GpuInfo g0 = gpu("NVIDIA H100 PCIe", 0), g1 = gpu("NVIDIA H100 PCIe", 1);
  for (GpuInfo* g : {&g0, &g1}) g->nvlink.links_queried = 18, g->nvlink.links_up = 12;
  const Assessment a = score(doc_of({g0, g1}));
  EXPECT_EQ(find(a, "nvlink-degraded", 0), nullptr) << why(a);
  EXPECT_EQ(find(a, "nvlink-degraded", 1), nullptr) << why(a);
}

TEST(ScoreNvlinkSources, A3090PairWithThreeOfFourBridgeLinksIsDegraded) {
  // GA102 carries four half-width NVLink 3 links (112.5 GB/s): NV3 in topo -m is one missing.
  ResultDocument d = doc_of({gpu("NVIDIA GeForce RTX 3090", 0), gpu("NVIDIA GeForce RTX 3090", 1)});
  d.extra["topology"] = topology("nvlink-mesh", {3, 3});
  const Assessment a = score(d);
  const Finding* f = find(a, "nvlink-degraded", 0);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->figures.at("links_expected"), 4);
  d.extra["topology"] = topology("nvlink-mesh", {4, 4});
  EXPECT_EQ(find(score(d), "nvlink-degraded", 0), nullptr);
}

TEST(ScoreNvlinkSources, AnSxmRowWithNoNvlinkIsNoNvlinkButAPartialSumIsNotJudged) {
  ResultDocument d = doc_of({gpu("NVIDIA A100-SXM4-80GB", 0), gpu("NVIDIA A100-SXM4-80GB", 1)});
  d.extra["topology"] = topology("pcie", {0, 0});
  const Assessment a = score(d);
  EXPECT_NE(find(a, "no-nvlink", 0), nullptr) << why(a);
  // An AC922-like board: three links to the peer GPU, three to the CPU that topo -m does not show.
  d.extra["topology"] = topology("nvlink-partial", {3, 3});
  const Assessment b = score(d);
  EXPECT_EQ(find(b, "nvlink-degraded", 0), nullptr) << why(b);
  EXPECT_EQ(find(b, "no-nvlink", 0), nullptr) << why(b);
}

TEST(ScoreNvlinkSources, AFullNvswitchMatrixGivesLinksPerGpu) {
  std::vector<GpuInfo> gpus;
  for (int i = 0; i < 8; ++i) gpus.push_back(gpu("NVIDIA H100 80GB HBM3", i));
  ResultDocument d = doc_of(gpus);
  d.extra["topology"] = topology("nvswitch", std::vector<int>(8, 18), 18);
  const Assessment a = score(d);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(find(a, "nvlink-degraded", i), nullptr) << why(a);
    EXPECT_EQ(find(a, "no-nvlink", i), nullptr) << why(a);
  }
  d.extra["topology"] = topology("nvswitch", std::vector<int>(8, 12), 12);
  EXPECT_NE(find(score(d), "nvlink-degraded", 0), nullptr);
}

TEST(ScoreNvlinkSources, BridgeCardsWithoutBridgesAreLegitimate) {
  ResultDocument d = doc_of({gpu("NVIDIA RTX A6000", 0), gpu("NVIDIA RTX A6000", 1)});
  d.extra["topology"] = topology("pcie", {0, 0});
  const Assessment a = score(d);
  EXPECT_EQ(find(a, "no-nvlink", 0), nullptr) << why(a);
  EXPECT_EQ(find(a, "no-nvlink", 1), nullptr) << why(a);
}

// A bridge joins two cards: beside a bridged pair of its model, a third card has no partner to
// link to (siboehm/bench's three RTX A6000: GPU 2 "all links are inActive"), so it is not no-nvlink.
TEST(ScoreNvlinkSources, AThirdBridgeCardBesideABridgedPairIsNotNoNvlink) {
  GpuInfo g0 = gpu("NVIDIA RTX A6000", 0), g1 = gpu("NVIDIA RTX A6000", 1), g2 = gpu("NVIDIA RTX A6000", 2);
  for (GpuInfo* g : {&g0, &g1}) g->nvlink.links_queried = 4, g->nvlink.links_up = 4;
  g2.nvlink.extra = {{"all_inactive", true}};
  const Assessment a = score(doc_of({g0, g1, g2}));
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(find(a, "no-nvlink", i), nullptr) << why(a);
    EXPECT_EQ(find(a, "nvlink-degraded", i), nullptr) << why(a);
  }
  // The same cards with a link missing on the bridge are still judged.
  g1.nvlink.links_up = 3;
  EXPECT_NE(find(score(doc_of({g0, g1, g2})), "nvlink-degraded", 1), nullptr);
}

// Four cards, one pair bridged and the other not: the machine bridges its pairs, and the unlinked
// two could have been one, so both are no-nvlink (medium: the bridge is still optional).
TEST(ScoreNvlinkSources, AnUnbridgedPairBesideABridgedPairIsNoNvlink) {
  std::vector<GpuInfo> gpus;
  for (int i = 0; i < 4; ++i) gpus.push_back(gpu("NVIDIA RTX A6000", i));
  for (int i = 0; i < 2; ++i) gpus[i].nvlink.links_queried = 4, gpus[i].nvlink.links_up = 4;
  for (int i = 2; i < 4; ++i) gpus[i].nvlink.extra = {{"all_inactive", true}};
  const Assessment a = score(doc_of(gpus));
  EXPECT_EQ(find(a, "no-nvlink", 0), nullptr) << why(a);
  for (int i = 2; i < 4; ++i) {
    const Finding* f = find(a, "no-nvlink", i);
    ASSERT_NE(f, nullptr) << why(a);
    EXPECT_EQ(f->confidence, "medium");
  }
}

// A p2pBandwidthLatencyTest row as the importer writes it: one-way, peer access on, no expectation.
BenchmarkResult p2p_row(double gbs01, double gbs10) {
  BenchmarkResult b;
  b.name = "p2p/matrix";
  b.unit = "GB/s";
  b.status = "ok";
  b.samples = {gbs01, gbs10};
  b.summary = summarize(b.samples);
  b.params = {{"peer_access", true}, {"direction", "one-way"}, {"gpus", 2}};
  b.extra["pairs"] = json::array({{{"src", 0}, {"dst", 1}, {"gbs", gbs01}}, {{"src", 1}, {"dst", 0}, {"gbs", gbs10}}});
  return b;
}

TEST(ScoreNvlinkSources, ABridgedPairIsExpectedAtItsNvlinkRateAndTheSlowestPairIsNamed) {
  // Two H100 PCIe joined by three bridges (NV12): 12 links x 25 GB/s x the share a peer copy reaches
  // on NVLink 4 (376 of 450 on HGX H100) - not the PCIe Gen5 profile's 50 GB/s.
  ResultDocument d = doc_of({gpu("NVIDIA H100 PCIe", 0), gpu("NVIDIA H100 PCIe", 1)});
  d.extra["topology"] = {{"source", "nvidia-smi topo -m"}, {"kind", "nvlink-mesh"},
                         {"gpus", json::array({{{"index", 0}, {"nvlinks_up", 12}}, {{"index", 1}, {"nvlinks_up", 12}}})},
                         {"pairs", json::array({{{"a", 0}, {"b", 1}, {"label", "NV12"}, {"nvlinks", 12}}})}};
  d.benchmarks.push_back(p2p_row(256.6, 257.0));
  const Assessment ok = score(d);
  EXPECT_NE(find(ok, "healthy", std::nullopt), nullptr) << why(ok);
  bool derived = false;
  for (const auto& f : ok.findings)
    for (const auto& e : f.evidence) derived |= e.find("NV12 between the weakest pair") != std::string::npos;
  EXPECT_TRUE(derived) << why(ok);
  // 60 GB/s is fine for PCIe Gen5 but a quarter of what twelve links give: the fabric is slow.
  d.benchmarks[0] = p2p_row(60.0, 250.0);
  const Assessment slow = score(d);
  const Finding* f = find(slow, "nvlink-degraded", std::nullopt);
  ASSERT_NE(f, nullptr) << why(slow);
  bool named = false;
  for (const auto& e : f->evidence) named |= e.find("slowest pair: GPU 0 -> GPU 1") != std::string::npos;
  EXPECT_TRUE(named) << why(slow);
}

}  // namespace

// ---- links down from nvidia-smi state alone (documents holding no gpuaudit figure) ----
namespace {

namespace evidence_cases {

using namespace gpuaudit::evidence_docs;
using gpuaudit::evidence_docs::find;  // over this file's own find(a, id, gpu)

TEST(EvidenceNvlink, AllLinksDownOnOneGpuOfAnHgxBox) {
  // nvidia-smi -q of GPU 3 alone: an SXM board with every link down.
  GpuInfo g = h100_sxm(3);
  g.nvlink.links_up = 0;
  const Assessment a = score(doc_of({g}));
  const Finding* f = find(a, "no-nvlink", 3);
  ASSERT_NE(f, nullptr) << why(a);
  EXPECT_EQ(f->confidence, "high");
  // A one-GPU VM of an HGX board, with no sign of peers, has nothing to talk to: not judged.
  GpuInfo lone = h100_sxm(0);
  lone.nvlink.links_up = 0;
  EXPECT_EQ(find(score(doc_of({lone})), "no-nvlink"), nullptr);
}

TEST(EvidenceNvlink, LinksDownFromStateAlone) {
  GpuInfo g0 = h100_sxm(0), g1 = h100_sxm(1);
  g1.nvlink.links_up = 12;
  const Assessment a = score(doc_of({g0, g1}));
  EXPECT_NE(find(a, "nvlink-degraded", 1), nullptr) << why(a);
}

}  // namespace evidence_cases

}  // namespace
