// Reads doc.extra["software_errors"] back for the rules (score/reported_errors.hpp).
#include "score/reported_errors.hpp"

#include <cctype>

namespace gpuaudit {

namespace {

std::string str(const json& e, const char* key) { return e.contains(key) && e[key].is_string() ? e[key].get<std::string>() : ""; }

// "00000000:0B:00.0" -> "0000:0b:00": the domain's last four digits, bus and device (the function
// left out: kernel logs print "0000:0b:00").
std::string device_key(const std::string& id) {
  std::string s;
  for (char c : id)
    if (!std::isspace(static_cast<unsigned char>(c))) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (const auto dot = s.rfind('.'); dot != std::string::npos && dot + 2 == s.size()) s.resize(dot);
  const auto first = s.find(':');
  if (first == std::string::npos) return s;
  std::string domain = s.substr(0, first);
  if (domain.size() > 4) domain = domain.substr(domain.size() - 4);
  if (s.find(':', first + 1) == std::string::npos) return "0000:" + s;  // "0b:00": no domain
  return domain + s.substr(first);
}

}  // namespace

bool same_bus_id(const std::string& a, const std::string& b) { return !a.empty() && !b.empty() && device_key(a) == device_key(b); }

std::vector<ReportedError> reported_errors(const ResultDocument& doc) {
  std::vector<ReportedError> out;
  if (!doc.extra.is_object()) return out;
  const auto it = doc.extra.find("software_errors");
  if (it == doc.extra.end() || !it->is_array()) return out;
  for (const auto& e : *it) {
    if (!e.is_object()) continue;
    ReportedError r;
    r.kind = str(e, "kind");
    r.cls = str(e, "class");
    if (r.cls.empty()) r.cls = "software";
    r.confidence = str(e, "confidence");
    if (r.confidence.empty() && r.cls == "software") r.confidence = "high";
    r.meaning = str(e, "meaning");
    r.text = str(e, "text");
    r.source = str(e, "source");
    r.reference = str(e, "reference");
    r.gpu = str(e, "gpu");
    r.file = str(e, "file");
    r.line = e.contains("line") && e["line"].is_number_integer() ? e["line"].get<int>() : 0;
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<ReportedError> reported_errors_on(const ResultDocument& doc, const GpuInfo& gpu, const std::string& cls) {
  std::vector<ReportedError> out;
  for (auto& e : reported_errors(doc)) {
    if (e.cls != cls) continue;
    const bool named = !e.gpu.empty() && same_bus_id(e.gpu, gpu.pci_bus_id);
    const bool only = e.gpu.empty() && doc.gpus.size() == 1;
    if (named || only) out.push_back(std::move(e));
  }
  return out;
}

std::vector<ReportedError> reported_errors_off_gpus(const ResultDocument& doc, const std::string& cls) {
  std::vector<ReportedError> out;
  for (auto& e : reported_errors(doc)) {
    if (e.cls != cls) continue;
    bool on_a_gpu = e.gpu.empty() && doc.gpus.size() == 1;
    for (const auto& g : doc.gpus) on_a_gpu = on_a_gpu || (!e.gpu.empty() && same_bus_id(e.gpu, g.pci_bus_id));
    if (!on_a_gpu) out.push_back(std::move(e));
  }
  return out;
}

std::string reported_error_line(const ReportedError& e) {
  std::string where = e.file.empty() ? std::string("an imported file") : e.file;
  if (e.line > 0) where += " line " + std::to_string(e.line);
  std::string why = e.source;
  if (!e.reference.empty()) why += (why.empty() ? "" : "; ") + e.reference;
  if (why.empty()) why = e.kind;
  return where + ": \"" + e.text + "\" (" + why + ")";
}

}  // namespace gpuaudit
