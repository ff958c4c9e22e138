// Golden text: what a renderer prints, compared byte for byte with a file of
// tests/data/text-golden/ (its README says which test owns which file). GPUAUDIT_UPDATE_GOLDEN=1
// rewrites the file instead; read the diff before committing it. One copy for every golden test.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace gpuaudit {

inline const std::filesystem::path kGoldenDir = std::filesystem::path(GPUAUDIT_TEST_DATA) / "text-golden";

inline void expect_golden_text(const std::string& text, const std::string& name) {
  const std::filesystem::path file = kGoldenDir / name;
  if (std::getenv("GPUAUDIT_UPDATE_GOLDEN")) std::ofstream(file, std::ios::binary) << text;
  std::ifstream in(file, std::ios::binary);
  const std::string want((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, want) << "golden " << file.string() << "; actual:\n" << text;
}

}  // namespace gpuaudit
