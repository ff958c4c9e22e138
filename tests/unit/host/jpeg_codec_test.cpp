// The JPEG codec wrapper host/decode_* uses (jpeg_codec.hpp): a synthetic photo round-trips, its
// compression is photo-like, and a corrupt stream throws instead of exiting.
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

}  // namespace
}  // namespace gpuaudit
