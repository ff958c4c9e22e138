// libFuzzer target (fuzz_document_mutation): a valid result document with one field changed.
//
// document_io's target starts from bytes, and almost every input it makes is not JSON; this one
// starts from the scenario documents (tests/data/scenarios/, all valid) and changes one value of
// one of them, so every input reaches the validator and, when accepted, the scoring rules. The
// input's first bytes choose the document, the value (any member or array element, by position)
// and the change (a number from the input, a boundary number, a string, null, a bool, an empty
// object or array, or the member removed); the rest is the payload. Checked on every input:
//   * reading never fails with anything but gpuaudit::Error (one line naming the field, exit 2);
//   * a document it accepts keeps the validator's promises (core/document_validate.hpp): each
//     row's GPU is a GPU of the document, created_utc is an RFC 3339 date, every figure finite;
//   * a document it accepts is scored without an exception (assess.hpp: "never throws for a
//     well-formed document"), its text rendered, and it is written and read back as itself.
// A crash, a sanitizer report or a broken promise aborts. Seeds: tests/data/fuzz/document_mutation/.
#include "baselines/baseline_set.hpp"
#include "core/document_io.hpp"
#include "core/document_validate.hpp"
#include "core/error.hpp"
#include "core/json.hpp"
#include "text/escape.hpp"
#include "score/assess.hpp"
#include "score/assessment_text.hpp"
#include "score/baseline_lookup.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

using gpuaudit::json;

struct World {
  std::vector<json> documents;
  gpuaudit::BaselineSet baselines;
  gpuaudit::ReferenceLookup lookup;  // over `baselines`, which stays where it is (a static)
};

[[noreturn]] void broken(const std::string& what) {
  std::fprintf(stderr, "document_mutation: %s\n", what.c_str());
  std::abort();
}

World& world() {
  static World w = [] {
    World out;
    const std::filesystem::path dir = std::filesystem::path(GPUAUDIT_TEST_DATA) / "scenarios";
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      (void)gpuaudit::read_result(f);  // every seed document is valid, or the target means nothing
      out.documents.push_back(gpuaudit::read_json_file(f));
    }
    if (out.documents.empty()) broken("no documents in " + dir.string());
    out.baselines = gpuaudit::load_baselines(gpuaudit::default_baselines_dir());
    return out;
  }();
  if (!w.lookup) w.lookup = gpuaudit::reference_lookup(w.baselines);
  return w;
}

// Every value of the tree, parents before children, as JSON pointers.
void pointers(const json& j, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  out.push_back(at);
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) pointers(it.value(), at / it.key(), out);
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i) pointers(j[i], at / i, out);
}

double number_from(const std::uint8_t* p, std::size_t n) {
  double v = 0;
  std::memcpy(&v, p, std::min(n, sizeof v));
  return v;
}

// The new value for kind `k`; nullopt: remove the member.
std::optional<json> new_value(std::uint8_t k, const std::uint8_t* p, std::size_t n) {
  static const double boundaries[] = {-1, 0, 1, 1e308, -1e308, 5e-324, 1e15, 151, -41, 5001, 100.5, 2147483648.0};
  switch (k % 9) {
    case 0: {
      const double v = number_from(p, n);
      return std::isfinite(v) ? json(v) : json(nullptr);  // JSON has no NaN or infinity
    }
    case 1: {
      std::int64_t v = 0;
      std::memcpy(&v, p, std::min(n, sizeof v));
      return json(v);
    }
    case 2: return json(gpuaudit::valid_utf8(std::string(reinterpret_cast<const char*>(p), n)));
    case 3: return json(nullptr);
    case 4: return json(n > 0 && (p[0] & 1));
    case 5: return json::object();
    case 6: return json::array();
    case 7: return json(boundaries[(n > 0 ? p[0] : 0) % std::size(boundaries)]);
    default: return std::nullopt;
  }
}

void check_promises(const gpuaudit::ResultDocument& doc) {
  std::set<int> gpus;
  for (const auto& g : doc.gpus) gpus.insert(g.index);
  for (const auto& b : doc.benchmarks) {
    if (b.gpu && !gpus.count(*b.gpu)) broken("accepted a row of GPU " + std::to_string(*b.gpu) + ", not in gpus[]");
    for (double s : b.samples)
      if (!std::isfinite(s)) broken("accepted a non-finite sample of " + b.name);
    if (b.summary && !std::isfinite(b.summary->median)) broken("accepted a non-finite median of " + b.name);
  }
  if (!gpuaudit::is_rfc3339_date_time(doc.created_utc)) broken("accepted created_utc \"" + doc.created_utc + "\"");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 4) return 0;
  World& w = world();
  json doc = w.documents[data[0] % w.documents.size()];
  std::vector<json::json_pointer> all;
  pointers(doc, json::json_pointer(), all);
  const json::json_pointer& at = all[(data[1] | (data[2] << 8)) % all.size()];
  const auto value = new_value(data[3], data + 4, size - 4);
  if (value) {
    doc[at] = *value;
  } else if (!at.empty()) {
    json& parent = doc[at.parent_pointer()];
    if (parent.is_object()) parent.erase(at.back());
    else parent.erase(static_cast<std::size_t>(std::stoul(at.back())));
  }
  const std::string text = doc.dump(2);
  gpuaudit::ResultDocument read;
  try {
    read = gpuaudit::parse_result(text, "mutated.json");
  } catch (const gpuaudit::Error&) {
    return 0;  // refused with a line naming the field: the validator's verdict
  }
  check_promises(read);
  try {
    (void)gpuaudit::score_document(read, w.lookup, w.baselines.version, gpuaudit::Thresholds{});
    (void)gpuaudit::assessment_text(*read.assessment);
  } catch (const std::exception& e) {
    broken(std::string("scoring an accepted document threw: ") + e.what());
  }
  const std::string written = gpuaudit::to_pretty_json(read);
  try {
    const auto again = gpuaudit::parse_result(written, "written.json");
    if (gpuaudit::to_pretty_json(again) != written) broken("written and read back, the document changed");
  } catch (const gpuaudit::Error& e) {
    broken(std::string("refused what it wrote itself: ") + e.what());
  }
  return 0;
}
