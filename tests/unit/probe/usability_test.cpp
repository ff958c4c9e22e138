// The version/architecture decision table: driver CUDA version x runtime version x compute
// capability x device code in the binary -> run, or which message.
#include "probe/usability.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

namespace {

// What the two CI builds contain (the arch lists their logs print).
BuildTargets cuda13_build() {
  BuildTargets b;
  b.runtime_version = 13000;
  parse_cmake_archs("75-real,80-real,86-real,89-real,90-real,100-real,120-real,120-virtual", b);
  return b;
}

BuildTargets cuda129_build() {
  BuildTargets b;
  b.runtime_version = 12090;
  parse_cmake_archs("52-real,60-real,70-real,75-real,80-real,86-real,89-real,90", b);
  return b;
}

BuildTargets build_of(int runtime, const std::string& archs) {
  BuildTargets b;
  b.runtime_version = runtime;
  parse_cmake_archs(archs, b);
  return b;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(Usability, Driver535WithCuda13BuildIsTooOldAndNames580) {
  const Usability u = decide_usability(12020, cuda13_build(), 9, 0, "535.183.01");
  EXPECT_EQ(u.state, "driver-too-old");
  EXPECT_TRUE(has(u.message, "driver 535.183.01 supports CUDA 12.2")) << u.message;
  EXPECT_TRUE(has(u.message, "CUDA 13.0")) << u.message;
  EXPECT_TRUE(has(u.message, ">= 580.65.06")) << u.message;
  EXPECT_TRUE(has(u.message, "scripts/build/build-cuda12.sh")) << u.message;  // which toolkit to build with
  EXPECT_EQ(u.message.find('\n'), std::string::npos);
}

TEST(Usability, Driver570RunsCuda129OnV100ByMinorVersionCompatibility) {
  const Usability u = decide_usability(12080, cuda129_build(), 7, 0, "570.124.06");
  EXPECT_EQ(u.state, "ok");
  EXPECT_FALSE(u.via_ptx_jit);
  EXPECT_TRUE(u.message.empty());
}

TEST(Usability, Driver535RunsCuda129TooMinorVersionCompatibility) {
  EXPECT_EQ(decide_usability(12020, cuda129_build(), 7, 5, "535.183.01").state, "ok");
}

TEST(Usability, P100WithCuda13BuildNeedsTheCuda12Build) {
  const Usability u = decide_usability(13000, cuda13_build(), 6, 0, "580.82.07");
  EXPECT_EQ(u.state, "no-kernel-image");
  EXPECT_TRUE(has(u.message, "compute capability 6.0")) << u.message;
  EXPECT_TRUE(has(u.message, "CUDA 13 cannot build for cards below sm_75")) << u.message;
  EXPECT_TRUE(has(u.message, "scripts/build/setup.sh --cuda12 && scripts/build/build-cuda12.sh")) << u.message;
}

TEST(Usability, P100AndP4RunTheCuda129Build) {
  EXPECT_EQ(decide_usability(12020, cuda129_build(), 6, 0).state, "ok");
  EXPECT_EQ(decide_usability(12020, cuda129_build(), 6, 1).state, "ok");  // sm_60 cubin runs on 6.1
}

TEST(Usability, M60RunsTheCuda129BuildButNotCuda13) {
  EXPECT_EQ(decide_usability(12020, cuda129_build(), 5, 2).state, "ok");
  EXPECT_EQ(decide_usability(13000, cuda13_build(), 5, 2).state, "no-kernel-image");
}

TEST(Usability, KeplerIsBeyondCuda12) {
  const Usability u = decide_usability(12020, cuda129_build(), 3, 7, "535.183.01");  // K80
  EXPECT_EQ(u.state, "no-kernel-image");
  EXPECT_TRUE(has(u.message, "Kepler")) << u.message;
}

TEST(Usability, Rtx5090WithOnlyPtx90AndDriver128CannotJit) {
  const BuildTargets b = build_of(12090, "60-real,70-real,80-real,90-virtual");
  const Usability u = decide_usability(12080, b, 12, 0, "570.124.06");
  EXPECT_EQ(u.state, "driver-too-old");
  EXPECT_TRUE(has(u.message, "compute_90 PTX")) << u.message;
  EXPECT_TRUE(has(u.message, "CUDA >= 12.9 to JIT-compile")) << u.message;
  EXPECT_TRUE(has(u.message, "driver 570.124.06 supports CUDA 12.8")) << u.message;
  EXPECT_TRUE(has(u.message, "sm_120")) << u.message;
}

TEST(Usability, Rtx5090WithOnlyPtx90AndDriver129JitCompiles) {
  const BuildTargets b = build_of(12090, "60-real,70-real,80-real,90-virtual");
  const Usability u = decide_usability(12090, b, 12, 0, "575.57.08");
  EXPECT_EQ(u.state, "ok");
  EXPECT_TRUE(u.via_ptx_jit);
  EXPECT_TRUE(has(u.message, "compute_90")) << u.message;
}

TEST(Usability, ClangBuildPtxIsOlderAndJitsOnA128Driver) {
  // The CUDA 12.9 build from PyPI wheels is compiled by clang 19, which writes PTX ISA 8.5 (CUDA
  // 12.5): an R570 driver (CUDA 12.8) JIT-compiles it for an RTX 5090 or a B200.
  BuildTargets b = cuda129_build();
  b.ptx_cuda_version = 12050;
  const Usability u = decide_usability(12080, b, 12, 0, "570.124.06");
  EXPECT_EQ(u.state, "ok") << u.message;
  EXPECT_TRUE(u.via_ptx_jit);
  const Usability old = decide_usability(12020, b, 10, 0, "535.183.01");
  EXPECT_EQ(old.state, "driver-too-old");
  EXPECT_TRUE(has(old.message, "CUDA >= 12.5 to JIT-compile")) << old.message;
}

TEST(Usability, BlackwellRunsCuda129BuildThroughPtxOnANewDriver) {
  EXPECT_TRUE(decide_usability(13000, cuda129_build(), 10, 0).via_ptx_jit);
  EXPECT_EQ(decide_usability(13000, cuda129_build(), 10, 0).state, "ok");
}

TEST(Usability, Sm90aOnlyBuildRunsOnH100Only) {
  const BuildTargets b = build_of(12090, "90a-real");
  EXPECT_TRUE(b.sass_archs.empty());
  EXPECT_EQ(decide_usability(12090, b, 9, 0).state, "ok");
  const Usability blackwell = decide_usability(13000, b, 10, 0);
  EXPECT_EQ(blackwell.state, "no-kernel-image");  // arch-specific code is not forward compatible
  EXPECT_TRUE(has(blackwell.message, "sm_90a")) << blackwell.message;
  EXPECT_EQ(decide_usability(12090, b, 8, 9).state, "no-kernel-image");
}

TEST(Usability, Sm100aCubinDoesNotRunOnB300) {
  const BuildTargets b = build_of(13000, "100a-real");
  EXPECT_EQ(decide_usability(13000, b, 10, 0).state, "ok");
  EXPECT_EQ(decide_usability(13000, b, 10, 3).state, "no-kernel-image");
}

TEST(Usability, T4WithCuda13AndDriver580) {
  const Usability u = decide_usability(13000, cuda13_build(), 7, 5, "580.65.06");
  EXPECT_EQ(u.state, "ok");
  EXPECT_FALSE(u.via_ptx_jit);
}

TEST(Usability, UnknownDriverVersionLetsTheArchitecturesDecide) {
  EXPECT_EQ(decide_usability(std::nullopt, cuda13_build(), 9, 0).state, "ok");
  EXPECT_EQ(decide_usability(std::nullopt, cuda13_build(), 7, 0).state, "no-kernel-image");
  const Usability jit = decide_usability(std::nullopt, build_of(12090, "90-virtual"), 12, 0);
  EXPECT_EQ(jit.state, "ok");  // cannot tell; the runtime's own error decides later
  EXPECT_TRUE(jit.via_ptx_jit);
}

TEST(Usability, DriverOlderThanCuda12NeedsAnUpgradeNotARebuild) {
  const Usability u = decide_usability(11040, cuda129_build(), 7, 0, "470.256.02");
  EXPECT_EQ(u.state, "driver-too-old");
  EXPECT_TRUE(has(u.message, "upgrade the driver")) << u.message;
  EXPECT_TRUE(has(u.message, "525.60.13")) << u.message;
  EXPECT_FALSE(has(u.message, "build-cuda12")) << u.message;
}

TEST(Usability, NewerDriverRunsOlderRuntime) {
  EXPECT_EQ(decide_usability(13000, cuda129_build(), 7, 0).state, "ok");
  EXPECT_EQ(decide_usability(13010, cuda13_build(), 12, 0).state, "ok");
}

TEST(Usability, CubinRunsOnLaterMinorOfTheSameMajorOnly) {
  const BuildTargets sm80 = build_of(13000, "80-real");
  EXPECT_EQ(decide_usability(13000, sm80, 8, 6).state, "ok");   // A10 runs an sm_80 cubin
  EXPECT_EQ(decide_usability(13000, sm80, 8, 9).state, "ok");   // L4 too
  EXPECT_EQ(decide_usability(13000, sm80, 9, 0).state, "no-kernel-image");  // another major
  const BuildTargets sm86 = build_of(13000, "86-real");
  const Usability a100 = decide_usability(13000, sm86, 8, 0);
  EXPECT_EQ(a100.state, "no-kernel-image");  // an 8.6 cubin does not run on 8.0
  EXPECT_TRUE(has(a100.message, "80-real")) << a100.message;
}

TEST(Usability, NotBuiltWithCuda) {
  BuildTargets b;
  b.built_with_cuda = false;
  EXPECT_EQ(decide_usability(13000, b, 9, 0).state, "not-built");
}

TEST(Usability, ParseCmakeArchs) {
  BuildTargets b;
  parse_cmake_archs("75-real,80-real,90-real,90-virtual", b);
  EXPECT_EQ(b.sass_archs, (std::vector<int>{75, 80, 90}));
  EXPECT_EQ(b.ptx_archs, (std::vector<int>{90}));
  EXPECT_TRUE(b.specific_archs.empty());

  BuildTargets c;
  parse_cmake_archs("60-real,90a-real,120,100f-real,bogus,", c);
  EXPECT_EQ(c.sass_archs, (std::vector<int>{60, 120, 100}));
  EXPECT_EQ(c.ptx_archs, (std::vector<int>{120}));
  EXPECT_EQ(c.specific_archs, (std::vector<int>{90}));
}

TEST(Usability, VersionsAndDrivers) {
  EXPECT_EQ(cuda_version_string(12020), "12.2");
  EXPECT_EQ(cuda_version_string(12090), "12.9");
  EXPECT_EQ(cuda_version_string(13000), "13.0");
  EXPECT_EQ(min_driver_for(13000), "580.65.06");
  EXPECT_EQ(min_driver_for(12090), "525.60.13");
  EXPECT_EQ(min_driver_for(11080), "450.80.02");
}
