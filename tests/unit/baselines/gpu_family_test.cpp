// baselines/gpu_family: compute capability from a name. family_from_name without std::regex (issue #28: a 30 KB name overflowed the stack in score): the
// word patterns agree with the regular expressions they replaced on every name of a generated
// corpus (the regexes are kept here, in the test, as the reference), and a long name costs a scan.
#include "baselines/gpu_family.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <regex>
#include <string>
#include <vector>

using namespace gpuaudit;

namespace {

// The patterns of src/baselines/gpu_family.cpp before the hand matcher, in the same order.
const std::vector<std::pair<std::regex, std::string>>& reference() {
  static const std::vector<std::pair<std::regex, std::string>> p = [] {
    const std::vector<std::pair<const char*, const char*>> src{  // pattern, family
        {R"(\brtx pro \d{3,4}\b)", "RTX PRO Blackwell"},
        {R"(\bblackwell\b)", "RTX PRO Blackwell"},
        {R"(\bada\b)", "RTX Ada Generation"},
        {R"(\bquadro rtx\b|\btitan rtx\b)", "Quadro/TITAN RTX"},
        {R"(\bgb10\b|\bdgx spark\b)", "GB10"},
        {R"(\bg?b300\b)", "B300/GB300"},
        {R"(\bg?b[12]00\b)", "B100/B200/GB200"},
        {R"(\bgh200\b|\bh100[a-z]{0,2}\b|\bh200[a-z]?\b|\bh800[a-z]{0,2}\b|\bh20[a-z]?\b)", "H100/H200/H800/H20"},
        {R"(\bl40s?\b|\bl40g\b|\bl20\b|\bl4\b|\bl2\b)", "L4/L20/L40"},
        {R"(\ba100[a-z]{0,2}\b|\ba800[a-z]{0,2}\b|\ba30x?\b)", "A100/A800/A30"},
        {R"(\ba10g?\b|\ba40\b|\ba16\b|\ba2\b|\bpg506\b)", "A10/A16/A2/A40"},
        {R"(\bv100[a-z]{0,2}\b|\btitan v\b|\bgv100\b)", "V100"},
        {R"(\bt4g?\b)", "T4"},
        {R"(\bp100\b|\bgp100\b)", "P100"},
        {R"(\bp40\b|\bp4\b|\bp6\b|\bp10\b)", "P4/P40"},
        {R"(\bm60\b|\bm40\b|\bm6\b)", "M40/M60"},
        {R"(\bm10\b)", "M10"},
        {R"(\brtx 50\d0\b)", "GeForce RTX 50"},
        {R"(\brtx 40\d0\b)", "GeForce RTX 40"},
        {R"(\brtx 30\d0\b)", "GeForce RTX 30"},
        {R"(\brtx a\d{3,4}\b)", "RTX A (Ampere workstation)"},
        {R"(\brtx 20\d0\b|\bgtx 16\d0\b|\bquadro t\d{3,4}\b)", "GeForce RTX 20 / GTX 16"},
        {R"(\bgtx 10\d0\b|\btitan xp?\b.*pascal|\btitan xp\b|\bquadro p\d{3,4}\b)", "GeForce GTX 10"},
        {R"(\bgtx 9\d0\b|\btitan x\b|\bquadro m\d{3,4}\b)", "GeForce GTX 900"},
        {R"(\bgtx 750\b|\bgtx 745\b)", "GeForce GTX 750"},
    };
    std::vector<std::pair<std::regex, std::string>> out;
    for (const auto& [re, family] : src)
      out.emplace_back(std::regex(re, std::regex::icase | std::regex::ECMAScript | std::regex::optimize), family);
    return out;
  }();
  return p;
}

// The family the old patterns gave, or "" for none.
std::string by_reference(const std::string& name) {
  for (const auto& [re, family] : reference())
    if (std::regex_search(name, re)) return family;
  return "";
}

}  // namespace

