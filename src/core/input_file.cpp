// One reader for every input file (core/input_file.hpp).
#include "core/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

// What a file that is neither a regular file nor a pipe is, for the refusal.
const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "is a folder, not a file";
  if (S_ISCHR(mode)) return "is a character device (a terminal, /dev/zero ...), not a file";
  if (S_ISBLK(mode)) return "is a block device, not a file";
  if (S_ISSOCK(mode)) return "is a socket, not a file";
  return "is not a regular file";
}

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// A pipe opened non-blocking: reads 0 at once when no process holds its write end. Otherwise the
// descriptor is made blocking again, and `first` holds what the peek read.
void wait_only_for_a_writer(const fs::path& path, int fd, std::string& first) {
  char buf[4096];
  ssize_t n;
  do n = ::read(fd, buf, sizeof buf);
  while (n < 0 && errno == EINTR);
  if (n == 0) throw input_error(path.string() + ": a FIFO (or pipe) that nothing is writing to: gpuaudit does not wait for one");
  if (n < 0 && errno != EAGAIN) throw input_error(path.string() + ": cannot read: " + std::strerror(errno));
  if (n > 0) first.assign(buf, static_cast<size_t>(n));
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
}

}  // namespace

std::string mib_text(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / (1024.0 * 1024.0));
  return buf;
}

std::string read_input_file(const fs::path& path, const InputLimit& limit, std::size_t padding) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw input_error(path.string() + ": cannot open: " + std::strerror(errno));
  const bool regular = S_ISREG(st.st_mode), pipe = S_ISFIFO(st.st_mode);
  if (!regular && !pipe) throw input_error(path.string() + ": " + kind_of(st.st_mode));
  if (regular && static_cast<std::uint64_t>(st.st_size) > limit.bytes)
    throw limit.too_big(mib_text(static_cast<double>(st.st_size)));
  // O_NONBLOCK on a pipe: open(2) of a FIFO would wait for a writer.
  Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | (pipe ? O_NONBLOCK : 0)));
  if (fd.get() < 0) throw input_error(path.string() + ": cannot open: " + std::strerror(errno));
  std::string text;
  if (regular) text.reserve(static_cast<size_t>(st.st_size) + padding);
  if (pipe) wait_only_for_a_writer(path, fd.get(), text);
  char buf[1 << 16];
  while (text.size() <= limit.bytes) {
    const ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw input_error(path.string() + ": cannot read: " + std::strerror(errno));
    if (n == 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  if (text.size() > limit.bytes)  // a pipe, or a file that grew while read
    throw limit.too_big("more than " + mib_text(static_cast<double>(limit.bytes)));
  return text;
}

}  // namespace gpuaudit
