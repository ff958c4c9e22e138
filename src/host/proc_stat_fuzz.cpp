// libFuzzer target: the /proc/stat parser and the shares computed from two readings (steal and
// other processes' share, with /proc/self/stat's parser on the same bytes), and fio's
// JSON parser (host/disk_engines), on any bytes. /proc/stat must never crash them (a container
// can bind-mount anything there); fio's output may end in std::runtime_error, nothing else.
// Built by scripts/test/fuzz.sh (clang -fsanitize=fuzzer); seeds in tests/data/fuzz/proc_stat/.
#include "host/cpu_contention.hpp"
#include "host/disk_engines.hpp"
#include "host/proc_stat.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // Two readings: the first and second half, so that matched CPUs with any counters meet.
  const auto before = gpuaudit::parse_proc_stat(text.substr(0, size / 2));
  const auto after = gpuaudit::parse_proc_stat(text.substr(size / 2));
  for (const auto& s : gpuaudit::cpu_shares(before, after)) (void)s;
  (void)gpuaudit::cpu_shares(after, after);
  (void)gpuaudit::cpu_contention({before, 1}, {after, 2}, {});
  (void)gpuaudit::cpu_contention({before, 1}, {after, 2}, {0, 1, 3});
  (void)gpuaudit::parse_own_cpu_ticks(text);
  try {
    (void)gpuaudit::parse_fio_json(text);
  } catch (const std::runtime_error&) {
  }
  return 0;
}
