#include "host/jpeg_codec.hpp"

#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cmath>

// jpeglib.h needs size_t and FILE declared first.
#include <jpeglib.h>

namespace gpuaudit {

namespace {

// libjpeg reports errors through error_exit, which by default calls exit(). We jump back to the
// caller instead; the functions that setjmp hold only trivially destructible locals between the
// setjmp and the longjmp, so no destructor is skipped.
struct ErrorManager {
  jpeg_error_mgr pub;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

extern "C" void on_jpeg_error(j_common_ptr cinfo) {
  auto* err = reinterpret_cast<ErrorManager*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, err->message);
  std::longjmp(err->jump, 1);
}

extern "C" void on_jpeg_message(j_common_ptr, int) {}  // no warnings on stderr

}  // namespace

std::vector<unsigned char> synthetic_photo(int width, int height, std::uint32_t seed) {
  std::vector<unsigned char> rgb(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
  std::uint32_t x = seed * 2654435761u + 1;
  const double fx = 6.2831853 / width, fy = 6.2831853 / height;
  const double phase = (seed % 97) * 0.1;
  for (int j = 0; j < height; ++j) {
    for (int i = 0; i < width; ++i) {
      for (int c = 0; c < 3; ++c) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        const double smooth = 128 + 60 * std::sin(fx * i * (2 + c) + phase) * std::cos(fy * j * (3 - c) + phase) +
                              30 * std::sin(fx * (i + j) * 7 + c);
        const bool edge = ((i / 37 + j / 29 + static_cast<int>(seed)) % 5) == 0;  // hard edges, like objects
        const double noise = static_cast<double>(x % 25) - 12.0;
        const double v = smooth + noise + (edge ? 40 : 0);
        rgb[(static_cast<size_t>(j) * width + i) * 3 + c] =
            static_cast<unsigned char>(v < 0 ? 0 : v > 255 ? 255 : v);
      }
    }
  }
  return rgb;
}

std::vector<unsigned char> encode_jpeg(const std::vector<unsigned char>& rgb, int width, int height, int quality) {
  if (rgb.size() != static_cast<size_t>(width) * static_cast<size_t>(height) * 3)
    throw JpegError("encode_jpeg: buffer size does not match the image size");
  jpeg_compress_struct cinfo;
  ErrorManager err;
  unsigned char* out = nullptr;
  unsigned long out_size = 0;
  cinfo.err = jpeg_std_error(&err.pub);
  err.pub.error_exit = on_jpeg_error;
  err.pub.emit_message = on_jpeg_message;
  if (setjmp(err.jump)) {
    jpeg_destroy_compress(&cinfo);
    std::free(out);
    throw JpegError(std::string("JPEG encode failed: ") + err.message);
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, &out, &out_size);
  cinfo.image_width = static_cast<JDIMENSION>(width);
  cinfo.image_height = static_cast<JDIMENSION>(height);
  cinfo.input_components = 3;
  cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&cinfo);  // YCbCr, 4:2:0
  jpeg_set_quality(&cinfo, quality, TRUE);
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = const_cast<JSAMPROW>(rgb.data() + static_cast<size_t>(cinfo.next_scanline) * width * 3);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  std::vector<unsigned char> result(out, out + out_size);
  std::free(out);
  return result;
}

DecodedImage decode_jpeg(const std::vector<unsigned char>& jpeg, std::vector<unsigned char>& scratch) {
  jpeg_decompress_struct cinfo;
  ErrorManager err;
  cinfo.err = jpeg_std_error(&err.pub);
  err.pub.error_exit = on_jpeg_error;
  err.pub.emit_message = on_jpeg_message;
  if (setjmp(err.jump)) {
    jpeg_destroy_decompress(&cinfo);
    throw JpegError(std::string("JPEG decode failed: ") + err.message);
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, jpeg.data(), static_cast<unsigned long>(jpeg.size()));
  jpeg_read_header(&cinfo, TRUE);
  cinfo.out_color_space = JCS_RGB;
  jpeg_start_decompress(&cinfo);
  const size_t stride = static_cast<size_t>(cinfo.output_width) * cinfo.output_components;
  const size_t need = stride * cinfo.output_height;
  // Resizing inside the jump region would be unsafe if it threw; size it once before the loop.
  if (scratch.size() < need) {
    jpeg_destroy_decompress(&cinfo);
    scratch.resize(need);
    return decode_jpeg(jpeg, scratch);
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = scratch.data() + static_cast<size_t>(cinfo.output_scanline) * stride;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  DecodedImage d;
  d.width = static_cast<int>(cinfo.output_width);
  d.height = static_cast<int>(cinfo.output_height);
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  std::uint64_t h = 1469598103934665603ull;
  const size_t step = need / 257 + 1;
  for (size_t i = 0; i < need; i += step) h = (h ^ scratch[i]) * 1099511628211ull;
  d.checksum = h;
  return d;
}

std::string jpeg_library_version() {
#ifdef LIBJPEG_TURBO_VERSION_NUMBER
  const int v = LIBJPEG_TURBO_VERSION_NUMBER;
  return "libjpeg-turbo " + std::to_string(v / 1000000) + "." + std::to_string(v / 1000 % 1000) + "." +
         std::to_string(v % 1000);
#else
  return "libjpeg " + std::to_string(JPEG_LIB_VERSION);
#endif
}

}  // namespace gpuaudit
