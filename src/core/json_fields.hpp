// A field of a JSON object read leniently, for the texts that print stored documents (report
// matrices, the assessment text): a field that is missing or of another type is absent, never an
// exception.
#pragma once

#include "core/json.hpp"

#include <optional>
#include <string>

namespace gpuaudit {

// j[key] when it is a number; nullopt otherwise.
inline std::optional<double> number_field(const json& j, const char* key) {
  if (auto it = j.find(key); it != j.end() && it->is_number()) return it->get<double>();
  return std::nullopt;
}

// j[key] when it is a string; "" otherwise.
inline std::string string_field(const json& j, const char* key) {
  if (auto it = j.find(key); it != j.end() && it->is_string()) return it->get<std::string>();
  return "";
}

}  // namespace gpuaudit
