// One exception type carrying the one-line message and the exit code a command ends with.
#pragma once

#include "core/exit_codes.hpp"

#include <stdexcept>
#include <string>

namespace gpuaudit {

class Error : public std::runtime_error {
 public:
  Error(int exit_code, const std::string& message) : std::runtime_error(message), code_(exit_code) {}
  int code() const { return code_; }

 private:
  int code_;
};

inline Error input_error(const std::string& m) { return Error(exit_code::usage, m); }
inline Error io_error(const std::string& m) { return Error(exit_code::io_error, m); }

}  // namespace gpuaudit
