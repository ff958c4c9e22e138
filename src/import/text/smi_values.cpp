#include "import/text/smi_values.hpp"

#include "text/strings.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace gpuaudit::imports::smi {

bool is_absent(std::string_view v) {
  std::string s = lower(trim(v));
  if (s.size() >= 2 && s.front() == '[' && s.back() == ']') s = s.substr(1, s.size() - 2);
  return s.empty() || s == "n/a" || s == "not supported" || s == "unknown error" || s == "not found" ||
         s == "unknown" || s == "insufficient permissions" || s == "gpu requires reset" || s == "not available" ||
         s.find("deprecated") != std::string::npos || s == "none";
}

bool masked_uuid(std::string_view v) {
  const std::string s = lower(trim(v));
  if (s.empty()) return false;
  for (const char* word : {"redact", "masked", "hidden", "removed", "censored", "xxxx", "...", "\xe2\x80\xa6"})
    if (s.find(word) != std::string::npos) return true;
  return s.find_first_of("*<>") != std::string::npos;
}

std::optional<double> number(std::string_view v) {
  v = trim(v);
  if (v.empty() || is_absent(v)) return std::nullopt;
  if (v.size() > 1 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) return std::nullopt;  // a hex id, not a figure
  std::string digits;
  std::size_t i = 0;
  if (i < v.size() && (v[i] == '-' || v[i] == '+')) digits += v[i++];
  bool any = false, sep = false;
  for (; i < v.size(); ++i) {
    const char c = v[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits += c;
      any = true;
    } else if ((c == '.' || c == ',') && !sep && i + 1 < v.size() &&
               std::isdigit(static_cast<unsigned char>(v[i + 1]))) {
      digits += '.';  // the locale's decimal comma reads like a point
      sep = true;
    } else {
      break;
    }
  }
  if (!any) return std::nullopt;
  char* end = nullptr;
  const double d = std::strtod(digits.c_str(), &end);
  if (!std::isfinite(d)) return std::nullopt;
  return d;
}

std::optional<int> integer(std::string_view v) {
  auto d = number(v);
  if (!d || std::fabs(*d) > 2e9) return std::nullopt;
  return static_cast<int>(std::lround(*d));
}

std::optional<std::uint64_t> count(std::string_view v) {
  auto d = number(v);
  if (!d || *d < 0 || *d > 1.8e19) return std::nullopt;
  return static_cast<std::uint64_t>(std::llround(*d));
}

std::optional<std::uint64_t> mib_bytes(std::string_view v) {
  auto d = number(v);
  if (!d || *d < 0 || *d > 1e12) return std::nullopt;
  const std::string s = lower(v);
  double scale = 1024.0 * 1024.0;  // MiB, and the "MB"/"Mb" of old drivers (which meant MiB)
  if (s.find("gib") != std::string::npos || s.find("gb") != std::string::npos) scale *= 1024.0;
  else if (s.find("kib") != std::string::npos || s.find("kb") != std::string::npos) scale = 1024.0;
  return static_cast<std::uint64_t>(std::llround(*d * scale));
}

std::optional<bool> boolean(std::string_view v) {
  const std::string s = lower(trim(v));
  if (s == "enabled" || s == "yes" || s == "active" || s == "on" || s == "true" || s == "enable") return true;
  if (s == "disabled" || s == "no" || s == "not active" || s == "off" || s == "false" || s == "disable")
    return false;
  return std::nullopt;
}

std::optional<bool> active(std::string_view v) {
  const std::string s = lower(trim(v));
  if (s == "active") return true;
  if (s == "not active") return false;
  return std::nullopt;
}

std::optional<std::uint32_t> hex_number(std::string_view v) {
  if (v.empty() || v.size() > 8) return std::nullopt;
  std::uint32_t x = 0;
  for (char c : v) {
    const int h = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                  : (c >= 'a' && c <= 'f')                      ? c - 'a' + 10
                  : (c >= 'A' && c <= 'F')                      ? c - 'A' + 10
                                                                : -1;
    if (h < 0) return std::nullopt;
    x = (x << 4) | static_cast<std::uint32_t>(h);
  }
  return x;
}

