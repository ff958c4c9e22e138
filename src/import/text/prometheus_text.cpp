// The Prometheus text exposition format's sample line (prometheus_text.hpp).
#include "import/text/prometheus_text.hpp"

#include "import/text/smi_values.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace gpuaudit::imports::prom {

namespace {

bool name_char(char c, bool first) {
  const bool alpha = std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':';
  return first ? alpha : alpha || std::isdigit(static_cast<unsigned char>(c));
}

// `key="value"` pairs up to the closing brace; `at` is just after '{' and ends just after '}'.
bool read_labels(std::string_view s, std::size_t& at, std::map<std::string, std::string>& out) {
  while (at < s.size()) {
    while (at < s.size() && (s[at] == ' ' || s[at] == ',')) ++at;
    if (at < s.size() && s[at] == '}') {
      ++at;
      return true;
    }
    const std::size_t k0 = at;
    while (at < s.size() && name_char(s[at], at == k0)) ++at;
    if (at == k0) return false;
    const std::string key(s.substr(k0, at - k0));
    while (at < s.size() && s[at] == ' ') ++at;
    if (at + 1 >= s.size() || s[at] != '=' || s[at + 1] != '"') return false;
    at += 2;
    std::string value;
    for (;; ++at) {
      if (at >= s.size()) return false;  // cut inside a value
      const char c = s[at];
      if (c == '"') break;
      if (c == '\\' && at + 1 < s.size()) {
        const char e = s[++at];
        value.push_back(e == 'n' ? '\n' : e);
        continue;
      }
      value.push_back(c);
    }
    ++at;
    out[key] = std::move(value);
  }
  return false;
}

std::optional<double> read_value(std::string_view v) {
  if (v.empty() || v.size() > 40) return std::nullopt;
  const std::string t(v);
  if (t == "NaN" || t == "+Inf" || t == "-Inf" || t == "Inf") return std::nullopt;  // no reading
  char* end = nullptr;
  const double d = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || !std::isfinite(d)) return std::nullopt;
  return d;
}

}  // namespace

std::optional<Sample> parse_sample(std::string_view line) {
  line = smi::trim(line);
  if (line.empty() || !name_char(line[0], true)) return std::nullopt;
  Sample s;
  std::size_t at = 0;
  while (at < line.size() && name_char(line[at], at == 0)) ++at;
  s.name = std::string(line.substr(0, at));
  if (at < line.size() && line[at] == '{') {
    ++at;
    if (!read_labels(line, at, s.labels)) return std::nullopt;
  }
  if (at >= line.size() || (line[at] != ' ' && line[at] != '\t')) return std::nullopt;
  const auto rest = smi::words(line.substr(at));
  if (rest.empty() || rest.size() > 2) return std::nullopt;  // value [timestamp]
  const auto v = read_value(rest[0]);
  if (!v) return std::nullopt;
  s.value = *v;
  return s;
}

std::string label(const Sample& s, const std::string& key) {
  const auto it = s.labels.find(key);
  return it == s.labels.end() ? std::string() : it->second;
}

}  // namespace gpuaudit::imports::prom
