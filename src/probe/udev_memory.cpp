#include "probe/udev_memory.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace gpuaudit {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPrefix = "MEMORY_DEVICE_";
constexpr std::size_t kMaxSlots = 1024;  // a firmware table lists at most a few hundred

template <typename T>
std::optional<T> number(std::string_view v) {
  T n{};
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size()) return std::nullopt;
  return n;
}

// A speed word: 0 unknown, 65535 "see the extended field" (not printed by dmi_memory_id).
std::optional<int> speed(std::string_view v) {
  const auto n = number<int>(v);
  if (!n || *n <= 0 || *n >= 0xFFFF) return std::nullopt;
  return n;
}

}  // namespace

std::vector<MemoryModule> udev_memory_devices(std::string_view udev_data) {
  std::map<std::size_t, MemoryModule> slots;
  std::map<std::size_t, bool> empty;
  std::size_t at = 0;
  while (at < udev_data.size()) {
    std::size_t end = udev_data.find('\n', at);
    if (end == std::string_view::npos) end = udev_data.size();
    std::string_view line = udev_data.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // The database's "E:KEY=value", or `udevadm info`'s "E: KEY=value".
    if (!line.starts_with("E:")) continue;
    line.remove_prefix(2);
    while (line.starts_with(' ')) line.remove_prefix(1);
    if (!line.starts_with(kPrefix)) continue;
    line.remove_prefix(kPrefix.size());
    const std::size_t underscore = line.find('_');
    const std::size_t equals = line.find('=');
    if (underscore == std::string_view::npos || equals == std::string_view::npos || equals < underscore) continue;
    const auto slot = number<std::size_t>(line.substr(0, underscore));
    if (!slot || *slot >= kMaxSlots) continue;
    const std::string_view field = line.substr(underscore + 1, equals - underscore - 1);
    const std::string_view value = line.substr(equals + 1);
    MemoryModule& m = slots[*slot];
    if (field == "SIZE") {
      if (auto bytes = number<std::uint64_t>(value); bytes && *bytes > 0) m.bytes = bytes;
    } else if (field == "PRESENT") {
      empty[*slot] = value == "0";
    } else if (field == "TYPE") {
      if (value != "Unknown" && value != "<OUT OF SPEC>") m.type = std::string(value);
    } else if (field == "SPEED_MTS") {
      m.rated_mts = speed(value);
    } else if (field == "CONFIGURED_SPEED_MTS") {
      m.configured_mts = speed(value);
    }
  }
  std::vector<MemoryModule> out;
  for (auto& [slot, m] : slots) {
    if (empty[slot]) m = MemoryModule{};  // an empty slot counts as a slot only
    out.push_back(std::move(m));
  }
  return out;
}

json udev_memory_modules(const std::string& root) {
  std::ifstream in(fs::path(root) / "run/udev/data/+dmi:id", std::ios::binary);
  if (!in) return nullptr;
  std::ostringstream text;
  text << in.rdbuf();
  const auto slots = udev_memory_devices(text.str());
  if (slots.empty()) return nullptr;
  return memory_modules_summary(slots, "udev");
}

}  // namespace gpuaudit
