#include "core/document_io.hpp"

#include "core/error.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw input_error(path.string() + ": is a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input_error(path.string() + ": cannot open: " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json parse_json(const std::string& text, const std::string& origin) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    throw input_error(origin + ": not valid JSON (" + what + ")");
  }
}

}  // namespace

json read_json_file(const fs::path& path) { return parse_json(slurp(path), path.string()); }

ResultDocument parse_result(const std::string& text, const std::string& origin) {
  json j = parse_json(text, origin);
  if (!j.is_object() || !j.contains("schema") || !j["schema"].is_string())
    throw input_error(origin + ": not a gpuaudit result document (no \"schema\" field)");
  const std::string schema = j["schema"].get<std::string>();
  const std::string prefix = "gpuaudit.result/";
  if (schema.rfind(prefix, 0) != 0)
    throw input_error(origin + ": not a gpuaudit result document (schema \"" + schema + "\")");
  int major = 0;
  try {
    major = std::stoi(schema.substr(prefix.size()));
  } catch (const std::exception&) {
    throw input_error(origin + ": unreadable schema version \"" + schema + "\"");
  }
  if (major > kResultSchemaMajor)
    throw input_error(origin + ": written by a newer gpuaudit (" + schema + "); this build reads " +
                      kResultSchema + ", upgrade gpuaudit to read it");
  if (major < 1) throw input_error(origin + ": unknown schema version \"" + schema + "\"");
  try {
    return j.get<ResultDocument>();
  } catch (const json::exception& e) {
    std::string what = e.what();
    if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    throw input_error(origin + ": malformed result document (" + what + ")");
  }
}

ResultDocument read_result(const fs::path& path) { return parse_result(slurp(path), path.string()); }

std::string to_pretty_json(const ResultDocument& doc) { return json(doc).dump(2) + "\n"; }

void write_result(const fs::path& path, const ResultDocument& doc) {
  write_file_atomic(path, to_pretty_json(doc));
}

}  // namespace gpuaudit
