// JSON conventions for every gpuaudit document.
//
// * ordered_json everywhere: documents keep the field order a person reads them in.
// * std::optional<T> <-> null: a value that could not be measured or queried is null, never 0.
// * GA_JSON_TYPE(Type, fields...) writes to_json/from_json for a struct that has a member
//   `json extra`. Reading keeps the whole object in `extra`; writing starts from `extra` and then
//   overwrites the known fields, so fields written by a newer minor version survive a round trip.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>

namespace gpuaudit {
using json = nlohmann::ordered_json;
}

namespace nlohmann {
template <typename T>
struct adl_serializer<std::optional<T>> {
  template <typename Json>
  static void to_json(Json& j, const std::optional<T>& v) {
    if (v) j = *v;
    else j = nullptr;
  }
  template <typename Json>
  static void from_json(const Json& j, std::optional<T>& v) {
    if (j.is_null()) v.reset();
    else v = j.template get<T>();
  }
};
}  // namespace nlohmann

#define GA_JSON_TO_FIELD(field) nlohmann_json_j[#field] = nlohmann_json_t.field;
#define GA_JSON_FROM_FIELD(field)                                                       \
  if (auto it = nlohmann_json_j.find(#field); it != nlohmann_json_j.end())              \
    it->get_to(nlohmann_json_t.field);

#define GA_JSON_TYPE(Type, ...)                                                          \
  inline void to_json(::gpuaudit::json& nlohmann_json_j, const Type& nlohmann_json_t) {  \
    nlohmann_json_j = nlohmann_json_t.extra.is_object() ? nlohmann_json_t.extra          \
                                                        : ::gpuaudit::json::object();    \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_TO_FIELD, __VA_ARGS__))             \
  }                                                                                      \
  inline void from_json(const ::gpuaudit::json& nlohmann_json_j, Type& nlohmann_json_t) { \
    if (!nlohmann_json_j.is_object())                                                    \
      throw ::gpuaudit::json::type_error::create(302, #Type " must be a JSON object",    \
                                                 &nlohmann_json_j);                      \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_FROM_FIELD, __VA_ARGS__))           \
    nlohmann_json_t.extra = nlohmann_json_j;                                             \
  }

// Same, for small value types that carry no `extra` (their fields are all known).
#define GA_JSON_VALUE(Type, ...)                                                         \
  inline void to_json(::gpuaudit::json& nlohmann_json_j, const Type& nlohmann_json_t) {  \
    nlohmann_json_j = ::gpuaudit::json::object();                                        \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_TO_FIELD, __VA_ARGS__))             \
  }                                                                                      \
  inline void from_json(const ::gpuaudit::json& nlohmann_json_j, Type& nlohmann_json_t) { \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_FROM_FIELD, __VA_ARGS__))           \
  }
