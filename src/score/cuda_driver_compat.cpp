// NVIDIA's driver <-> CUDA table as data, and the rule (score/cuda_driver_compat.hpp). Each row is
// the lowest Linux x86_64 driver Table 3 of the CUDA 13.2 Update 2 release notes lists for a
// toolkit minor version (the GA, or the release candidate where one is listed); the test compares
// them with every row of the transcription both ways. New toolkit: add its row here and in the .tsv.
#include "score/cuda_driver_compat.hpp"

#include "compare/environment.hpp"

#include <array>
#include <cctype>
#include <vector>

namespace gpuaudit {

namespace {

struct MinDriver {
  int cuda;            // 12090 for 12.9
  const char* driver;  // ">=" this Linux driver
};

constexpr std::array kTable3 = std::to_array<MinDriver>({
    {13020, "595.45.04"}, {13010, "590.44.01"}, {13000, "580.65.06"}, {12090, "575.51.03"}, {12080, "570.26"},
    {12060, "560.28.03"}, {12050, "555.42.02"}, {12040, "550.54.14"}, {12030, "545.23.06"}, {12020, "535.54.03"},
    {12010, "530.30.02"}, {12000, "525.60.13"}, {11080, "520.61.05"}, {11070, "515.43.04"}, {11060, "510.39.01"},
    {11050, "495.29.05"}, {11040, "470.42.01"}, {11030, "465.19.01"}, {11020, "460.27.03"}, {11010, "455.23"},
    {11000, "450.36.06"}, {10020, "440.33"},    {10010, "418.39"},    {10000, "410.48"},    {9020, "396.26"},
    {9010, "390.46"},     {9000, "384.81"},     {8000, "367.48"},     {7050, "352.31"},     {7000, "346.46"},
});

// Table 2, with its note for 11.x (450.80.02, the Tesla Recommended Driver that makes 11.x minor
// version compatible).
constexpr std::array kTable2 = std::to_array<MinDriver>({{13000, "580"}, {12000, "525"}, {11000, "450.80.02"}});

std::vector<int> parts(const std::string& v) {
  std::vector<int> out;
  int n = -1;
  for (char c : v) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      n = (n < 0 ? 0 : n * 10) + (c - '0');
      if (n > 1000000) return {};
    } else if (c == '.') {
      if (n < 0) return {};
      out.push_back(n);
      n = -1;
    } else {
      break;
    }
  }
  if (n >= 0) out.push_back(n);
  return out;
}

// a >= b as driver versions ("535.104.05" >= "535.54.03"); nullopt when either is unreadable.
std::optional<bool> at_least(const std::string& a, const std::string& b) {
  const auto x = parts(a), y = parts(b);
  if (x.empty() || y.empty()) return std::nullopt;
  for (std::size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
    const int p = i < x.size() ? x[i] : 0, q = i < y.size() ? y[i] : 0;
    if (p != q) return p > q;
  }
  return true;
}

}  // namespace

std::optional<int> cuda_version_from_text(const std::string& text) {
  std::string t = text;
  if (t.rfind("cu", 0) == 0 && t.size() >= 4 && std::isdigit(static_cast<unsigned char>(t[2]))) {  // cu121, cu118
    const std::string d = t.substr(2);
    if (d.find_first_not_of("0123456789") != std::string::npos || d.size() < 3) return std::nullopt;
    return std::stoi(d.substr(0, d.size() - 1)) * 1000 + (d.back() - '0') * 10;
  }
  const auto p = parts(t);
  if (p.size() < 2 || p[0] < 1 || p[0] > 99 || p[1] > 9) return std::nullopt;
  return p[0] * 1000 + p[1] * 10;
}

std::optional<std::string> cuda_min_driver(int cuda_version) {
  for (const auto& r : kTable3)
    if (r.cuda == cuda_version) return std::string(r.driver);
  return std::nullopt;
}

std::optional<std::string> cuda_minor_compat_min_driver(int major) {
  for (const auto& r : kTable2)
    if (r.cuda / 1000 == major) return std::string(r.driver);
  return std::nullopt;
}

std::optional<int> cuda_supported_by_driver(const std::string& driver_version) {
  for (const auto& r : kTable3)  // newest first
    if (at_least(driver_version, r.driver).value_or(false)) return r.cuda;
  return std::nullopt;
}

CudaCompatVerdict cuda_compat(int cuda_build, const std::optional<std::string>& driver_version, const std::optional<int>& driver_cuda) {
  const std::string built = "CUDA " + cuda_version_text(cuda_build);
  const int major = cuda_build / 1000;
  const auto minor_min = cuda_minor_compat_min_driver(major);
  const std::string notes = " (NVIDIA's CUDA release notes, Table 3)";
  const std::string compat_rule =
      minor_min ? "; from CUDA 11 on a driver of the same major version at or above " + *minor_min +
                      " runs it with limited features (minor version compatibility, Table 2)"
                : "; before CUDA 11 there is no minor version compatibility: an older driver cannot run it";
  if (driver_cuda) {
    const auto need = cuda_min_driver(cuda_build);
    const std::string rule = (need ? built + " needs driver >= " + *need + notes : built) + "; the driver supports up to CUDA " +
                             cuda_version_text(*driver_cuda) + compat_rule;
    if (cuda_build <= *driver_cuda) return {CudaCompat::ok, rule};
    if (major > *driver_cuda / 1000 || !minor_min) return {CudaCompat::too_old, rule};
    // Minor version compatibility needs the driver at Table 2's minimum too: 450.51.06 reports CUDA
    // 11.0 but is below 450.80.02, so it runs no newer 11.x.
    if (driver_version && !parts(*driver_version).empty() && !at_least(*driver_version, *minor_min).value_or(true))
      return {CudaCompat::too_old, rule};
    return {CudaCompat::minor_compat, rule};
  }
  if (driver_version && !parts(*driver_version).empty()) {
    const auto need = cuda_min_driver(cuda_build);
    if (need) {
      const std::string rule = built + " needs driver >= " + *need + notes + compat_rule;
      if (*at_least(*driver_version, *need)) return {CudaCompat::ok, rule};
      if (minor_min && *at_least(*driver_version, *minor_min)) return {CudaCompat::minor_compat, rule};
      return {CudaCompat::too_old, rule};
    }
    if (minor_min && !*at_least(*driver_version, *minor_min))
      return {CudaCompat::too_old, built + ": every CUDA " + std::to_string(major) + ".x needs driver >= " + *minor_min +
                                       " (NVIDIA's CUDA release notes, Table 2)"};
    return {CudaCompat::unknown, "the release notes' table has no row for " + built};
  }
  return {CudaCompat::unknown, "the driver's version is not known"};
}

}  // namespace gpuaudit
