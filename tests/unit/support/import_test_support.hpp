// What the import tests share: reading a fixture as bytes, parsing text as one named format, a GPU
// as an importer reports it, and asking which format the registry's detectors pick. One copy here
// instead of one per test file.
#pragma once

#include "import/rows/dcgm_reasons.hpp"
#include "import/import.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>
#include <string>

namespace gpuaudit::imports::import_test {

// tests/data/imports/<format>/
inline std::filesystem::path fixture_dir(const std::string& format) {
  return std::filesystem::path(GPUAUDIT_TEST_DATA) / "imports" / format;
}

// The file's bytes as they are ("" when it cannot be read: the test's ASSERT on emptiness says so).
inline std::string read_bytes(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// `raw` parsed as `format`, after the same normalisation the importer applies.
inline ImportPart parse_as(const std::string& format, const std::string& raw, const std::string& file = "test.txt") {
  const Format* f = find_format(format);
  EXPECT_NE(f, nullptr) << format;
  if (!f) return {};
  ImportPart part = f->parse(normalize_text(raw), file);
  part.format = f->name;  // as the importer stamps it
  return part;
}

// A GPU as an importer would report it: index, bus id, UUID and name (the fields parts merge by).
inline GpuInfo gpu(int index, const std::string& bus, const std::string& uuid = "", const std::string& name = "") {
  GpuInfo g;
  g.index = index;
  g.pci_bus_id = bus;
  g.uuid = uuid;
  g.name = name;
  return g;
}

// The format the registry's detectors pick for `raw` (the highest score), "" when none claims it.
inline std::string detected(const std::string& raw) {
  const std::string t = normalize_text(raw);
  std::string best;
  int best_score = 0;
  for (const auto& f : format_registry())
    if (const int s = f.detect(t); s > best_score) best_score = s, best = f.name;
  return best;
}

// DCGM's reason messages of one text read per GPU (dcgm_reasons.cpp), as the dcgmi-diag rows give them.
inline std::map<int, dcgm::GpuSigns> dcgm_signs(const std::string& msg) {
  std::map<int, dcgm::GpuSigns> out;
  dcgm::read_signs(msg, out);
  return out;
}

}  // namespace gpuaudit::imports::import_test
