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

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

Error write_error(const fs::path& path, const std::string& what, int err) {
  return io_error("cannot write " + path.string() + ": " + what + (err ? std::string(": ") + std::strerror(err) : ""));
}

// Every byte, through short writes and EINTR; false with errno set on failure.
bool write_all(int fd, const std::string& contents) {
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

// Writing in place: a device, FIFO or terminal keeps its node; nothing to fsync or rename.
// Returns false, writing nothing, when the path turned into a regular file since it was looked at.
bool write_in_place(const fs::path& path, const std::string& contents) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) throw write_error(path, "open", errno);
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    ::close(fd);
    return false;
  }
  if (!write_all(fd, contents)) {
    const int err = errno;
    ::close(fd);
    throw write_error(path, "write", err);
  }
  if (::close(fd) != 0 && errno != EINTR) throw write_error(path, "close", errno);
  return true;
}

void replace_atomically(const fs::path& shown, const fs::path& target, const struct stat* existing,
                        const std::string& contents) {
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  clean_once(target);
  std::string tmpl = (dir / (temp_prefix(target) + std::to_string(::getpid()) + ".XXXXXX")).string();
  const int fd = ::mkstemp(tmpl.data());
  if (fd < 0) throw write_error(shown, "create a temp file in " + dir.string(), errno);
  auto fail = [&](const char* what) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmpl.c_str());
    return write_error(shown, what, err);
  };
  if (!write_all(fd, contents)) throw fail("write");
  if (existing) {
    // The owner first: chown may clear set-id bits, which the chmod then restores. Giving a file
    // to someone else needs root; a file of ours keeps its group when we are in it. Otherwise the
    // new file is ours, as with any editor's save.
    if (::fchown(fd, existing->st_uid, existing->st_gid) != 0) (void)!::fchown(fd, static_cast<uid_t>(-1), existing->st_gid);
    if (::fchmod(fd, existing->st_mode & 07777) != 0) throw fail("chmod");
  } else if (::fchmod(fd, new_file_mode()) != 0) {
    throw fail("chmod");
  }
  if (::fsync(fd) != 0) throw fail("fsync");
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    throw write_error(shown, "close", err);
  }
  if (::rename(tmpl.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    throw write_error(shown, "rename", err);
  }
  if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
    ::fsync(dfd);  // make the rename itself durable; best effort
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
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
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

void write_file_atomic(const fs::path& path, const std::string& contents) {
  if (path.empty()) throw io_error("cannot write an output with an empty file name");
  if (const auto fd = own_descriptor(path)) {
    std::fflush(stdout);  // what the command printed before comes first
    if (!write_all(*fd, contents))
      throw io_error("cannot write " + (path == "-" ? std::string("to standard output") : path.string()) + ": " +
                     std::strerror(errno));
    return;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw io_error("cannot write " + path.string() + ": is a folder");
    if (!S_ISREG(st.st_mode) && write_in_place(path, contents)) return;
    if (::stat(path.c_str(), &st) != 0) throw write_error(path, "stat", errno);
    return replace_atomically(path, final_target(path), &st, contents);
  }
  if (errno != ENOENT) throw write_error(path, "stat", errno);
  replace_atomically(path, final_target(path), nullptr, contents);
}

}  // namespace gpuaudit