std::optional<int> small_number(std::string_view s, int bound) {
  if (s.empty() || s.size() > 5) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v > bound) return std::nullopt;
  return v;
}

std::optional<std::string> pci_id_pair(std::string_view v) {
  v = trim(v);
  // "0x233010DE"; drivers of 2011 print "109110DE" without the 0x
  if (v.size() >= 3 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) v.remove_prefix(2);
  else if (v.size() != 8) return std::nullopt;
  const auto parsed = hex_number(v);
  if (!parsed) return std::nullopt;
  const std::uint32_t x = *parsed;
  // "000000DE" (telegraf's a10g.xml, an AWS A10G) is no device: PCI ids 0x0000 and 0xFFFF mean
  // none, so a pair with either is not an id to look a model up by.
  const std::uint32_t device = x >> 16, vendor = x & 0xffff;
  if (device == 0 || device == 0xffff || vendor == 0 || vendor == 0xffff) return std::nullopt;
  static const char* hex = "0123456789abcdef";
  auto hex4 = [](std::uint32_t n) {
    std::string s(4, '0');
    for (int i = 3; i >= 0; --i, n >>= 4) s[static_cast<std::size_t>(i)] = hex[n & 0xf];
    return s;
  };
  return hex4(x & 0xffff) + ":" + hex4(x >> 16);
}

std::optional<int> cuda_version_number(std::string_view v) {
  v = trim(v);
  auto dot = v.find_first_of(".,");
  if (dot == std::string_view::npos) return std::nullopt;
  auto major = integer(v.substr(0, dot));
  std::string_view rest = v.substr(dot + 1);
  std::size_t n = 0;
  while (n < rest.size() && std::isdigit(static_cast<unsigned char>(rest[n]))) ++n;
  if (!major || n == 0 || n > 2 || *major <= 0 || *major > 99) return std::nullopt;
  const int minor = std::atoi(std::string(rest.substr(0, n)).c_str());
  return *major * 1000 + minor * 10;
}

std::optional<std::string> virtualization_mode(std::string_view v) {
  std::string s;
  for (char c : lower(trim(v)))
    if (std::isalnum(static_cast<unsigned char>(c))) s += c;
  if (s == "none") return "none";
  if (s == "passthrough") return "passthrough";
  if (s == "vgpu") return "vgpu";
  if (s == "hostvgpu") return "host-vgpu";
  if (s == "hostvsga" || s == "vsga") return "host-vsga";
  return std::nullopt;
}

std::optional<std::string> compute_mode(std::string_view v) {
  std::string s;
  for (char c : lower(trim(v))) s += (c == '_' || c == ' ') ? '-' : c;
  if (s == "default" || s == "exclusive-process" || s == "prohibited" || s == "exclusive-thread") return s;
  return std::nullopt;
}

std::uint64_t clock_reason_bit(std::string_view name) {
  // Prefixes are cut before the punctuation goes: "clocks_event_reason_sw_power_cap" would otherwise
  // read as "clockseventreasons" + "wpowercap".
  std::string l = lower(trim(name));
  for (const char* prefix : {"clocks_event_reasons.", "clocks_throttle_reasons.", "clocks_event_reason_",
                             "clocks_throttle_reason_"})
    if (l.rfind(prefix, 0) == 0) l = l.substr(std::string_view(prefix).size());
  std::string s;
  for (char c : l)
    if (std::isalnum(static_cast<unsigned char>(c))) s += c;
  if (s == "idle" || s == "gpuidle") return 0x001;
  if (s == "applicationsclockssetting" || s == "applicationsclocks") return 0x002;
  if (s == "swpowercap") return 0x004;
  if (s == "hwslowdown") return 0x008;
  if (s == "syncboost") return 0x010;
  if (s == "swthermalslowdown") return 0x020;
  if (s == "hwthermalslowdown") return 0x040;
  if (s == "hwpowerbrakeslowdown") return 0x080;
  if (s == "displayclocksetting" || s == "displayclockssetting") return 0x100;
  return 0;
}

namespace {
// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
long days_from_civil(long y, unsigned m, unsigned d) {
  y -= m <= 2;
  const long era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<long>(doe) - 719468;
}
}  // namespace

