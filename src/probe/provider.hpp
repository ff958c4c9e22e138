// Which cloud is this? A guess from DMI strings, with the evidence that made it.
#pragma once

#include <string>

namespace gpuaudit {

struct DmiStrings {
  std::string sys_vendor, product_name, product_version, bios_vendor, bios_version, board_vendor,
      chassis_vendor, chassis_asset_tag;
};

struct ProviderGuess {
  std::string provider;  // "AWS", "GCP", "Azure", ..., "bare metal", "unknown VM", "unknown"
  std::string evidence;  // e.g. "sys_vendor=Amazon EC2"
};

// `hypervisor`: non-empty when /proc/cpuinfo has the hypervisor flag (a VM).
ProviderGuess guess_provider(const DmiStrings& dmi, const std::string& hypervisor);

}  // namespace gpuaudit
