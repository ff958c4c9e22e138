#include "core/document_read_simd.hpp"

#include "core/document_io.hpp"
#include "core/document_rules.hpp"
#include "core/result_fields.hpp"

#include <simdjson.h>

#include <cstdint>
#include <limits>
#include <map>
#include <string_view>
#include <type_traits>
#include <vector>

namespace gpuaudit {
namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

static_assert(simdjson::SIMDJSON_PADDING <= kReadPadding, "read_document_text must reserve simdjson's padding");

// Thrown where this reader will not decide: the reference reader gets the document.
struct Undecided {};

// check_required's view of simdjson's tree. A member named twice is left to the reference
// reader (nlohmann keeps the last value at the first place; simdjson keeps both).
class SimdView {
 public:
  explicit SimdView(element e) : e_(e) {}
  element value() const { return e_; }
  bool is_object() const { return e_.type() == element_type::OBJECT; }
  bool is_array() const { return e_.type() == element_type::ARRAY; }
  bool is_null() const { return e_.type() == element_type::NULL_VALUE; }
  bool is_string(const char* text) const {
    std::string_view s;
    return !e_.get_string().get(s) && s == text;
  }
  std::optional<SimdView> find(const char* name) const {
    simdjson::dom::object members;
    if (e_.get_object().get(members)) throw Undecided{};
    std::optional<SimdView> found;
    for (const auto kv : members) {
      if (kv.key != name) continue;
      if (found) throw Undecided{};
      found.emplace(kv.value);
    }
    return found;
  }
  template <class F> void each_element(F f) const {
    simdjson::dom::array list;
    if (e_.get_array().get(list)) throw Undecided{};
    std::size_t i = 0;
    for (const element x : list) f(SimdView(x), i++);
  }

