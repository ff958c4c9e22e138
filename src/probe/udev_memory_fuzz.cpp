// libFuzzer target: the udev database reader of the memory modules (probe/udev_memory.hpp) on any
// text. Whatever /run/udev/data/+dmi:id holds must never crash it. Built by scripts/test/fuzz.sh
// (clang -fsanitize=fuzzer).
#include "probe/udev_memory.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto slots = gpuaudit::udev_memory_devices(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!slots.empty()) (void)gpuaudit::memory_modules_summary(slots, "fuzz");
  return 0;
}
