// write_file_atomic and AtomicOutputFile: an output written whole or not at all, devices and FIFOs
// in place, symlinks followed, modes kept, stale temp files of killed writers cleaned (see the header).
#include "core/output_file.hpp"

#include "core/error.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

Error write_error(const fs::path& path, const std::string& what, int err) {
  return io_error("cannot write " + path.string() + ": " + what + (err ? std::string(": ") + std::strerror(err) : ""));
}

// Every byte, through short writes and EINTR; false with errno set on failure.
bool write_all(int fd, std::string_view contents) {
  const char* p = contents.data();
  size_t left = contents.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

// The temp name keeps the target's name readable, within NAME_MAX.
std::string temp_prefix(const fs::path& target) {
  std::string name = target.filename().string();
  if (name.size() > 180) name.resize(180);
  return "." + name + ".tmp.";
}

// The file a (possibly dangling) symlink chain ends on; path itself when it is no symlink.
fs::path final_target(const fs::path& path) {
  if (char* real = ::realpath(path.c_str(), nullptr)) {  // the target exists: every link resolved
    fs::path p(real);
    std::free(real);
    return p;
  }
  fs::path p = path;
  for (int hop = 0; hop < 40; ++hop) {  // dangling: follow by hand to the name to create
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::error_code ec;
    const fs::path next = fs::read_symlink(p, ec);
    if (ec) return p;
    p = next.is_absolute() ? next : p.parent_path() / next;
  }
  throw write_error(path, "following symbolic links", ELOOP);
}

mode_t new_file_mode() {
  static const mode_t mode = [] {
    const mode_t mask = ::umask(022);  // read it the only way POSIX offers, and put it back
    ::umask(mask);
    return static_cast<mode_t>(0666 & ~mask);
  }();
  return mode;
}

bool process_running(long pid) {
  if (pid <= 0 || pid > INT_MAX) return false;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

void clean_once(const fs::path& target) {
  static std::mutex mu;
  static std::set<std::string> done;
  {
    std::lock_guard<std::mutex> lock(mu);
    if (!done.insert(target.string()).second) return;
  }
  remove_stale_temp_files(target);
}

// The folder a temp file for target goes in.
fs::path folder_of(const fs::path& target) { return target.has_parent_path() ? target.parent_path() : fs::path("."); }

// Makes a rename in dir durable; best effort.
void sync_folder(const fs::path& dir) {
  if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

// "-", /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: this process's own descriptor. Written
// to it directly: when stdout is redirected to a file, /dev/stdout resolves to that regular file,
// and replacing it would unlink what the shell redirected to, losing everything else printed.
std::optional<int> own_descriptor(const fs::path& path) {
  const std::string p = path.string();
  if (p == "-" || p == "/dev/stdout") return STDOUT_FILENO;
  if (p == "/dev/stderr") return STDERR_FILENO;
  for (const char* dir : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::string d = dir;
    if (p.size() > d.size() && p.size() <= d.size() + 4 && p.compare(0, d.size(), d) == 0 &&
        p.find_first_not_of("0123456789", d.size()) == std::string::npos)
      return std::stoi(p.substr(d.size()));
  }
  return std::nullopt;
}

}  // namespace

bool is_stream_target(const fs::path& path) {
  if (own_descriptor(path)) return true;
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

bool writes_to_stdout(const fs::path& path) {
  if (const auto fd = own_descriptor(path)) return *fd == STDOUT_FILENO;
  struct stat out {}, st {};
  if (::fstat(STDOUT_FILENO, &out) != 0 || ::stat(path.c_str(), &st) != 0) return false;
  if (out.st_dev != st.st_dev || out.st_ino != st.st_ino) return false;
  // A stdout sent to /dev/null is "the same file" as -o /dev/null, but nobody reads either.
  struct stat null {};
  return !(S_ISCHR(st.st_mode) && ::stat("/dev/null", &null) == 0 && null.st_rdev == st.st_rdev);
}

std::string stdout_output(const std::vector<NamedOutput>& outputs) {
  std::string taken;
  for (const auto& o : outputs) {
    if (o.path.empty() || !writes_to_stdout(o.path)) continue;
    if (!taken.empty())
      throw input_error(taken + " and " + o.option + " both write to standard output, where their text would interleave: "
                        "give one of them a file");
    taken = o.option;
  }
  return taken;
}

int remove_stale_temp_files(const fs::path& target, const StaleTempPolicy& policy) {
  const fs::path dir = folder_of(target);
  const std::string prefix = temp_prefix(target);
  DIR* d = ::opendir(dir.c_str());
  if (!d) return 0;
  const std::time_t now = std::time(nullptr);
  int removed = 0;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    // ".NAME.tmp.PID.XXXXXX" (this version) or ".NAME.tmp.XXXXXX" (before the pid was in it).
    const std::string rest = name.substr(prefix.size());
    const auto dot = rest.find('.');
    long pid = -1;
    if (dot != std::string::npos && dot > 0 && dot < 10 && rest.size() - dot - 1 == 6 &&
        rest.find_first_not_of("0123456789") == dot)
      pid = std::strtol(rest.substr(0, dot).c_str(), nullptr, 10);
    else if (rest.size() != 6)
      continue;  // some other file that happens to share the prefix: not ours
    const fs::path p = dir / name;
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (::geteuid() != 0 && st.st_uid != ::geteuid()) continue;
    const auto age = std::chrono::seconds(now - st.st_mtime);
    const bool stale = age >= policy.any_age ||
                       (pid > 0 && pid != ::getpid() && !process_running(pid) && age >= policy.dead_writer_age);
    if (stale && ::unlink(p.c_str()) == 0) ++removed;
  }
  ::closedir(d);
  return removed;
}

AtomicOutputFile::AtomicOutputFile(const fs::path& path) : shown_(path) {
  if (path.empty()) throw io_error("cannot write an output with an empty file name");
  if (const auto fd = own_descriptor(path)) {
    fd_ = *fd;
    kind_ = Kind::descriptor;
    return;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw io_error("cannot write " + path.string() + ": is a folder");
    if (!S_ISREG(st.st_mode) && open_in_place()) return;
  } else if (errno != ENOENT) {
    throw write_error(path, "stat", errno);
  }
  target_ = final_target(path);
  open_temp();
}

AtomicOutputFile::~AtomicOutputFile() {
  if (kind_ == Kind::descriptor) return;  // not ours to close
  if (fd_ >= 0) ::close(fd_);
  if (!temp_.empty()) ::unlink(temp_.c_str());  // never committed: the target stays as it was
}

// A device, FIFO or terminal keeps its node; nothing to fsync or rename. False, with nothing
// opened, when the path turned into a regular file since it was looked at.
bool AtomicOutputFile::open_in_place() {
  const int fd = ::open(shown_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) throw write_error(shown_, "open", errno);
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    ::close(fd);
    return false;
  }
  fd_ = fd;
  kind_ = Kind::in_place;
  return true;
}

void AtomicOutputFile::open_temp() {
  const fs::path dir = folder_of(target_);
  clean_once(target_);
  std::string tmpl = (dir / (temp_prefix(target_) + std::to_string(::getpid()) + ".XXXXXX")).string();
  fd_ = ::mkstemp(tmpl.data());
  if (fd_ < 0) throw write_error(shown_, "create a temp file in " + dir.string(), errno);
  temp_ = std::move(tmpl);
}

void AtomicOutputFile::write(std::string_view bytes) {
  if (kind_ != Kind::descriptor) {
    if (!write_all(fd_, bytes)) throw write_error(shown_, "write", errno);
    return;
  }
  std::fflush(stdout);  // what the command printed before comes first
  if (!write_all(fd_, bytes))
    throw io_error("cannot write " + (shown_ == "-" ? std::string("to standard output") : shown_.string()) + ": " +
                   std::strerror(errno));
}

// The target's owner and mode when it exists (a 0600 file stays 0600), else 0666 less the umask;
// then fsync and close. The owner first: chown may clear set-id bits, which the chmod then
// restores. Giving a file to someone else needs root; a file of ours keeps its group when we are
// in it. Otherwise the new file is ours, as with any editor's save.
void AtomicOutputFile::close_temp() {
  struct stat existing {};
  if (::stat(target_.c_str(), &existing) == 0) {
    if (::fchown(fd_, existing.st_uid, existing.st_gid) != 0) (void)!::fchown(fd_, static_cast<uid_t>(-1), existing.st_gid);
    if (::fchmod(fd_, existing.st_mode & 07777) != 0) throw write_error(shown_, "chmod", errno);
  } else if (::fchmod(fd_, new_file_mode()) != 0) {
    throw write_error(shown_, "chmod", errno);
  }
  if (::fsync(fd_) != 0) throw write_error(shown_, "fsync", errno);
  if (::close(std::exchange(fd_, -1)) != 0) throw write_error(shown_, "close", errno);
}

void AtomicOutputFile::commit() {
  if (kind_ == Kind::descriptor || fd_ < 0) return;
  if (kind_ == Kind::in_place) {
    if (::close(std::exchange(fd_, -1)) != 0 && errno != EINTR) throw write_error(shown_, "close", errno);
    return;
  }
  close_temp();
  if (::rename(temp_.c_str(), target_.c_str()) != 0) throw write_error(shown_, "rename", errno);
  temp_.clear();
  sync_folder(folder_of(target_));
}

void write_file_atomic(const fs::path& path, const std::string& contents) {
  AtomicOutputFile out(path);
  out.write(contents);
  out.commit();
}

}  // namespace gpuaudit
