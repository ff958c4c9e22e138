// The "gpuaudit" format: a result document gpuaudit itself wrote (by `run`, `info`, `soak` or an
// earlier `import`). The importer does not parse it into a part: it takes the document whole, as
// parse_result reads it, and merges the other files into it (importer.cpp). The parser below
// exists so the format is listed, detected and fuzzed like every other one.
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"

#include <cctype>

namespace gpuaudit::imports {
namespace {

std::size_t skip_space(std::string_view t, std::size_t i) {
  while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
  return i;
}

// A JSON object with a "schema" member naming gpuaudit.result/: certain (100). gpuaudit writes it
// first, but a document another program rewrote may have it anywhere, so the whole text is searched
// (no other tool's output holds that string).
int detect_gpuaudit(std::string_view text) {
  std::size_t i = skip_space(text, 0);
  if (i >= text.size() || text[i] != '{') return 0;
  const std::string_view head = text.substr(i);
  for (std::size_t at = head.find("\"schema\""); at != std::string_view::npos;
       at = head.find("\"schema\"", at + 1)) {
    std::size_t j = skip_space(head, at + 8);
    if (j >= head.size() || head[j] != ':') continue;
    j = skip_space(head, j + 1);
    if (head.substr(j, 17) == "\"gpuaudit.result/") return 100;
  }
  return 0;
}

ImportPart parse_gpuaudit(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = {"gpuaudit", "", file, 0};
  try {
    ResultDocument doc = parse_result(std::string(text), file);
    part.source.version = doc.tool.version;
    part.host = std::move(doc.host);
    part.software = std::move(doc.software);
    part.gpus = std::move(doc.gpus);
    part.benchmarks = std::move(doc.benchmarks);
    if (doc.extra.is_object() && doc.extra.contains("topology")) part.topology = doc.extra["topology"];
  } catch (const Error& e) {
    part.skipped.push_back(normalize_text(e.what()));  // an error that quotes cut bytes stays valid UTF-8
  }
  return part;
}

const RegisterFormat reg{{kGpuauditFormat, "a gpuaudit result document (taken as it is; the other files merge into it)",
                          detect_gpuaudit, parse_gpuaudit}};

}  // namespace
}  // namespace gpuaudit::imports
