// Claiming default result names and locking -o outputs (core/output_claim.hpp).
#include "core/output_claim.hpp"

#include "core/error.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

// NAME.json -> NAME-N.json; a name without .json gets -N at its end.
fs::path numbered(const fs::path& path, int n) {
  if (n == 1) return path;
  const std::string suffix = "-" + std::to_string(n);
  if (path.extension() == ".json") return path.parent_path() / (path.stem().string() + suffix + ".json");
  return fs::path(path.string() + suffix);
}

std::string this_host() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) return "?";
  return host;
}

// The lock file of an output: hidden, beside the file the output's symlinks end on.
fs::path lock_file_of(const fs::path& output) {
  std::error_code ec;
  fs::path real = fs::weakly_canonical(output, ec);
  if (ec) real = output;
  std::string name = real.filename().string();
  if (name.size() > 200) name.resize(200);  // within NAME_MAX with the dot and ".lock"
  return real.parent_path() / ("." + name + ".lock");
}

std::string read_holder(int fd) {
  char buf[512] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string s(buf, n > 0 ? static_cast<size_t>(n) : 0);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\0')) s.pop_back();
  return s.empty() ? "another process" : s;
}

// Whether fd is still the file at path (a holder may have removed it between our open and flock).
bool still_linked(int fd, const fs::path& path) {
  struct stat a {}, b {};
  return ::fstat(fd, &a) == 0 && ::stat(path.c_str(), &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

}  // namespace

std::string default_output_name(const std::string& prefix, const std::string& host) {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", &tm);
  char millis[8];
  std::snprintf(millis, sizeof millis, ".%03dZ", static_cast<int>(ms));
  std::string h = host.empty() ? "host" : host;
  std::replace_if(h.begin(), h.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)) && c != '-'; }, '_');
  return prefix + "-" + h + "-" + stamp + millis + ".json";
}

fs::path claim_new_file(const fs::path& path) {
  for (int n = 1; n < 10000; ++n) {
    const fs::path candidate = numbered(path, n);
    const int fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      ::close(fd);
      return candidate;
    }
    if (errno != EEXIST) throw io_error("cannot write " + candidate.string() + ": " + std::strerror(errno));
  }
  throw io_error("cannot write " + path.string() + ": 9,999 files of that name are there already");
}

OutputLock::OutputLock(const fs::path& output) : lock_path_(lock_file_of(output)) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    const int fd = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) return;  // not lockable here; the output's own write says why it fails, if it does
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const std::string holder = read_holder(fd);
      ::close(fd);
      throw input_error(output.string() + " is being written by another gpuaudit run (" + holder +
                        "); wait for it to end, or give this run another -o");
    }
    if (!still_linked(fd, lock_path_)) {  // the holder ended and removed it: lock the new one
      ::close(fd);
      continue;
    }
    // Who holds it, for the refusal; without this note (a full disk) it says "another process".
    const std::string me = "pid " + std::to_string(::getpid()) + " on " + this_host();
    if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, me.data(), me.size(), 0);
    fd_ = fd;
    return;
  }
}

OutputLock::~OutputLock() {
  if (fd_ < 0) return;
  ::unlink(lock_path_.c_str());  // while holding it: a waiter that opened it sees it unlinked
  ::close(fd_);
}

}  // namespace gpuaudit
