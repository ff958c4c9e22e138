// The driver's video libraries (probe/video_libraries.hpp): what `info` says when one cannot be
// opened, in a container with and without the video capability and on a host; and the probe here
// (no driver on this machine: neither opens).
#include "probe/video_libraries.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

json state(bool enc, bool dec) { return {{"libnvidia-encode.so.1", enc}, {"libnvcuvid.so.1", dec}}; }

TEST(VideoLibraries, BothThereSaysNothing) {
  EXPECT_EQ(video_libraries_note(state(true, true), std::nullopt), "");
  EXPECT_EQ(video_libraries_note(json(), std::string("docker")), "");  // not read
}

TEST(VideoLibraries, AContainerWithoutTheVideoCapabilityIsToldWhichVariable) {
  json s = state(false, false);
  const std::string unset = video_libraries_note(s, std::string("docker"));
  EXPECT_NE(unset.find("libnvidia-encode.so.1 (NVENC) and libnvcuvid.so.1 (NVDEC) cannot be opened"), std::string::npos) << unset;
  EXPECT_NE(unset.find("NVIDIA_DRIVER_CAPABILITIES=compute,utility,video (or all), unset here"), std::string::npos) << unset;
  s["driver_capabilities"] = "compute,utility";
  EXPECT_NE(video_libraries_note(s, std::string("kubernetes")).find("here 'compute,utility'"), std::string::npos);
  s["driver_capabilities"] = "compute, video";
  EXPECT_NE(video_libraries_note(s, std::string("docker")).find("the host's driver install lacks"), std::string::npos);
  s["driver_capabilities"] = "all";
  EXPECT_NE(video_libraries_note(s, std::string("docker")).find("the host's driver install lacks"), std::string::npos);
}

TEST(VideoLibraries, AHostMissingTheDecoderIsToldThePackages) {
  const std::string n = video_libraries_note(state(true, false), std::nullopt);
  EXPECT_EQ(n.rfind("libnvcuvid.so.1 (NVDEC) cannot be opened", 0), 0u) << n;
  EXPECT_NE(n.find("libnvidia-decode-<branch>"), std::string::npos);
}

TEST(VideoLibraries, TheProbeTriesBoth) {
  const json j = probe_video_libraries();
  EXPECT_TRUE(j.at("libnvidia-encode.so.1").is_boolean());
  EXPECT_TRUE(j.at("libnvcuvid.so.1").is_boolean());
}

}  // namespace
}  // namespace gpuaudit
