#include "import/text/bench_text.hpp"

#include "core/float_text.hpp"
#include "core/stats.hpp"
#include "text/strings.hpp"

#include <cctype>
#include <charconv>
#include <cmath>

namespace gpuaudit::imports::bench {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      if (start < text.size()) out.push_back(text.substr(start));
      break;
    }
    out.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

namespace {
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n'; }
}  // namespace

std::vector<std::string_view> split_ws(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const std::size_t b = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > b) out.push_back(line.substr(b, i - b));
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }
bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

std::optional<double> to_double(std::string_view t) {
  if (t.empty()) return std::nullopt;
  if (t.front() == '+') t.remove_prefix(1);
  const std::optional<double> v = parse_double(t);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

std::optional<long long> to_int(std::string_view t) {
  if (t.empty()) return std::nullopt;
  long long v = 0;
  const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size()) return std::nullopt;
  return v;
}

namespace {

// Length of an mpirun tag at s[i]: "[0]", "[12]", "[1,0]<stdout>:", "[1,0]<stderr>:"; 0 when none.
std::size_t mpi_tag_length(std::string_view s, std::size_t i) {
  if (i >= s.size() || s[i] != '[') return 0;
  std::size_t j = i + 1;
  bool digits = false, comma = false;
  while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == ',')) {
    if (s[j] == ',') comma = true;
    else digits = true;
    ++j;
  }
  if (!digits || j >= s.size() || s[j] != ']') return 0;
  ++j;
  for (std::string_view stream : {"<stdout>:", "<stderr>:"})
    if (s.substr(j, stream.size()) == stream) return j + stream.size() - i;
  // "[1,0]" alone is also a tag; a bare "[3]" only at the start of a line or right after a
  // number/blank, which is where --tag-output splits a write (never inside "[0x18]").
  (void)comma;
  return j - i;
}

}  // namespace

std::string strip_mpi_tags(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  std::size_t i = 0;
  // srun -l: "  0: " in front.
  {
    std::size_t j = 0;
    while (j < line.size() && line[j] == ' ') ++j;
    std::size_t k = j;
    while (k < line.size() && std::isdigit(static_cast<unsigned char>(line[k]))) ++k;
    if (k > j && k + 1 < line.size() && line[k] == ':' && line[k + 1] == ' ') i = k + 2;
  }
  const bool nccl_line = contains(line, "NCCL");
  bool at_start = true;  // nothing but blanks copied yet
  for (; i < line.size();) {
    if (line[i] == '[') {
      // Not "[0x18]" (nccl-tests' bus id) nor "[0000:18:00]": mpi_tag_length wants digits/commas only.
      const std::size_t n = mpi_tag_length(line, i);
      const bool after_field = !out.empty() && (std::isdigit(static_cast<unsigned char>(out.back())) ||
                                                out.back() == ' ' || out.back() == 'A');
      // A "[0]" right after "NCCL INFO" style prefixes ("host:1:2 [0] NCCL INFO") is not a tag but
      // NCCL's device index; those lines carry "NCCL" and are left alone by the callers' checks.
      if (n > 0 && (at_start || after_field) && !nccl_line) {
        if (!at_start && !out.empty() && out.back() != ' ') out += ' ';
        i += n;
        continue;
      }
    }
    if (line[i] != ' ' && line[i] != '\t') at_start = false;
    out += line[i++];
  }
  return out;
}

std::optional<std::string_view> after(std::string_view line, std::string_view key) {
  const auto p = line.find(key);
  if (p == std::string_view::npos) return std::nullopt;
  return trim(line.substr(p + key.size()));
}

BenchmarkResult import_row(std::string name, std::optional<int> gpu, std::string unit, const SourceRef& src,
                           int line) {
  BenchmarkResult r;
  r.name = std::move(name);
  r.gpu = gpu;
  r.unit = std::move(unit);
  r.extra = json::object();
  SourceRef s = src;
  s.line = line;
  r.extra["source"] = source_json(s);
  return r;
}

void set_single_figure(BenchmarkResult& r, double value) {
  r.status = "ok";
  r.samples = {value};
  r.summary = summarize(r.samples);
}

void finish_nvlink_extra(NvlinkInfo& nv, const std::map<int, json>& errors) {
  if (!errors.empty()) {
    json e = json::array();
    for (const auto& [link, counters] : errors) e.push_back(counters);
    nv.extra["errors"] = e;
  }
  if (nv.extra.empty()) nv.extra = json();
}

std::optional<nlohmann::json> parse_json_or_skip(std::string_view text, ImportPart& part) {
  try {
    return std::optional<nlohmann::json>(std::in_place, nlohmann::json::parse(text));
  } catch (const std::exception& e) {
    // nlohmann quotes the bytes it last read, which may end inside a UTF-8 sequence: keep it valid.
    part.skipped.push_back(normalize_text(std::string("not valid JSON (cut halfway?): ") + e.what()));
    return std::nullopt;
  }
}

}  // namespace gpuaudit::imports::bench
