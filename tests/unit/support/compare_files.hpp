// The compare tests' documents under tests/data/compare/ (synthetic) read and compared, and a
// figure of a comparison found by name; shared by compare/compare, environment and the renderers.
#pragma once

#include "compare/compare.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace gpuaudit {

inline const std::string kCompareData = std::string(GPUAUDIT_TEST_DATA) + "/compare/";

inline BaseRuns base_file(const std::string& name) { return load_base(kCompareData + name); }

inline Comparison compare_files(const std::string& base, const std::string& next, CompareOptions opt = {}) {
  return compare_runs(base_file(base), read_result(kCompareData + next), next, opt);
}

inline const FigureComparison& figure(const Comparison& c, const std::string& name, std::optional<int> gpu = 0) {
  for (const auto& f : c.figures)
    if (f.name == name && f.gpu == gpu) return f;
  throw std::runtime_error("no figure " + name);
}

// The exit code of the gpuaudit::Error f throws (0 when it throws none), its message in *message.
inline int error_code_of(const std::function<void()>& f, std::string* message = nullptr) {
  try {
    f();
  } catch (const Error& e) {
    if (message) *message = e.what();
    return e.code();
  }
  return 0;
}

}  // namespace gpuaudit
