// The host's memory modules from the firmware's SMBIOS table as Linux exposes it
// (/sys/firmware/dmi/entries/17-N/raw: one type 17 "Memory Device" structure each, its formatted
// area then its strings). Readable by root only (dmidecode needs root for the same reason); a
// container usually masks /sys/firmware. Field offsets from DMTF DSP0134 (SMBIOS Reference
// Specification 3.x), 7.18 "Memory Device (Type 17)":
//   0Ch Size WORD (MB; bit 15 set: KB; 0 no module; FFFFh unknown; 7FFFh: Extended Size, 1Ch DWORD MB)
//   12h Memory Type BYTE (7.18.2: 18h DDR3, 1Ah DDR4, 1Eh LPDDR4, 22h DDR5, 23h LPDDR5, ...)
//   15h Speed WORD (MT/s; 0 unknown; FFFFh: Extended Speed, 54h DWORD)
//   20h Configured Memory Speed WORD (MT/s; FFFFh: Extended Configured Memory Speed, 58h DWORD)
// A structure shorter than a field's end (an older SMBIOS version) leaves that field unknown.
#pragma once

#include "core/json.hpp"
#include "core/memory_modules.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit {

// One type 17 structure's bytes -> the module it describes; nullopt when they are not one.
std::optional<MemoryModule> smbios_memory_device(std::string_view raw);

// host.extra.memory_modules from every 17-N entry under `root`, or null where none could be read.
json smbios_memory_modules(const std::string& root = "/");

}  // namespace gpuaudit
