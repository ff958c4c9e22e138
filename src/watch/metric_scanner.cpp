#include "watch/metric_scanner.hpp"

#include "core/error.hpp"
#include "core/parse_number.hpp"

#include <regex.h>

#include <cctype>

namespace gpuaudit {

struct MetricScanner::Compiled {
  regex_t re{};
  std::size_t groups = 0;
};

MetricScanner::MetricScanner(const std::string& regex) : re_(std::make_unique<Compiled>()) {
  const int rc = regcomp(&re_->re, regex.c_str(), REG_EXTENDED);
  if (rc != 0) {
    char why[128];
    regerror(rc, &re_->re, why, sizeof why);
    re_.reset();
    throw input_error("--metric '" + regex + "' is not a regular expression: " + why);
  }
  re_->groups = re_->re.re_nsub;
}

MetricScanner::~MetricScanner() {
  if (re_) regfree(&re_->re);
}

namespace {

bool number_char(char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; }

// The longest number ending at `end` (exclusive), spaces before `end` skipped.
std::optional<double> number_before(const std::string& s, std::size_t end) {
  while (end > 0 && s[end - 1] == ' ') --end;
  std::size_t begin = end;
  while (begin > 0 && number_char(s[begin - 1])) --begin;
  return begin < end ? parse_finite(std::string_view(s).substr(begin, end - begin)) : std::nullopt;
}

std::optional<double> first_number(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && !std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  std::size_t j = i;
  while (j < s.size() && number_char(s[j])) ++j;
  return i < j ? parse_finite(s.substr(i, j - i)) : std::nullopt;
}

}  // namespace

std::optional<double> MetricScanner::value_of(const std::string& line) const {
  regmatch_t m[2] = {};
  // regex-input-bounded: kMaxLine bytes (feed() cuts every line to kMaxLine). POSIX regexec, not std::regex.
  if (regexec(&re_->re, line.c_str(), 2, m, 0) != 0) return std::nullopt;
  if (re_->groups >= 1 && m[1].rm_so >= 0)
    return first_number(std::string_view(line).substr(m[1].rm_so, m[1].rm_eo - m[1].rm_so));
  if (auto v = number_before(line, static_cast<std::size_t>(m[0].rm_so))) return v;
  return first_number(std::string_view(line).substr(m[0].rm_so, m[0].rm_eo - m[0].rm_so));
}

void MetricScanner::feed(std::string_view bytes, double t_s) {
  for (char c : bytes) {
    if (c == '\n' || c == '\r') {
      if (auto v = value_of(line_)) points_.push_back({t_s, *v});
      line_.clear();
    } else if (c != '\0' && line_.size() < kMaxLine) {
      line_ += c;
    }
  }
}

void MetricScanner::finish(double t_s) {
  if (!line_.empty()) feed("\n", t_s);
}

std::string metric_unit(const std::string& regex) {
  // The first word of letters that is followed by "/s" (or "/sec"): the thing counted per second.
  const auto slash = regex.find("/s");
  if (slash == std::string::npos) return "units";
  std::size_t end = slash;
  std::size_t begin = end;
  while (begin > 0 && std::isalpha(static_cast<unsigned char>(regex[begin - 1]))) --begin;
  return begin < end ? regex.substr(begin, end - begin) : "units";
}

}  // namespace gpuaudit
