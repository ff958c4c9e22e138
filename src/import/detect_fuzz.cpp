// libFuzzer target of the importer's detection path (fuzz_detect; scripts/test/fuzz.sh runs it): whatever
// a person pastes, every registered format's detect and parse run on it, and the part merges into a
// document that serialises. Each parser is fuzzed alone as well (format_fuzz.cpp); this one sees the
// formats side by side, as detection does (a detector that crashes on another tool's output), the
// refusals that run before it (foreign_input) and the naming of outputs it does not read
// (unread_output, inside detect_format).
//
// A crash, a sanitizer report, an uncaught exception (parsers never throw) or a document that
// cannot be written as JSON (a string cut inside a UTF-8 sequence) is a finding.
#include "core/error.hpp"
#include "import/gates/foreign_input.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace gpuaudit;
using namespace gpuaudit::imports;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = normalize_text(std::string_view(reinterpret_cast<const char*>(data), size));
  if (normalize_text(text) != text) std::abort();  // normalised text is a fixed point

  (void)foreign_input(text);  // the refusals that run before detection (another vendor's run, a diff)
  for (const auto& f : format_registry()) {
    if (f.detect(text) < 0) std::abort();
    ImportPart part = f.parse(text, "fuzz-input.txt");
    part.format = f.name;
    ResultDocument doc;
    merge_part(doc, std::move(part));
    (void)json(doc).dump();
  }
  try {
    (void)detect_format(text, "fuzz-input.txt");
  } catch (const Error&) {
    // no format, or a tie: the one-line errors a person gets
  }
  return 0;
}
