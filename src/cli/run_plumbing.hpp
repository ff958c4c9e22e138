// What `run` and `soak` share before and around measuring: list options, tags, the output file
// (claimed or locked), and SIGINT/SIGTERM handling (first: finish the current step and keep the file; second: end).
#pragma once

#include "core/output_claim.hpp"
#include "core/result.hpp"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit::cli {

// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> split_list(const std::string& s);
// "0,GPU-5f3c...,0000:18:00.0" -> its entries, each the form of an index, a UUID or a bus id
// (probe/gpu_select.hpp); anything else is an input_error naming the bad entry. After the
// inventory, select_gpus() turns them into the document's indices.
std::vector<std::string> parse_gpu_selectors(const std::string& list);
// --tag key=value entries into doc.tags (input_error on a malformed one).
void apply_tags(ResultDocument& doc, const std::vector<std::string>& tags);
// The file a run or soak writes, safe beside other runs (core/output_claim.hpp): the -o path,
// locked for the run unless it is a stream ("-", a FIFO, a device), or else a claimed default name
// "<prefix>-<host>-<UTC time to the ms>.json". `name_for` maps the chosen name before it is claimed
// (a multi-node rank's own file).
class RunOutput {
 public:
  RunOutput(const std::string& given, const std::string& prefix, const std::string& host,
            const std::function<std::string(const std::string&)>& name_for = {});
  const std::string& path() const { return path_; }
  bool stream() const { return stream_; }  // one write at the end, no checkpoints

 private:
  std::string path_;
  bool stream_ = false;
  std::optional<OutputLock> lock_;
};

// While on: the process's stdout (fd 1) is its stderr, so that a document sent to stdout later
// ("-o -", /dev/stdout) is the only thing there. restore() (or the end of its scope) puts it back.
class StdoutAside {
 public:
  explicit StdoutAside(bool on);
  ~StdoutAside() { restore(); }
  StdoutAside(const StdoutAside&) = delete;
  StdoutAside& operator=(const StdoutAside&) = delete;
  void restore();

 private:
  int saved_ = -1;
};

// Handles SIGINT (Ctrl-C) and SIGTERM (what Slurm's scancel, a job's time limit and Kubernetes
// send) alike for its lifetime: the first one sets flag(), the current step finishes and the file
// is kept; a second one ends the process, and first the child it runs (host/process_tree.hpp).
// At its end, every process the measuring started and left behind is ended. exit_status() is 130
// after SIGINT, 143 after SIGTERM (128 + the signal, as a shell reports a process the signal killed).
class CtrlC {
 public:
  CtrlC();
  ~CtrlC();
  CtrlC(const CtrlC&) = delete;
  CtrlC& operator=(const CtrlC&) = delete;
  const std::atomic<bool>& flag() const;
  bool interrupted() const { return flag().load(); }
  int exit_status() const;
  const char* signal_name() const;
};

}  // namespace gpuaudit::cli
