// libFuzzer target: the readers of GPU and profile names (gpu_family.cpp's word patterns,
// vgpu_profile.cpp, mig_profile_name.cpp) on any bytes. A document or a tool's output may hold
// any name; these once used std::regex, which recursed per character (a 30 KB name overflowed the
// stack), and std::stoi, which threw on 20 digits. They must never crash, throw or run long.
// Built by scripts/test/fuzz.sh (clang -fsanitize=fuzzer); seeds in tests/data/fuzz/gpu_names/.
#include "baselines/gpu_family.hpp"
#include "baselines/mig_profile_name.hpp"
#include "baselines/vgpu_profile.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view name(reinterpret_cast<const char*>(data), size);
  (void)gpuaudit::family_from_name(name);
  if (const auto v = gpuaudit::parse_vgpu_profile(name); v && (v->memory_gb < 0 || v->board.empty())) std::abort();
  if (const auto m = gpuaudit::parse_mig_profile_name(name); m && (m->compute_slices < 0 || m->memory_gb < 0)) std::abort();
  return 0;
}
