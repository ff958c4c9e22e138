// The host's memory modules (SMBIOS type 17 "Memory Device" records), as one summary the document
// keeps in host.extra.memory_modules, whether gpuaudit read the firmware's table itself
// (probe/smbios_memory.hpp, as root) or a pasted `dmidecode -t memory` was imported
// (import/formats/parse_dmidecode_memory.cpp):
//   {"slots": 16, "populated": 8, "total_gib": 512, "type": "DDR4", "rated_speed_mts": 3200,
//    "configured_speed_mts": 2933, "below_rated": 8, "source": "dmidecode"}
// A value the populated modules do not share is "mixed: a | b"; an empty slot counts in `slots` only.
// `drift` compares `populated` and the configured speed (drift/node_fields.cpp).
#pragma once

#include "core/json.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct MemoryModule {
  std::optional<std::uint64_t> bytes;  // nullopt: no module in the slot, or its size unknown
  std::string type;                    // "DDR4", "DDR5"; "" unknown
  std::optional<int> rated_mts;        // SMBIOS Speed: the module's rating
  std::optional<int> configured_mts;   // SMBIOS Configured Memory Speed: what it runs at
};

json memory_modules_summary(const std::vector<MemoryModule>& slots, const std::string& source);

}  // namespace gpuaudit
