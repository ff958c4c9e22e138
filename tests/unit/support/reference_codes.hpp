// The status codes a reference header enumerates, as tests/data/references/*.tsv transcribe them
// (lines "value<TAB>name", '#' comments): the tables each error reader is checked against, both ways.
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace gpuaudit::test_support {

// value -> name for every line of tests/data/references/<file>, without the code `success` (0).
inline std::map<int, std::string> reference_codes(const std::string& file, int success = 0) {
  std::ifstream in(std::filesystem::path(GPUAUDIT_TEST_DATA) / "references" / file);
  std::map<int, std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    int n = 0;
    std::string name;
    if (ss >> n >> name && n != success) out[n] = name;
  }
  return out;
}

}  // namespace gpuaudit::test_support
