#include "probe/workload_env.hpp"

#include "text/escape.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

extern char** environ;

namespace gpuaudit {
namespace {

constexpr std::array<std::string_view, 5> kPrefixes{"NCCL_", "CUDA_", "NVIDIA_", "UCX_", "FI_"};
constexpr std::array<std::string_view, 2> kNames{"LD_LIBRARY_PATH", "OMP_NUM_THREADS"};
constexpr std::array<std::string_view, 5> kSecretWords{"KEY", "TOKEN", "SECRET", "PASSWORD", "CREDENTIAL"};
constexpr std::size_t kMaxValue = 512;  // a value longer than this is cut: a path list, not a document

bool allowed(std::string_view name) {
  std::string upper(name);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (std::any_of(kSecretWords.begin(), kSecretWords.end(), [&](std::string_view w) { return upper.find(w) != std::string::npos; }))
    return false;
  return std::find(kNames.begin(), kNames.end(), name) != kNames.end() ||
         std::any_of(kPrefixes.begin(), kPrefixes.end(), [&](std::string_view p) { return name.starts_with(p); });
}

}  // namespace

json workload_environment(const std::vector<std::string>& entries) {
  json out = json::object();
  for (const auto& e : entries) {
    const auto eq = e.find('=');
    if (eq == std::string::npos || eq == 0) continue;
    const std::string name = e.substr(0, eq);
    if (!allowed(name)) continue;
    out[valid_utf8(name)] = valid_utf8(e.substr(eq + 1, kMaxValue));
  }
  return out;
}

std::vector<std::string> process_environment() {
  std::vector<std::string> out;
  for (char** e = environ; e && *e; ++e) out.emplace_back(*e);
  return out;
}

}  // namespace gpuaudit
