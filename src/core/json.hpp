// JSON conventions for every gpuaudit document.
//
// * ordered_json everywhere: documents keep the field order a person reads them in.
// * std::optional<T> <-> null: a value that could not be measured or queried is null, never 0.
// * Reading checks every type and range (json_read below): a wrong-typed or out-of-range field
//   is a field_error that names it, never a silent 0.
// * GA_JSON_TYPE(Type, fields...) writes to_json/from_json for a struct that has a member
//   `json extra`. Reading keeps the object's unknown members in `extra` (the known ones as null
//   placeholders, for their order); writing starts from `extra` and then overwrites the known
//   fields, so fields written by a newer minor version survive a round trip in their place.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace gpuaudit {
using json = nlohmann::ordered_json;

// A field of a document with the wrong type or a value out of range. path() names it
// ("gpus[0].sm_count"); it is a json::exception, so every catch of those still sees it.
class field_error : public json::exception {
 public:
  field_error(const std::string& path, const std::string& reason)
      : json::exception(599, ("[json.exception.field_error.599] " + (path.empty() ? reason : path + ": " + reason)).c_str()),
        path_(path),
        reason_(reason) {}
  const std::string& path() const { return path_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string path_, reason_;
};

// Reading with every type checked: a string where a number belongs, a bool for a number, 1e300 in
// an int, an array where an object belongs are each a field_error naming the field, never a
// silent 0 or an undefined conversion.
namespace json_read {

inline std::string kind(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::binary: return "binary data";
    case json::value_t::discarded: return "nothing";
    default: return "a number";
  }
}

inline std::string nested(const std::string& head, const std::string& tail) {
  if (tail.empty()) return head;
  if (head.empty()) return tail;
  return tail[0] == '[' ? head + tail : head + "." + tail;
}

// The shortest of %.15g and %.17g that reads back as d: "1e+300", not "1.0000000000000001e+300".
inline std::string number_text(double d) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.15g", d);
  if (std::strtod(buf, nullptr) != d) std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

// Every overload is declared before any is defined: a template's body finds only those.
template <class T> void read(const json& j, T& v);
template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
void read(const json& j, T& v);
template <class T>
  requires std::is_floating_point_v<T>
void read(const json& j, T& v);
inline void read(const json& j, bool& v);
inline void read(const json& j, std::string& v);
inline void read(const json& j, json& v);
template <class T> void read(const json& j, std::optional<T>& v);
template <class T> void read(const json& j, std::vector<T>& v);
template <class T> void read(const json& j, std::map<std::string, T>& v);

// A struct's own from_json (GA_JSON_TYPE below) or nlohmann's.
template <class T> void read(const json& j, T& v) {
  try {
    j.get_to(v);
  } catch (const field_error&) {
    throw;
  } catch (const json::exception& e) {
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    throw field_error("", what);
  }
}

template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
void read(const json& j, T& v) {
  constexpr auto lo = std::numeric_limits<T>::min();
  constexpr auto hi = std::numeric_limits<T>::max();
  const auto out_of_range = [&](const std::string& value) {
    return field_error("", value + " is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
  };
  if (j.is_number_unsigned()) {
    const auto u = j.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(hi)) throw out_of_range(std::to_string(u));
    v = static_cast<T>(u);
  } else if (j.is_number_integer()) {
    const auto i = j.get<std::int64_t>();
    const bool bad = i < 0 ? (std::is_unsigned_v<T> || i < static_cast<std::int64_t>(lo))
                           : static_cast<std::uint64_t>(i) > static_cast<std::uint64_t>(hi);
    if (bad) throw out_of_range(std::to_string(i));
    v = static_cast<T>(i);
  } else if (j.is_number_float()) {
    const double d = j.get<double>();
    // hi + 1 = 2^digits is exact as a double where hi itself is not (int64, uint64).
    const double end = static_cast<double>(std::uint64_t{1} << (std::numeric_limits<T>::digits - 1)) * 2;
    if (!(d >= static_cast<double>(lo) && d < end)) throw out_of_range(number_text(d));
    if (d != static_cast<double>(static_cast<T>(d))) throw field_error("", "expected an integer, got " + number_text(d));
    v = static_cast<T>(d);
  } else {
    throw field_error("", "expected an integer, got " + kind(j));
  }
}

template <class T>
  requires std::is_floating_point_v<T>
void read(const json& j, T& v) {
  if (!j.is_number()) throw field_error("", "expected a number, got " + kind(j));
  const double d = j.get<double>();
  if (d > static_cast<double>(std::numeric_limits<T>::max()) || d < -static_cast<double>(std::numeric_limits<T>::max()))
    throw field_error("", number_text(d) + " is out of range");
  v = static_cast<T>(d);
}

inline void read(const json& j, bool& v) {
  if (!j.is_boolean()) throw field_error("", "expected true or false, got " + kind(j));
  v = j.get<bool>();
}

inline void read(const json& j, std::string& v) {
  if (!j.is_string()) throw field_error("", "expected a string, got " + kind(j));
  v = j.get<std::string>();
}

inline void read(const json& j, json& v) { v = j; }

template <class T> void read(const json& j, std::optional<T>& v) {
  if (j.is_null()) {
    v.reset();
    return;
  }
  T t{};
  read(j, t);
  v = std::move(t);
}

template <class T> void read(const json& j, std::vector<T>& v) {
  if (!j.is_array()) throw field_error("", "expected an array, got " + kind(j));
  std::vector<T> out;
  out.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    T t{};
    try {
      read(j[i], t);
    } catch (const field_error& e) {
      throw field_error(nested("[" + std::to_string(i) + "]", e.path()), e.reason());
    }
    out.push_back(std::move(t));
  }
  v = std::move(out);
}

