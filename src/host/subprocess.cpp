#include "host/subprocess.hpp"

#include "host/process_tree.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

extern char** environ;

namespace gpuaudit {

namespace {

using Clock = std::chrono::steady_clock;

// Kills the child with everything it started (host/process_tree.hpp: fio's job processes leave its
// group), then its group, then waits up to `grace` for the child itself to be reaped, and reaps
// what was re-parented to us. A process in uninterruptible sleep (a hung mount) keeps its SIGKILL
// pending: it is left, not waited for.
bool kill_and_reap(pid_t pid, int& status, std::chrono::milliseconds grace) {
  kill_tree(pid);
  ::kill(-pid, SIGKILL);
  const auto until = Clock::now() + grace;
  for (;;) {
    const pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid || (w < 0 && errno != EINTR)) break;  // reaped (or already reaped elsewhere)
    if (Clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // Its killed descendants, re-parented to gpuaudit (the subreaper): run_capture is gpuaudit's only
  // spawner and runs one child at a time, so no other child's status is taken here.
  while (::waitpid(-1, nullptr, WNOHANG) > 0) {
  }
  return true;
}

}  // namespace

ProcessResult run_capture(const std::vector<std::string>& argv, const ProcessOptions& opt) {
  ProcessResult r;
  if (argv.empty()) return r;
  const auto t0 = Clock::now();
  int out_pipe[2], err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) return r;
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    ::close(out_pipe[0]);
    ::close(out_pipe[1]);
    return r;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err_pipe[1], 2);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);  // a group of its own: the deadline kills its children too
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, args[0], &fa, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  if (rc != 0) {
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    r.err = std::strerror(rc);
    return r;
  }
  track_child(pid);  // a second Ctrl-C ends it before gpuaudit ends
  const bool has_deadline = opt.timeout_s.has_value();
  const Clock::time_point deadline =
      has_deadline ? t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(*opt.timeout_s))
                   : Clock::time_point::max();
  // Drain both pipes together, so a child that fills one while we wait on the other cannot block.
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&r.out, &r.err};
  int open_fds = 2;
  char buf[65536];
  while (open_fds > 0) {
    if (has_deadline && Clock::now() >= deadline) {
      r.timed_out = true;
      break;
    }
    if (opt.cancelled && opt.cancelled()) {
      r.cancelled = true;
      break;
    }
    int wait_ms = opt.cancelled ? 100 : -1;
    if (has_deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count() + 1;
      wait_ms = wait_ms < 0 ? static_cast<int>(left) : std::min<int>(wait_ms, static_cast<int>(left));
    }
    if (::poll(fds, 2, wait_ms) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[i]->append(buf, static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (auto& f : fds)
    if (f.fd >= 0) ::close(f.fd);
  int status = 0;
  if (r.timed_out || r.cancelled) {
    r.unreaped = !kill_and_reap(pid, status, std::chrono::milliseconds(2000));
    r.exit_code = -1;
  } else {
    // Both pipes closed: the child has exited or closed them. A deadline still bounds the wait.
    for (;;) {
      const pid_t w = ::waitpid(pid, &status, has_deadline ? WNOHANG : 0);
      if (w == pid) break;
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) break;
      if (Clock::now() >= deadline) {
        r.timed_out = true;
        r.unreaped = !kill_and_reap(pid, status, std::chrono::milliseconds(2000));
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!r.timed_out) {
      if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
      else if (WIFSIGNALED(status)) r.exit_code = 128 + WTERMSIG(status);
    }
  }
  untrack_child(pid);
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (r.timed_out && opt.timeout_s) r.deadline_s = *opt.timeout_s;
  return r;
}

std::string describe_failure(const std::string& program, const ProcessResult& r) {
  auto secs = [](double s) {
    char b[32];
    std::snprintf(b, sizeof b, s < 10 ? "%.1f" : "%.0f", s);
    return std::string(b);
  };
  const std::string stuck = r.unreaped ? "; it did not exit after SIGKILL (stuck in the kernel, e.g. on a hung mount)" : "";
  if (r.timed_out) return program + " timed out after " + secs(r.deadline_s > 0 ? r.deadline_s : r.seconds) + " s and was killed" + stuck;
  if (r.cancelled) return program + " was stopped: gpuaudit was interrupted" + stuck;
  std::string why = r.err.substr(0, r.err.find('\n'));
  if (r.exit_code < 0) return program + " could not start" + (why.empty() ? "" : ": " + why);
  if (why.empty()) why = r.exit_code > 128 ? "killed by signal " + std::to_string(r.exit_code - 128) : "exit " + std::to_string(r.exit_code);
  return program + " failed: " + why;
}

std::optional<std::string> find_on_path(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    if (::access(name.c_str(), X_OK) == 0) return name;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::stringstream ss(path ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    if (dir.empty()) continue;
    const std::string p = dir + "/" + name;
    if (::access(p.c_str(), X_OK) == 0) return p;
  }
  return std::nullopt;
}

}  // namespace gpuaudit
