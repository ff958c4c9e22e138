// libFuzzer target: what `watch` reads of the host and of the job's output, on any bytes: the
// /proc/meminfo, /proc/vmstat, /proc/diskstats and /proc/PID/stat parsers (a container can
// bind-mount anything there), and the metric scanner fed the bytes as a job's output in two pieces,
// with a regex of each kind (a group, none). None may crash. Seeds in tests/data/fuzz/host_counters/.
#include "watch/host_counters.hpp"
#include "watch/metric_scanner.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)gpuaudit::parse_mem_available_pct(text);
  (void)gpuaudit::parse_pswpin(text);
  (void)gpuaudit::parse_diskstats(text);
  (void)gpuaudit::parse_process_stat(text);
  (void)gpuaudit::metric_unit(text);
  gpuaudit::MetricScanner with_group("([0-9.]+) tokens/s");
  gpuaudit::MetricScanner without("it/s");
  for (auto* m : {&with_group, &without}) {
    m->feed(std::string_view(text).substr(0, size / 2), 1);
    m->feed(std::string_view(text).substr(size / 2), 2);
    m->finish(3);
  }
  return 0;
}
