// The body of every parser's libFuzzer target (parse_<format>_fuzz.cpp): any bytes, normalised as
// the importer does, then detected, parsed and serialised. A crash, a sanitizer report or an
// exception is a bug: a parser never throws on bad input, it records what it skipped.
#pragma once

#include "import/import.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

inline int fuzz_format(const char* format, const std::uint8_t* data, std::size_t size) {
  const std::string text = normalize_text(std::string_view(reinterpret_cast<const char*>(data), size));
  const Format* f = find_format(format);
  if (!f) return 0;
  (void)f->detect(text);
  const ImportPart part = f->parse(text, "fuzz-input");
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

}  // namespace gpuaudit::imports
