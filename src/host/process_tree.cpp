// Ending process trees (host/process_tree.hpp).
#include "host/process_tree.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <algorithm>
#include <atomic>
#include <cstddef>

namespace gpuaudit {

namespace {

constexpr int kMaxDepth = 16;      // fio -> job: two levels; a deeper tree is ended to this depth
constexpr int kMaxChildren = 256;  // per process, per read
constexpr int kMaxTracked = 64;

std::atomic<pid_t> g_tracked[kMaxTracked];

// A path built on the stack, for the signal path: no allocation.
class ProcPath {
 public:
  ProcPath& add(const char* part) {
    for (; *part && len_ + 1 < sizeof buf_; ++part) buf_[len_++] = *part;
    buf_[len_] = '\0';
    return *this;
  }
  ProcPath& add(long v) {
    char digits[24];
    int n = 0;
    do digits[n++] = static_cast<char>('0' + v % 10);
    while ((v /= 10) > 0 && n < 23);
    while (n > 0 && len_ + 1 < sizeof buf_) buf_[len_++] = digits[--n];
    buf_[len_] = '\0';
    return *this;
  }
  const char* c_str() const { return buf_; }

 private:
  char buf_[96] = {};
  size_t len_ = 0;
};

// Appends the pids of one task's children file to out; returns the new count.
int read_children(long pid, long tid, pid_t* out, int count, int max) {
  ProcPath path;
  path.add("/proc/").add(pid).add("/task/").add(tid).add("/children");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return count;
  char buf[4096];
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  long v = -1;
  for (ssize_t i = 0; i < (n > 0 ? n : 0) + 1 && count < max; ++i) {
    const char c = i < n ? buf[i] : ' ';
    if (c >= '0' && c <= '9') v = (v < 0 ? 0 : v * 10) + (c - '0');
    else if (v > 0) {
      out[count++] = static_cast<pid_t>(v);
      v = -1;
    }
  }
  return count;
}

// Every task of pid (its threads may have forked too), through getdents64 on /proc/PID/task.
int collect_children(pid_t pid, pid_t* out, int max) {
  ProcPath path;
  path.add("/proc/").add(static_cast<long>(pid)).add("/task");
  const int dir = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return 0;
  int count = 0;
  alignas(8) char buf[2048];
  for (;;) {
    const long n = ::syscall(SYS_getdents64, dir, buf, sizeof buf);
    if (n <= 0) break;
    for (long off = 0; off < n;) {
      const auto* e = reinterpret_cast<const dirent64*>(buf + off);  // getdents64's records
      long tid = 0;
      bool digits = e->d_name[0] != '\0';
      for (const char* c = e->d_name; *c; ++c) {
        if (*c < '0' || *c > '9') digits = false;
        else tid = tid * 10 + (*c - '0');
      }
      if (digits) count = read_children(pid, tid, out, count, max);
      off += e->d_reclen;
    }
  }
  ::close(dir);
  return count;
}

void kill_tree_at(pid_t pid, int depth) noexcept {
  if (pid <= 1 || pid == ::getpid()) return;
  ::kill(pid, SIGSTOP);  // forks nothing more while its children are ended
  if (depth < kMaxDepth) {
    pid_t kids[kMaxChildren];
    const int n = collect_children(pid, kids, kMaxChildren);
    for (int i = 0; i < n; ++i) kill_tree_at(kids[i], depth + 1);
  }
  ::kill(pid, SIGKILL);
}

}  // namespace

void become_subreaper() {
#ifdef PR_SET_CHILD_SUBREAPER
  ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

std::vector<pid_t> children_of(pid_t pid) {
  pid_t kids[kMaxChildren];
  const int n = collect_children(pid, kids, kMaxChildren);
  return std::vector<pid_t>(kids, kids + n);
}

std::vector<pid_t> process_tree(pid_t root, std::size_t max) {
  std::vector<pid_t> out{root};
  for (std::size_t i = 0; i < out.size() && out.size() < max; ++i)
    for (pid_t c : children_of(out[i])) out.push_back(c);
  return out;
}

std::vector<pid_t> process_trees(const std::vector<pid_t>& roots, std::size_t max) {
  std::vector<pid_t> out;
  for (pid_t r : roots) {
    if (r <= 0 || std::find(out.begin(), out.end(), r) != out.end()) continue;  // already under an earlier root
    for (pid_t p : process_tree(r, max))
      if (out.size() < max && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  }
  return out;
}

void kill_tree(pid_t pid) noexcept { kill_tree_at(pid, 0); }

void track_child(pid_t pid) noexcept {
  for (auto& slot : g_tracked) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void untrack_child(pid_t pid) noexcept {
  for (auto& slot : g_tracked) {
    pid_t mine = pid;
    if (slot.compare_exchange_strong(mine, 0)) return;
  }
}

void kill_tracked_children() noexcept {
  for (auto& slot : g_tracked)
    if (const pid_t pid = slot.load(); pid > 0) kill_tree(pid);
}

int end_all_descendants() {
  int found = 0;
  for (int round = 0; round < 8; ++round) {  // a process re-parented to us meanwhile is found next round
    const std::vector<pid_t> kids = children_of(::getpid());
    if (kids.empty()) break;
    for (pid_t k : kids) {
      kill_tree(k);
      ++found;
    }
    for (pid_t k : kids) {
      int status = 0;
      for (int tries = 0; tries < 100 && ::waitpid(k, &status, WNOHANG) == 0; ++tries) ::usleep(10000);
    }
  }
  int status = 0;
  while (::waitpid(-1, &status, WNOHANG) > 0) {
  }  // zombies re-parented to us after their parent died
  return found;
}

}  // namespace gpuaudit
