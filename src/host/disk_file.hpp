// The test file host/disk reads: created in the folder the user named, on the disk that holds the
// dataset. It has no name from the moment it exists (O_TMPFILE, or unlinked right after creation
// where O_TMPFILE is not supported), so nothing is left behind however the process ends: an
// error, Ctrl-C, or a kill. Readers reach it through the descriptor (fio via /proc/<pid>/fd/<n>).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gpuaudit {

struct DiskFileOptions {
  std::string folder;
  std::uint64_t bytes = 256ull << 20;
  double max_write_s = 30;  // stop writing after this long and test what was written (>= 16 MiB)
  // Test hook: pretend the file system has this much free space (the full-disk path, without
  // having to fill a disk).
  std::optional<std::uint64_t> assume_free_bytes;
};

// Free space gpuaudit leaves on a file system of `total_bytes` after writing its test file.
std::uint64_t disk_spare_bytes(std::uint64_t total_bytes);

class DiskTestFile {
 public:
  // Throws Error(io_error) with one line naming the folder and the reason; leaves no file behind.
  explicit DiskTestFile(const DiskFileOptions& opt);
  ~DiskTestFile();
  DiskTestFile(const DiskTestFile&) = delete;
  DiskTestFile& operator=(const DiskTestFile&) = delete;

  int fd() const { return fd_; }
  std::uint64_t bytes() const { return bytes_; }       // what was written (block-aligned)
  bool direct() const { return direct_; }              // O_DIRECT accepted by the file system
  bool anonymous() const { return anonymous_; }        // O_TMPFILE (else: created, then unlinked)
  double write_mbs() const { return write_mbs_; }      // how fast it was written (MB/s), for context
  std::string proc_path() const;                       // "/proc/<pid>/fd/<fd>"

 private:
  int fd_ = -1;
  std::uint64_t bytes_ = 0;
  bool direct_ = false, anonymous_ = false;
  double write_mbs_ = 0;
};

// The mount that holds `path`: file system type and device ("ext4 /dev/nvme1n1"), for the record.
struct MountInfo {
  std::string mount_point, fs_type, device;
};
std::optional<MountInfo> mount_of(const std::string& path, const std::string& mounts_file = "/proc/self/mounts");

}  // namespace gpuaudit
