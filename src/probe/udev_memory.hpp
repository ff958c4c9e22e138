// The host's memory modules as systemd's udev keeps them for everyone to read: its rule
// 70-memory.rules runs dmi_memory_id (systemd >= 248; Ubuntu 22.04, Debian 12, RHEL 9 and later)
// on the DMI device and stores what it decoded from the firmware's SMBIOS type 17 records in the
// udev database, /run/udev/data/+dmi:id, as "E:MEMORY_DEVICE_<n>_<FIELD>=<value>" lines (what
// `udevadm info /sys/class/dmi/id` prints). Unlike /sys/firmware/dmi (probe/smbios_memory.hpp) the
// file is world-readable, so an unprivileged `run` or `info` still learns the DIMMs' speed. Fields
// read (systemd src/udev/dmi_memory_id/dmi_memory_id.c): SIZE (bytes), PRESENT=0 (an empty slot),
// TYPE ("DDR4"), SPEED_MTS and CONFIGURED_SPEED_MTS (the raw SMBIOS words: 65535 means the speed is in
// the extended field, which dmi_memory_id does not print, so it is unknown here).
#pragma once

#include "core/json.hpp"
#include "core/memory_modules.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// The udev database text of the DMI device (or `udevadm info`'s "E: " lines) -> one module per slot
// it names, in slot order.
std::vector<MemoryModule> udev_memory_devices(std::string_view udev_data);

// host.extra.memory_modules from <root>/run/udev/data/+dmi:id, or null where it names no slot.
json udev_memory_modules(const std::string& root = "/");

}  // namespace gpuaudit
