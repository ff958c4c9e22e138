#include "multigpu/nccl_search.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>

namespace gpuaudit::multigpu {

namespace {

namespace fs = std::filesystem;

constexpr const char* kWheelLib = "nvidia/nccl/lib/libnccl.so.2";

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Every "<dir>/python3*/<leaf>" that exists, sorted so the newest Python comes first.
std::vector<fs::path> python_dirs(const fs::path& dir, const char* leaf) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("python3", 0) == 0 && fs::is_directory(e.path() / leaf, ec)) out.push_back(e.path() / leaf);
  }
  std::sort(out.begin(), out.end(), [](const fs::path& a, const fs::path& b) { return a.string() > b.string(); });
  return out;
}

}  // namespace

std::vector<std::string> nccl_library_candidates(const EnvLookup& env, const std::string& root) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  auto add = [&](const std::string& p) {
    if (!p.empty() && seen.insert(p).second) out.push_back(p);
  };
  auto add_wheel = [&](const fs::path& site) {
    const fs::path lib = site / kWheelLib;
    if (is_file(lib)) add(lib.string());
  };
  if (auto v = env("GPUAUDIT_NCCL_LIBRARY"); v && !v->empty()) add(*v);
  add("libnccl.so.2");
  if (auto v = env("PYTHONPATH")) {
    std::string s = *v;
    std::size_t start = 0;
    while (start <= s.size()) {
      const std::size_t colon = s.find(':', start);
      const std::string item = s.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      if (!item.empty()) add_wheel(item);
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
  }
  for (const char* var : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (auto v = env(var); v && !v->empty()) {
      for (const auto& d : python_dirs(fs::path(*v) / "lib", "site-packages")) add_wheel(d);
      if (std::string(var) == "CONDA_PREFIX" && is_file(fs::path(*v) / "lib" / "libnccl.so.2"))
        add((fs::path(*v) / "lib" / "libnccl.so.2").string());
    }
  if (auto home = env("HOME"); home && !home->empty())
    for (const auto& d : python_dirs(fs::path(*home) / ".local" / "lib", "site-packages")) add_wheel(d);
  for (const char* base : {"/usr/local/lib", "/usr/lib", "/opt/conda/lib"})
    for (const char* leaf : {"dist-packages", "site-packages"})
      for (const auto& d : python_dirs(fs::path(root + base), leaf)) add_wheel(d);
  add_wheel(fs::path(root + "/usr/lib/python3/dist-packages"));
#ifdef GPUAUDIT_SOURCE_DIR
  if (root.empty()) add_wheel(fs::path(GPUAUDIT_SOURCE_DIR) / ".deps" / "cuda12");
#endif
  return out;
}

std::vector<std::string> nccl_library_candidates() {
  return nccl_library_candidates([](const std::string& name) -> std::optional<std::string> {
    if (const char* v = std::getenv(name.c_str())) return std::string(v);
    return std::nullopt;
  });
}

std::string nccl_version_string(int code) {
  // Since 2.9 the code is major*10000 + minor*100 + patch; before, major*1000 + minor*100 + patch.
  const int major = code >= 10000 ? code / 10000 : code / 1000;
  const int minor = code >= 10000 ? (code % 10000) / 100 : (code % 1000) / 100;
  const int patch = code % 100;
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace gpuaudit::multigpu
