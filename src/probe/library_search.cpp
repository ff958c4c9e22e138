// Where a dlopen()ed CUDA library is looked for: the order of library_search.hpp, as file paths.
#include "probe/library_search.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

namespace gpuaudit {

namespace {

namespace fs = std::filesystem;

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Every "<dir>/<prefix>*/<leaf>" that exists, sorted so the newest version comes first
// (python3.12 before python3.10, cuda-12.9 before cuda-12.4: by their numbers, not as text).
std::vector<fs::path> versioned_dirs(const fs::path& dir, const std::string& prefix, const char* leaf) {
  std::vector<std::pair<std::vector<int>, fs::path>> found;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return {};
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || !fs::is_directory(e.path() / leaf, ec)) continue;
    std::vector<int> numbers;
    for (std::size_t i = prefix.size(); i < name.size();) {
      if (std::isdigit(static_cast<unsigned char>(name[i]))) {
        std::size_t end = i;
        while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
        numbers.push_back(std::atoi(name.substr(i, end - i).c_str()));
        i = end;
      } else {
        ++i;
      }
    }
    found.emplace_back(numbers, e.path() / leaf);
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<fs::path> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

std::vector<std::string> split_path_list(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t colon = s.find(':', start);
    const std::string item = s.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    if (!item.empty()) out.push_back(item);
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return out;
}

std::string lexically_clean(const fs::path& p) { return p.lexically_normal().string(); }

}  // namespace

std::vector<LibraryCandidate> library_candidates(const LibrarySearch& lib, const EnvLookup& env, const SearchPlaces& at) {
  std::vector<LibraryCandidate> out;
  std::set<std::string> seen;
  auto add = [&](const std::string& p, const char* where) {
    if (!p.empty() && seen.insert(p).second) out.push_back({p, where});
  };
  auto add_file = [&](const fs::path& p, const char* where) {
    if (is_file(p)) add(lexically_clean(p), where);
  };
  auto add_wheels = [&](const fs::path& site) {
    for (const auto& dir : lib.wheel_dirs) add_file(site / dir / lib.soname, "pip wheel");
  };
  auto sys = [&](const char* p) { return at.root.empty() ? fs::path(p) : fs::path(at.root + p); };

  if (auto v = env(lib.override_env); v && !v->empty()) add(*v, lib.override_env.c_str());
  add(lib.soname, "loader path");

  for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
    if (auto v = env(var); v && !v->empty()) add_file(fs::path(*v) / "lib64" / lib.soname, "CUDA toolkit");
  add_file(sys("/usr/local/cuda/lib64") / lib.soname, "CUDA toolkit");
  for (const auto& d : versioned_dirs(sys("/usr/local"), "cuda-", "lib64")) add_file(d / lib.soname, "CUDA toolkit");

  // The wheel this binary came in: <site>/gpuaudit/bin/gpuaudit, so <site> is two folders up.
  if (!at.exe_dir.empty()) add_wheels(fs::path(at.exe_dir) / ".." / "..");
  if (auto v = env("PYTHONPATH"))
    for (const auto& item : split_path_list(*v)) add_wheels(item);
  for (const char* var : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (auto v = env(var); v && !v->empty()) {
      for (const auto& d : versioned_dirs(fs::path(*v) / "lib", "python3", "site-packages")) add_wheels(d);
      if (lib.conda_lib && std::string(var) == "CONDA_PREFIX") add_file(fs::path(*v) / "lib" / lib.soname, "conda");
    }
  if (auto home = env("HOME"); home && !home->empty())
    for (const auto& d : versioned_dirs(fs::path(*home) / ".local" / "lib", "python3", "site-packages")) add_wheels(d);
  for (const char* base : {"/usr/local/lib", "/usr/lib", "/opt/conda/lib"})
    for (const char* leaf : {"dist-packages", "site-packages"})
      for (const auto& d : versioned_dirs(sys(base), "python3", leaf)) add_wheels(d);
  add_wheels(sys("/usr/lib/python3/dist-packages"));
  if (!at.source_dir.empty()) add_wheels(fs::path(at.source_dir) / ".deps" / "cuda12");

  if (!at.exe_dir.empty()) add_file(fs::path(at.exe_dir) / ".." / "lib" / "gpuaudit" / lib.soname, "bundled");
  return out;
}

std::vector<LibraryCandidate> library_candidates(const LibrarySearch& lib) {
  SearchPlaces at;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) at.exe_dir = exe.parent_path().string();
#ifdef GPUAUDIT_SOURCE_DIR
  at.source_dir = GPUAUDIT_SOURCE_DIR;  // a binary run from its build tree finds scripts/build/setup.sh's wheels
#endif
  return library_candidates(
      lib,
      [](const std::string& name) -> std::optional<std::string> {
        if (const char* v = std::getenv(name.c_str())) return std::string(v);
        return std::nullopt;
      },
      at);
}

std::string describe_candidates(const std::vector<LibraryCandidate>& tried) {
  std::string s;
  for (const auto& c : tried) {
    if (!s.empty()) s += ", ";
    s += c.where == "loader path" ? "the loader's path (" + c.path + ")" : c.path + " (" + c.where + ")";
  }
  return s;
}

}  // namespace gpuaudit
