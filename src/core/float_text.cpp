#include "core/float_text.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>

namespace gpuaudit {

std::optional<double> parse_double(std::string_view text) {
#if defined(__cpp_lib_to_chars)
  double v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) return std::nullopt;
  return v;
#else
  return parse_double_c(text);
#endif
}

int shortest_round_trip_digits(double v) {
#if defined(__cpp_lib_to_chars)
  char shortest[40];
  const auto end = std::to_chars(shortest, shortest + sizeof shortest, v, std::chars_format::scientific).ptr;
  int digits = 0;
  for (const char* c = shortest; c != end && *c != 'e'; ++c) digits += *c >= '0' && *c <= '9';
  return digits;
#else
  return shortest_round_trip_digits_c(v);
#endif
}

std::optional<double> parse_double_c(std::string_view text) {
  // strtod reads more than from_chars: leading blanks, '+', hexadecimal. Those are refused first.
  const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  if (text.empty() || blank(text.front()) || text.front() == '+') return std::nullopt;
  const std::string_view digits = text.front() == '-' ? text.substr(1) : text;
  if (digits.empty() || digits.front() == '+' || digits.front() == '-' || blank(digits.front())) return std::nullopt;
  if (digits.size() >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) return std::nullopt;
  const std::string copy(text);  // strtod needs a terminated string
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || errno == ERANGE) return std::nullopt;
  return v;
}

int shortest_round_trip_digits_c(double v) {
  char buf[40];
  for (int digits = 1; digits < 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) return digits;
  }
  return 17;
}

}  // namespace gpuaudit
