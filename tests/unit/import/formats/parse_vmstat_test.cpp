// Unit tests of the vmstat parser (src/import/formats/parse_vmstat.cpp) and how the host CPU rows it gives
// are judged.
#include "baselines/baseline_set.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

using import_test::detected;

ImportPart parse_as(const char* format, const std::string& raw) { return import_test::parse_as(format, raw, "host.txt"); }

const BenchmarkResult* row(const ImportPart& p, const std::string& name) {
  for (const auto& b : p.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

const char* kVmstatHeader =
    "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
    " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n";

TEST(ImportHostCpu, VmstatCountsIntervalsNotTheSinceBootLineAndSeesANewInvocation) {
  const std::string raw = std::string("$ vmstat 2 3\n") + kVmstatHeader +
                          " 1  0      0 800000   2000 700000    0    0     1     3   29   57  2  1 96  0  1\n"
                          " 9  0      0 800000   2000 700000    0    0     0     0   41   84 60 10  5  0 25\n"
                          " 8  0      0 800000   2000 700000    0    0     0     0   41   84 62 10  7  0 21\n" +
                          "$ vmstat 2 2\n" + kVmstatHeader +
                          " 1  0      0 800000   2000 700000    0    0     1     3   29   57  2  1 96  0  1\n"
                          " 7  1      0 800000   2000 700000    0    0     0     0   41   84 60 10  7  4 19\n";
  EXPECT_EQ(detected(raw), "vmstat");
  const auto p = parse_as("vmstat", raw);
  const auto* st = row(p, "host/steal");
  ASSERT_NE(st, nullptr);
  EXPECT_EQ(st->params["windows"], 3);  // 25, 21, 19: both since-boot lines left out
  EXPECT_EQ(st->params["invocations"], 2);
  EXPECT_DOUBLE_EQ(st->derived.at("whole_run_pct"), (25.0 + 21 + 19) / 3);
  EXPECT_DOUBLE_EQ(st->derived.at("first_report_pct"), 1);
  EXPECT_DOUBLE_EQ(st->params["interval_s"].get<double>(), 2);
  EXPECT_DOUBLE_EQ(st->params["run_queue_max"].get<double>(), 9);
  const auto* io = row(p, "host/iowait");
  ASSERT_NE(io, nullptr);
  EXPECT_NEAR(io->derived.at("whole_run_pct"), 4.0 / 3, 1e-9);
}

TEST(ImportHostCpu, VmstatWithoutStealColumnGivesOnlyIowait) {
  // procps before 3.2.x: no st column.
  const std::string raw =
      "procs -----------memory---------- ---swap-- -----io---- --system-- ----cpu----\n"
      " r  b   swpd   free   buff  cache   si   so    bi    bo   in    cs us sy id wa\n"
      " 0  1  24980  10792   8296  47316    5   19   205    52 1161   698 26  3  1 70\n";
  const auto p = parse_as("vmstat", raw);
  EXPECT_EQ(row(p, "host/steal"), nullptr);
  ASSERT_NE(row(p, "host/iowait"), nullptr);
  EXPECT_DOUBLE_EQ(*row(p, "host/iowait")->value(), 70);
  EXPECT_FALSE(p.warnings.empty());
}

ResultDocument scored(const std::string& raw, const char* name) {
  const std::string path = ::testing::TempDir() + name;
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(raw.data(), 1, raw.size(), f);
    std::fclose(f);
  }
  ResultDocument doc = import_files({path}, {}, nullptr);
  const BaselineSet set = load_baselines(std::filesystem::path(GPUAUDIT_SOURCE_DIR) / "baselines");
  score_document(doc, reference_lookup(set), set.version, Thresholds{});
  return doc;
}

const Finding* host_bound(const ResultDocument& doc) {
  for (const auto& f : doc.assessment->findings)
    if (f.id == "host-bound") return &f;
  return nullptr;
}

TEST(ImportHostCpu, ImportedStealIsJudgedLikeMeasuredStealAndASnapshotIsNeverHigh) {
  const std::string run = std::string(kVmstatHeader) +
                          " 1  0      0 800000   2000 700000    0    0     1     3   29   57  2  1 96  0  1\n"
                          " 9  0      0 800000   2000 700000    0    0     0     0   41   84 60 10  5  0 25\n"
                          " 8  0      0 800000   2000 700000    0    0     0     0   41   84 62 10  7  0 21\n";
  const auto a = scored(run, "vmstat-run.txt");
  const Finding* f = host_bound(a);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "high");  // 23% > 2 x 5%
  const std::string once = std::string(kVmstatHeader) +
                           " 1  0      0 800000   2000 700000    0    0     1     3   29   57 60  1 19  0 20\n";
  const auto b = scored(once, "vmstat-once.txt");
  f = host_bound(b);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->confidence, "medium");  // since boot: a reading, not a run
}

TEST(ImportHostCpu, ABusyUnstolenHostIsANoteNotHostBound) {
  const std::string busy = std::string(kVmstatHeader) +
                           " 1  0      0 800000   2000 700000    0    0     1     3   29   57  2  1 96  0  0\n"
                           "17  0      0 800000   2000 700000    0    0     0     0   41   84 95  5  0  0  0\n"
                           "16  0      0 800000   2000 700000    0    0     0     0   41   84 94  6  0  0  0\n";
  const auto doc = scored(busy, "vmstat-busy.txt");
  EXPECT_EQ(host_bound(doc), nullptr);
  const json notes = doc.assessment->extra.value("notes", json::array());
  bool said = false;
  for (const auto& n : notes) said = said || n.get<std::string>().find("a busy host, not a starved one") != std::string::npos;
  EXPECT_TRUE(said) << notes.dump();
  // An idle machine: neither host-bound nor a note.
  const std::string idle = std::string(kVmstatHeader) +
                           " 0  0      0 800000   2000 700000    0    0     1     3   29   57  0  0 100  0  0\n"
                           " 0  0      0 800000   2000 700000    0    0     0     0   41   84  0  0 100  0  0\n";
  const auto quiet = scored(idle, "vmstat-idle.txt");
  EXPECT_EQ(host_bound(quiet), nullptr);
  for (const auto& n : quiet.assessment->extra.value("notes", json::array()))
    EXPECT_EQ(n.get<std::string>().find("host/"), std::string::npos) << n;
}

}  // namespace
}  // namespace gpuaudit::imports
