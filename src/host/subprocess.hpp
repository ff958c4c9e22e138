// Runs a program (no shell: arguments are passed as they are) and captures its output, within a
// deadline: a child that hangs (fio on a dead NFS mount) is killed, never hangs `gpuaudit run`.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

struct ProcessResult {
  int exit_code = -1;  // -1: could not start (or killed at its deadline); 128+N: killed by signal N
  std::string out, err;
  bool timed_out = false;  // killed at the deadline
  bool cancelled = false;  // killed because `cancelled` said so (SIGINT/SIGTERM on gpuaudit)
  bool unreaped = false;   // still had not exited a while after SIGKILL (stuck in the kernel, e.g. on I/O)
  double seconds = 0;      // wall time it ran
  double deadline_s = 0;   // the deadline it was given (when timed_out): what the message names
};

struct ProcessOptions {
  std::optional<double> timeout_s;    // none: no deadline (only for programs that cannot hang)
  std::function<bool()> cancelled;    // polled ten times a second
};

// The child runs in a process group of its own; the deadline or `cancelled` ends it as a tree
// (host/process_tree.hpp), with whatever it forked, fio's job processes that left the group too.
ProcessResult run_capture(const std::vector<std::string>& argv, const ProcessOptions& opt = {});

// One line that says why a run did not give a normal exit: "timed out after 40 s (killed)".
std::string describe_failure(const std::string& program, const ProcessResult& r);

// The full path of `name` on $PATH, when it is there and executable.
std::optional<std::string> find_on_path(const std::string& name);

}  // namespace gpuaudit
