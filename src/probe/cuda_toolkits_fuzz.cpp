// libFuzzer target: the CUDA toolkit version readers (version.json, version.txt, cuda.h) on any
// bytes. They take files from the machine's disk and must never throw, crash or run long (a 50 KB
// version.txt once overflowed the stack in std::regex).
// Built by scripts/test/fuzz.sh (clang -fsanitize=fuzzer); seeds in tests/data/fuzz/cuda_toolkits/.
#include "probe/cuda_toolkits.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const auto& v : {gpuaudit::cuda_version_from_json(text), gpuaudit::cuda_version_from_txt(text),
                        gpuaudit::cuda_version_from_header(text)})
    if (v) (void)gpuaudit::cuda_version_number(*v);
  (void)gpuaudit::cuda_version_number(text);
  return 0;
}
