// The rules a result document obeys beyond its field types, written once for both readers: the
// reference reader (nlohmann's tree, document_io.cpp), which names what is wrong, and the fast one
// (simdjson's, document_read_simd.cpp), which only needs to know that nothing is. Each reader hands
// check_required a view of its own tree (JsonView below; SimdView there) with the same few calls.
#pragma once

#include "core/json.hpp"

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>

namespace gpuaudit::document_rules {

// "gpuaudit.result/1" or "gpuaudit.result/1.2" (the part after "gpuaudit.result/"): the major
// version, or -1 for anything else ("1garbage", "", "1.", "+1").
inline int schema_major(const std::string& version) {
  const auto dot = version.find('.');
  const std::string major = version.substr(0, dot);
  const std::string minor = dot == std::string::npos ? "1" : version.substr(dot + 1);
  auto digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 6 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits(major) || !digits(minor)) return -1;
  return std::stoi(major);
}

// A view of nlohmann's tree with the calls check_required makes.
class JsonView {
 public:
  explicit JsonView(const json& j) : j_(&j) {}
  bool is_object() const { return j_->is_object(); }
  bool is_array() const { return j_->is_array(); }
  bool is_null() const { return j_->is_null(); }
  bool is_string(const char* text) const { return j_->is_string() && j_->get_ref<const std::string&>() == text; }
  std::optional<JsonView> find(const char* name) const {  // an object's member
    const auto it = j_->find(name);
    if (it == j_->end()) return std::nullopt;
    return JsonView(*it);
  }
  template <class F> void each_element(F f) const {  // an array's, with its index
    for (std::size_t i = 0; i < j_->size(); ++i) f(JsonView((*j_)[i]), i);
  }

 private:
  const json* j_;
};

// The fields schema/gpuaudit.result.schema.json requires: a document without them is refused
// (an empty benchmarks list read as "nothing regressed" would pass a CI gate).
template <class View>
void require(const View& j, const std::string& at, std::initializer_list<const char*> names) {
  if (!j.is_object()) return;  // the type check of the reading names it
  for (const char* n : names)
    if (!j.find(n)) throw field_error(json_read::nested(at, n), "missing (a required field)");
}

template <class View, class F>
void each(const View& j, const char* key, const std::string& at, F f) {
  if (!j.is_object()) return;
  const auto list = j.find(key);
  if (!list || !list->is_array()) return;
  list->each_element([&](const View& e, std::size_t i) {
    f(e, json_read::nested(json_read::nested(at, key), "[" + std::to_string(i) + "]"));
  });
}

// Throws field_error naming the first missing field. `j` is the document, an object.
template <class View>
void check_required(const View& j) {
  require(j, "", {"schema", "tool", "created_utc", "host", "software", "gpu_status", "gpus", "benchmarks"});
  require(*j.find("tool"), "tool", {"name", "version"});
  require(*j.find("gpu_status"), "gpu_status", {"state", "message"});
  each(*j.find("software"), "cuda_toolkits", "software",
       [](const View& t, const std::string& at) { require(t, at, {"path", "version"}); });
  each(j, "gpus", "", [](const View& g, const std::string& at) { require(g, at, {"index", "name"}); });
  each(j, "benchmarks", "", [](const View& b, const std::string& at) {
    require(b, at, {"name", "status", "unit"});
    if (!b.is_object()) return;
    // An ok row has a figure, except an imported one that records state rather than a figure (a
    // timeline's telemetry/under-load row, dcgmi's per-test results): it names its source (schema).
    const auto status = b.find("status");
    if (status && status->is_string("ok") && !b.find("source")) {
      require(b, at, {"summary"});
      if (b.find("summary")->is_null()) throw field_error(at + ".summary", "null, but the status is ok");
    }
    if (const auto sum = b.find("summary"); sum && sum->is_object())
      require(*sum, at + ".summary", {"n", "median", "min", "max", "mean", "stddev", "cv"});
  });
  if (const auto a = j.find("assessment"); a && a->is_object()) {
    require(*a, "assessment", {"headline", "findings"});
    each(*a, "findings", "assessment",
         [](const View& f, const std::string& at) { require(f, at, {"id", "confidence", "summary"}); });
  }
}

}  // namespace gpuaudit::document_rules
