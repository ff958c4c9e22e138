// Numbers read from text (tool outputs, /sys and /proc files, names such as "3g.40gb") that never
// throw: std::from_chars over the whole text, with its range check. A text that is not exactly one
// number, or one out of the type's range ("99999999999999999999" for an int, "1e400"), reads as
// nullopt, so the caller decides what an unreadable value means instead of an exception ending
// the command as "internal error" (std::stoi, std::stod did).
#pragma once

#include "core/float_text.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace gpuaudit {

// The whole of `text` as an integer of type Int (decimal, or another base), else nullopt.
template <class Int>
std::optional<Int> parse_integer(std::string_view text, int base = 10) {
  static_assert(std::is_integral_v<Int>);
  if (text.empty()) return std::nullopt;
  Int v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, base);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// The whole of `text` as a finite double ("1.5", "-2", "1e3"), else nullopt (nan, inf, 1e400).
// Through core/float_text.hpp: the release build's libstdc++ 10 has no floating-point from_chars.
inline std::optional<double> parse_finite(std::string_view text) {
  const std::optional<double> v = parse_double(text);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

}  // namespace gpuaudit
