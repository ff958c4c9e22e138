// Small formatting helpers shared by the text outputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpuaudit {

std::string fmt_bytes(std::uint64_t bytes);          // "79.6 GiB", "50 MiB"
std::string fmt_num(double v, int decimals = 1);     // fixed, no trailing noise
// "1 GPU", "8 GPUs": a count with the noun it takes.
std::string plural(std::size_t n, const char* one, const char* many);
std::string fmt_opt(const std::optional<int>& v, const std::string& unit = "");
std::string fmt_opt(const std::optional<double>& v, const std::string& unit = "", int decimals = 0);
// `s` cut to at most `max_bytes` at a UTF-8 character boundary, with "..." when cut (a quoted tool
// message in one evidence line).
std::string clipped(const std::string& s, std::size_t max_bytes);
// "0-7", "0, 2, 5", "0-3, 6": GPU indices as a reader scans them (sorted, runs joined).
std::string gpu_ranges(std::vector<int> gpus);

}  // namespace gpuaudit
