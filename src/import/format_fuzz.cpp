// libFuzzer target of every import parser, one binary for the whole format registry (fuzz_format):
// the format it fuzzes is named by the environment, GPUAUDIT_FUZZ_FORMAT=<Format::name>, so a
// format added to the registry is fuzzed without a target of its own. scripts/test/fuzz.sh asks the
// binary for the registry (GPUAUDIT_FUZZ_LIST_FORMATS=1 prints one name a line and exits) and runs
// it once per format, seeded from tests/data/imports/<format>/.
//
//   GPUAUDIT_FUZZ_FORMAT=nccl-tests build-fuzz/fuzz_format corpus/        fuzz one parser
//   GPUAUDIT_FUZZ_FORMAT=nccl-tests build-fuzz/fuzz_format crash-...      replay what it found
//
// Any bytes, normalised as the importer does, then detected, parsed and serialised. A crash, a
// sanitizer report or an exception is a bug: a parser never throws on bad input, it records what
// it skipped.
#include "import/import.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace gpuaudit;
using namespace gpuaudit::imports;

namespace {

const Format* g_format = nullptr;

// The registry's names, one a line, for scripts/test/fuzz.sh.
[[noreturn]] void list_formats() {
  for (const auto& f : format_registry()) std::printf("%s\n", f.name.c_str());
  std::fflush(stdout);
  std::exit(0);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (std::getenv("GPUAUDIT_FUZZ_LIST_FORMATS")) list_formats();
  const char* name = std::getenv("GPUAUDIT_FUZZ_FORMAT");
  g_format = name ? find_format(name) : nullptr;
  if (!g_format) {
    std::fprintf(stderr, "fuzz_format: set GPUAUDIT_FUZZ_FORMAT to a registered format (%s); one of:\n",
                 name ? "this one is not" : "it is not set");
    for (const auto& f : format_registry()) std::fprintf(stderr, "  %s\n", f.name.c_str());
    std::exit(2);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = normalize_text(std::string_view(reinterpret_cast<const char*>(data), size));
  (void)g_format->detect(text);
  const ImportPart part = g_format->parse(text, "fuzz-input");
  json j = json::object();  // what merge.cpp and the document writer will serialise
  j["gpus"] = part.gpus;
  j["benchmarks"] = part.benchmarks;
  j["topology"] = part.topology;
  j["imported"] = part.imported;
  j["host"] = part.host;
  j["software"] = part.software;
  (void)j.dump();
  return 0;
}
