// Reading and writing documents safely.
//
// Reading refuses, with one line naming the file: unreadable files, invalid JSON, JSON that is not
// a gpuaudit result, and a newer major schema version. Writing goes through write_file_atomic
// (core/output_file.hpp): "-" is stdout, devices and FIFOs are written in place, a regular file is
// replaced atomically (through symlinks, keeping its mode), and never half-written.
#pragma once

#include "core/output_file.hpp"
#include "core/result.hpp"

#include <filesystem>
#include <string>

namespace gpuaudit {

// Throws Error(exit_code::usage) with a one-line reason.
ResultDocument read_result(const std::filesystem::path& path);
ResultDocument parse_result(const std::string& text, const std::string& origin);

// Parses any JSON file (baselines, thresholds); throws Error(exit_code::usage) on failure.
json read_json_file(const std::filesystem::path& path);

// Throws Error(exit_code::io_error) with a one-line reason; no partial file is left behind.
void write_result(const std::filesystem::path& path, const ResultDocument& doc);

std::string to_pretty_json(const ResultDocument& doc);

}  // namespace gpuaudit
