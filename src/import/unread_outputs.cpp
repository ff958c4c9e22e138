// unread_output(): a known tool's output that gpuaudit does not import, told from its text (unread_outputs.hpp).
#include "import/unread_outputs.hpp"

#include "import/smi_values.hpp"

namespace gpuaudit::imports {
namespace {

using smi::trim;

bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "| GPU ID | Device Information   |" with any padding.
bool discovery_header(std::string_view line) {
  if (!starts(line, "|")) return false;
  line = trim(line.substr(1));
  if (!starts(line, "GPU ID")) return false;
  line = trim(line.substr(6));
  return starts(line, "|") && starts(trim(line.substr(1)), "Device Information");
}

}  // namespace

std::optional<std::string> unread_output(std::string_view text) {
  int no = 0;
  bool entity_header = false;
  int entity_line = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = trim(text.substr(pos, end - pos));
    pos = end + 1;
    ++no;
    const std::string at = ", line " + std::to_string(no) + ")";
    if (discovery_header(line))
      return "dcgmi discovery -l (DCGM's GPU list" + at +
             ": not a format gpuaudit imports; nvidia-smi -q names the same GPUs with what the rules need";
    if (starts(line, "| Health Monitor Report"))
      return "dcgmi health (DCGM's health watches" + at +
             ": not a format gpuaudit imports; import dcgmi diag's table or nvidia-smi -q instead";
    // DeviceMonitor's header, then "ID" (the second header line) or a first "GPU 0" row.
    if (entity_header && !line.empty()) {
      if (line == "ID" || starts(line, "GPU "))
        return "dcgmi dmon (a DCGM field sample log, line " + std::to_string(entity_line) +
               "): not a format gpuaudit imports; nvidia-smi dmon or a --query-gpu log gives the figures";
      entity_header = false;
    }
    if (starts(line, "#Entity ")) entity_header = true, entity_line = no;
    if (end == text.size()) break;
  }
  return std::nullopt;
}

}  // namespace gpuaudit::imports
