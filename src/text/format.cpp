#include "text/format.hpp"

#include <algorithm>
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

std::string gpu_ranges(std::vector<int> gpus) {
  std::sort(gpus.begin(), gpus.end());
  gpus.erase(std::unique(gpus.begin(), gpus.end()), gpus.end());
  std::string o;
  for (std::size_t i = 0; i < gpus.size();) {
    std::size_t j = i;
    while (j + 1 < gpus.size() && gpus[j + 1] == gpus[j] + 1) ++j;
    o += (o.empty() ? "" : ", ") + std::to_string(gpus[i]);
    if (j > i) o += (j == i + 1 ? ", " : "-") + std::to_string(gpus[j]);
    i = j + 1;
  }
  return o;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace gpuaudit