std::optional<double> timestamp_seconds(std::string_view v) {
  v = trim(v);
  // 2024/05/01 12:00:01.123 (also 2024-05-01, and a T between date and time)
  int f[6] = {0, 0, 0, 0, 0, 0};
  std::size_t i = 0;
  for (int k = 0; k < 6; ++k) {
    std::size_t n = 0;
    int x = 0;
    while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i])) && n < 4) x = x * 10 + (v[i++] - '0'), ++n;
    if (n == 0) return std::nullopt;
    f[k] = x;
    if (k < 5) {
      if (i >= v.size()) return std::nullopt;
      const char sepc = v[i];
      const bool ok = k < 2 ? (sepc == '/' || sepc == '-') : k == 2 ? (sepc == ' ' || sepc == 'T') : sepc == ':';
      if (!ok) return std::nullopt;
      ++i;
    }
  }
  double frac = 0;
  if (i < v.size() && (v[i] == '.' || v[i] == ',')) {
    double scale = 0.1;
    for (++i; i < v.size() && std::isdigit(static_cast<unsigned char>(v[i])); ++i, scale /= 10) frac += (v[i] - '0') * scale;
  }
  if (f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > 31 || f[3] > 23 || f[4] > 59 || f[5] > 60) return std::nullopt;
  const long days = days_from_civil(f[0], static_cast<unsigned>(f[1]), static_cast<unsigned>(f[2]));
  return static_cast<double>(days) * 86400.0 + f[3] * 3600.0 + f[4] * 60.0 + f[5] + frac;
}

std::optional<std::string> mig_profile_of_cuda_name(std::string_view name) {
  const auto p = name.find(" MIG ");
  if (p == std::string_view::npos) return std::nullopt;
  return std::string(trim(name.substr(p + 5)));
}

std::string bus_id_as_printed(std::string_view v) {
  std::string s(trim(v));
  // "0000:18:00.0" (drivers before ~400) -> "00000000:18:00.0"
  if (s.size() == 12 && s[4] == ':' && s[7] == ':' && s[10] == '.') s = "0000" + s;
  return s;
}

bool is_bus_id(std::string_view w) {
  const auto c1 = w.find(':');
  const auto c2 = c1 == std::string_view::npos ? c1 : w.find(':', c1 + 1);
  const auto dot = c2 == std::string_view::npos ? c2 : w.find('.', c2 + 1);
  if (dot == std::string_view::npos || c1 < 4 || c1 > 8 || c2 - c1 != 3 || dot - c2 != 3 || dot + 2 != w.size()) return false;
  return std::all_of(w.begin(), w.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.'; });
}

std::string strip_ansi(std::string_view v) {
  std::string out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '\x1b' && i + 1 < v.size() && v[i + 1] == '[') {
      std::size_t j = i + 2;
      while (j < v.size() && !(v[j] >= '@' && v[j] <= '~')) ++j;  // parameters, then one final byte
      i = j;  // skips the final byte too (the loop's ++i)
      continue;
    }
    out += v[i];
  }
  return out;
}

std::vector<std::pair<int, std::string_view>> numbered_lines(std::string_view text) {
  std::vector<std::pair<int, std::string_view>> out;
  std::size_t pos = 0;
  int n = 0;
  while (pos < text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    out.emplace_back(++n, text.substr(pos, eol - pos));
    pos = eol + 1;
  }
  return out;
}

std::vector<std::pair<int, std::string_view>> head_lines(std::string_view text, int max_lines, std::size_t max_bytes) {
  auto lines = numbered_lines(text.substr(0, max_bytes));
  if (lines.size() > static_cast<std::size_t>(std::max(max_lines, 0))) lines.resize(static_cast<std::size_t>(std::max(max_lines, 0)));
  return lines;
}

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ' ' || c == '\t') {
      if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::string_view utf8_prefix(std::string_view s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  std::size_t n = max_bytes;
  // Continuation bytes are 10xxxxxx; back up over them to the lead byte, which is cut off too.
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

}  // namespace gpuaudit::imports::smi
