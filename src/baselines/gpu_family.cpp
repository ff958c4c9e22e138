// Why patterns, in this order: model numbers collide across generations ("RTX 5000" is an Ada
// workstation card and a GeForce RTX 50 series prefix; "A10" is a prefix of "A100"; "L4" of
// "L40"), so the marketing words that settle a generation ("Ada", "Blackwell", "Quadro RTX") are
// tried before the bare numbers, and the numbers are matched as whole words (a vGPU board code's
// letters allowed: H100XM, A100DX, V100S), so "RTX A1000" is not an A100.
#include "baselines/gpu_family.hpp"

#include <regex>
#include <vector>

namespace gpuaudit {
namespace {

struct Pattern {
  std::regex re;
  const char* cc;
  const char* architecture;
  const char* family;
};

Pattern pat(const char* re, const char* cc, const char* arch, const char* family) {
  return {std::regex(re, std::regex::icase | std::regex::ECMAScript | std::regex::optimize), cc, arch, family};
}

const std::vector<Pattern>& patterns() {
  static const std::vector<Pattern> p{
      // Words that name the generation outright.
      pat(R"(\brtx pro \d{3,4}\b)", "12.0", "Blackwell", "RTX PRO Blackwell"),
      pat(R"(\bblackwell\b)", "12.0", "Blackwell", "RTX PRO Blackwell"),
      pat(R"(\bada\b)", "8.9", "Ada Lovelace", "RTX Ada Generation"),
      pat(R"(\bquadro rtx\b|\btitan rtx\b)", "7.5", "Turing", "Quadro/TITAN RTX"),
      // Data-centre and cloud boards.
      pat(R"(\bgb10\b|\bdgx spark\b)", "12.1", "Blackwell", "GB10"),
      pat(R"(\bg?b300\b)", "10.3", "Blackwell", "B300/GB300"),
      pat(R"(\bg?b[12]00\b)", "10.0", "Blackwell", "B100/B200/GB200"),
      pat(R"(\bgh200\b|\bh100[a-z]{0,2}\b|\bh200[a-z]?\b|\bh800[a-z]{0,2}\b|\bh20[a-z]?\b)", "9.0", "Hopper", "H100/H200/H800/H20"),
      pat(R"(\bl40s?\b|\bl40g\b|\bl20\b|\bl4\b|\bl2\b)", "8.9", "Ada Lovelace", "L4/L20/L40"),
      pat(R"(\ba100[a-z]{0,2}\b|\ba800[a-z]{0,2}\b|\ba30x?\b)", "8.0", "Ampere", "A100/A800/A30"),
      pat(R"(\ba10g?\b|\ba40\b|\ba16\b|\ba2\b|\bpg506\b)", "8.6", "Ampere", "A10/A16/A2/A40"),
      pat(R"(\bv100[a-z]{0,2}\b|\btitan v\b|\bgv100\b)", "7.0", "Volta", "V100"),
      pat(R"(\bt4g?\b)", "7.5", "Turing", "T4"),
      pat(R"(\bp100\b|\bgp100\b)", "6.0", "Pascal", "P100"),
      pat(R"(\bp40\b|\bp4\b|\bp6\b|\bp10\b)", "6.1", "Pascal", "P4/P40"),
      pat(R"(\bm60\b|\bm40\b|\bm6\b)", "5.2", "Maxwell", "M40/M60"),
      pat(R"(\bm10\b)", "5.0", "Maxwell", "M10"),
      // GeForce and workstation lines by number.
      pat(R"(\brtx 50\d0\b)", "12.0", "Blackwell", "GeForce RTX 50"),
      pat(R"(\brtx 40\d0\b)", "8.9", "Ada Lovelace", "GeForce RTX 40"),
      pat(R"(\brtx 30\d0\b)", "8.6", "Ampere", "GeForce RTX 30"),
      pat(R"(\brtx a\d{3,4}\b)", "8.6", "Ampere", "RTX A (Ampere workstation)"),
      pat(R"(\brtx 20\d0\b|\bgtx 16\d0\b|\bquadro t\d{3,4}\b)", "7.5", "Turing", "GeForce RTX 20 / GTX 16"),
      pat(R"(\bgtx 10\d0\b|\btitan xp?\b.*pascal|\btitan xp\b|\bquadro p\d{3,4}\b)", "6.1", "Pascal",
          "GeForce GTX 10"),
      pat(R"(\bgtx 9\d0\b|\btitan x\b|\bquadro m\d{3,4}\b)", "5.2", "Maxwell", "GeForce GTX 900"),
      pat(R"(\bgtx 750\b|\bgtx 745\b)", "5.0", "Maxwell", "GeForce GTX 750"),
  };
  return p;
}

}  // namespace

std::optional<GpuFamily> family_from_name(std::string_view name) {
  const std::string s(name);
  for (const Pattern& p : patterns())
    if (std::regex_search(s, p.re)) return GpuFamily{p.cc, p.architecture, p.family};
  return std::nullopt;
}

}  // namespace gpuaudit
