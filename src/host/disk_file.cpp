#include "host/disk_file.hpp"

#include "core/error.hpp"
#include "core/parse_number.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t kChunk = 1ull << 20;   // write and round sizes in MiB
constexpr std::uint64_t kMinBytes = 16ull << 20;
constexpr size_t kAlign = 4096;                // O_DIRECT: buffer, offset and size aligned to the block size

std::string mib(std::uint64_t b) { return std::to_string(b >> 20) + " MiB"; }

struct FreeAligned {
  void operator()(void* p) const { std::free(p); }
};

// Creates the file with no name left behind; returns the descriptor or -1 with errno set.
int open_nameless(const std::string& folder, bool direct, bool& anonymous) {
  const int flags = O_RDWR | O_CLOEXEC | (direct ? O_DIRECT : 0);
  int fd = ::open(folder.c_str(), O_TMPFILE | flags, 0600);
  if (fd >= 0) {
    anonymous = true;
    return fd;
  }
  // No O_TMPFILE here (NFS, some FUSE and overlay mounts): a hidden name, unlinked at once.
  anonymous = false;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string name = (fs::path(folder) / (".gpuaudit-disk-" + std::to_string(::getpid()) + "-" +
                                                    std::to_string(attempt))).string();
    fd = ::open(name.c_str(), O_CREAT | O_EXCL | flags, 0600);
    if (fd >= 0) {
      if (::unlink(name.c_str()) != 0) {
        const int err = errno;
        ::close(fd);
        ::unlink(name.c_str());
        errno = err;
        return -1;
      }
      return fd;
    }
    if (errno != EEXIST) return -1;
  }
  return -1;
}

// Bytes that neither compress nor deduplicate: a cloud disk must not get them for free.
void fill_pattern(unsigned char* p, size_t n, std::uint64_t block) {
  std::uint64_t x = 0x243f6a8885a308d3ull ^ (block * 0x9e3779b97f4a7c15ull);
  for (size_t i = 0; i + 8 <= n; i += 8) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    std::memcpy(p + i, &x, 8);
  }
}

}  // namespace

std::uint64_t disk_spare_bytes(std::uint64_t total_bytes) {
  return std::max<std::uint64_t>(128ull << 20, total_bytes / 50);  // 2%, at least 128 MiB
}

DiskTestFile::DiskTestFile(const DiskFileOptions& opt) {
  const std::string& folder = opt.folder;
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0)
    throw io_error("--disk " + folder + ": " + std::strerror(errno));
  if (!S_ISDIR(st.st_mode)) throw io_error("--disk " + folder + ": not a folder");

  const std::uint64_t want = std::max(kMinBytes, opt.bytes / kChunk * kChunk);
  struct statvfs vfs {};
  if (::statvfs(folder.c_str(), &vfs) != 0)
    throw io_error("--disk " + folder + ": cannot read free space: " + std::strerror(errno));
  const std::uint64_t total = static_cast<std::uint64_t>(vfs.f_blocks) * vfs.f_frsize;
  const std::uint64_t free = opt.assume_free_bytes ? *opt.assume_free_bytes
                                                   : static_cast<std::uint64_t>(vfs.f_bavail) * vfs.f_frsize;
  const std::uint64_t spare = disk_spare_bytes(total);
  if (free < want + spare)
    throw io_error("--disk " + folder + ": not enough free space for the " + mib(want) + " test file (" +
                   mib(free) + " free, gpuaudit leaves " + mib(spare) + " spare)");

  std::unique_ptr<unsigned char, FreeAligned> buf(static_cast<unsigned char*>(std::aligned_alloc(kAlign, kChunk)));
  if (!buf) throw io_error("--disk: out of memory for the write buffer");

  for (bool direct : {true, false}) {
    fd_ = open_nameless(folder, direct, anonymous_);
    if (fd_ < 0) {
      if (direct && errno == EINVAL) continue;  // the file system refuses O_DIRECT: try buffered
      throw io_error("--disk " + folder + ": cannot create a test file: " + std::strerror(errno));
    }
    direct_ = direct;
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t off = 0;
    int write_errno = 0;
    while (off < want) {
      fill_pattern(buf.get(), kChunk, off / kChunk);
      const ssize_t n = ::pwrite(fd_, buf.get(), kChunk, static_cast<off_t>(off));
      if (n < 0) {
        if (errno == EINTR) continue;
        write_errno = errno;
        break;
      }
      if (static_cast<std::uint64_t>(n) != kChunk) {  // a short write: the disk is (nearly) full
        write_errno = ENOSPC;
        break;
      }
      off += kChunk;
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (s > opt.max_write_s && off >= kMinBytes) break;  // slow disk: test what is there
    }
    if (write_errno == EINVAL && direct && off == 0) {  // O_DIRECT opened but not usable
      ::close(fd_);
      fd_ = -1;
      continue;
    }
    if (write_errno != 0) {
      ::close(fd_);  // the file has no name: closing it frees its blocks
      fd_ = -1;
      const bool full = write_errno == ENOSPC || write_errno == EDQUOT || write_errno == EFBIG;
      throw io_error("--disk " + folder + ": " + (full ? "the disk filled up" : "write failed") + " after " +
                     mib(off) + " of the " + mib(want) + " test file (" + std::strerror(write_errno) + ")");
    }
    if (::fdatasync(fd_) != 0) {
      const int err = errno;
      ::close(fd_);
      fd_ = -1;
      throw io_error("--disk " + folder + ": cannot flush the test file: " + std::strerror(err));
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    write_mbs_ = s > 0 ? static_cast<double>(off) / s / 1e6 : 0;
    bytes_ = off;
    // Without O_DIRECT, drop the pages we just wrote so the reads reach the disk (best effort).
    if (!direct) ::posix_fadvise(fd_, 0, 0, POSIX_FADV_DONTNEED);
    return;
  }
  throw io_error("--disk " + folder + ": cannot create a test file (O_DIRECT and buffered both refused)");
}

DiskTestFile::~DiskTestFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::string DiskTestFile::proc_path() const {
  return "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd_);
}

namespace {

// /proc/mounts escapes space, tab, newline and backslash as \ooo.
std::string unescape_mount(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto code = s[i] == '\\' && i + 3 < s.size() ? parse_integer<int>(std::string_view(s).substr(i + 1, 3), 8)
                                                         : std::nullopt;
    if (code && *code >= 0 && *code < 256) {  // "\040"; anything else is kept as written
      out += static_cast<char>(*code);
      i += 3;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

std::optional<MountInfo> mount_of(const std::string& path, const std::string& mounts_file) {
  std::error_code ec;
  const std::string target = fs::weakly_canonical(fs::absolute(path, ec), ec).string();
  std::ifstream f(mounts_file);
  std::string line;
  std::optional<MountInfo> best;
  while (std::getline(f, line)) {
    std::istringstream ls(line);
    MountInfo m;
    if (!(ls >> m.device >> m.mount_point >> m.fs_type)) continue;
    m.device = unescape_mount(m.device);
    m.mount_point = unescape_mount(m.mount_point);
    const auto& mp = m.mount_point;
    const bool under = target == mp || mp == "/" ||
                       (target.size() > mp.size() && target.compare(0, mp.size(), mp) == 0 && target[mp.size()] == '/');
    if (under && (!best || mp.size() >= best->mount_point.size())) best = m;  // later mounts shadow earlier ones
  }
  return best;
}

}  // namespace gpuaudit
