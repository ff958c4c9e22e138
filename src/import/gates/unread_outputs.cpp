// unread_output(): a known tool's output that gpuaudit does not import, told from its text (unread_outputs.hpp).
#include "import/gates/unread_outputs.hpp"

#include "import/errors/software_errors.hpp"
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

// dmesg's stamps, as util-linux prints them: "[ 1843.308145]" and, with --reltime/-H, "[  +0.000316]"
// (seconds with exactly six decimals, the kernel's own "%5lu.%06lu"); with -T "[Fri Aug 30 11:43:09
// 2024]" and with -H a minute's "[Aug30 11:43]" (a weekday's or a month's name, then a time).
// Not: Jetson's flash tools' "[   0.0012 ]" or its boot loader's "[0000.125]", slurmd's
// "[2022-08-23T15:24:51.390]", PyTorch's "[E ProcessGroupNCCL.cpp:455]", Open MPI's "[host:4711]",
// ColBERT's "[Apr 26, 19:55:15]" (neither of dmesg's named forms has a comma).
bool dmesg_stamp(std::string_view inner) {
  if (inner.find(',') != std::string_view::npos) return false;
  if (inner.starts_with("+")) inner.remove_prefix(1);
  const auto dot = inner.find('.');
  if (dot != std::string_view::npos && dot > 0) {
    const auto digits = [](std::string_view s) {
      return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    return digits(inner.substr(0, dot)) && inner.size() - dot - 1 == 6 && digits(inner.substr(dot + 1));
  }
  static constexpr std::string_view kNames[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Jan", "Feb", "Mar",
                                                 "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const bool named = std::any_of(std::begin(kNames), std::end(kNames), [&](std::string_view n) { return inner.starts_with(n); });
  const auto colon = inner.find(':');
  return named && colon != std::string_view::npos && colon >= 2 && colon + 2 < inner.size() &&
         std::isdigit(static_cast<unsigned char>(inner[colon - 1])) && std::isdigit(static_cast<unsigned char>(inner[colon - 2])) &&
         std::isdigit(static_cast<unsigned char>(inner[colon + 1])) && std::isdigit(static_cast<unsigned char>(inner[colon + 2]));
}

// A dmesg line (a stamp above, then the message) or a syslog / journal line "... host kernel: ...".
bool kernel_log_line(std::string_view line) {
  if (line.find(" kernel: ") != std::string_view::npos) return true;
  if (!line.starts_with("[")) return false;
  const auto close = line.find(']');
  if (close == std::string_view::npos || close < 4 || close > 40 || close + 2 > line.size() || line[close + 1] != ' ')
    return false;
  return dmesg_stamp(trim(line.substr(1, close - 1)));
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
  // those): a log that is mostly kernel lines says nothing about a GPU, unless a line speaks of one
  // in other words (a Jetson's nvgpu driver names its GPU "gp10b"): then it is read as such a log.
  if (kernel_lines >= 2 && kernel_lines >= other_lines && !gpu_mention(text, ""))
    return "a kernel log with no NVIDIA driver line in it (no NVRM, Xid or nvidia message): nothing in it is about a GPU";
  return std::nullopt;
}

}  // namespace gpuaudit::imports
