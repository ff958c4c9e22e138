// The importer's steps (import.hpp has the entry points import_files / import_machines): reading a
// file, telling its format, and turning one file into what it holds (read_file: the outputs of a
// whole file or of each part of a paste, a gpuaudit document, software-stack errors, and what was
// not read with why). import_machines.cpp then sorts the outputs by machine and merges them.
#pragma once

#include "core/result.hpp"
#include "import/import.hpp"
#include "import/errors/software_errors.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports {

// Larger than any dump or log a person pastes; a bigger file is a mistake (a core dump, a tarball).
inline constexpr std::uint64_t kMaxInputBytes = 64ull << 20;

// The normalised text of `file` ("-": standard input): UTF-16 / UTF-32 with a byte-order mark
// decoded (text_encoding.hpp), then normalize_text. Throws input_error, one line naming the file, for
// a missing, unreadable, non-regular (a folder, a device), too large or empty file.
std::string read_input(const std::string& file);

// The name of the format of `text`: the highest `detect` score. Throws input_error naming `file`
// when no format matches or two tie.
std::string detect_format(std::string_view text, const std::string& file);

// The registered format of that name; throws input_error naming the known ones when there is none
// (--format with a typo: refused before any file is read).
const Format& format_named(const std::string& name);

// The gpuaudit result document format's name, which the importer takes whole (passes through).
inline constexpr const char* kGpuauditFormat = "gpuaudit";

// Something of a file that was not read, and why ("not an output gpuaudit can import (...)").
struct NotRead {
  std::string what;    // "c.txt", or "issue.md lines 44-52" for a part of a paste
  std::string file;    // as named on the command line ("standard input" for -)
  std::string lines;   // "44-52" for a part of a paste, "" for the whole file
  std::string reason;  // without the file's name
  std::string message() const { return what + ": " + reason; }
};

// What one file gave.
struct FileIntake {
  std::string name;                       // the file as named ("standard input" for -)
  std::vector<ImportPart> parts;          // outputs of other tools, in the file's order
  std::optional<ResultDocument> document;  // a gpuaudit document (at most one per file)
  std::vector<SoftwareError> software_errors;
  std::vector<NotRead> not_read;          // parts of a paste that could not be read
  std::vector<std::string> report;        // what was read, for standard error
};

// Reads `file` and everything in it (docs/import.md, "Intake"). Throws input_error (one line naming
// the file) when the file as a whole cannot be read: missing, too large, refused (an AMD run, a
// diff, a JSON that quotes tool output), or no output in it. A paste of several outputs whose
// parts fail one by one records them in not_read instead, and throws only when no part was read.
FileIntake read_file(const std::string& file, const ImportOptions& opt);

// A part's name in messages and records: "a.txt", or "issue.md lines 12-40" for a part of a paste.
std::string part_label(const ImportPart& p);

}  // namespace gpuaudit::imports