TEST(BaselinesGpuFamily, AgreesWithTheRegularExpressionsItReplaced) {
  const std::vector<std::string> pieces{
      "NVIDIA ", "GeForce ", "RTX ",  "GTX ",   "Quadro ", "Tesla ", "TITAN ", "PRO ",  "A",     "H",      "L",
      "T",       "V",        "X",     "Xp",     "Ada",     "Ada ",   "Generation", "Blackwell", "Pascal", "pascal ",
      "100",     "200",      "20",    "800",    "40",      "4",      "10",    "16",    "2",     "30",     "6000",
      "5090",    "4090",     "3080",  "2080",   "1660",    "1080",   "980",   "750",   "745",   "1000",   "506",
      "xm",      "DX",       "S",     "G",      "g",       "x",      "b",     "GB",    "gb",    "gh",     "gv",
      "gp",      "pg",       "m",     "p",      "dgx spark", " ",    "  ",    "-",     "_",     "(",      ")",
      "SXM4",    "80GB",     "PCIe",  "HBM3",   "\t",      "\xC3\xA9", "0",    "5",     "9"};
  std::mt19937 rng(28);
  std::uniform_int_distribution<std::size_t> piece(0, pieces.size() - 1), count(1, 7);
  int matched = 0;
  for (int i = 0; i < 30000; ++i) {
    std::string name;
    for (std::size_t k = count(rng); k > 0; --k) name += pieces[piece(rng)];
    if (rng() % 3 == 0)
      for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const auto got = family_from_name(name);
    const std::string want = by_reference(name);
    ASSERT_EQ(got.has_value(), !want.empty()) << "\"" << name << "\" reference " << want;
    if (got) {
      ASSERT_EQ(got->family, want) << "\"" << name << "\"";
      ++matched;
    }
  }
  EXPECT_GT(matched, 1000);  // the corpus reaches the patterns, not only their misses
}

TEST(BaselinesGpuFamily, ALongNameIsAScanNotAStackOverflow) {
  const std::string long_name = "NVIDIA " + std::string(30000, 'Z') + " H100 80GB HBM3";
  const auto t0 = std::chrono::steady_clock::now();
  const auto f = family_from_name(long_name);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->compute_capability, "9.0");
  EXPECT_FALSE(family_from_name(std::string(1 << 20, 'a')));
  EXPECT_FALSE(family_from_name(std::string(1 << 20, ' ')));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
}

TEST(GpuFamily, ComputeCapabilityFromTheName) {
  const std::pair<const char*, const char*> cases[] = {
      {"NVIDIA GeForce RTX 5060", "12.0"},        {"NVIDIA GeForce RTX 5090 D v2", "12.0"},
      {"NVIDIA RTX PRO 2000 Blackwell", "12.0"},  {"NVIDIA RTX 5000 Ada Generation", "8.9"},
      {"NVIDIA RTX 2000E Ada Generation", "8.9"}, {"Quadro RTX 4000", "7.5"},
      {"NVIDIA GeForce RTX 4060", "8.9"},         {"NVIDIA GeForce RTX 3050", "8.6"},
      {"NVIDIA RTX A1000", "8.6"},                {"NVIDIA A10G", "8.6"},
      {"H100XM", "9.0"},                          {"A100DX", "8.0"},
      {"NVIDIA A100 80GB PCIe", "8.0"},           {"NVIDIA A800 40GB Active", "8.0"},
      {"NVIDIA A30", "8.0"},                      {"NVIDIA L4", "8.9"},
      {"NVIDIA L40S", "8.9"},                     {"NVIDIA H20", "9.0"},
      {"NVIDIA GH200 120GB", "9.0"},              {"NVIDIA H800 NVL", "9.0"},
      {"NVIDIA B200", "10.0"},                    {"NVIDIA GB200", "10.0"},
      {"NVIDIA B300 SXM6 AC", "10.3"},            {"NVIDIA GB300", "10.3"},
      {"NVIDIA GB10", "12.1"},                    {"Tesla T4", "7.5"},
      {"NVIDIA GeForce GTX 1660 SUPER", "7.5"},   {"NVIDIA GeForce RTX 2070", "7.5"},
      {"NVIDIA TITAN V", "7.0"},                  {"Tesla V100-FHHL-16GB", "7.0"},
      {"Tesla P100-PCIE-12GB", "6.0"},            {"Tesla P4", "6.1"},
      {"NVIDIA TITAN X (Pascal)", "6.1"},         {"NVIDIA GeForce GTX 1070", "6.1"},
      {"Tesla M40 24GB", "5.2"},                  {"GeForce GTX TITAN X", "5.2"},
      {"Tesla M10", "5.0"},                       {"H100XS", "9.0"},
  };
  for (const auto& [name, cc] : cases) {
    const auto f = family_from_name(name);
    ASSERT_TRUE(f) << name;
    EXPECT_EQ(f->compute_capability, cc) << name << " matched " << f->family;
  }
  EXPECT_FALSE(family_from_name("AMD Instinct MI300X"));
  EXPECT_FALSE(family_from_name("NVIDIA Mystery"));
}
