// The two ways host/disk reads its test file. fio, when installed, is preferred: it is the
// reference I/O tester every storage vendor quotes, it keeps a real queue of asynchronous reads
// in flight (libaio) and reports latency percentiles. Without fio a small built-in engine keeps
// the same queue depth with one thread per outstanding O_DIRECT pread: cloud block devices only
// reach their rated throughput with many reads in flight, and a data loader with N workers
// issues reads exactly that way.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuaudit {

struct DiskReadSpec {
  bool sequential = true;
  std::uint64_t block_bytes = 1ull << 20;
  int queue_depth = 16;
  double seconds = 0.5;
};

struct DiskReadSample {
  double bytes_per_s = 0;
  double iops = 0;
  std::optional<double> p99_latency_us;  // fio only
};

// fio's --output-format=json output (anything before the first '{' is skipped: fio may print
// warnings first). Throws std::runtime_error with a one-line reason.
DiskReadSample parse_fio_json(const std::string& text);

// The fio command line for one read job on `file` (a /proc/<pid>/fd/<n> path).
std::vector<std::string> fio_command(const std::string& fio, const std::string& file, std::uint64_t file_bytes,
                                     bool direct, const DiskReadSpec& spec);

// fio did not finish by its deadline and was killed. Not a reason to fall back to the built-in
// engine: what hung fio (a dead network mount, a device that stopped answering) hangs any reader.
struct FioHung : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// How long a fio read job may take: its --runtime twice over plus 10 s. A healthy fio stops
// submitting at --runtime and drains its queue (at most queue depth x one read's latency, well under
// a second on any disk that is worth a figure); the margin covers its start on a loaded machine.
double fio_deadline_s(const DiskReadSpec& spec);
inline constexpr double kFioVersionDeadlineS = 10;

// Runs fio; throws FioHung at its deadline (or when `cancelled` says so, as std::runtime_error),
// std::runtime_error with a one-line reason otherwise.
DiskReadSample run_fio_read(const std::string& fio, const std::string& file, std::uint64_t file_bytes, bool direct,
                            const DiskReadSpec& spec, const std::function<bool()>& cancelled = {});

// The built-in engine on an open descriptor; throws std::runtime_error on a read error.
DiskReadSample run_builtin_read(int fd, std::uint64_t file_bytes, const DiskReadSpec& spec);

// "fio-3.33" from `fio --version`, or nullopt when fio is not installed or does not run.
std::optional<std::string> fio_version(const std::string& fio);

}  // namespace gpuaudit
