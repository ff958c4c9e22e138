#include "text/format.hpp"

#include <cstdio>

namespace gpuaudit {

std::string fmt_num(double v, int decimals) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", decimals, v);
  return b;
}

std::string fmt_bytes(std::uint64_t bytes) {
  const double b = static_cast<double>(bytes);
  if (b >= 1024.0 * 1024 * 1024) return fmt_num(b / (1024.0 * 1024 * 1024), 1) + " GiB";
  if (b >= 1024.0 * 1024) return fmt_num(b / (1024.0 * 1024), 0) + " MiB";
  if (b >= 1024.0) return fmt_num(b / 1024.0, 0) + " KiB";
  return std::to_string(bytes) + " B";
}

std::string fmt_opt(const std::optional<int>& v, const std::string& unit) {
  return v ? std::to_string(*v) + unit : "?";
}

std::string fmt_opt(const std::optional<double>& v, const std::string& unit, int decimals) {
  return v ? fmt_num(*v, decimals) + unit : "?";
}

std::string clipped(const std::string& s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return s.substr(0, cut) + "...";
}

}  // namespace gpuaudit
