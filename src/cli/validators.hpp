// Option checks whose refusals read as plain sentences ("must be 0 or more"), where CLI11's own
// say "Value -1 not in range 0.000000 to 1.797693e+308" or "File is actually a directory".
#pragma once

#include "core/float_text.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace gpuaudit::cli {

inline std::string plain_number(double v) {
  std::string s = std::to_string(v);
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  return s;
}

inline bool parse_number(const std::string& text, double& v) {
  const std::optional<double> parsed = parse_double(text);
  if (parsed) v = *parsed;
  return parsed.has_value();
}

inline CLI::Validator at_least(double lo) {
  return CLI::Validator(
      [lo](std::string& s) -> std::string {
        double v = 0;
        if (!parse_number(s, v)) return "'" + s + "' is not a number";
        return v >= lo ? std::string() : "must be " + plain_number(lo) + " or more, not " + s;
      },
      ">= " + plain_number(lo));
}

inline CLI::Validator between(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        double v = 0;
        if (!parse_number(s, v)) return "'" + s + "' is not a number";
        return v >= lo && v <= hi ? std::string()
                                  : "must be between " + plain_number(lo) + " and " + plain_number(hi) + ", not " + s;
      },
      plain_number(lo) + " to " + plain_number(hi));
}

inline CLI::Validator readable_file() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        std::error_code ec;
        const auto st = std::filesystem::status(s, ec);
        // A symlink loop or a folder that may not be searched is no "no such file": say why.
        if (ec && ec != std::errc::no_such_file_or_directory) return s + ": " + ec.message();
        if (ec || !std::filesystem::exists(st)) return "no such file: " + s;
        if (std::filesystem::is_directory(st)) return s + " is a folder, not a file";
        return {};
      },
      "FILE");
}

}  // namespace gpuaudit::cli
