// The nvidia-smi command line a paste may keep above its output ("$ nvidia-smi --query-gpu=name,
// temperature.gpu --format=csv,noheader -l 1"). A `noheader` CSV log has no other record of which
// column is which: the command's field list is the header nvidia-smi left out. Its -i and -l say
// which GPUs the rows are of and whether they repeat.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports::smi {

struct QueryCommand {
  std::vector<std::string> fields;  // the --query-gpu / --query-compute-apps list, as typed
  bool compute_apps = false;        // --query-compute-apps
  bool csv = false;                 // --format=csv...
  bool noheader = false;            // --format=csv,noheader
  bool loop = false;                // -l / --loop / -lms / --loop-ms: the rows repeat
  std::vector<std::string> ids;     // -i / --id: the GPUs asked for (index, bus id or UUID), in order
  bool transformed = false;         // piped through a filter (column, awk, grep ...): not nvidia-smi's text
};

// The query command in this line, if the line runs nvidia-smi with --query-gpu or
// --query-compute-apps (after any prompt, `time`, `watch`, `sudo`); nullopt otherwise.
std::optional<QueryCommand> query_command(std::string_view line);

// A shell prompt with or without a command after it ("sh-4.2$", "user@host:~$ ls", "[root@x ~]# ",
// "PS C:\> "): where one command's output ends and the next begins.
bool looks_like_prompt(std::string_view line);

}  // namespace gpuaudit::imports::smi
