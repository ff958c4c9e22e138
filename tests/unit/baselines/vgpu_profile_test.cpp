// baselines/vgpu_profile: time-sliced and MIG-backed profile names parsed. parse_vgpu_profile without std::regex (issue #28: "NVIDIA <30 KB>-24Q" overflowed the stack in
// score): the hand parser agrees with the regular expression it replaced on a generated corpus of
// names (the regex kept here as the reference), and a long name is a scan.
#include "baselines/vgpu_profile.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <regex>
#include <string>
#include <vector>

using namespace gpuaudit;

namespace {

// The parser before: src/baselines/vgpu_profile.cpp's regex and its reading of the groups.
std::optional<VgpuProfile> by_reference(const std::string& s) {
  static const std::regex re(R"(^\s*(?:NVIDIA\s+|GRID\s+)?([A-Za-z][A-Za-z0-9]*(?: [A-Za-z0-9]+)*)-(?:([1-8])-)?(\d{1,3})([QCABqcab])\s*$)",
                             std::regex::ECMAScript | std::regex::optimize);
  std::smatch m;
  if (!std::regex_match(s, m, re)) return std::nullopt;
  VgpuProfile p;
  p.board = m[1].str();
  const int gb = std::stoi(m[3].str());
  p.memory_gb = gb == 0 ? 0.5 : gb;
  p.type = static_cast<char>(std::toupper(static_cast<unsigned char>(m[4].str()[0])));
  if (m[2].matched) {
    p.mig_compute_slices = std::stoi(m[2].str());
    p.mig_profile = m[2].str() + "g." + m[3].str() + "gb";
    p.name = p.board + "-" + m[2].str() + "-" + m[3].str() + p.type;
  } else {
    p.name = p.board + "-" + m[3].str() + p.type;
  }
  return p;
}

}  // namespace

TEST(BaselinesVgpuProfile, AgreesWithTheRegularExpressionItReplaced) {
  const std::vector<std::string> pieces{"NVIDIA", "GRID", " ",  "  ", "\t", "A10", "H100XM", "RTX", "Pro", "6000",
                                        "DC",     "T4",   "M60", "-",  "1",  "2",   "8",      "9",   "24",  "0",
                                        "100",    "1000", "Q",   "C",  "A",  "B",   "q",      "b",   "X",   "_",
                                        "\n",     "80GB", "MIG", "g.", "gb", "e"};
  // Names of the profile's shape, each part drawn from its near misses, and free mixes of pieces.
  const std::vector<std::vector<std::string>> shaped{
      {"", "NVIDIA ", "GRID ", " ", "NVIDIA\t", "NVIDIA  ", "NVIDIA GRID ", "nvidia "},
      {"A10", "H100XM", "RTX Pro 6000 Blackwell DC", "T4", "M60", "6000", "A1 0", "RTX  6000", "X_1", "a", ""},
      {"-"},
      {"", "", "1-", "8-", "9-", "0-", "1"},
      {"24", "0", "100", "1000", "", "4"},
      {"Q", "C", "A", "B", "q", "b", "x", ""},
      {"", "", " ", "\n", "X", "-"}};
  std::mt19937 rng(28);
  std::uniform_int_distribution<std::size_t> piece(0, pieces.size() - 1), count(1, 8);
  int parsed = 0;
  for (int i = 0; i < 40000; ++i) {
    std::string name;
    if (i % 2)
      for (const auto& part : shaped) name += part[rng() % part.size()];
    else
      for (std::size_t k = count(rng); k > 0; --k) name += pieces[piece(rng)];
    const auto got = parse_vgpu_profile(name);
    const auto want = by_reference(name);
    ASSERT_EQ(got.has_value(), want.has_value()) << "\"" << name << "\"";
    if (!got) continue;
    ++parsed;
    EXPECT_EQ(got->board, want->board) << name;
    EXPECT_EQ(got->name, want->name) << name;
    EXPECT_EQ(got->memory_gb, want->memory_gb) << name;
    EXPECT_EQ(got->type, want->type) << name;
    EXPECT_EQ(got->mig_compute_slices, want->mig_compute_slices) << name;
    EXPECT_EQ(got->mig_profile, want->mig_profile) << name;
  }
  EXPECT_GT(parsed, 2000);
  // The corner the order of the prefixes decides: "NVIDIA 6000-8Q" is a board of two words.
  EXPECT_EQ(parse_vgpu_profile("NVIDIA 6000-8Q")->board, "NVIDIA 6000");
}

TEST(BaselinesVgpuProfile, ALongNameIsAScanNotAStackOverflow) {
  EXPECT_FALSE(parse_vgpu_profile("NVIDIA " + std::string(30000, 'Z') + " H100 80GB HBM3"));
  const auto p = parse_vgpu_profile("NVIDIA " + std::string(30000, 'Z') + "-24Q");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->board.size(), 30000u);
  EXPECT_FALSE(parse_vgpu_profile(std::string(1 << 20, ' ')));
}

TEST(VgpuProfile, ParsesTimeSlicedAndMigBackedNames) {
  auto p = parse_vgpu_profile("NVIDIA A10-24Q");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->board, "A10");
  EXPECT_EQ(p->name, "A10-24Q");
  EXPECT_DOUBLE_EQ(p->memory_gb, 24);
  EXPECT_EQ(p->type, 'Q');
  EXPECT_FALSE(p->mig_backed());
  p = parse_vgpu_profile("GRID T4-8Q");  // posted: "Created LearningModelDevice with GPU: NVIDIA GRID T4-8Q"
  ASSERT_TRUE(p);
  EXPECT_EQ(p->board, "T4");
  p = parse_vgpu_profile("NVIDIA H100XM-1-10C");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->board, "H100XM");
  EXPECT_TRUE(p->mig_backed());
  EXPECT_EQ(p->mig_profile, "1g.10gb");
  EXPECT_DOUBLE_EQ(parse_vgpu_profile("GRID M60-0B")->memory_gb, 0.5);
  EXPECT_EQ(parse_vgpu_profile("NVIDIA A40-4A")->type, 'A');
  EXPECT_EQ(parse_vgpu_profile("NVIDIA A16-2B")->type, 'B');
  EXPECT_EQ(parse_vgpu_profile("NVIDIA RTX Pro 6000 Blackwell DC-48C")->board, "RTX Pro 6000 Blackwell DC");
  for (const char* not_vgpu : {"NVIDIA A100-SXM4-80GB", "Tesla P100-PCIE-16GB", "NVIDIA H100 80GB HBM3",
                               "NVIDIA A100-SXM4-80GB MIG 1g.10gb", "Tesla V100-SXM2-16GB", "NVIDIA A100-SXM-64GB",
                               "NVIDIA GeForce RTX 4090 D", "NVIDIA H20-3e"})
    EXPECT_FALSE(parse_vgpu_profile(not_vgpu)) << not_vgpu;
}
