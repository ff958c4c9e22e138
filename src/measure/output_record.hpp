// What a benchmark records of its output check, so the scorer can turn any wrong result into the
// wrong-results finding (score/rule_wrong_results.cpp) and compare GPUs that computed the same
// thing: params.output_check = {elements_checked, mismatches, first_mismatch {element, got,
// expected, tolerance}, input_seed, output_checksum, sample_bits}. Host code; the device side only
// copies the sampled elements back.
#pragma once

#include "core/json.hpp"
#include "measure/output_check.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace gpuaudit {

// FNV-1a over bytes, continuing from `h` (start with kChecksumSeed): the same bytes give the same
// checksum on every GPU and every build.
inline constexpr std::uint64_t kChecksumSeed = 0xcbf29ce484222325ull;
std::uint64_t checksum_bytes(const void* data, std::size_t bytes, std::uint64_t h = kChecksumSeed);

std::string hex64(std::uint64_t v);  // "0x00000000deadbeef"

// How many of the checked output words travel with the row for a comparison across GPUs (the
// checksum covers all of them): enough to name a first differing element, small enough for a paste.
inline constexpr std::size_t kSampleWords = 64;

// `words`: the checked output elements' bit patterns, in check order (an element of up to 32 bits each).
json output_check_json(const CheckOutcome& c, std::uint64_t input_seed, std::span<const std::uint32_t> words);

// The seed of the inputs every GPU of this run uses for its output check: one per process, so GPUs
// of one run compute the same products (and can be compared) and every run draws new inputs.
std::uint64_t run_input_seed();

// Element-wise comparison of two outputs of the same computation (exact: the same inputs, the
// same algorithm): the count of differing words and the first one.
struct WordDiff {
  std::uint64_t compared = 0, differing = 0;
  std::optional<std::uint64_t> first_index;
  std::uint32_t first_got = 0, first_expected = 0;
};
WordDiff diff_words(std::span<const std::uint16_t> got, std::span<const std::uint16_t> expected);
WordDiff diff_words(std::span<const std::uint32_t> got, std::span<const std::uint32_t> expected);

}  // namespace gpuaudit
