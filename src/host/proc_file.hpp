// Reading the small text files of /proc and /sys: the whole text, or "" when the file cannot be
// read (gone, no permission, not there on this kernel). Their absence is a null field to the caller,
// never an error: a counter this kernel or container does not offer is simply not reported.
#pragma once

#include <string>

namespace gpuaudit {

std::string read_proc_text(const std::string& path);

}  // namespace gpuaudit
