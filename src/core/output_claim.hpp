// Two gpuaudit runs never write the same result file.
//
// `run --gpus 0 & run --gpus 1 &` in one folder, or a Slurm array whose tasks start in the same
// second, used to compute the same default name; both printed it and the later run's document
// replaced the earlier one. Two things prevent it now:
// * A default name is claimed, not only computed: its time has milliseconds, and the file is
//   created with O_EXCL; when another run (or an earlier file) holds the name, "-2", "-3", ... is
//   added before ".json". The claimed, empty file is replaced by the run's first checkpoint.
// * An output named with -o is locked for the run: a hidden ".NAME.lock" beside it holds an
//   flock(2) and the holder's pid and host. A second run writing the same file refuses at once
//   (exit 2, naming the holder) instead of interleaving its checkpoints with the first's. The
//   kernel releases the lock when the holder dies, so a lock file left by a killed run stops nobody;
//   the holder removes it on a normal end.
#pragma once

#include <filesystem>
#include <string>

namespace gpuaudit {

// "PREFIX-HOST-YYYYMMDDTHHMMSS.mmmZ.json" for the current time (UTC); the host's characters other
// than letters, digits and '-' become '_'.
std::string default_output_name(const std::string& prefix, const std::string& host);

// Creates `path` (or the first of PATH-2.json, PATH-3.json, ... that does not exist) empty with
// O_EXCL and returns the name taken. Throws io_error naming the path when the folder refuses.
std::filesystem::path claim_new_file(const std::filesystem::path& path);

// The lock on one output file for the lifetime of the object (see above). A folder where the lock
// file cannot be created (read-only, no permission) is not refused here: writing the output there
// fails with its own exit 5 and reason.
class OutputLock {
 public:
  // Throws input_error naming the holder's pid and host when another process holds it.
  explicit OutputLock(const std::filesystem::path& output);
  ~OutputLock();
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

  bool held() const { return fd_ >= 0; }
  const std::filesystem::path& lock_path() const { return lock_path_; }

 private:
  std::filesystem::path lock_path_;
  int fd_ = -1;
};

}  // namespace gpuaudit
