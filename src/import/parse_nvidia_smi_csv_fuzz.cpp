// libFuzzer target for the nvidia-smi --query-gpu CSV (parse_nvidia_smi_csv.cpp) parser: any bytes, normalised as the importer does,
// then detected, parsed and serialised. A crash, a sanitizer report or an exception is a bug: a parser
// never throws on bad input, it records what it skipped.
// Seed corpus: tests/data/imports/nvidia-smi-csv/.
#include "import/import.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gpuaudit::imports;
  const std::string text = normalize_text(std::string_view(reinterpret_cast<const char*>(data), size));
  const Format* f = find_format("nvidia-smi-csv");
  if (!f) return 0;
  (void)f->detect(text);
  const ImportPart part = f->parse(text, "fuzz-input");
  gpuaudit::json j = part.gpus;
  j.push_back(part.topology);
  j.push_back(part.imported);
  (void)j.dump();
  std::size_t samples = 0;
  for (const auto& t : part.timelines) samples += t.second.size();
  (void)samples;
  return 0;
}
