// host/decode_single and host/decode_all (decode_check.hpp): a tiny real decode run.
#include "host/decode_check.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(HostDecode, TinyRunIsSane) {
  const auto r = run_decode_check({.samples = 2, .sample_s = 0.05, .cpus = {}, .quality = 90});
  ASSERT_EQ(r.single.status, "ok") << r.single.message;
  ASSERT_EQ(r.all.status, "ok") << r.all.message;
  EXPECT_EQ(r.single.name, "host/decode_single");
  EXPECT_EQ(r.all.name, "host/decode_all");
  EXPECT_EQ(r.single.unit, "images/s");
  // 500x375 decodes take ~1-3 ms on a core: between 10/s (a very slow vCPU) and 100k/s.
  EXPECT_GT(*r.single.value(), 10.0);
  EXPECT_LT(*r.single.value(), 1e5);
  EXPECT_GT(r.all.derived.at("feeds_images_per_s"), 10.0);
  // Smaller images decode faster than bigger ones.
  EXPECT_GT(r.single.derived.at("images_per_s_224x224"), r.single.derived.at("images_per_s_1920x1080"));
  EXPECT_EQ(r.single.params["images"].size(), 3u);
}

}  // namespace
}  // namespace gpuaudit
