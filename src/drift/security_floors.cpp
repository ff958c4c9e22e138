#include "drift/security_floors.hpp"

#include <array>
#include <charconv>
#include <vector>

namespace gpuaudit {
namespace {

// NVIDIA PSIRT's CSAF record of the September 2026 bulletin (NVIDIA/product-security
// 2026/5861/5861.json and CVE-2026-47501.json at 08d1a287): for Linux "Tesla", "RTX, Quadro, NVS" and
// "GeForce" alike, "All driver versions prior to <fixed>" per branch. vGPU guest and host drivers
// follow the vGPU releases, not these.
constexpr SecurityBulletin kBulletin{
    "5861", "Security Bulletin: GPU Display Driver - September 2026", "2026-09-30",
    "https://github.com/NVIDIA/product-security/blob/08d1a287ef3f1fc250f3bdaca913a1d4cff6f5b3/2026/5861/5861.json"};

constexpr std::array kFloors{
    BranchFloor{615, "615.71.09"},
    BranchFloor{610, "610.57.04"},
    BranchFloor{595, "595.91.07"},
    BranchFloor{580, "580.178.04"},
};

// "580.126.09" -> {580, 126, 9}; empty unless every part is a number.
std::vector<int> parts_of(std::string_view v) {
  std::vector<int> out;
  while (!v.empty()) {
    const std::size_t dot = v.find('.');
    const std::string_view part = v.substr(0, dot);
    int n = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
    if (ec != std::errc() || end != part.data() + part.size() || part.empty()) return {};
    out.push_back(n);
    if (dot == std::string_view::npos) break;
    v.remove_prefix(dot + 1);
  }
  return out;
}

}  // namespace

const SecurityBulletin& security_bulletin() { return kBulletin; }

std::span<const BranchFloor> security_floors() { return kFloors; }

bool security_judgeable(std::string_view driver_version) {
  const std::vector<int> v = parts_of(driver_version);
  return v.size() == 3 && v[0] <= kFloors.front().branch;
}

std::optional<std::string> below_security_floor(std::string_view driver_version) {
  if (!security_judgeable(driver_version)) return std::nullopt;  // not Linux's, or newer than the bulletin
  const std::vector<int> v = parts_of(driver_version);
  for (const BranchFloor& f : kFloors)
    if (f.branch == v[0]) return v < parts_of(f.fixed) ? std::optional<std::string>(">= " + std::string(f.fixed)) : std::nullopt;
  std::string branches;
  for (const BranchFloor& f : kFloors) branches += (branches.empty() ? "R" : ", R") + std::to_string(f.branch);
  return "a fixed branch (" + branches + ")";
}

}  // namespace gpuaudit
