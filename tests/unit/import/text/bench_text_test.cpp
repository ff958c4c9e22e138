// Unit tests of the text scanners the benchmark-output parsers share (src/import/text/bench_text.cpp):
// lines, blank-separated tokens, whole-token numbers, mpirun/srun tags, and the -j JSON reader.
#include "import/text/bench_text.hpp"
#include "import/import.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuaudit::imports::bench {
namespace {

std::vector<std::string> strings(const std::vector<std::string_view>& v) { return {v.begin(), v.end()}; }

TEST(BenchText, LinesAndTokens) {
  EXPECT_EQ(strings(split_lines("a\nb\n\nc")), (std::vector<std::string>{"a", "b", "", "c"}));
  EXPECT_EQ(strings(split_ws("  8   33554432\t float  sum ")), (std::vector<std::string>{"8", "33554432", "float", "sum"}));
  EXPECT_TRUE(split_ws(" \t ").empty());
  EXPECT_EQ(trim("  x y \t"), "x y");
  EXPECT_TRUE(starts_with("# nThread 1", "# nThread"));
  EXPECT_FALSE(starts_with("#", "# nThread"));
  EXPECT_TRUE(contains("Avg bus bandwidth", "bus"));
  EXPECT_EQ(after("Device: 0, NVIDIA A100", "Device:").value_or("?"), "0, NVIDIA A100");
  EXPECT_FALSE(after("no key here", "Device:"));
}

TEST(BenchText, NumbersAreWholeTokens) {
  EXPECT_DOUBLE_EQ(to_double("12.5").value_or(0), 12.5);
  EXPECT_DOUBLE_EQ(to_double("1e-05").value_or(0), 1e-05);
  EXPECT_DOUBLE_EQ(to_double("-1").value_or(0), -1);
  EXPECT_FALSE(to_double("N/A"));
  EXPECT_FALSE(to_double("12.5x"));
  EXPECT_FALSE(to_double(""));
  EXPECT_EQ(to_int("33554432").value_or(0), 33554432);
  EXPECT_FALSE(to_int("3.5"));
  EXPECT_FALSE(to_int("99999999999999999999999"));  // past long long: no value, no wrap
}

TEST(BenchText, MpiAndSrunTagsAreStrippedButNotBusIds) {
  EXPECT_EQ(strip_mpi_tags("[1,0]<stdout>:#  Rank  0 Pid 1 on node1 device  0 [0x18] NVIDIA A100"),
            "#  Rank  0 Pid 1 on node1 device  0 [0x18] NVIDIA A100");
  EXPECT_EQ(strip_mpi_tags("  0: # nThread 1 nGpus 1"), "# nThread 1 nGpus 1");
  EXPECT_EQ(strip_mpi_tags("[0] 8 2 float sum"), " 8 2 float sum");
  // NCCL's own "[0]" device index is not a tag.
  EXPECT_EQ(strip_mpi_tags("node1:12:12 [0] NCCL INFO Bootstrap"), "node1:12:12 [0] NCCL INFO Bootstrap");
  EXPECT_EQ(strip_mpi_tags(""), "");
}

TEST(BenchText, ImportRowAndSingleFigure) {
  const SourceRef src{"nccl-tests", "2.13.9", "run.txt", 0};
  BenchmarkResult r = import_row("nccl/allreduce", 3, "GB/s", src, 42);
  EXPECT_EQ(r.name, "nccl/allreduce");
  EXPECT_EQ(r.gpu, 3);
  EXPECT_EQ(r.unit, "GB/s");
  EXPECT_EQ(r.extra.at("source").at("line"), 42);
  EXPECT_EQ(r.extra.at("source").at("file"), "run.txt");
  set_single_figure(r, 231.5);
  EXPECT_EQ(r.status, "ok");
  ASSERT_TRUE(r.summary);
  EXPECT_DOUBLE_EQ(r.summary->median, 231.5);
  EXPECT_DOUBLE_EQ(r.summary->min, 231.5);
  EXPECT_DOUBLE_EQ(r.summary->max, 231.5);
  EXPECT_DOUBLE_EQ(r.value().value_or(0), 231.5);
}

TEST(BenchText, NvlinkExtraKeepsErrorsInLinkOrderAndIsNullWhenEmpty) {
  NvlinkInfo none;
  none.extra = json::object();
  finish_nvlink_extra(none, {});
  EXPECT_TRUE(none.extra.is_null());

  NvlinkInfo nv;
  nv.extra = json::object();
  nv.extra["links"] = json::array({{{"link", 0}}});
  finish_nvlink_extra(nv, {{3, {{"link", 3}, {"replay_errors", 1}}}, {0, {{"link", 0}, {"replay_errors", 0}}}});
  ASSERT_TRUE(nv.extra.contains("errors"));
  ASSERT_EQ(nv.extra["errors"].size(), 2u);
  EXPECT_EQ(nv.extra["errors"][0]["link"], 0);
  EXPECT_EQ(nv.extra["errors"][1]["replay_errors"], 1);
  EXPECT_TRUE(nv.extra.contains("links"));
}

TEST(BenchText, JsonCutHalfwayIsSkippedWithAValidReason) {
  ImportPart part;
  const auto ok = parse_json_or_skip(R"({"a": [1, 2]})", part);
  ASSERT_TRUE(ok);
  EXPECT_EQ((*ok)["a"][1], 2);
  EXPECT_TRUE(part.skipped.empty());
  const auto cut = parse_json_or_skip("{\"a\": [1, \"\xc3", part);
  EXPECT_FALSE(cut);
  ASSERT_EQ(part.skipped.size(), 1u);
  EXPECT_EQ(normalize_text(part.skipped[0]), part.skipped[0]);  // valid UTF-8 whatever was cut
}

}  // namespace
}  // namespace gpuaudit::imports::bench
