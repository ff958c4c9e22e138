// Whose the processes on a watched GPU are, and the `shared` diagnosis (watch/gpu_tenants.hpp).
#include "watch/gpu_tenants.hpp"

#include "host/process_tree.hpp"
#include "watch/child_job.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

namespace gpuaudit {
namespace {

GpuProcess listed(std::int64_t pid, const char* type, std::uint64_t bytes = 0) {
  GpuProcess p;
  p.pid = pid, p.type = type, p.name = "p" + std::to_string(pid);
  if (bytes) p.used_memory_bytes = bytes;
  return p;
}

TEST(GpuTenants, TheJobsTreeIsKnownByItsIdsHere) {
  std::string why;
  const auto job = start_job({"sh", "-c", "sleep 2 & sleep 2; wait"}, false, why);
  ASSERT_TRUE(job) << why;
  ::usleep(200 * 1000);
  const auto ids = job_process_ids(job_host_ids(process_trees({job->pid})));
  EXPECT_TRUE(ids.count(job->pid));
  EXPECT_GE(ids.size(), 2u);  // the shell and its sleeps
  EXPECT_FALSE(ids.count(::getpid()));
  ::kill(job->pid, SIGKILL);
  (void)job_status(job->pid);
  EXPECT_TRUE(job_process_ids({}).empty());
}

TEST(GpuTenants, ProcessesAreCountedPerIntervalAndTheJobsAreMarked) {
  WatchGpuTimeline g;
  g.gpu = 1;
  note_gpu_processes(g, {listed(100, "C", 1 << 20), listed(200, "G")}, {}, 0);
  note_gpu_processes(g, {listed(100, "C", 3 << 20), listed(300, "C")}, {300}, 0.5);
  ASSERT_EQ(g.processes.size(), 3u);
  EXPECT_EQ(g.processes[0].intervals, 2);
  EXPECT_EQ(*g.processes[0].max_memory_bytes, 3u << 20);
  EXPECT_DOUBLE_EQ(g.processes[0].last_t_s, 0.5);
  EXPECT_FALSE(g.processes[0].job);
  EXPECT_TRUE(g.processes[2].job);
  EXPECT_DOUBLE_EQ(g.processes[2].first_t_s, 0.5);
}

TEST(GpuTenants, AComputeProcessThereBeforeTheJobSharesTheGpu) {
  WatchGpuTimeline g;
  g.gpu = 0;
  g.points.resize(4);
  note_gpu_processes(g, {listed(100, "C", 20ull << 30), listed(200, "G")}, {}, 0);  // before the job
  for (double t : {0.5, 1.0, 1.5}) note_gpu_processes(g, {listed(100, "C"), listed(300, "C")}, {300}, t);
  const auto d = shared_gpu(g);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->id, "shared");
  EXPECT_EQ(d->cause, "before-the-job");
  EXPECT_EQ(*d->gpu, 0);
  EXPECT_DOUBLE_EQ(d->share, 1.0);
  ASSERT_EQ(d->evidence.size(), 1u);  // the job's 300 and the display's 200 are not named
  EXPECT_NE(d->evidence[0].find("p100 (pid 100, 20.0 GiB), type C, listed in 4 of 4 intervals"), std::string::npos)
      << d->evidence[0];
}

// An encoder-only tenant (NVML's encoder sessions; no compute context) shares the GPU's NVENC.
TEST(GpuTenants, AnEncoderSessionThereBeforeTheJobSharesTheGpu) {
  WatchGpuTimeline g;
  g.points.resize(2);
  note_gpu_processes(g, {listed(500, "E")}, {}, 0);
  note_gpu_processes(g, {listed(500, "E"), listed(300, "C")}, {300}, 0.5);
  const auto d = shared_gpu(g);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, "before-the-job");
  EXPECT_NE(d->evidence[0].find("a video encoder session), type E"), std::string::npos) << d->evidence[0];
}

TEST(GpuTenants, OneThatAppearedIsSaidAsPossiblyTheJobsOwn) {
  WatchGpuTimeline g;
  note_gpu_processes(g, {listed(300, "C")}, {300}, 0);
  note_gpu_processes(g, {listed(300, "C"), listed(400, "C")}, {300}, 1);
  const auto d = shared_gpu(g);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cause, "appeared");
  EXPECT_NE(d->summary.find("docker run"), std::string::npos);
}

TEST(GpuTenants, OnlyTheJobAndADisplayServerIsNotShared) {
  WatchGpuTimeline g;
  note_gpu_processes(g, {listed(200, "G")}, {}, 0);
  note_gpu_processes(g, {listed(200, "G"), listed(300, "C")}, {300}, 1);
  EXPECT_FALSE(shared_gpu(g));
  EXPECT_FALSE(shared_gpu(WatchGpuTimeline{}));
}

}  // namespace
}  // namespace gpuaudit
