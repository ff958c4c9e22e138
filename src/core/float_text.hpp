// Doubles from and to text, independent of the locale, with std::from_chars / std::to_chars where
// the C++ library has them for floating point (libstdc++ 11 and newer: __cpp_lib_to_chars), and the
// C library's strtod / snprintf under the same contract where it has them for integers only: the
// prebuilt gpuaudit is built against Debian 11's libstdc++ 10 (scripts/deploy/dist.sh), so that it runs on
// glibc 2.31. gpuaudit never calls setlocale, so the C functions read and write '.' decimals.
#pragma once

#include <optional>
#include <string_view>

namespace gpuaudit {

// The whole of `text` as a double, in std::from_chars' general format: an optional '-', digits
// with an optional '.', an optional exponent, or inf / infinity / nan; no '+', no leading blank,
// no hexadecimal. nullopt when anything is left over or the value is out of range.
std::optional<double> parse_double(std::string_view text);

// The fewest significant digits (1 ... 17) whose %g form reads back as v: those of the shortest
// round trip (std::to_chars' scientific form). v finite.
int shortest_round_trip_digits(double v);

// The C library's way of each, always built (and tested against the other where both exist).
std::optional<double> parse_double_c(std::string_view text);
int shortest_round_trip_digits_c(double v);

}  // namespace gpuaudit
