// `nvbandwidth -j` (json_output.cpp, v0.5+): one object "nvbandwidth" with "version",
// "git_version", "CUDA Runtime Version", "Driver Version", "GPU Device list" (["0: NAME (bus):
// (host)", ...]), "testcases" [{name, status, bandwidth_description, bandwidth_matrix (strings,
// "N/A"), sum}], "error", "warning". Before v0.9 a testcase that prints three matrices (the
// bidirectional device-to-device ones) appended all three to one bandwidth_matrix, with the last
// sum: those are split back by row count. Same rows as the text output (nvbandwidth_rows.cpp).
#include "import/text/bench_text.hpp"
#include "import/import.hpp"
#include "import/rows/nvbandwidth_rows.hpp"

namespace gpuaudit::imports {

namespace {

using namespace bench;

std::string str_of(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number()) return it->dump();
  return "";
}

std::optional<double> cell_of(const json& c) {
  if (c.is_number()) return c.get<double>();
  if (c.is_string()) return to_double(trim(c.get<std::string>()));
  return std::nullopt;
}

// "0: NVIDIA H100 80GB HBM3 (00000000:18:00): (host1)"
std::optional<nvb::Device> device_of(const std::string& s) {
  const auto colon = s.find(':');
  if (colon == std::string::npos) return std::nullopt;
  const auto idx = to_int(trim(std::string_view(s).substr(0, colon)));
  if (!idx || *idx < 0 || *idx > 4096) return std::nullopt;
  nvb::Device d;
  d.index = static_cast<int>(*idx);
  std::string_view rest = trim(std::string_view(s).substr(colon + 1));
  if (const auto h = rest.rfind(": ("); h != std::string_view::npos && !rest.empty() && rest.back() == ')') {
    d.host = std::string(rest.substr(h + 3, rest.size() - h - 4));
    rest = trim(rest.substr(0, h));
  }
  if (!rest.empty() && rest.back() == ')')
    if (const auto open = rest.rfind('('); open != std::string_view::npos) {
      d.bus = std::string(rest.substr(open + 1, rest.size() - open - 2));
      rest = trim(rest.substr(0, open));
    }
  d.name = std::string(rest);
  return d;
}

nvb::Matrix matrix_from_rows(const json& rows, std::size_t first, std::size_t count, std::size_t columns) {
  nvb::Matrix m;
  for (std::size_t c = 0; c < columns; ++c) m.column_labels.push_back(std::to_string(c));
  for (std::size_t r = 0; r < count; ++r) {
    m.row_labels.push_back(std::to_string(r));
    std::vector<std::optional<double>> cells;
    const json& row = rows[first + r];
    for (std::size_t c = 0; c < columns; ++c)
      cells.push_back(row.is_array() && c < row.size() ? cell_of(row[c]) : std::nullopt);  // a non-list row: N/A
    m.cells.push_back(std::move(cells));
  }
  return m;
}

int detect_nvbandwidth_json(std::string_view text) {
  const std::string_view t = trim(text);
  if (t.empty() || t.front() != '{') return 0;
  int score = 0;
  if (contains(t, "\"nvbandwidth\"")) score += 50;
  if (contains(t, "\"testcases\"")) score += 20;
  if (contains(t, "\"bandwidth_matrix\"")) score += 20;
  if (contains(t, "\"GPU Device list\"")) score += 10;
  return score >= 50 ? std::min(score, 100) : 0;
}

ImportPart parse_nvbandwidth_json(std::string_view text, const std::string& file) {
  ImportPart part;
  part.source = SourceRef{"nvbandwidth", "", file, 0};
  const std::optional<json> parsed = parse_json_or_skip(text, part);
  if (!parsed) return part;
  const json& doc = *parsed;
  const json* root = doc.is_object() && doc.contains("nvbandwidth") ? &doc.at("nvbandwidth") : nullptr;
  if (!root || !root->is_object()) {
    part.skipped.push_back("no \"nvbandwidth\" object: not nvbandwidth -j output");
    return part;
  }
  nvb::Run run;
  run.version = str_of(*root, "version");
  run.git_version = str_of(*root, "git_version");
  run.cuda_runtime = nvb::cuda_version_number(str_of(*root, "CUDA Runtime Version"));
  run.cuda_driver = nvb::cuda_version_number(str_of(*root, "CUDA Driver Version"));
  run.driver_version = str_of(*root, "Driver Version");
  if (const auto e = str_of(*root, "error"); !e.empty()) run.errors.push_back(e);
  if (const auto w = str_of(*root, "warning"); !w.empty()) run.warnings.push_back(w);
  if (const auto it = root->find("GPU Device list"); it != root->end() && it->is_array())
    for (const auto& d : *it)
      if (d.is_string())
        if (auto dev = device_of(d.get<std::string>())) {
          if (run.hostname.empty()) run.hostname = dev->host;
          run.devices.push_back(std::move(*dev));
        }
  if (const auto it = root->find("testcases"); it != root->end() && it->is_array()) {
    for (const auto& t : *it) {
      if (!t.is_object()) continue;
      nvb::Testcase tc;
      tc.name = str_of(t, "name");
      tc.status = str_of(t, "status");
      if (tc.status.empty()) tc.status = "Error";
      tc.message = str_of(t, "error");
      const auto mat = t.find("bandwidth_matrix");
      if (mat != t.end() && mat->is_array() && !mat->empty() && mat->front().is_array()) {
        const std::size_t rows = mat->size();
        const std::size_t cols = mat->front().size();
        const std::string desc = str_of(t, "bandwidth_description");
        // Three GPU x GPU matrices appended into one (the pre-v0.9 bidirectional testcases).
        const bool stacked = cols > 0 && rows == 3 * cols && contains(tc.name, "bidirectional") &&
                             contains(tc.name, "device_to_device");
        if (stacked) {
          const bool read = contains(tc.name, "read");
          const char* parts[3] = {read ? "_read1" : "_write1", read ? "_read2" : "_write2", "_total"};
          for (std::size_t k = 0; k < 3; ++k) {
            nvb::Matrix m = matrix_from_rows(*mat, k * cols, cols, cols);
            m.key = tc.name + parts[k];
            m.description = desc;
            if (k == 2)
              if (const auto s = t.find("sum"); s != t.end() && s->is_number()) m.sum = s->get<double>();
            tc.matrices.push_back(std::move(m));
          }
          part.warnings.push_back(tc.name + ": three matrices stacked in one bandwidth_matrix (nvbandwidth -j before "
                                            "v0.9); split by rows, the sum is the last one's");
        } else {
          nvb::Matrix m = matrix_from_rows(*mat, 0, rows, cols);
          m.key = tc.name;
          m.description = desc;
          if (const auto s = t.find("sum"); s != t.end() && s->is_number()) m.sum = s->get<double>();
          tc.matrices.push_back(std::move(m));
        }
      }
      run.testcases.push_back(std::move(tc));
    }
  }
  nvb::fill_part(run, part);
  return part;
}

const RegisterFormat reg{
    {"nvbandwidth-json", "nvbandwidth -j JSON output", detect_nvbandwidth_json, parse_nvbandwidth_json}};

}  // namespace

}  // namespace gpuaudit::imports
