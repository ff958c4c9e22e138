#include "measure/output_record.hpp"

#include "measure/random_bits.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace gpuaudit {

std::uint64_t checksum_bytes(const void* data, std::size_t bytes, std::uint64_t h) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < bytes; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string hex64(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

json output_check_json(const CheckOutcome& c, std::uint64_t input_seed, std::span<const std::uint32_t> words) {
  json j = json::object();
  j["elements_checked"] = c.checked;
  j["mismatches"] = c.mismatches;
  if (c.first_index) {
    j["first_mismatch"] = {{"element", *c.first_index},
                           {"got", c.first_got},
                           {"expected", c.first_expected},
                           {"tolerance", c.first_tolerance}};
  }
  j["input_seed"] = hex64(input_seed);
  if (!words.empty()) {
    j["output_checksum"] = hex64(checksum_bytes(words.data(), words.size_bytes()));
    json sample = json::array();
    for (std::size_t i = 0; i < std::min(words.size(), kSampleWords); ++i) sample.push_back(words[i]);
    j["sample_bits"] = sample;
  }
  return j;
}

std::uint64_t run_input_seed() {
  static const std::uint64_t seed = rnd::mix64(
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^ 0x5eed5eed5eedull);
  return seed;
}

namespace {
template <typename W>
WordDiff diff(std::span<const W> got, std::span<const W> expected) {
  WordDiff d;
  d.compared = std::min(got.size(), expected.size());
  for (std::size_t i = 0; i < d.compared; ++i) {
    if (got[i] == expected[i]) continue;
    if (d.differing++ == 0) {
      d.first_index = i;
      d.first_got = got[i];
      d.first_expected = expected[i];
    }
  }
  return d;
}
}  // namespace

WordDiff diff_words(std::span<const std::uint16_t> got, std::span<const std::uint16_t> expected) {
  return diff(got, expected);
}
WordDiff diff_words(std::span<const std::uint32_t> got, std::span<const std::uint32_t> expected) {
  return diff(got, expected);
}

}  // namespace gpuaudit
