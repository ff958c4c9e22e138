// Writing an output (a result document, Markdown, JUnit XML, HTML, CSV) without destroying anything.
//
// * "-" is standard output; /dev/stdout, /dev/stderr, /dev/fd/N are this process's descriptors,
//   written directly (when stdout is redirected to a file, /dev/stdout resolves to that file, and
//   replacing it would lose the rest of what the command prints).
// * A path naming something that is not a regular file (a device such as /dev/null or /dev/stdout,
//   a FIFO, a terminal) is opened and written in place. Renaming a temp file over it would replace
//   the device node itself with a plain file: as root, `--junit /dev/null` turned /dev/null into
//   one, for every later user of the machine.
// * A regular file, or a path that does not exist yet, is replaced atomically: a temp file in the
//   same folder, fsync, rename, fsync of the folder. A crash or a full disk never leaves half a
//   file. A symlink is followed to its final target and that target is replaced (the temp file in
//   the target's folder, so the rename stays on one file system): the link stays a link.
// * An existing file keeps its permission bits and, where the system lets us (root, or a file we
//   own), its owner and group: a 0600 file stays 0600. A new file gets 0666 less the umask, like
//   the output of any other tool.
// * Temp files are named .NAME.tmp.PID.XXXXXX. One that a killed write left behind is removed by
//   the next write to the same NAME when it is ours (a regular file of this user; root: any) and
//   stale: its process is gone and it is over a minute old, or it is over an hour old whatever its
//   pid says (a writer on another host sharing the folder, a reused pid). A write of ours holds
//   its temp file for the time it takes to write and fsync one document, far less than a minute;
//   a streamed output (AtomicOutputFile, `export -o`) writes to it as it goes, so its age (the
//   time since its last write) stays small while the writer lives.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// Throws Error(exit_code::io_error) with a one-line reason naming the path; on failure an existing
// file is untouched and no temp file is left behind.
void write_file_atomic(const std::filesystem::path& path, const std::string& contents);

// The same output written piece by piece, in constant memory (`export -o` with millions of rows):
// the constructor opens the target as write_file_atomic would (this process's descriptor, a
// device or FIFO in place, else a temp file beside the final target of its symlinks), write()
// appends, commit() makes it the target (mode and owner kept, fsync, rename). Destroyed without a
// commit (an error, an exception) a temp file is removed and the target is untouched; a device or
// FIFO has had what was written. Every failure throws Error(exit_code::io_error) naming the path.
class AtomicOutputFile {
 public:
  explicit AtomicOutputFile(const std::filesystem::path& path);
  ~AtomicOutputFile();
  AtomicOutputFile(const AtomicOutputFile&) = delete;
  AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;

  void write(std::string_view bytes);
  void commit();

 private:
  enum class Kind { descriptor, in_place, temp };
  std::filesystem::path shown_;   // as given, for messages
  std::filesystem::path target_;  // what a temp file is renamed over
  std::string temp_;              // the temp file's path, while it exists
  int fd_ = -1;
  Kind kind_ = Kind::temp;

  bool open_in_place();
  void open_temp();
  void close_temp();  // chown/chmod, fsync, close
};

// "-", or an existing path that is not a regular file (device, FIFO, terminal). Such a target can
// take one write at the end, not a checkpoint after every figure (each would append a copy).
bool is_stream_target(const std::filesystem::path& path);

// Whether writing to path ends on this process's standard output: "-", /dev/stdout, or the very
// file, pipe or terminal fd 1 is. A command then prints its text to stderr instead.
bool writes_to_stdout(const std::filesystem::path& path);

// An output a command was asked for: the option that names it ("--junit") and its path ("" when
// not asked for).
struct NamedOutput {
  std::string option;
  std::filesystem::path path;
};

// The option of the one output in `outputs` that writes to standard output (writes_to_stdout), or
// "" when none does; the command's own text then goes to stderr. Throws input_error naming both
// options when two do: their bytes would interleave (`--junit - --markdown -`).
std::string stdout_output(const std::vector<NamedOutput>& outputs);

struct StaleTempPolicy {
  std::chrono::seconds dead_writer_age{60};  // pid not running here, and at least this old
  std::chrono::seconds any_age{3600};        // this old, whatever the pid
};

// Removes the stale temp files of target (see above); returns how many. write_file_atomic calls it
// once per target and process.
int remove_stale_temp_files(const std::filesystem::path& target, const StaleTempPolicy& policy = {});

}  // namespace gpuaudit
