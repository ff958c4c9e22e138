#include "text/number_after.hpp"

#include <cctype>

namespace gpuaudit {

namespace {

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// The number starting at `i` (after the skipped characters), if one stands there whole.
bool read_number(std::string_view line, std::size_t i, const NumberAfter& how, long& out) {
  while (i < line.size() && how.skip.find(line[i]) != std::string_view::npos) ++i;
  if (how.negative) {
    if (i >= line.size() || line[i] != '-') return false;
    ++i;
  }
  const std::size_t start = i;
  long n = 0;
  while (i < line.size() && digit(line[i]) && i - start < how.max_digits) n = n * 10 + (line[i++] - '0');
  if (i == start) return false;
  if (i < line.size() && (digit(line[i]) || how.not_before.find(line[i]) != std::string_view::npos)) return false;
  out = how.negative ? -n : n;
  return true;
}

}  // namespace

std::vector<long> numbers_after(std::string_view line, std::initializer_list<std::string_view> keys, const NumberAfter& how,
                                std::size_t from) {
  std::vector<long> out;
  for (const std::string_view key : keys) {
    if (key.empty()) continue;
    for (std::size_t k = line.find(key, from); k != std::string_view::npos; k = line.find(key, k + 1)) {
      long n = 0;
      if (read_number(line, k + key.size(), how, n)) out.push_back(n);
    }
  }
  return out;
}

}  // namespace gpuaudit
