#include "host/pid_namespace.hpp"

#include "host/proc_file.hpp"

#include <dirent.h>
#include <signal.h>

#include <cerrno>
#include <cstdlib>
#include <sstream>

namespace gpuaudit {

std::vector<std::int64_t> parse_nspid(const std::string& status) {
  std::istringstream in(status);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("NSpid:", 0) != 0) continue;
    std::istringstream ids(line.substr(6));
    std::vector<std::int64_t> out;
    std::int64_t id = 0;
    while (ids >> id) {
      if (id <= 0) return {};
      out.push_back(id);
    }
    return ids.eof() ? out : std::vector<std::int64_t>{};  // a torn or foreign line reads as none
  }
  return {};
}

std::optional<std::int64_t> host_pid_of(pid_t pid) {
  const auto ids = parse_nspid(read_proc_text("/proc/" + std::to_string(pid) + "/status"));
  if (ids.empty()) return std::nullopt;
  return ids.front();
}

std::optional<pid_t> local_pid_of(std::int64_t host_pid) {
  if (host_pid <= 0) return std::nullopt;
  if (in_host_pid_namespace().value_or(true)) {  // the same ids (or a kernel without NSpid: one namespace read)
    if (::kill(static_cast<pid_t>(host_pid), 0) == 0 || errno == EPERM) return static_cast<pid_t>(host_pid);
    return std::nullopt;
  }
  DIR* proc = ::opendir("/proc");
  if (!proc) return std::nullopt;
  std::optional<pid_t> found;
  while (const dirent* e = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (pid <= 0 || *end != '\0') continue;
    const auto ids = parse_nspid(read_proc_text(std::string("/proc/") + e->d_name + "/status"));
    if (!ids.empty() && ids.front() == host_pid) {
      found = static_cast<pid_t>(pid);
      break;
    }
  }
  ::closedir(proc);
  return found;
}

std::optional<bool> in_host_pid_namespace() {
  const auto ids = parse_nspid(read_proc_text("/proc/self/status"));
  if (ids.empty()) return std::nullopt;
  return ids.size() == 1;
}

}  // namespace gpuaudit
