#include "probe/arch_features.hpp"

#include <array>
#include <string_view>

namespace gpuaudit {

ArchFeatures arch_features(int cc_major, int cc_minor) {
  const int cc = cc_major * 10 + cc_minor;
  ArchFeatures f;
  f.native_fp16 = cc >= 53;
  f.dp4a = cc >= 61;
  f.fp16_mma = cc >= 70;
  f.int8_mma = cc >= 75;
  f.bf16_mma = cc >= 80;
  f.tf32_mma = cc >= 80;
  f.fp8_mma = cc >= 89;  // 8.6 and 8.7 sort below 8.9: no FP8 there
  f.clusters_tma = cc >= 90;
  f.wgmma = cc == 90;
  f.tcgen05 = cc == 100 || cc == 103;
  return f;
}

std::string architecture_name(int cc_major, int cc_minor) {
  switch (cc_major) {
    case 3: return "Kepler";
    case 5: return "Maxwell";
    case 6: return "Pascal";
    case 7: return cc_minor >= 5 ? "Turing" : "Volta";
    case 8: return cc_minor == 9 ? "Ada Lovelace" : "Ampere";
    case 9: return "Hopper";
    case 10:
    case 11:
    case 12: return "Blackwell";
    default: return "compute capability " + std::to_string(cc_major) + "." + std::to_string(cc_minor);
  }
}

namespace {

struct FamilyNeed {
  std::string_view name;  // benchmark name or family prefix, matched on '/' boundaries
  int min_cc;
};

// Only what needs more than the oldest card gpuaudit builds for; everything else runs anywhere.
// gemm/fp16 goes through cuBLASLt, which has FP16 GEMMs from Pascal on (FP32 accumulate).
constexpr std::array<FamilyNeed, 6> kNeeds{{
    {"tensor/mma_fp16", 70},
    {"tensor/mma_bf16", 80},
    {"gemm/fp16", 60},
    {"gemm/bf16", 80},
    {"gemm/tf32", 80},
    {"gemm/fp8", 89},
}};

bool matches(std::string_view benchmark, std::string_view entry) {
  if (benchmark == entry) return true;
  // A variant below the entry ("gemm/fp8/e5m2") needs what the entry needs.
  return benchmark.size() > entry.size() && benchmark.substr(0, entry.size()) == entry &&
         benchmark[entry.size()] == '/';
}

}  // namespace

std::optional<int> min_compute_capability(const std::string& benchmark) {
  for (const auto& n : kNeeds)
    if (matches(benchmark, n.name)) return n.min_cc;
  return std::nullopt;
}

std::optional<std::string> unavailable_reason(const std::string& benchmark, int cc_major, int cc_minor) {
  const auto need = min_compute_capability(benchmark);
  const int cc = cc_major * 10 + cc_minor;
  if (!need || cc >= *need) return std::nullopt;
  const int need_major = *need / 10, need_minor = *need % 10;
  return "not available on this architecture: " + benchmark + " needs compute capability " +
         std::to_string(need_major) + "." + std::to_string(need_minor) + " (" +
         architecture_name(need_major, need_minor) + ") or newer; this card is " + std::to_string(cc_major) + "." +
         std::to_string(cc_minor) + " (" + architecture_name(cc_major, cc_minor) + ")";
}

}  // namespace gpuaudit
