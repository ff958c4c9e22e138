// Which PID a process has in the host's PID namespace, where the NVIDIA driver names the processes
// on a GPU (NVML's process lists give those ids, also inside a container and for other
// containers' processes). A process's /proc/PID/status "NSpid:" line lists its id in every PID
// namespace it belongs to, the outermost (the host's) first and its own last (Linux 4.1+,
// proc(5)); a single id means it runs in the host's namespace.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

// The ids of the NSpid line of a /proc/PID/status text, outermost first; empty without one.
std::vector<std::int64_t> parse_nspid(const std::string& status);

// pid's id in the host's namespace (the first NSpid id); nullopt when its status cannot be read or
// has no NSpid line (kernels before 4.1).
std::optional<std::int64_t> host_pid_of(pid_t pid);

// The id in this PID namespace of the process the host knows as `host_pid` (the one whose NSpid line
// begins with it: /proc is scanned); nullopt when this namespace does not hold it.
std::optional<pid_t> local_pid_of(std::int64_t host_pid);

// True when this process runs in the host's PID namespace (its NSpid line has one id), so the PIDs
// NVML reports name the processes of this /proc; nullopt when that cannot be read.
std::optional<bool> in_host_pid_namespace();

}  // namespace gpuaudit