 private:
  element e_;
};

// A JSON value as nlohmann's parser builds it (params, unknown members): an integer without a
// sign is unsigned there, a member named twice keeps its first place and its last value.
json to_nlohmann(element e) {
  switch (e.type()) {
    case element_type::OBJECT: {
      json out = json::object();
      for (const auto kv : simdjson::dom::object(e)) out[std::string(kv.key)] = to_nlohmann(kv.value);
      return out;
    }
    case element_type::ARRAY: {
      json out = json::array();
      for (const element x : simdjson::dom::array(e)) out.push_back(to_nlohmann(x));
      return out;
    }
    case element_type::INT64: {
      const std::int64_t i = std::int64_t(e);
      return i >= 0 ? json(static_cast<std::uint64_t>(i)) : json(i);
    }
    case element_type::UINT64: return json(std::uint64_t(e));
    case element_type::DOUBLE: return json(double(e));
    case element_type::STRING: return json(std::string(std::string_view(e)));
    case element_type::BOOL: return json(bool(e));
    case element_type::NULL_VALUE: return json(nullptr);
  }
  throw Undecided{};
}

// The reading rules of core/json.hpp's json_read, as accept-or-not: whatever json_read refuses,
// this refuses (the reference reader then says why).
template <class T>
concept Fields = requires(T& t) { json_fields(t, [](const char*, auto&) {}); };

template <Fields T> void read(element e, T& v);
template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
void read(element e, T& v);
template <class T>
  requires std::is_floating_point_v<T>
void read(element e, T& v);
void read(element e, bool& v);
void read(element e, std::string& v);
void read(element e, json& v);
template <class T> void read(element e, std::optional<T>& v);
template <class T> void read(element e, std::vector<T>& v);
template <class T> void read(element e, std::map<std::string, T>& v);

template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
void read(element e, T& v) {
  constexpr auto lo = std::numeric_limits<T>::min();
  constexpr auto hi = std::numeric_limits<T>::max();
  switch (e.type()) {
    case element_type::INT64: {
      const std::int64_t i = std::int64_t(e);
      const bool bad = i < 0 ? (std::is_unsigned_v<T> || i < static_cast<std::int64_t>(lo))
                             : static_cast<std::uint64_t>(i) > static_cast<std::uint64_t>(hi);
      if (bad) throw Undecided{};
      v = static_cast<T>(i);
      return;
    }
    case element_type::UINT64: {
      const std::uint64_t u = std::uint64_t(e);
      if (u > static_cast<std::uint64_t>(hi)) throw Undecided{};
      v = static_cast<T>(u);
      return;
    }
    case element_type::DOUBLE: {  // 3.0 reads as the integer 3, as json_read does
      const double d = double(e);
      const double end = static_cast<double>(std::uint64_t{1} << (std::numeric_limits<T>::digits - 1)) * 2;
      if (!(d >= static_cast<double>(lo) && d < end) || d != static_cast<double>(static_cast<T>(d))) throw Undecided{};
      v = static_cast<T>(d);
      return;
    }
    default: throw Undecided{};
  }
}

template <class T>
  requires std::is_floating_point_v<T>
void read(element e, T& v) {
  double d = 0;
  switch (e.type()) {
    case element_type::INT64: d = static_cast<double>(std::int64_t(e)); break;
    case element_type::UINT64: d = static_cast<double>(std::uint64_t(e)); break;
    case element_type::DOUBLE: d = double(e); break;
    default: throw Undecided{};
  }
  if (d > static_cast<double>(std::numeric_limits<T>::max()) || d < -static_cast<double>(std::numeric_limits<T>::max()))
    throw Undecided{};
  v = static_cast<T>(d);
}

void read(element e, bool& v) {
  if (e.get_bool().get(v)) throw Undecided{};
}

void read(element e, std::string& v) {
  std::string_view s;
  if (e.get_string().get(s)) throw Undecided{};
  v.assign(s);
}

void read(element e, json& v) { v = to_nlohmann(e); }

template <class T> void read(element e, std::optional<T>& v) {
  if (e.type() == element_type::NULL_VALUE) {
    v.reset();
    return;
  }
  T t{};
  read(e, t);
  v = std::move(t);
}

template <class T> void read(element e, std::vector<T>& v) {
  simdjson::dom::array list;
  if (e.get_array().get(list)) throw Undecided{};
  std::vector<T> out;
  out.reserve(list.size());
  for (const element x : list) {
    T t{};
    read(x, t);
    out.push_back(std::move(t));
  }
  v = std::move(out);
}

template <class T> void read(element e, std::map<std::string, T>& v) {
  simdjson::dom::object members;
  if (e.get_object().get(members)) throw Undecided{};
  std::map<std::string, T> out;
  for (const auto kv : members) {  // a key named twice: the last value, as nlohmann keeps it
    T t{};
    read(kv.value, t);
    out[std::string(kv.key)] = std::move(t);
  }
  v = std::move(out);
}

// A GA_JSON_TYPE / GA_JSON_VALUE struct: its known fields read, in the document's order; for a
// GA_JSON_TYPE its `extra` as core/json.hpp's unknown_members makes it (every member in order,
// the known ones as null placeholders).
template <Fields T> void read(element e, T& v) {
  simdjson::dom::object members;
  if (e.get_object().get(members)) throw Undecided{};
  constexpr bool keeps_unknown = json_keeps_unknown(static_cast<const T*>(nullptr));
  json extra = keeps_unknown ? json::object() : json();
  std::uint64_t seen = 0;  // known fields read so far, one bit each in declaration order
  for (const auto kv : members) {
    int index = 0;
    bool known = false;
    json_fields(v, [&](const char* name, auto& field) {
      if (known) return;
      if (kv.key != name) {
        ++index;
        return;
      }
      known = true;
      if (index >= 64 || (seen >> index & 1)) throw Undecided{};  // named twice: nlohmann's choice
      seen |= std::uint64_t{1} << index;
      read(kv.value, field);
    });
    if constexpr (keeps_unknown) extra[std::string(kv.key)] = known ? json(nullptr) : to_nlohmann(kv.value);
  }
  if constexpr (keeps_unknown) v.extra = std::move(extra);
}

simdjson::dom::parser make_parser() {
  simdjson::dom::parser p;
  // The reference reader refuses more than kMaxJsonDepth levels; simdjson counts the same levels
  // (document_read_simd_test checks the boundary).
  if (p.allocate(1 << 16, kMaxJsonDepth)) throw Undecided{};
  return p;
}

}  // namespace

std::optional<ResultDocument> parse_result_simd(const std::string& text) {
  if (text.size() > kMaxDocumentBytes) return std::nullopt;
  try {
    thread_local simdjson::dom::parser parser = make_parser();
    element root;
    if (parser.parse(text).get(root) || root.type() != element_type::OBJECT) return std::nullopt;
    const SimdView doc(root);
    std::string_view schema;
    const auto member = doc.find("schema");
    if (!member || member->value().get_string().get(schema)) return std::nullopt;
    const std::string_view prefix = "gpuaudit.result/";
    if (schema.substr(0, prefix.size()) != prefix ||
        document_rules::schema_major(std::string(schema.substr(prefix.size()))) != kResultSchemaMajor)
      return std::nullopt;
    document_rules::check_required(doc);
    ResultDocument d;
    read(root, d);
    return d;
  } catch (const Undecided&) {
    return std::nullopt;
  } catch (const json::exception&) {  // check_required's field_error: the reference reader names it
    return std::nullopt;
  }
}

}  // namespace gpuaudit
