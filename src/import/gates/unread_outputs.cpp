// unread_output(): a known tool's output that gpuaudit does not import, told from its text (unread_outputs.hpp).
#include "import/gates/unread_outputs.hpp"

#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace gpuaudit::imports {
namespace {

using smi::trim;

// "| GPU ID | Device Information   |" with any padding.
bool discovery_header(std::string_view line) {
  if (!line.starts_with("|")) return false;
  line = trim(line.substr(1));
  if (!line.starts_with("GPU ID")) return false;
  line = trim(line.substr(6));
  return line.starts_with("|") && trim(line.substr(1)).starts_with("Device Information");
}

// A dmesg line: "[ 1843.308145] ", "[  +0.000316] " (--reltime) or "[Fri Aug 30 11:43:09 2024] "
// (-T, -H) before the message; or a syslog / journal line "... host kernel: ...".
bool kernel_log_line(std::string_view line) {
  if (line.find(" kernel: ") != std::string_view::npos) return true;
  if (!line.starts_with("[")) return false;
  const auto close = line.find(']');
  if (close == std::string_view::npos || close < 4 || close > 40 || close + 2 > line.size() || line[close + 1] != ' ')
    return false;
  const std::string_view inner = trim(line.substr(1, close - 1));
  // slurmd's and other daemons' "[2022-08-23T15:24:51.390]" is no kernel stamp: dmesg prints
  // "[  123.456789]", or with -T "[Tue Aug 23 15:24:51 2022]".
  if (!inner.empty() && std::isdigit(static_cast<unsigned char>(inner.front())) && inner.find('-') != std::string_view::npos)
    return false;
  const bool stamp = std::all_of(inner.begin(), inner.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.' || c == '+'; });
  return stamp ? inner.find('.') != std::string_view::npos : inner.find(':') != std::string_view::npos;
}

}  // namespace

std::optional<std::string> unread_output(std::string_view text) {
  bool entity_header = false;
  int entity_line = 0, no = 0, kernel_lines = 0, other_lines = 0;
  // Line by line without a table of every line, and the ", line N)" text made only for the line
  // named: a 64 MiB text nothing claims is read once, in linear time and constant memory.
  for (std::size_t pos = 0, end = 0; pos <= text.size(); pos = end + 1) {
    ++no;
    end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = trim(text.substr(pos, end - pos));
    auto at = [&] { return ", line " + std::to_string(no) + ")"; };
    if (discovery_header(line))
      return "dcgmi discovery -l (DCGM's GPU list" + at() +
             ": not a format gpuaudit imports; nvidia-smi -q names the same GPUs with what the rules need";
    if (line.starts_with("| Health Monitor Report"))
      return "dcgmi health (DCGM's health watches" + at() +
             ": not a format gpuaudit imports; import dcgmi diag's table or nvidia-smi -q instead";
    // DeviceMonitor's header, then "ID" (the second header line) or a first "GPU 0" row.
    if (entity_header && !line.empty()) {
      if (line == "ID" || line.starts_with("GPU "))
        return "dcgmi dmon (a DCGM field sample log, line " + std::to_string(entity_line) +
               "): not a format gpuaudit imports; nvidia-smi dmon or a --query-gpu log gives the figures";
      entity_header = false;
    }
    if (line.starts_with("#Entity ")) entity_header = true, entity_line = no;
    if (!line.empty()) ++(kernel_log_line(line) ? kernel_lines : other_lines);
  }
  // Nothing claimed it, so no NVRM, Xid or nvidia driver line is in it (the kernel-log format reads
  // those): a log that is mostly kernel lines says nothing about a GPU.
  if (kernel_lines >= 2 && kernel_lines >= other_lines)
    return "a kernel log with no NVIDIA driver line in it (no NVRM, Xid or nvidia message): nothing in it is about a GPU";
  return std::nullopt;
}

}  // namespace gpuaudit::imports
