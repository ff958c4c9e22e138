// Loading the baseline set and finding where it lives.
#include "baselines/baseline_set.hpp"

#include "core/document_io.hpp"
#include "core/error.hpp"
#include "text/strings.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace fs = std::filesystem;

namespace gpuaudit {
namespace {

constexpr const char* kBaselineSchema = "gpuaudit.baseline/1";

std::string trim(std::string s) {
  const auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  return s;
}

// nlohmann's messages start with "[json.exception.type_error.302] "; the reader needs the rest.
std::string plain(const json::exception& e) {
  std::string what = e.what();
  if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
  return what;
}

std::string read_version(const fs::path& dir) {
  std::ifstream in(dir / "VERSION");
  std::string line;
  if (in && std::getline(in, line) && !trim(line).empty()) return trim(line);
  return "unversioned";
}

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return !p.empty() && fs::is_directory(p, ec);
}

}  // namespace

Baseline parse_baseline(const json& j, const std::string& origin) {
  if (!j.is_object()) throw input_error(origin + ": not a baseline (expected a JSON object)");
  const auto schema = j.find("schema");
  if (schema == j.end() || !schema->is_string())
    throw input_error(origin + ": not a baseline (no \"schema\": \"" + kBaselineSchema + "\")");
  if (schema->get<std::string>() != kBaselineSchema)
    throw input_error(origin + ": unsupported baseline schema \"" + schema->get<std::string>() +
                      "\" (this build reads " + kBaselineSchema + ")");
  Baseline b;
  try {
    b = j.get<Baseline>();
  } catch (const json::exception& e) {
    throw input_error(origin + ": malformed baseline (" + plain(e) + ")");
  }
  if (b.id.empty()) throw input_error(origin + ": baseline has no \"id\"");
  return b;
}

BaselineSet load_baselines(const fs::path& dir) {
  if (!is_dir(dir)) throw input_error(dir.string() + ": baselines folder not found");
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() != ".json") continue;
    // A *.json symlink loop threw filesystem_error from is_regular_file() ("internal error"): it is
    // kept, and reading it names it ("cannot open: Too many levels of symbolic links").
    std::error_code entry_ec;  // a dangling link (not found) is no baseline
    if (it->is_regular_file(entry_ec) || (entry_ec && entry_ec != std::errc::no_such_file_or_directory))
      files.push_back(it->path());
  }
  if (ec) throw input_error(dir.string() + ": cannot list baselines (" + ec.message() + ")");
  if (files.empty()) throw input_error(dir.string() + ": no baseline files (*.json)");
  std::sort(files.begin(), files.end());

  BaselineSet set;
  set.dir = dir;
  set.version = read_version(dir);
  for (const fs::path& file : files) {
    Baseline b = parse_baseline(read_json_file(file), file.string());
    // The file name is the id people type (`baselines show ID`); a mismatch is a copy-paste slip.
    if (b.id != file.stem().string())
      throw input_error(file.string() + ": id \"" + b.id + "\" differs from the file name");
    set.models.push_back(std::move(b));
  }
  return set;
}

const Baseline* BaselineSet::find(std::string_view id_or_name) const {
  const std::string key = lower(trim(std::string(id_or_name)));
  for (const Baseline& b : models)
    if (lower(b.id) == key) return &b;
  for (const Baseline& b : models)
    if (lower(b.model) == key) return &b;
  for (const Baseline& b : models)
    for (const std::string& n : b.nvidia_smi_names)
      if (lower(n) == key) return &b;
  return nullptr;
}

fs::path default_baselines_dir() {
  if (const char* env = std::getenv("GPUAUDIT_BASELINES"); env && *env) {
    if (!is_dir(env)) throw input_error(std::string("GPUAUDIT_BASELINES=") + env + ": not a folder");
    return env;
  }
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path installed = exe.parent_path() / ".." / "share" / "gpuaudit" / "baselines";
    if (is_dir(installed)) return installed.lexically_normal();
  }
#ifdef GPUAUDIT_SOURCE_DIR
  if (const fs::path source = fs::path(GPUAUDIT_SOURCE_DIR) / "baselines"; is_dir(source)) return source;
#endif
  throw input_error(
      "baselines not found: set GPUAUDIT_BASELINES or name the folder on the command line (looked in "
      "<exe>/../share/gpuaudit/baselines and the source tree)");
}

std::string strip_mig_suffix(const std::string& name) {
  const auto p = name.find(" MIG ");
  return p == std::string::npos ? name : name.substr(0, p);
}

std::optional<double> mig_sm_fraction(const Baseline& parent, const MigProfile& profile) {
  if (!profile.sm_count || parent.sm_count <= 0) return std::nullopt;
  return static_cast<double>(*profile.sm_count) / parent.sm_count;
}

double mig_memory_fraction(const MigProfile& profile) { return profile.memory_slices / 8.0; }

}  // namespace gpuaudit
