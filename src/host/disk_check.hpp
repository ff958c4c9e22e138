// host/disk_seq_read (MB/s, 1 MiB reads, 16 in flight) and host/disk_rand_read (4 KiB IOPS, 32 in
// flight) on the folder the user names with --disk: the disk the dataset lives on. The page cache
// is bypassed (O_DIRECT), the file and the time are bounded, and the test file never has a name
// that could be left behind (see disk_file.hpp). Any failure (no such folder, no permission, not
// enough free space, disk full while writing) gives both results status "error" with one line.
#pragma once

#include "core/result.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace gpuaudit {

struct DiskCheckOptions {
  std::string folder;
  std::uint64_t file_bytes = 256ull << 20;
  double seconds_per_test = 2.5;  // sequential and random each, split over the samples
  int samples = 5;
  std::string engine = "auto";    // auto (fio when installed) | fio | builtin
  double max_write_s = 20;
  std::optional<std::uint64_t> assume_free_bytes;  // test hook, see DiskFileOptions
  std::function<bool()> interrupted;               // stop between samples when it says so
};

struct DiskCheckResults {
  BenchmarkResult seq;   // host/disk_seq_read, MB/s
  BenchmarkResult rand;  // host/disk_rand_read, IOPS
};

DiskCheckResults run_disk_check(const DiskCheckOptions& opt);

}  // namespace gpuaudit
