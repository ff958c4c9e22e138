// libFuzzer target for the nccl-tests parser: normalise, detect, parse; none of it may crash.
#include "import/import.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text =
      gpuaudit::imports::normalize_text(std::string_view(reinterpret_cast<const char*>(data), size));
  const auto* f = gpuaudit::imports::find_format("nccl-tests");
  if (!f) return 0;
  (void)f->detect(text);
  (void)f->parse(text, "fuzz.txt");
  return 0;
}
