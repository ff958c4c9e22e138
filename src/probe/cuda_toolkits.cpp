#include "probe/cuda_toolkits.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

namespace gpuaudit {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> read_text(const fs::path& p) {
  std::ifstream in(p);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// "12.8.1" -> 12080; nullopt when it does not start with major.minor.
std::optional<int> version_number(const std::string& v) {
  int major = 0, minor = 0;
  if (std::sscanf(v.c_str(), "%d.%d", &major, &minor) != 2 || major <= 0 || minor < 0) return std::nullopt;
  return major * 1000 + minor * 10;
}

std::optional<std::string> toolkit_version(const fs::path& dir) {
  if (auto j = read_text(dir / "version.json")) {
    const json doc = json::parse(*j, nullptr, false);
    if (doc.is_object() && doc.contains("cuda") && doc["cuda"].is_object() && doc["cuda"].value("version", "") != "")
      return doc["cuda"]["version"].get<std::string>();
  }
  if (auto t = read_text(dir / "version.txt")) {  // "CUDA Version 11.4.2" (toolkits before 11.1)
    std::smatch m;
    if (std::regex_search(*t, m, std::regex(R"(CUDA Version ([0-9]+\.[0-9]+(\.[0-9]+)?))"))) return m[1].str();
  }
  // "#define CUDA_VERSION 13000" in a 1 MB header: a line scan, not a regex over the whole file.
  std::ifstream header(dir / "include" / "cuda.h");
  for (std::string line; std::getline(header, line);) {
    int v = 0;
    if (std::sscanf(line.c_str(), " #define CUDA_VERSION %d", &v) == 1 && v > 0)
      return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
  }
  return std::nullopt;
}

}  // namespace

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
    t.version_number = version_number(*v);
    t.is_default = default_target && *default_target == real;
    out.push_back(std::move(t));
  }
  std::sort(out.begin(), out.end(), [](const CudaToolkit& a, const CudaToolkit& b) { return a.path < b.path; });
  return out;
}

}  // namespace gpuaudit
