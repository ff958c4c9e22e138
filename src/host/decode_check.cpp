#include "host/decode_check.hpp"

#include "host/cpu_check.hpp"
#include "host/cpu_contention.hpp"
#include "host/cpu_topology.hpp"
#include "host/host_parallel.hpp"
#include "host/host_result.hpp"
#include "host/jpeg_codec.hpp"

#include <atomic>
#include <chrono>
#include <string>

namespace gpuaudit {

namespace {

struct ImageSet {
  std::string label;  // "500x375"
  int width, height;
  std::vector<std::vector<unsigned char>> jpegs;
  std::vector<std::uint64_t> checksums;  // of the first decode: every later decode must match
  double mean_bytes = 0;
};

constexpr int kImagesPerSize = 3;

ImageSet make_set(int w, int h, int quality) {
  ImageSet s{std::to_string(w) + "x" + std::to_string(h), w, h, {}, {}, 0};
  std::vector<unsigned char> scratch;
  for (int i = 0; i < kImagesPerSize; ++i) {
    s.jpegs.push_back(encode_jpeg(synthetic_photo(w, h, static_cast<std::uint32_t>(1000 * w + i)), w, h, quality));
    s.checksums.push_back(decode_jpeg(s.jpegs.back(), scratch).checksum);
    s.mean_bytes += static_cast<double>(s.jpegs.back().size()) / kImagesPerSize;
  }
  return s;
}

// Decodes images of `set` round-robin for `seconds`; returns how many; flags a wrong decode.
std::uint64_t decode_for(const ImageSet& set, double seconds, std::atomic<bool>& bad) {
  std::vector<unsigned char> scratch(static_cast<size_t>(set.width) * set.height * 3);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::uint64_t n = 0;
  do {
    const size_t k = n % set.jpegs.size();
    const DecodedImage d = decode_jpeg(set.jpegs[k], scratch);
    if (d.width != set.width || d.height != set.height || d.checksum != set.checksums[k]) bad = true;
    ++n;
  } while (std::chrono::steady_clock::now() < deadline);
  return n;
}

struct Rates {
  std::vector<double> single, all;
  std::optional<CpuContention> during_single, during_all;  // other processes' share of the CPUs
};

Rates measure(const ImageSet& set, int samples, double sample_s, const ParallelPlan& plan, std::atomic<bool>& bad,
              const std::vector<int>& cpus) {
  Rates r;
  const CpuUsageMark m0 = mark_cpu_usage();
  for (int s = 0; s < samples; ++s) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto n = decode_for(set, sample_s, bad);
    r.single.push_back(static_cast<double>(n) /
                       std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  const CpuUsageMark m1 = mark_cpu_usage();
  for (int s = 0; s < samples; ++s) {
    std::atomic<std::uint64_t> total{0};
    const double wall = run_parallel(plan, [&](int) { total += decode_for(set, sample_s, bad); });
    r.all.push_back(static_cast<double>(total.load()) / wall);
  }
  r.during_single = cpu_contention(m0, m1, cpus);
  r.during_all = cpu_contention(m1, mark_cpu_usage(), cpus);
  return r;
}

}  // namespace

DecodeCheckResults run_decode_check(const DecodeCheckOptions& opt) {
  DecodeCheckResults out;
  std::vector<int> cpus = opt.cpus.empty() ? read_cpu_topology().allowed : opt.cpus;
  if (cpus.empty()) cpus.push_back(0);
  const ParallelPlan plan = one_thread_per_cpu(cpus);

  std::vector<ImageSet> sets;
  try {
    sets.push_back(make_set(500, 375, opt.quality));  // the figure
    sets.push_back(make_set(224, 224, opt.quality));
    sets.push_back(make_set(1920, 1080, opt.quality));
  } catch (const JpegError& e) {
    out.single = host_status("host/decode_single", "images/s", "error", e.what());
    out.all = host_status("host/decode_all", "images/s", "error", e.what());
    return out;
  }

  std::atomic<bool> bad{false};
  const Rates main = measure(sets[0], opt.samples, opt.sample_s, plan, bad, cpus);
  out.single = host_figure("host/decode_single", "images/s", main.single);
  out.all = host_figure("host/decode_all", "images/s", main.all);
  record_contention(out.single, out.all, main.during_single, main.during_all);
  json images = json::array();
  for (size_t i = 0; i < sets.size(); ++i) {
    images.push_back({{"size", sets[i].label}, {"mean_bytes", sets[i].mean_bytes}, {"count", sets[i].jpegs.size()}});
    if (i == 0) continue;
    const Rates other = measure(sets[i], std::max(2, opt.samples / 2), opt.sample_s / 2, plan, bad, cpus);
    out.single.derived["images_per_s_" + sets[i].label] = summarize(other.single).median;
    out.all.derived["images_per_s_" + sets[i].label] = summarize(other.all).median;
  }
  const json params = {{"library", jpeg_library_version()},
                       {"image", sets[0].label},
                       {"quality", opt.quality},
                       {"subsampling", "4:2:0"},
                       {"output", "RGB, default (islow) IDCT"},
                       {"images", images},
                       {"sample_s", opt.sample_s}};
  out.single.params = params;
  out.all.params = params;
  out.all.params["threads"] = plan.threads;
  if (bad) {
    for (auto* r : {&out.single, &out.all}) {
      r->status = "check-failed";
      r->message = "a JPEG decoded to different pixels than its first decode";
    }
    return out;
  }
  if (out.all.summary) {
    out.all.derived["feeds_images_per_s"] = out.all.summary->median;
    if (out.single.summary && out.single.summary->median > 0)
      out.all.derived["all_core_ratio"] = out.all.summary->median / (out.single.summary->median * plan.threads);
  }
  return out;
}

}  // namespace gpuaudit
