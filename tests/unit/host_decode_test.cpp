// host/decode_*: the JPEG codec wrapper and a tiny real decode run.
#include "host/decode_check.hpp"
#include "host/jpeg_codec.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(HostDecode, EncodeDecodeRoundTrip) {
  const auto rgb = synthetic_photo(64, 48, 1);
  ASSERT_EQ(rgb.size(), 64u * 48 * 3);
  EXPECT_EQ(rgb, synthetic_photo(64, 48, 1));  // same seed, same image
  EXPECT_NE(rgb, synthetic_photo(64, 48, 2));
  const auto jpeg = encode_jpeg(rgb, 64, 48, 90);
  ASSERT_GT(jpeg.size(), 100u);
  EXPECT_EQ(jpeg[0], 0xFF);  // SOI marker
  EXPECT_EQ(jpeg[1], 0xD8);
  std::vector<unsigned char> scratch;
  const DecodedImage d = decode_jpeg(jpeg, scratch);
  EXPECT_EQ(d.width, 64);
  EXPECT_EQ(d.height, 48);
  EXPECT_EQ(d.checksum, decode_jpeg(jpeg, scratch).checksum);  // deterministic
}

TEST(HostDecode, PhotoLikeCompressionRatio) {
  // A 500x375 photo at quality 90 is tens of KB (ImageNet's average file is ~110 KB); far from
  // both a flat image (a few KB) and noise (hundreds of KB).
  const auto jpeg = encode_jpeg(synthetic_photo(500, 375, 3), 500, 375, 90);
  EXPECT_GT(jpeg.size(), 15u * 1024);
  EXPECT_LT(jpeg.size(), 250u * 1024);
}

TEST(HostDecode, CorruptStreamThrowsInsteadOfExiting) {
  std::vector<unsigned char> scratch;
  EXPECT_THROW(decode_jpeg({0xFF, 0xD8, 0x00, 0x01, 0x02}, scratch), JpegError);
  EXPECT_THROW(decode_jpeg({}, scratch), JpegError);
  EXPECT_THROW(encode_jpeg({1, 2, 3}, 10, 10, 90), JpegError);
}

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
