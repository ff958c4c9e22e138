// One CPU's /proc/stat line as the host checks read it (host/proc_stat.hpp), with only the ticks a
// test sets: user, idle and steal. Shared by the contention and steal tests.
#pragma once

#include "host/proc_stat.hpp"

#include <cstdint>
#include <string>

namespace gpuaudit {

inline CpuTimes cpu(const std::string& name, std::uint64_t user, std::uint64_t idle, std::uint64_t steal = 0) {
  CpuTimes t;
  t.cpu = name;
  t.user = user;
  t.idle = idle;
  t.steal = steal;
  return t;
}

}  // namespace gpuaudit
