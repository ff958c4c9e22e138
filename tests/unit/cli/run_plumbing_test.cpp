// cli/run_plumbing: what `run` and `soak` share, seen through the binary (the helpers are linked
// into gpuaudit only): --gpus takes indices and names a bad entry, --tag takes key=value, both
// before anything is measured or written.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace gpuaudit {
namespace {

TEST(RunPlumbing, GpusTakesIndicesAndNamesTheBadEntry) {
  ScratchDir tmp("plumbing-gpus");
  for (const char* cmd : {"run", "soak"}) {
    const auto r = run_gpuaudit({cmd, "--gpus", "0,x", "-o", tmp.file("x.json")});
    EXPECT_EQ(r.exit_code, 2) << cmd << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "--gpus takes GPU indices like 0,1,3 (nvidia-smi's order), UUIDs")) << cmd << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "not \"x\"")) << cmd << ": " << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(tmp.file("x.json")));
}

TEST(RunPlumbing, TagTakesKeyEqualsValue) {
  ScratchDir tmp("plumbing-tag");
  const auto r = run_gpuaudit({"run", "--only", "host/steal", "--tag", "novalue", "-o", tmp.file("x.json")});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "--tag takes key=value, not \"novalue\"")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(tmp.file("x.json")));
}

}  // namespace
}  // namespace gpuaudit
