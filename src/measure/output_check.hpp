// Comparing a benchmark's output with the host reference before its time may count. Every
// benchmark poisons its outputs first (all bits set: NaN for every float format), so an element the
// kernel never wrote fails here too.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gpuaudit {

struct CheckOutcome {
  bool ok = true;
  std::size_t checked = 0;
  std::size_t mismatches = 0;
  std::string message;  // the first mismatch, one line; empty when ok
  // The first mismatch, for the document (output_record.hpp): its label, what came out, what was
  // expected and the tolerance (0 for an exact comparison).
  std::optional<std::uint64_t> first_index;
  double first_got = 0, first_expected = 0, first_tolerance = 0;
};

// Element-wise equality of integer words. `labels[i]` names element i in the message (its index in
// the full array).
CheckOutcome check_equal(std::span<const std::uint32_t> got, std::span<const std::uint32_t> expected,
                         std::span<const std::uint64_t> labels);

// |got - expected| <= tolerance, element-wise; NaN or Inf in `got` always fails.
CheckOutcome check_close(std::span<const double> got, std::span<const double> expected,
                         std::span<const double> tolerance, std::span<const std::uint64_t> labels);

// Merges outcomes of several parts (first message wins).
void merge_into(CheckOutcome& total, const CheckOutcome& part);

// The bound for one GEMM output: rounding the result to the output format (out_eps x |ref|) plus
// what the accumulation may lose over the whole dot product (acc_eps x sum |a_k b_k|).
double gemm_tolerance(double ref, double abs_sum, double out_eps, double acc_eps);

// Offsets (in elements, multiples of `chunk`) of `count` chunks to copy back and check: the first,
// the last, and random ones between, sorted and distinct. Checking whole chunks catches indexing
// errors that single scattered elements would miss. `n` is the array length in elements.
std::vector<std::uint64_t> sample_chunk_offsets(std::uint64_t n, std::uint64_t chunk, std::size_t count,
                                                std::uint64_t seed);

}  // namespace gpuaudit