template <class T> void read(const json& j, std::map<std::string, T>& v) {
  if (!j.is_object()) throw field_error("", "expected an object, got " + kind(j));
  std::map<std::string, T> out;
  for (auto it = j.begin(); it != j.end(); ++it) {
    T t{};
    try {
      read(it.value(), t);
    } catch (const field_error& e) {
      throw field_error(nested(it.key(), e.path()), e.reason());
    }
    out[it.key()] = std::move(t);
  }
  v = std::move(out);
}

// One named field of an object: its errors carry the name in front of the path.
template <class T> void read_field(const json& j, const char* name, T& v) {
  try {
    read(j, v);
  } catch (const field_error& e) {
    throw field_error(nested(name, e.path()), e.reason());
  }
}

inline void require_object(const json& j) {
  if (!j.is_object()) throw field_error("", "expected an object, got " + kind(j));
}

// What a struct's `extra` keeps of the object it was read from: every member in its order, the
// unknown ones with their value and the known ones (read into the struct's fields) as a null
// placeholder, so writing it back puts each field where it was. Copying the known values too
// cost a report more time than parsing: each level held a deep copy of everything below it (the
// document's extra alone was the whole document).
template <std::size_t N> json unknown_members(const json& j, const char* const (&known)[N]) {
  json out = json::object();
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool is_known = false;
    for (const char* k : known)
      if (it.key() == k) {
        is_known = true;
        break;
      }
    if (is_known) out[it.key()] = nullptr;
    else out[it.key()] = it.value();
  }
  return out;
}

}  // namespace json_read
}  // namespace gpuaudit

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
    ::gpuaudit::json_read::read_field(*it, #field, nlohmann_json_t.field);

#define GA_JSON_NAME(field) #field,

#define GA_JSON_TYPE(Type, ...)                                                          \
  inline void to_json(::gpuaudit::json& nlohmann_json_j, const Type& nlohmann_json_t) {  \
    nlohmann_json_j = nlohmann_json_t.extra.is_object() ? nlohmann_json_t.extra          \
                                                        : ::gpuaudit::json::object();    \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_TO_FIELD, __VA_ARGS__))             \
  }                                                                                      \
  inline void from_json(const ::gpuaudit::json& nlohmann_json_j, Type& nlohmann_json_t) { \
    ::gpuaudit::json_read::require_object(nlohmann_json_j);                              \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_FROM_FIELD, __VA_ARGS__))           \
    static const char* const nlohmann_json_known[] = {                                   \
        NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_NAME, __VA_ARGS__))};           \
    nlohmann_json_t.extra = ::gpuaudit::json_read::unknown_members(nlohmann_json_j, nlohmann_json_known); \
  }

// Same, for small value types that carry no `extra` (their fields are all known).
#define GA_JSON_VALUE(Type, ...)                                                         \
  inline void to_json(::gpuaudit::json& nlohmann_json_j, const Type& nlohmann_json_t) {  \
    nlohmann_json_j = ::gpuaudit::json::object();                                        \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_TO_FIELD, __VA_ARGS__))             \
  }                                                                                      \
  inline void from_json(const ::gpuaudit::json& nlohmann_json_j, Type& nlohmann_json_t) { \
    ::gpuaudit::json_read::require_object(nlohmann_json_j);                              \
    NLOHMANN_JSON_EXPAND(NLOHMANN_JSON_PASTE(GA_JSON_FROM_FIELD, __VA_ARGS__))           \
  }
