// libFuzzer target: parse_result() on any bytes. Bad input must end in gpuaudit::Error (a one-line
// refusal, exit 2); anything else escaping, a crash or a sanitizer report is a bug. A document
// that is accepted is written back and read again, as `score --write` does (the unknown fields
// it keeps are printed by dump(), which recurses: the depth bound must cover it).
// The fast reader (simdjson, what report and export use) is checked against it on the same bytes:
// what it accepts, parse_result must accept as the very same document.
// Built by scripts/test/fuzz.sh (clang -fsanitize=fuzzer); seeds in tests/data/fuzz/document_io/.
#include "core/document_io.hpp"
#include "core/document_read_simd.hpp"
#include "core/error.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto fast = gpuaudit::parse_result_simd(text);
  if (fast) {  // read_result_fast checks the whole document after simdjson's reading, as here
    try {
      gpuaudit::check_document(*fast, "fuzz.json");
    } catch (const gpuaudit::Error&) {
      fast.reset();
    }
  }
  try {
    const gpuaudit::ResultDocument doc = gpuaudit::parse_result(text, "fuzz.json");
    const std::string again = gpuaudit::to_pretty_json(doc);
    if (fast && gpuaudit::to_pretty_json(*fast) != again) {
      std::fprintf(stderr, "the fast reader read another document than parse_result\n");
      std::abort();
    }
    (void)gpuaudit::parse_result(again, "fuzz-again.json");  // what we write, we read
  } catch (const gpuaudit::Error&) {
    if (fast) {
      std::fprintf(stderr, "the fast reader accepted what parse_result refuses\n");
      std::abort();
    }
  }
  return 0;
}
