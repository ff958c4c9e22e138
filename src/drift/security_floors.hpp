// The lowest Linux driver of each branch that NVIDIA's newest GPU Display Driver security bulletin
// calls fixed, as data with the bulletin cited and dated (so a stale table shows): a node below its
// branch's floor, or on an older branch the bulletin no longer fixes, runs a driver with published
// vulnerabilities. NVIDIA's own note: "If you are using an earlier branch release for which an update
// version is not listed above, upgrade to the latest branch release."
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gpuaudit {

struct SecurityBulletin {
  const char* id;     // "5861"
  const char* title;  // "Security Bulletin: GPU Display Driver - September 2026"
  const char* date;   // its current release date, YYYY-MM-DD
  const char* url;    // NVIDIA's product-security record, pinned to a commit
};

struct BranchFloor {
  int branch;         // 580
  const char* fixed;  // "580.178.04": the first Linux driver of the branch the bulletin calls fixed
};

const SecurityBulletin& security_bulletin();
std::span<const BranchFloor> security_floors();  // newest branch first

// A Linux driver version ("580.126.09") against the floors: nullopt when it is at or above its
// branch's floor, on a branch newer than every listed one, or not a Linux version (Windows prints two
// parts, "596.36"); else the floor it misses, in words: ">= 580.178.04", or "a fixed branch (R615,
// R610, R595, R580)" for an older branch the bulletin does not list.
std::optional<std::string> below_security_floor(std::string_view driver_version);

// Whether the floors can judge `driver_version`: a Linux version ("580.126.09", three numbers) on a
// branch no newer than the bulletin's newest.
bool security_judgeable(std::string_view driver_version);

}  // namespace gpuaudit
