// What a benchmark records of its output check (output_record.hpp): the FNV-1a checksum, hex64,
// params.output_check with its first mismatch and sample of words, the run's input seed, and the
// word-by-word comparison of two GPUs' outputs.
#include "measure/output_record.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstring>

namespace gpuaudit {
namespace {

TEST(OutputRecord, ChecksumIsFnv1aAndContinues) {
  EXPECT_EQ(checksum_bytes("", 0), kChecksumSeed);
  EXPECT_EQ(checksum_bytes("a", 1), 0xaf63dc4c8601ec8cull);        // FNV-1a 64 of "a"
  EXPECT_EQ(checksum_bytes("foobar", 6), 0x85944171f73967e8ull);   // FNV-1a 64 of "foobar"
  EXPECT_EQ(checksum_bytes("bar", 3, checksum_bytes("foo", 3)), checksum_bytes("foobar", 6));
}

TEST(OutputRecord, Hex64IsEighteenCharacters) {
  EXPECT_EQ(hex64(0), "0x0000000000000000");
  EXPECT_EQ(hex64(0xdeadbeef), "0x00000000deadbeef");
  EXPECT_EQ(hex64(~std::uint64_t{0}), "0xffffffffffffffff");
}

TEST(OutputRecord, AGoodCheckRecordsCountsSeedChecksumAndSample) {
  CheckOutcome c;
  c.checked = 3;
  const std::array<std::uint32_t, 3> words{1, 2, 3};
  const json j = output_check_json(c, 0x1234, words);
  EXPECT_EQ(j.at("elements_checked"), 3);
  EXPECT_EQ(j.at("mismatches"), 0);
  EXPECT_FALSE(j.contains("first_mismatch"));
  EXPECT_EQ(j.at("input_seed"), "0x0000000000001234");
  EXPECT_EQ(j.at("output_checksum"), hex64(checksum_bytes(words.data(), sizeof words)));
  EXPECT_EQ(j.at("sample_bits"), (json{1, 2, 3}));
}

TEST(OutputRecord, AFailedCheckNamesItsFirstMismatch) {
  CheckOutcome c;
  c.ok = false;
  c.checked = 10;
  c.mismatches = 2;
  c.first_index = 7;
  c.first_got = 1.5;
  c.first_expected = 2.0;
  c.first_tolerance = 0.01;
  const json j = output_check_json(c, 1, {});
  EXPECT_EQ(j.at("mismatches"), 2);
  EXPECT_EQ(j.at("first_mismatch").at("element"), 7);
  EXPECT_DOUBLE_EQ(j.at("first_mismatch").at("got").get<double>(), 1.5);
  EXPECT_DOUBLE_EQ(j.at("first_mismatch").at("expected").get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(j.at("first_mismatch").at("tolerance").get<double>(), 0.01);
  EXPECT_FALSE(j.contains("output_checksum"));  // no words: nothing to compare across GPUs
  EXPECT_FALSE(j.contains("sample_bits"));
}

TEST(OutputRecord, TheSampleStopsAtSixtyFourWordsButTheChecksumCoversAll) {
  std::vector<std::uint32_t> words(100);
  for (std::uint32_t i = 0; i < words.size(); ++i) words[i] = i;
  const json j = output_check_json(CheckOutcome{}, 0, words);
  EXPECT_EQ(j.at("sample_bits").size(), kSampleWords);
  std::vector<std::uint32_t> other = words;
  other.back() = 999;
  EXPECT_NE(output_check_json(CheckOutcome{}, 0, other).at("output_checksum"), j.at("output_checksum"));
}

TEST(OutputRecord, OneInputSeedPerProcess) { EXPECT_EQ(run_input_seed(), run_input_seed()); }

TEST(OutputRecord, DiffWordsCountsAndNamesTheFirstDifference) {
  const std::vector<std::uint32_t> a{1, 2, 3, 4}, b{1, 9, 3, 8};
  const WordDiff d = diff_words(std::span<const std::uint32_t>(a), std::span<const std::uint32_t>(b));
  EXPECT_EQ(d.compared, 4u);
  EXPECT_EQ(d.differing, 2u);
  ASSERT_TRUE(d.first_index.has_value());
  EXPECT_EQ(*d.first_index, 1u);
  EXPECT_EQ(d.first_got, 2u);
  EXPECT_EQ(d.first_expected, 9u);
  const std::vector<std::uint16_t> h{7, 7, 7}, g{7, 7};
  const WordDiff same = diff_words(std::span<const std::uint16_t>(h), std::span<const std::uint16_t>(g));
  EXPECT_EQ(same.compared, 2u);  // the shorter output bounds the comparison
  EXPECT_EQ(same.differing, 0u);
  EXPECT_FALSE(same.first_index.has_value());
}

}  // namespace
}  // namespace gpuaudit
