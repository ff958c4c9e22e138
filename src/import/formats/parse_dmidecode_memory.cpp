// `dmidecode -t memory` (or `-t 17`) output: the SMBIOS Memory Device records, one block a slot
// ("Handle 0x0013, DMI type 17, 92 bytes" / "Memory Device" / tab-indented "Key: Value" lines).
// dmidecode needs root, so gpuaudit's own inventory cannot read them unprivileged; a renter or a
// fleet's owner can paste them. What a fleet compares (issue #32; SemiAnalysis' ClusterMAX checks
// DIMM speed): how many slots are populated, the modules' type, their rated speed (`Speed:`) and
// the speed they run at (`Configured Memory Speed:`, dmidecode 3.x; `Configured Clock Speed:`,
// 2.x, in MHz), into host.extra.memory_modules (core/memory_modules.hpp; empty slots, "No Module
// Installed", count in `slots` only). No figure: dmidecode measures nothing. SMBIOS 3.x names the speed in MT/s; dmidecode
// 2.x printed the same field as "MHz" (the DDR transfer rate all the same: "Speed: 2400 MHz" on a
// DDR4-2400 module), so either unit is read as MT/s.
#include "core/memory_modules.hpp"
#include "import/import.hpp"
#include "import/text/smi_values.hpp"

#include <cctype>

namespace gpuaudit::imports {

namespace {

using smi::trim;

// "3200 MT/s" / "2400 MHz" -> 3200 / 2400; "Unknown" -> nullopt.
std::optional<int> speed_of(std::string_view v) {
  std::size_t n = 0;
  while (n < v.size() && n < 6 && std::isdigit(static_cast<unsigned char>(v[n]))) ++n;
  if (n == 0) return std::nullopt;
  const std::string_view unit = trim(v.substr(n));
  if (unit != "MT/s" && unit != "MHz") return std::nullopt;
  const int s = std::stoi(std::string(v.substr(0, n)));
  return s > 0 ? std::optional<int>(s) : std::nullopt;
}

// "16 GB", "16384 MB", "32 GiB", "1 TB" -> bytes; "No Module Installed", "Unknown" -> nullopt.
std::optional<std::uint64_t> size_of(std::string_view v) {
  std::size_t n = 0;
  while (n < v.size() && n < 7 && std::isdigit(static_cast<unsigned char>(v[n]))) ++n;
  if (n == 0) return std::nullopt;
  const std::uint64_t count = std::stoull(std::string(v.substr(0, n)));
  const std::string_view unit = trim(v.substr(n));
  const int shift = unit == "kB" || unit == "KB" ? 10 : unit == "MB" || unit == "MiB" ? 20 : unit == "GB" || unit == "GiB" ? 30
                    : unit == "TB" || unit == "TiB"                                    ? 40
                                                                                       : -1;
  if (shift < 0 || count == 0) return std::nullopt;
  return count << shift;
}

bool memory_device_line(std::string_view l) { return trim(l) == "Memory Device"; }

int detect_dmidecode_memory(std::string_view text) {
  bool device = false, type17 = false;
  int keys = 0;
  for (const auto& [no, raw] : smi::head_lines(text, 400)) {
    const std::string_view l = trim(raw);
    device = device || memory_device_line(l);
    type17 = type17 || l.find("DMI type 17,") != std::string_view::npos;
    for (const std::string_view k : {"Locator:", "Size:", "Configured Memory Speed:", "Configured Clock Speed:", "Form Factor:"})
      keys += l.rfind(k, 0) == 0 ? 1 : 0;
  }
  return device && (type17 || keys >= 3) ? 85 : 0;
}

ImportPart parse_dmidecode_memory(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"dmidecode", "", file, 0};
  std::vector<MemoryModule> modules;
  bool in_device = false;
  for (const auto& [no, raw] : smi::numbered_lines(text)) {
    const std::string_view l = trim(raw);
    if (memory_device_line(l)) {
      modules.emplace_back();
      in_device = true;
      if (!part.source.line) part.source.line = no;
      continue;
    }
    if (l.empty() || l.rfind("Handle ", 0) == 0) {
      in_device = false;
      continue;
    }
    const std::size_t colon = l.find(':');
    if (!in_device || colon == std::string_view::npos) continue;
    const std::string_view key = l.substr(0, colon), value = trim(l.substr(colon + 1));
    MemoryModule& m = modules.back();
    if (key == "Size") m.bytes = size_of(value);
    else if (key == "Type") m.type = std::string(value);
    else if (key == "Speed") m.rated_mts = speed_of(value);
    else if (key == "Configured Memory Speed" || key == "Configured Clock Speed") m.configured_mts = speed_of(value);
  }
  if (modules.empty()) {
    part.skipped.push_back("no `Memory Device` record (dmidecode -t 17): nothing was read");
    return part;
  }
  const json s = memory_modules_summary(modules, "dmidecode");
  part.host.extra = json::object();
  part.host.extra["memory_modules"] = s;
  if (s["below_rated"].get<int>() > 0)
    part.warnings.push_back(std::to_string(s["below_rated"].get<int>()) + " of " + std::to_string(s["populated"].get<int>()) +
                            " memory modules run below their rated speed (the CPU's memory controller, the number of modules "
                            "per channel, or a firmware setting limits them)");
  return part;
}

const RegisterFormat reg{{"dmidecode-memory", "dmidecode -t memory (SMBIOS Memory Device records: slots, size, type, rated and configured speed)",
                          detect_dmidecode_memory, parse_dmidecode_memory}};

}  // namespace

}  // namespace gpuaudit::imports
