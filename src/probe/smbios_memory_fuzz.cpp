// libFuzzer target: the SMBIOS type 17 reader (probe/smbios_memory.hpp) on any bytes. A firmware
// table or whatever a container bind-mounts over /sys/firmware must never crash it. Built by
// scripts/test/fuzz.sh (clang -fsanitize=fuzzer).
#include "probe/smbios_memory.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view raw(reinterpret_cast<const char*>(data), size);
  if (auto m = gpuaudit::smbios_memory_device(raw)) (void)gpuaudit::memory_modules_summary({*m, *m}, "fuzz");
  return 0;
}
