// Unit tests of the nccl-tests parser (src/import/formats/parse_nccl_tests.cpp): runs that stopped,
// failures under a header, odd headers and counts.
#include "baselines/baseline_set.hpp"
#include "core/error.hpp"
#include "core/kernel_event.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/text/smi_command_line.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "unit/support/import_test_support.hpp"
#include "unit/support/repo_baselines.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;
namespace fs = std::filesystem;

const fs::path kData = fs::path(GPUAUDIT_TEST_DATA) / "imports";

Assessment score(const ResultDocument& doc) { return assess(doc, reference_lookup(repo_baselines()), repo_baselines().version, Thresholds{}); }

bool has(const Assessment& a, const std::string& id, std::optional<int> gpu = std::nullopt) {
  return std::any_of(a.findings.begin(), a.findings.end(),
                     [&](const Finding& f) { return f.id == id && (!gpu || f.gpu == gpu); });
}

std::vector<std::string> notes(const Assessment& a) {
  std::vector<std::string> out;
  if (a.extra.is_object() && a.extra.contains("notes"))
    for (const auto& n : a.extra["notes"]) out.push_back(n.get<std::string>());
  return out;
}

TEST(ScoreStoppedRows, AMeasurementThatStoppedIsANoteNamingItsError) {
  // A real nccl-tests paste (NVIDIA/nccl-tests #5, fixture) that stopped before its first row.
  const auto doc = import_files({(kData / "nccl-tests" / "p100-x8-nccl1-unhandled-cuda-error.txt").string()}, {}, nullptr);
  const auto a = score(doc);
  const auto n = notes(a);
  EXPECT_TRUE(std::any_of(n.begin(), n.end(), [](const std::string& s) {
    return s.find("nccl/allreduce has no figure: it stopped with an error") != std::string::npos &&
           s.find("unhandled cuda error") != std::string::npos && s.find("line 16") != std::string::npos;
  })) << (n.empty() ? std::string("no notes") : n.front());
  EXPECT_EQ(assessment_exit_code(a), 6);  // still inconclusive: a tool's failure is not the card's
}

TEST(ImportNcclTests, RanksAreAtLeastTheHighestRankShownAndTheirNodesUnknownWhenLinesWereCut) {
  // The real GB200 NVL72 paste (coreweave/nccl-tests#43) kept only "#  Rank 71 ... device  3": 72
  // ranks ran, not one, and on how many nodes the paste does not say.
  const auto raw = read_bytes(fs::path(GPUAUDIT_TEST_DATA) / "real-world" / "gb200-nvl72-72-ranks-all-reduce-745" / "all_reduce.txt");
  ASSERT_FALSE(raw.empty());
  const auto p = import_test::parse_as("nccl-tests", raw);
  ASSERT_FALSE(p.benchmarks.empty());
  for (const auto& b : p.benchmarks) {
    EXPECT_EQ(b.params.value("gpus", 0), 72);
    EXPECT_EQ(b.params.value("scope", std::string()), "unknown");
    EXPECT_FALSE(b.params.contains("nodes"));
    EXPECT_TRUE(b.extra.value("gpus_from_highest_rank", false));
  }
}

