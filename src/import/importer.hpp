// The importer's steps that commands other than `import` need on their own: `score FILE` reads
// one file and asks whether it is a gpuaudit document before deciding to import it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gpuaudit::imports {

// Larger than any dump or log a person pastes; a bigger file is a mistake (a core dump, a tarball).
inline constexpr std::uint64_t kMaxInputBytes = 64ull << 20;

// The normalised text of `file` ("-": standard input). Throws input_error, one line naming the
// file, for a missing, unreadable, non-regular (a folder, a device), too large or empty file.
std::string read_input(const std::string& file);

// The name of the format of `text`: the highest `detect` score. Throws input_error naming `file`
// when no format matches or two tie.
std::string detect_format(std::string_view text, const std::string& file);

// The gpuaudit result document format's name, which the importer takes whole (passes through).
inline constexpr const char* kGpuauditFormat = "gpuaudit";

}  // namespace gpuaudit::imports
