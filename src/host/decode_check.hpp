// host/decode_single and host/decode_all: how many JPEGs this host decodes per second, on one core
// and on every allowed core: the usual bottleneck of an image data loader. The images are made at
// start (synthetic photos, quality 90, 4:2:0) in three sizes: 500x375 (a typical ImageNet photo:
// the figure), 224x224 (pre-resized datasets) and 1920x1080 (raw camera/web frames).
// decode_all's derived "feeds_images_per_s" is the rate this host can feed its GPUs.
#pragma once

#include "core/result.hpp"

#include <vector>

namespace gpuaudit {

struct DecodeCheckOptions {
  int samples = 5;
  double sample_s = 0.2;   // per sample of the main size (the other sizes get half)
  std::vector<int> cpus;   // for decode_all; empty = every CPU this process may use
  int quality = 90;
};

struct DecodeCheckResults {
  BenchmarkResult single;  // images/s
  BenchmarkResult all;     // images/s, derived feeds_images_per_s
};

DecodeCheckResults run_decode_check(const DecodeCheckOptions& opt);

}  // namespace gpuaudit
