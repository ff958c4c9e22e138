#include "measure/output_check.hpp"

#include "measure/random_bits.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <stdexcept>

namespace gpuaudit {

namespace {

void require_same_size(std::size_t a, std::size_t b, std::size_t c) {
  if (a != b || a != c) throw std::invalid_argument("check: spans of different lengths");
}

}  // namespace

CheckOutcome check_equal(std::span<const std::uint32_t> got, std::span<const std::uint32_t> expected,
                         std::span<const std::uint64_t> labels) {
  require_same_size(got.size(), expected.size(), labels.size());
  CheckOutcome out;
  out.checked = got.size();
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] == expected[i]) continue;
    if (out.mismatches++ == 0) {
      char buf[160];
      out.first_index = labels[i];
      out.first_got = got[i];
      out.first_expected = expected[i];
      std::snprintf(buf, sizeof buf, "element %llu: got 0x%08x, expected 0x%08x",
                    static_cast<unsigned long long>(labels[i]), got[i], expected[i]);
      out.message = buf;
    }
  }
  out.ok = out.mismatches == 0;
  if (!out.ok) out.message += " (" + std::to_string(out.mismatches) + " of " + std::to_string(out.checked) + " differ)";
  return out;
}

CheckOutcome check_close(std::span<const double> got, std::span<const double> expected,
                         std::span<const double> tolerance, std::span<const std::uint64_t> labels) {
  require_same_size(got.size(), expected.size(), labels.size());
  if (tolerance.size() != got.size()) throw std::invalid_argument("check: tolerance of a different length");
  CheckOutcome out;
  out.checked = got.size();
  for (std::size_t i = 0; i < got.size(); ++i) {
    const bool good = std::isfinite(got[i]) && std::fabs(got[i] - expected[i]) <= tolerance[i];
    if (good) continue;
    if (out.mismatches++ == 0) {
      char buf[200];
      out.first_index = labels[i];
      out.first_got = got[i];
      out.first_expected = expected[i];
      out.first_tolerance = tolerance[i];
      std::snprintf(buf, sizeof buf, "element %llu: got %.9g, expected %.9g (tolerance %.3g)",
                    static_cast<unsigned long long>(labels[i]), got[i], expected[i], tolerance[i]);
      out.message = buf;
    }
  }
  out.ok = out.mismatches == 0;
  if (!out.ok) out.message += " (" + std::to_string(out.mismatches) + " of " + std::to_string(out.checked) + " differ)";
  return out;
}

void merge_into(CheckOutcome& total, const CheckOutcome& part) {
  if (total.ok && !part.ok) {
    total.message = part.message;
    total.first_index = part.first_index;
    total.first_got = part.first_got;
    total.first_expected = part.first_expected;
    total.first_tolerance = part.first_tolerance;
  }
  total.ok = total.ok && part.ok;
  total.checked += part.checked;
  total.mismatches += part.mismatches;
}

double gemm_tolerance(double ref, double abs_sum, double out_eps, double acc_eps) {
  return out_eps * std::fabs(ref) + acc_eps * abs_sum + 1e-30;
}

std::vector<std::uint64_t> sample_chunk_offsets(std::uint64_t n, std::uint64_t chunk, std::size_t count,
                                                std::uint64_t seed) {
  if (n == 0 || chunk == 0 || count == 0) return {};
  const std::uint64_t chunks = (n + chunk - 1) / chunk;
  const std::uint64_t want = std::min<std::uint64_t>(count, chunks);
  std::set<std::uint64_t> picked{0};
  if (want > 1) picked.insert(chunks - 1);
  for (std::uint64_t i = 0; picked.size() < want && i < 64 * want; ++i)
    picked.insert(rnd::mix64(seed ^ (i * 0x9e3779b97f4a7c15ull)) % chunks);
  std::vector<std::uint64_t> out;
  for (std::uint64_t c : picked) out.push_back(c * chunk);
  return out;
}

}  // namespace gpuaudit
