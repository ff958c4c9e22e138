// Reading an input file whole, bounded, and without ever waiting on it.
//
// `score FIFO` with nobody writing to the FIFO hung for ever (open(2) of a FIFO waits for a
// writer), and so did compare, report and export; `import` refused every non-regular file, process
// substitution `<(zcat run.json.gz)` included. One reader now serves every command:
// * a regular file is read whole, refused unread when it is over the limit;
// * a pipe or FIFO is opened non-blocking: when a writer holds it (`<(...)`, `cmd | gpuaudit score
//   /dev/stdin`) it is read to its end; when none does (a FIFO nobody writes), it is refused at once
//   with one line instead of waiting;
// * a folder, a device (/dev/zero, a terminal) or a socket is refused with one line saying what it is.
#pragma once

#include "core/error.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

namespace gpuaudit {

struct InputLimit {
  std::uint64_t bytes = 0;
  // The refusal of a file over the limit, given "70.0 MiB" or "more than 64.0 MiB".
  std::function<Error(const std::string& size)> too_big;
};

// The file's bytes; `padding` spare bytes reserved past them (simdjson reads in place). Throws
// input_error (exit 2) naming the path on anything it cannot read.
std::string read_input_file(const std::filesystem::path& path, const InputLimit& limit, std::size_t padding = 0);

// "70.0 MiB".
std::string mib_text(double bytes);

}  // namespace gpuaudit
