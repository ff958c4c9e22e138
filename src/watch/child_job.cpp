#include "watch/child_job.hpp"

#include "host/proc_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace gpuaudit {

namespace {

std::atomic<pid_t> g_job{-1};
std::atomic<int> g_received{0};
constexpr int kForwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
struct sigaction g_before[4];

void forward(int sig, siginfo_t* info, void*) {
  g_received.fetch_add(1);
  const pid_t job = g_job.load();
  // SI_KERNEL: the terminal's (Ctrl-C, Ctrl-\, hang-up), which the job in our group had as well.
  if (job > 0 && (info == nullptr || info->si_code != SI_KERNEL)) ::kill(job, sig);
}

void close_pair(int p[2]) {
  if (p[0] >= 0) ::close(p[0]);
  if (p[1] >= 0) ::close(p[1]);
}

}  // namespace

std::optional<ChildJob> start_job(const std::vector<std::string>& argv, bool capture_output, std::string& why) {
  if (argv.empty()) {
    why = "no command";
    return std::nullopt;
  }
  if (capture_output) ::setenv("PYTHONUNBUFFERED", "1", 0);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  int out[2] = {-1, -1}, err[2] = {-1, -1}, status[2] = {-1, -1};
  if (::pipe2(status, O_CLOEXEC) != 0 ||
      (capture_output && (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0))) {
    why = std::strerror(errno);
    close_pair(out), close_pair(err), close_pair(status);
    return std::nullopt;
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (capture_output) {
      ::dup2(out[1], STDOUT_FILENO);
      ::dup2(err[1], STDERR_FILENO);
    }
    ::execvp(args[0], args.data());
    const int e = errno;  // exec failed: say why through the status pipe, which exec would have closed
    (void)!::write(status[1], &e, sizeof e);
    ::_exit(127);
  }
  const int fork_errno = errno;
  ::close(status[1]);
  if (out[1] >= 0) ::close(out[1]);
  if (err[1] >= 0) ::close(err[1]);
  if (pid < 0) {
    why = std::strerror(fork_errno);
    ::close(status[0]), close_pair(out), close_pair(err);
    return std::nullopt;
  }
  int e = 0;
  ssize_t n;
  while ((n = ::read(status[0], &e, sizeof e)) < 0 && errno == EINTR) {
  }
  ::close(status[0]);
  if (n == static_cast<ssize_t>(sizeof e)) {
    why = std::strerror(e);
    ::waitpid(pid, nullptr, 0);
    if (out[0] >= 0) ::close(out[0]);
    if (err[0] >= 0) ::close(err[0]);
    return std::nullopt;
  }
  ChildJob job;
  job.pid = pid, job.out_fd = out[0], job.err_fd = err[0];
  return job;
}

namespace {

// A process already running that has ended: gone, or a zombie its parent has not reaped.
bool process_ended(pid_t pid) {
  if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
  const std::string text = read_proc_text("/proc/" + std::to_string(pid) + "/stat");
  const auto close = text.rfind(')');
  return close == std::string::npos || (close + 2 < text.size() && text[close + 2] == 'Z');
}

}  // namespace

std::vector<pid_t> ChildJob::roots() const {
  std::vector<pid_t> out{pid};
  out.insert(out.end(), more.begin(), more.end());
  return out;
}

bool job_ended(const ChildJob& job) {
  if (job.attached) {
    const auto roots = job.roots();
    return std::all_of(roots.begin(), roots.end(), process_ended);
  }
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(job.pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno == ECHILD;
  return info.si_pid == job.pid;
}

std::optional<ChildJob> attach_job(const std::vector<pid_t>& pids, std::string& why) {
  if (pids.empty()) {
    why = "no process to watch";
    return std::nullopt;
  }
  ChildJob job;
  job.attached = true;
  for (pid_t pid : pids) {
    if (pid <= 0 || (::kill(pid, 0) != 0 && errno == ESRCH)) {
      why = "no process " + std::to_string(pid);
      return std::nullopt;
    }
    if (process_ended(pid)) {
      why = "process " + std::to_string(pid) + " has already ended";
      return std::nullopt;
    }
    if (job.pid < 0) job.pid = pid;
    else if (pid != job.pid && std::find(job.more.begin(), job.more.end(), pid) == job.more.end()) job.more.push_back(pid);
  }
  return job;
}

std::vector<std::string> process_command(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::vector<std::string> argv;
  std::string word;
  while (std::getline(f, word, '\0')) argv.push_back(word);
  return argv;
}

std::optional<int> job_status(pid_t pid) {
  int status = 0;
  const pid_t r = ::waitpid(pid, &status, WNOHANG);
  if (r == pid) return status;
  if (r < 0 && errno == ECHILD) return 0;  // reaped elsewhere: nothing more to learn
  return std::nullopt;
}

int exit_code_of(int status) {
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 1;
}

std::optional<std::string> ending_signal(int status) {
  if (!WIFSIGNALED(status)) return std::nullopt;
  // A table, not sigabbrev_np(): that is glibc 2.32, and the release binary runs on 2.31.
  static constexpr struct {
    int sig;
    const char* name;
  } kNames[] = {{SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},
                {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},   {SIGKILL, "SIGKILL"},
                {SIGSEGV, "SIGSEGV"}, {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"},
                {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"}, {SIGXCPU, "SIGXCPU"}, {SIGSYS, "SIGSYS"}};
  for (const auto& n : kNames)
    if (n.sig == WTERMSIG(status)) return std::string(n.name);
  return "signal " + std::to_string(WTERMSIG(status));
}

ForwardSignals::ForwardSignals(pid_t job) {
  g_job.store(job);
  g_received.store(0);
  struct sigaction sa {};
  sa.sa_sigaction = forward;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < 4; ++i) ::sigaction(kForwarded[i], &sa, &g_before[i]);
}

ForwardSignals::~ForwardSignals() {
  for (int i = 0; i < 4; ++i) ::sigaction(kForwarded[i], &g_before[i], nullptr);
  g_job.store(-1);
}

int ForwardSignals::received() const { return g_received.load(); }

}  // namespace gpuaudit
