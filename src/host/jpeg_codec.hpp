// JPEG encode/decode through libjpeg-turbo's libjpeg API (what Pillow, torchvision and most data
// loaders decode with), plus the synthetic photos the decode check makes for itself.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuaudit {

struct JpegError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A w x h RGB image that compresses like a photo (smooth shapes plus sensor-like noise), so the
// decoder does realistic entropy-decoding work; the same seed gives the same image.
std::vector<unsigned char> synthetic_photo(int width, int height, std::uint32_t seed);

// Baseline JPEG, 4:2:0 chroma subsampling (what cameras and web images use). Throws JpegError.
std::vector<unsigned char> encode_jpeg(const std::vector<unsigned char>& rgb, int width, int height, int quality);

struct DecodedImage {
  int width = 0, height = 0;
  std::uint64_t checksum = 0;  // over a strided subset of pixels: cheap, and keeps the decode live
};

// Decodes to RGB into `scratch` (reused between calls). Throws JpegError on a corrupt stream.
DecodedImage decode_jpeg(const std::vector<unsigned char>& jpeg, std::vector<unsigned char>& scratch);

// "libjpeg-turbo 2.1.5"
std::string jpeg_library_version();

}  // namespace gpuaudit
