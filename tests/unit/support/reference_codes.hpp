// The status codes a reference header enumerates, as tests/data/references/*.tsv transcribe them
// (lines "value<TAB>name", '#' comments): the tables each error reader is checked against, both ways;
// and the call shape the readers share (a line with its lower-cased copy).
#pragma once

#include <gtest/gtest.h>

#include <cctype>

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

// Every code of `table` (rows with .number, .name and .meaning) is in the reference file by number
// and name, the file has `count` codes and no more, and each row says what it means.
template <typename Table>
void expect_table_is_reference(const Table& table, const std::string& file, std::size_t count) {
  const auto header = reference_codes(file);
  ASSERT_EQ(header.size(), count) << file;
  EXPECT_EQ(table.size(), header.size()) << file;
  for (const auto& c : table) {
    const auto it = header.find(c.number);
    ASSERT_NE(it, header.end()) << c.name;
    EXPECT_EQ(it->second, c.name);
    EXPECT_NE(std::string(c.meaning), "") << c.name;
  }
}

// A reader's result for `line`, called as the readers are: the line and its lower-cased copy.
template <typename Reader>
auto read_line(Reader reader, const std::string& line) {
  std::string lower = line;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return reader(line, lower);
}

}  // namespace gpuaudit::test_support
