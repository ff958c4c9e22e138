// `dcgmi diag -r N -j`: the layouts DCGM has written over its versions, read alike:
//   2.x/3.x  {"DCGM GPU Diagnostic": {"test_categories": [{"category": "Hardware", "tests": [{"name":
//            "GPU Memory", "results": [{"gpu_ids"|"gpu_id": "0", "status": "Pass", "info": "...",
//            "warnings": [{"warning": "...", "error_id": 12}] | ["..."]}]}]}], "version": "3.1.8",
//            "Driver Version Detected": "...", "GPU Device IDs": ["2335", ...]}}
//   4.x      {"DCGM Diagnostic": {"test_categories": [... "results": [{"entity_group": "GPU",
//            "entity_id": 0, "status": "Pass", ...}], "test_summary": {"status": "Pass"}]}], ...}}
// Keys are matched loosely (any top-level object with "test_categories"), so a version between
// those reads too. Rows and imported fields: dcgm_diag_rows.cpp.
#include "import/text/bench_text.hpp"
#include "import/rows/dcgm_diag_rows.hpp"
#include "import/import.hpp"

namespace gpuaudit::imports {

namespace {

using namespace bench;

std::string text_of(const json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number()) return j.dump();
  return "";
}

// depth: DCGM nests messages two levels deep at most; a deeper file is not DCGM's and is not walked.
void collect_messages(const json& v, std::vector<std::string>& out, int depth = 0) {
  if (depth > 6) return;
  if (v.is_string()) {
    if (!v.get<std::string>().empty()) out.push_back(v.get<std::string>());
  } else if (v.is_array()) {
    for (const auto& e : v) collect_messages(e, out, depth + 1);
  } else if (v.is_object()) {
    for (const char* k : {"warning", "message", "msg", "error", "info"})
      if (const auto it = v.find(k); it != v.end()) collect_messages(*it, out, depth + 1);
  }
}

std::vector<int> gpu_ids_of(const json& r) {
  std::vector<int> out;
  auto add_text = [&](const std::string& s) {
    std::size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && !std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      const std::size_t b = i;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      if (i > b && i - b < 5) out.push_back(std::stoi(s.substr(b, i - b)));
    }
  };
  for (const char* k : {"gpu_ids", "gpu_id"})
    if (const auto it = r.find(k); it != r.end()) {
      if (it->is_number_integer()) out.push_back(it->get<int>());
      else if (it->is_string()) add_text(it->get<std::string>());
    }
  if (out.empty())
    if (const auto it = r.find("entity_id"); it != r.end() && it->is_number_integer()) {
      const auto g = r.find("entity_group");
      if (g == r.end() || (g->is_string() && g->get<std::string>() == "GPU")) out.push_back(it->get<int>());
    }
  std::erase_if(out, [](int v) { return v < 0 || v > 4096; });
  return out;
}

int detect_dcgmi_diag_json(std::string_view text) {
  const std::string_view t = trim(text);
  if (t.empty() || t.front() != '{') return 0;
  int score = 0;
  if (contains(t, "\"test_categories\"")) score += 50;
  if (contains(t, "DCGM GPU Diagnostic") || contains(t, "DCGM Diagnostic")) score += 40;
  if (contains(t, "\"tests\"") && contains(t, "\"results\"")) score += 10;
  return score >= 50 ? std::min(score, 100) : 0;
}

ImportPart parse_dcgmi_diag_json(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = SourceRef{"dcgmi", "", file, 0};
  const std::optional<json> parsed = parse_json_or_skip(text, part);
  if (!parsed) return part;
  const json& doc = *parsed;
  const json* root = nullptr;
  if (doc.is_object()) {
    if (doc.contains("test_categories")) root = &doc;
    for (auto it = doc.begin(); !root && it != doc.end(); ++it)
      if (it->is_object() && it->contains("test_categories")) root = &*it;
  }
  if (!root) {
    part.skipped.push_back("no \"test_categories\": not dcgmi diag -j output");
    return part;
  }
  dcgm::Report report;
  for (const char* k : {"version", "DCGM Version"})
    if (const auto it = root->find(k); it != root->end() && report.dcgm_version.empty()) report.dcgm_version = text_of(*it);
  for (const char* k : {"Driver Version Detected", "driver_version"})
    if (const auto it = root->find(k); it != root->end() && report.driver_version.empty())
      report.driver_version = text_of(*it);
  for (const char* k : {"GPU Device IDs", "GPU Device IDs Detected"})
    if (const auto it = root->find(k); it != root->end() && it->is_array())
      for (const auto& d : *it) report.device_ids.push_back(text_of(d));
  const json& cats = (*root)["test_categories"];
  if (!cats.is_array()) {
    part.skipped.push_back("\"test_categories\" is not a list");
    return part;
  }
  for (const auto& c : cats) {
    if (!c.is_object()) continue;
    const std::string category = c.contains("category") ? text_of(c["category"]) : "";
    const auto tests = c.find("tests");
    if (tests == c.end() || !tests->is_array()) continue;
    for (const auto& t : *tests) {
      if (!t.is_object()) continue;
      dcgm::Test test;
      test.category = category;
      test.name = t.contains("name") ? text_of(t["name"]) : "";
      if (const auto s = t.find("test_summary"); s != t.end() && s->is_object() && s->contains("status"))
        test.result = dcgm::normalize_result(text_of((*s)["status"]));
      if (const auto rs = t.find("results"); rs != t.end() && rs->is_array()) {
        for (const auto& r : *rs) {
          if (!r.is_object()) continue;
          const std::string res = r.contains("status") ? dcgm::normalize_result(text_of(r["status"])) : "";
          const auto ids = gpu_ids_of(r);
          if (ids.empty()) {
            if (!res.empty() && test.result.empty()) test.result = res;
          } else {
            for (int id : ids)
              if (!res.empty()) test.per_gpu[id] = res;
          }
          if (const auto w = r.find("warnings"); w != r.end()) collect_messages(*w, test.warnings);
          if (const auto e = r.find("errors"); e != r.end()) collect_messages(*e, test.errors);
          if (const auto i = r.find("info"); i != r.end()) collect_messages(*i, test.info);
        }
      }
      report.tests.push_back(std::move(test));
    }
  }
  if (const auto e = root->find("runtime_error"); e != root->end()) collect_messages(*e, report.notes);
  dcgm::fill_part(report, part);
  return part;
}

const RegisterFormat reg{
    {"dcgmi-diag-json", "dcgmi diag -j JSON output", detect_dcgmi_diag_json, parse_dcgmi_diag_json}};

}  // namespace

}  // namespace gpuaudit::imports
