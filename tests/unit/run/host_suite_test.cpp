// The "host" suite of `gpuaudit run` (host_suite.cpp), reached through the suite registry: its two
// halves, what --only selects of it, the disk check without --disk, a tiny CPU run with its
// planned steps, and steal/iowait recorded by the late half over the run.
#include "run/suite.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

namespace gpuaudit {
namespace {

const Suite& host_half(int order) {
  for (const Suite& s : suite_registry())
    if (s.name == "host" && s.order == order) return s;
  throw std::runtime_error("no host suite of order " + std::to_string(order));
}

struct Listener : ProgressListener {
  std::vector<std::string> planned, started, notes;
  void steps_planned(const std::vector<PlannedStep>& steps) override {
    for (const auto& s : steps) planned.push_back(s.label);
  }
  void step_started(const std::string& label) override { started.push_back(label); }
  void note(const std::string& line) override { notes.push_back(line); }
};

// Both halves run with `only`, as `run` runs them: the early one, then the late one.
struct HostRun {
  RunOptions options;
  ResultDocument doc;
  std::atomic<bool> interrupted{false};
  int checkpoints = 0;
  Listener listener;

  explicit HostRun(std::vector<std::string> only) { options.only = std::move(only); }
  void run() {
    for (int order : {10, 1000}) {
      RunContext ctx(options, doc, [this] { ++checkpoints; }, interrupted);
      ctx.set_listener(&listener);
      host_half(order).run(ctx);
    }
  }
  const BenchmarkResult* row(const std::string& name) const {
    for (const auto& b : doc.benchmarks)
      if (b.name == name) return &b;
    return nullptr;
  }
};

TEST(HostSuite, TwoHalvesFirstAndLastWithTheSameFigures) {
  const Suite& early = host_half(10);
  const Suite& late = host_half(1000);
  EXPECT_FALSE(early.needs_gpu);
  EXPECT_FALSE(late.needs_gpu);
  EXPECT_FALSE(early.runs_after_interrupt);
  EXPECT_TRUE(late.runs_after_interrupt);  // stops the /proc/stat reader the early half started
  const auto names = early.measurements();
  EXPECT_EQ(names, late.measurements());
  for (const char* n : {"host/cpu_single", "host/membw", "host/decode_all", "host/disk_rand_read", "host/steal", "host/iowait"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  EXPECT_TRUE(suite_selected(early, {"host/disk"}));
  EXPECT_FALSE(suite_selected(early, {"hbm"}));
}

TEST(HostSuite, DiskWithoutAFolderIsSkippedAndSaysWhy) {
  HostRun r({"host/disk"});
  r.run();
  ASSERT_EQ(r.doc.benchmarks.size(), 2u);  // nothing else selected: no CPU, decode or steal rows
  for (const char* n : {"host/disk_seq_read", "host/disk_rand_read"}) {
    const BenchmarkResult* b = r.row(n);
    ASSERT_NE(b, nullptr) << n;
    EXPECT_EQ(b->status, "skipped");
    EXPECT_FALSE(b->gpu.has_value());
  }
  EXPECT_EQ(r.checkpoints, 2);  // saved after every row
  EXPECT_TRUE(r.listener.planned.empty());
  ASSERT_EQ(r.listener.notes.size(), 1u);
  EXPECT_NE(r.listener.notes[0].find("--disk PATH"), std::string::npos) << r.listener.notes[0];
}

TEST(HostSuite, ACpuRunPlansItsStepAndRecordsBothFigures) {
  HostRun r({"host/cpu_single", "host/cpu_all"});
  r.run();
  ASSERT_EQ(r.listener.planned.size(), 1u);
  EXPECT_EQ(r.listener.planned[0].rfind("host/cpu: single core and ", 0), 0u) << r.listener.planned[0];
  EXPECT_EQ(r.listener.started, r.listener.planned);
  ASSERT_EQ(r.doc.benchmarks.size(), 2u);
  ASSERT_NE(r.row("host/cpu_single"), nullptr);
  ASSERT_NE(r.row("host/cpu_all"), nullptr);
  EXPECT_EQ(r.row("host/cpu_single")->status, "ok") << r.row("host/cpu_single")->message;
  EXPECT_EQ(r.row("host/cpu_single")->samples.size(), 5u);  // quick: 5 samples
}

TEST(HostSuite, AnInterruptedRunMeasuresNothing) {
  HostRun r({"host/cpu", "host/disk"});
  r.interrupted = true;
  r.run();
  EXPECT_TRUE(r.doc.benchmarks.empty());
  EXPECT_TRUE(r.listener.started.empty());
}

TEST(HostSuite, StealAndIowaitCoverTheRunFromTheEarlyToTheLateHalf) {
  // A run of nothing else ends within a tick: the late half samples /proc/stat for 3 s first.
  HostRun r({"host/steal"});
  r.run();
  ASSERT_NE(r.row("host/steal"), nullptr);
  ASSERT_NE(r.row("host/iowait"), nullptr);  // selected with host/steal
  EXPECT_EQ(r.row("host/steal")->status, "ok") << r.row("host/steal")->message;
  EXPECT_GE(r.row("host/steal")->derived.at("whole_run_pct"), 0.0);
  EXPECT_EQ(r.doc.benchmarks.size(), 2u);
  ASSERT_FALSE(r.listener.notes.empty());
  EXPECT_NE(r.listener.notes.back().find("sampling /proc/stat"), std::string::npos) << r.listener.notes.back();
}

}  // namespace
}  // namespace gpuaudit
