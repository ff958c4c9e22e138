#include "probe/cuda_toolkits.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>

namespace gpuaudit {

namespace fs = std::filesystem;

namespace {

// Version files are a few hundred bytes (cuda.h about 1 MB); reading a bounded head keeps a huge
// or endless file (a FIFO, /dev/zero linked in) from costing memory or time.
constexpr std::size_t kMaxVersionFileBytes = 64 << 10;
constexpr std::size_t kMaxHeaderBytes = 4 << 20;

std::optional<std::string> read_head(const fs::path& p, std::size_t limit) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return std::nullopt;
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text(limit, '\0');
  in.read(text.data(), static_cast<std::streamsize>(limit));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A run of 1..max_digits digits at text[i]; moves i past it.
std::optional<int> digits_at(std::string_view text, std::size_t& i, std::size_t max_digits) {
  std::size_t n = 0;
  int v = 0;
  while (i + n < text.size() && is_digit(text[i + n])) {
    if (++n > max_digits) return std::nullopt;
    v = v * 10 + (text[i + n - 1] - '0');
  }
  if (n == 0) return std::nullopt;
  i += n;
  return v;
}

// "MAJOR.MINOR" or "MAJOR.MINOR.PATCH" at the start of text, as written; nullopt otherwise.
std::optional<std::string> dotted_version(std::string_view text) {
  std::size_t i = 0;
  if (!digits_at(text, i, 4) || i >= text.size() || text[i] != '.') return std::nullopt;
  ++i;
  if (!digits_at(text, i, 4)) return std::nullopt;
  if (std::size_t j = i + 1; i < text.size() && text[i] == '.' && digits_at(text, j, 6)) i = j;
  return std::string(text.substr(0, i));
}

std::optional<std::string> toolkit_version(const fs::path& dir) {
  if (auto j = read_head(dir / "version.json", kMaxVersionFileBytes))
    if (auto v = cuda_version_from_json(*j)) return v;
  if (auto t = read_head(dir / "version.txt", kMaxVersionFileBytes))  // toolkits before 11.1
    if (auto v = cuda_version_from_txt(*t)) return v;
  if (auto h = read_head(dir / "include" / "cuda.h", kMaxHeaderBytes)) return cuda_version_from_header(*h);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> cuda_version_from_json(std::string_view text) {
  if (text.size() > kMaxVersionFileBytes) return std::nullopt;
  // Bounded size, no exceptions; nlohmann's parser is iterative, so depth costs no stack here.
  const json doc = json::parse(text.begin(), text.end(), nullptr, false);
  if (!doc.is_object()) return std::nullopt;
  const auto cuda = doc.find("cuda");
  if (cuda == doc.end() || !cuda->is_object()) return std::nullopt;
  const auto v = cuda->find("version");
  if (v == cuda->end() || !v->is_string()) return std::nullopt;
  return dotted_version(v->get_ref<const std::string&>());
}

std::optional<std::string> cuda_version_from_txt(std::string_view text) {
  // "CUDA Version 11.4.2": a plain search (std::regex recursed per character and overflowed the
  // stack on a 50 KB file).
  constexpr std::string_view key = "CUDA Version ";
  for (std::size_t at = text.find(key); at != std::string_view::npos; at = text.find(key, at + 1))
    if (auto v = dotted_version(text.substr(at + key.size()))) return v;
  return std::nullopt;
}

std::optional<std::string> cuda_version_from_header(std::string_view text) {
  // "#define CUDA_VERSION 13000", line by line.
  constexpr std::string_view key = "CUDA_VERSION";
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    std::size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos || line[i] != '#') continue;
    i = line.find_first_not_of(" \t", i + 1);
    if (i == std::string_view::npos || line.substr(i, 6) != "define") continue;
    i = line.find_first_not_of(" \t", i + 6);
    if (i == std::string_view::npos || line.substr(i, key.size()) != key) continue;
    i += key.size();
    if (i >= line.size() || (line[i] != ' ' && line[i] != '\t')) continue;  // not CUDA_VERSION_FOO
    i = line.find_first_not_of(" \t", i);
    if (i == std::string_view::npos) continue;
    const auto v = digits_at(line, i, 6);
    if (v && *v > 0) return std::to_string(*v / 1000) + "." + std::to_string((*v % 1000) / 10);
  }
  return std::nullopt;
}

std::optional<int> cuda_version_number(std::string_view version) {
  std::size_t i = 0;
  const auto major = digits_at(version, i, 4);
  if (!major || *major <= 0 || i >= version.size() || version[i] != '.') return std::nullopt;
  ++i;
  const auto minor = digits_at(version, i, 2);
  if (!minor || *major > 2000) return std::nullopt;  // 2000 * 1000 + 990 fits an int
  return *major * 1000 + *minor * 10;
}

std::vector<CudaToolkit> find_cuda_toolkits(const std::string& root) {
  std::vector<CudaToolkit> out;
  std::error_code ec;
  const fs::path root_real = fs::weakly_canonical(root, ec);
  const fs::path local = root_real / "usr/local";
  if (!fs::is_directory(local, ec)) return out;
  std::optional<fs::path> default_target;
  if (fs::exists(local / "cuda", ec)) default_target = fs::weakly_canonical(local / "cuda", ec);

  std::vector<fs::path> seen;
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(local, ec)) {
    const std::string name = e.path().filename().string();
    if (name == "cuda" || name.rfind("cuda-", 0) == 0) dirs.push_back(e.path());
  }
  std::sort(dirs.begin(), dirs.end());
  for (const auto& d : dirs) {
    const fs::path real = fs::weakly_canonical(d, ec);
    if (ec || !fs::is_directory(real, ec) || std::find(seen.begin(), seen.end(), real) != seen.end()) continue;
    seen.push_back(real);
    const auto v = toolkit_version(real);
    if (!v) continue;
    CudaToolkit t;
    // As the machine names it (a test tree's root is cut off; its links must be relative).
    t.path = root_real == "/" ? real.string() : "/" + real.lexically_relative(root_real).string();
    t.version = *v;
    t.version_number = cuda_version_number(*v);
    t.is_default = default_target && *default_target == real;
    out.push_back(std::move(t));
  }
  std::sort(out.begin(), out.end(), [](const CudaToolkit& a, const CudaToolkit& b) { return a.path < b.path; });
  return out;
}

}  // namespace gpuaudit
