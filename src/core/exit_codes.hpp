// Exit codes shared by every command, so scripts and CI jobs can branch on them.
#pragma once

namespace gpuaudit::exit_code {
inline constexpr int ok = 0;             // healthy, no regression
inline constexpr int finding = 1;        // a finding (sliced, throttled, ...) or a regression
inline constexpr int usage = 2;          // bad command line or bad input document
inline constexpr int no_gpu = 3;         // no usable GPU (no driver, no device, driver too old, no code)
inline constexpr int check_failed = 4;   // a benchmark's output failed its correctness check
inline constexpr int io_error = 5;       // could not write the output (full disk, read-only path)
inline constexpr int inconclusive = 6;   // score: no fault found, but the evidence could not decide (never "healthy")
inline constexpr int interrupted = 130;  // Ctrl-C; whatever was measured has been written
}  // namespace gpuaudit::exit_code
