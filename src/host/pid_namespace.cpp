#include "host/pid_namespace.hpp"

#include "host/proc_file.hpp"

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

std::optional<bool> in_host_pid_namespace() {
  const auto ids = parse_nspid(read_proc_text("/proc/self/status"));
  if (ids.empty()) return std::nullopt;
  return ids.size() == 1;
}

}  // namespace gpuaudit
