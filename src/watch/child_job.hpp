// The renter's job as `watch` runs it: a child in gpuaudit's own process group and terminal, stdin
// passed through, stdout and stderr passed through too or (to read its metric) through pipes that
// gpuaudit copies out as they arrive. A signal someone sends gpuaudit (kill, Slurm, Kubernetes) is
// passed on to the job; the terminal's Ctrl-C already reaches both, so that one is not sent twice.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct ChildJob {
  pid_t pid = -1;
  int out_fd = -1;  // the job's stdout, when captured (else -1: it writes to ours)
  int err_fd = -1;
  bool attached = false;   // a process already running (--pid), not gpuaudit's child: no exit code to read
  std::vector<pid_t> more;  // attached: the other processes watched as one job (several --pid, --all-gpu-processes)
  // pid, then `more`: the roots of the job's process trees.
  std::vector<pid_t> roots() const;
};

// Starts argv[0] (searched on PATH) with argv. With capture_output, its stdout and stderr are
// pipes, and PYTHONUNBUFFERED=1 is set (unless set already) so a Python job's prints arrive when
// printed. Returns nullopt and sets `why` ("No such file or directory") when it could not start.
std::optional<ChildJob> start_job(const std::vector<std::string>& argv, bool capture_output, std::string& why);

// True once the job has ended, without reaping it: its /proc entry (and CPU time) is still there
// for the last reading. An attached job has ended when every one of its processes is gone or a zombie.
bool job_ended(const ChildJob& job);
// Running processes to watch as one job (--pid): nullopt and `why` when one of them is not there.
std::optional<ChildJob> attach_job(const std::vector<pid_t>& pids, std::string& why);
// The command line of a process (/proc/PID/cmdline), empty when unreadable.
std::vector<std::string> process_command(pid_t pid);
// The job's exit status once it has ended (reaps it), nullopt while it runs.
std::optional<int> job_status(pid_t pid);
// 128+N for a job signal N ended (as a shell says), its exit code otherwise.
int exit_code_of(int status);
// "SIGKILL" for a job a signal ended; nullopt otherwise.
std::optional<std::string> ending_signal(int status);

// For its lifetime, SIGINT, SIGTERM, SIGHUP and SIGQUIT do not end gpuaudit: sent by another
// process they are passed to the job; sent by the terminal (the job had it too) they are counted.
class ForwardSignals {
 public:
  explicit ForwardSignals(pid_t job);
  ~ForwardSignals();
  ForwardSignals(const ForwardSignals&) = delete;
  ForwardSignals& operator=(const ForwardSignals&) = delete;
  int received() const;  // signals seen so far
};

}  // namespace gpuaudit