TEST(ImportNcclTests, EveryRankLineShownIsNotACut) {
  const std::string raw =
      "$ ./build/all_reduce_perf -b 8 -e 8 -g 2\n"
      "# nThread 1 nGpus 2 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
      "#  Rank  0 Group  0 Pid 1147481 on h1 device  0 [0x0f] NVIDIA H200\n"
      "#  Rank  1 Group  0 Pid 1147481 on h1 device  1 [0x34] NVIDIA H200\n"
      "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
      "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
      "           8             2     float     sum      -1    12.90    0.00    0.00      0    12.87    0.00    0.00      0\n";
  const auto p = import_test::parse_as("nccl-tests", raw);
  ASSERT_FALSE(p.benchmarks.empty());
  EXPECT_EQ(p.benchmarks[0].params.value("gpus", 0), 2);
  EXPECT_EQ(p.benchmarks[0].params.value("scope", std::string()), "node");
  EXPECT_FALSE(p.benchmarks[0].extra.contains("gpus_from_highest_rank"));
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::parse_as;

TEST(ImportNcclTests, ARunStoppedBeforeItsTableIsReadAndTheFailureKept) {
  // https://github.com/NVIDIA/nccl-tests/issues/219 (verbatim excerpt): two nodes, then the failure.
  const std::string raw =
      "# nThread 1 nGpus 2 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 0 graph: 0\n"
      "#\n"
      "# Using devices\n"
      "#  Rank  0 Group  0 Pid 3740409 on fengyun416 device  0 [0x01] NVIDIA RTX A6000\n"
      "#  Rank  1 Group  0 Pid 3740409 on fengyun416 device  1 [0x07] NVIDIA RTX A6000\n"
      "#  Rank  2 Group  0 Pid 3164639 on    fengyun device  0 [0x01] NVIDIA RTX A6000\n"
      "#  Rank  3 Group  0 Pid 3164639 on    fengyun device  1 [0x05] NVIDIA RTX A6000\n"
      "fengyun: Test NCCL failure common.cu:959 'internal error - please report this issue to the NCCL developers / '\n"
      " .. fengyun pid 3164639: Test failure common.cu:844\n";
  EXPECT_EQ(detected(raw), "nccl-tests");
  const auto p = parse_as("nccl-tests", raw);
  ASSERT_EQ(p.gpus.size(), 2u);  // the first host's
  EXPECT_EQ(p.gpus[1].name, "NVIDIA RTX A6000");
  ASSERT_EQ(p.benchmarks.size(), 1u);
  EXPECT_EQ(p.benchmarks[0].status, "error");
  EXPECT_NE(p.benchmarks[0].message.find("Test NCCL failure common.cu:959 'internal error"), std::string::npos);
  EXPECT_NE(p.benchmarks[0].message.find("internal error"), std::string::npos);
}

TEST(ImportNcclTests, ANccl1FailureUnderItsHeaderIsAnErrorRowOfItsCollective) {
  // https://github.com/NVIDIA/nccl-tests/issues/5 (verbatim excerpt, NCCL 1.0 layout)
  const std::string raw =
      "root@node03:~/nvidia/nccl/nccl-tests# ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 8\n"
      "nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 validation: 1\n"
      "# NCCL Tests compiled with NCCL 1.0\n"
      "# Using devices\n"
      "#   Rank  0 on     node03 device  0 [0x00] Tesla P100-PCIE-16GB\n"
      "#   Rank  1 on     node03 device  1 [0x00] Tesla P100-PCIE-16GB\n"
      "\n"
      "#                                                 out-of-place                    in-place\n"
      "#      bytes             N    type      op     time  algbw  busbw      res     time  algbw  busbw      res\n"
      "NCCL failure all_reduce.cu:95 'unhandled cuda error'\n";
  const auto p = parse_as("nccl-tests", raw);
  ASSERT_EQ(p.benchmarks.size(), 1u);
  EXPECT_EQ(p.benchmarks[0].name, "nccl/allreduce");
  EXPECT_EQ(p.benchmarks[0].status, "error");
  EXPECT_NE(p.benchmarks[0].message.find("unhandled cuda error"), std::string::npos);
}

TEST(ImportNcclTests, AHeaderWithoutNThreadIsStillAHeader) {
  // https://github.com/scitix/sichek/issues/52 (verbatim excerpt): "nGpus(perProc)" leads the line.
  const std::string raw =
      "== Run 8 GPU nccl all_reduce test ==\n"
      "# nGpus(perProc) 8 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
      "#\n"
      "# Using devices\n"
      "#  Rank  0 Group  0 Pid 1147481 on lh-g23-297 device  0 [0x0f] NVIDIA H200\n"
      "#  Rank  1 Group  0 Pid 1147481 on lh-g23-297 device  1 [0x34] NVIDIA H200\n";
  EXPECT_EQ(detected(raw), "nccl-tests");
  const auto p = parse_as("nccl-tests", raw);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[1].name, "NVIDIA H200");
}

TEST(ImportNcclTests, AWrongCountPastLongLongIsSaidNotCast) {
  // synthetic: what the 60 s fuzz run of parse_nccl_tests found (the #wrong sum cast to long long
  // overflowed, undefined behaviour); the row is one real layout with a made-up count.
  const std::string raw =
      "$ ./build/all_reduce_perf -b 8 -e 8 -g 2\n"
      "# nThread 1 nGpus 2 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
      "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
      "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
      "           8             2     float     sum      -1    12.90    0.00    0.00  7e111    12.87    0.00    0.00      0\n";
  const auto p = parse_as("nccl-tests", raw);
  ASSERT_FALSE(p.benchmarks.empty());
  EXPECT_EQ(p.benchmarks[0].status, "check-failed");
  EXPECT_NE(p.benchmarks[0].message.find("more than 9e18"), std::string::npos) << p.benchmarks[0].message;
}

}  // namespace
}  // namespace gpuaudit::imports
