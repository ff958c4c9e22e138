#include "core/document_io.hpp"

#include "core/error.hpp"
#include "core/json_splice.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <initializer_list>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

std::string mib(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / (1024.0 * 1024.0));
  return buf;
}

Error too_big(const fs::path& path, const std::string& size) {
  return input_error(path.string() + ": " + size + ", over the " + std::to_string(kMaxDocumentBytes >> 20) +
                     " MiB a gpuaudit document may have (refused unread)");
}

// The whole file, refused before reading when it is over kMaxDocumentBytes: a 200 MB document
// took 2-3 GB of memory to parse, enough to kill a small CI runner.
std::string slurp(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw input_error(path.string() + ": is a folder, not a file");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw input_error(path.string() + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > kMaxDocumentBytes) {
    ::close(fd);
    throw too_big(path, mib(static_cast<double>(st.st_size)));
  }
  std::string text;
  if (S_ISREG(st.st_mode)) text.reserve(static_cast<size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      throw input_error(path.string() + ": cannot read: " + std::strerror(err));
    }
    if (n == 0) break;
    text.append(buf, static_cast<size_t>(n));
    if (text.size() > kMaxDocumentBytes) {  // a pipe or a file that grew while read
      ::close(fd);
      throw too_big(path, "more than " + mib(static_cast<double>(kMaxDocumentBytes)));
    }
  }
  ::close(fd);
  return text;
}

std::string plain(const json::exception& e) {
  // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
  std::string what = e.what();
  if (auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
  return what;
}

// nlohmann's DOM builder with a depth bound and the byte offset of an error. The parser itself is
// iterative, but copying and dump()ing a value recurse: 90,000 nested arrays overflowed the stack.
class BoundedDom : public nlohmann::detail::json_sax_dom_parser<json> {
 public:
  explicit BoundedDom(json& result) : json_sax_dom_parser(result, true) {}
  bool start_object(std::size_t n) { return deeper() && json_sax_dom_parser::start_object(n); }
  bool start_array(std::size_t n) { return deeper() && json_sax_dom_parser::start_array(n); }
  bool end_object() {
    --depth_;
    return json_sax_dom_parser::end_object();
  }
  bool end_array() {
    --depth_;
    return json_sax_dom_parser::end_array();
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
    error_at_ = position;
    return json_sax_dom_parser::parse_error(position, token, ex);
  }
  bool too_deep() const { return too_deep_; }
  std::size_t error_at() const { return error_at_; }

 private:
  bool deeper() {
    if (++depth_ <= kMaxJsonDepth) return true;
    too_deep_ = true;
    return false;
  }
  int depth_ = 0;
  bool too_deep_ = false;
  std::size_t error_at_ = 0;
};

json parse_json(const std::string& text, const std::string& origin) {
  json j;
  BoundedDom dom(j);
  try {
    if (!json::sax_parse(text, &dom) || dom.too_deep()) {
      if (dom.too_deep())
        throw input_error(origin + ": nested deeper than " + std::to_string(kMaxJsonDepth) +
                          " levels (no gpuaudit document is; refused)");
      throw input_error(origin + ": not valid JSON");
    }
  } catch (const json::parse_error& e) {  // its message names line and column
    throw input_error(origin + ": not valid JSON (" + plain(e) + ")");
  } catch (const json::exception& e) {  // 1e400 (out_of_range.406), ...: add the line
    const auto upto = text.begin() + static_cast<std::ptrdiff_t>(std::min(dom.error_at(), text.size()));
    const auto line = std::count(text.begin(), upto, '\n') + 1;
    throw input_error(origin + ": not valid JSON (" + plain(e) + " at line " + std::to_string(line) + ")");
  }
  return j;
}

// The fields schema/gpuaudit.result.schema.json requires: a document without them is refused
// (an empty benchmarks list read as "nothing regressed" would pass a CI gate).
void require(const json& j, const std::string& at, std::initializer_list<const char*> names) {
  if (!j.is_object()) return;  // the type check of the reading names it
  for (const char* n : names)
    if (!j.contains(n)) throw field_error(json_read::nested(at, n), "missing (a required field)");
}

template <class F>
void each(const json& j, const char* key, const std::string& at, F f) {
  if (!j.is_object()) return;
  const auto it = j.find(key);
  if (it == j.end() || !it->is_array()) return;
  for (std::size_t i = 0; i < it->size(); ++i)
    f((*it)[i], json_read::nested(json_read::nested(at, key), "[" + std::to_string(i) + "]"));
}

void check_required(const json& j) {
  require(j, "", {"schema", "tool", "created_utc", "host", "software", "gpu_status", "gpus", "benchmarks"});
  require(j["tool"], "tool", {"name", "version"});
  require(j["gpu_status"], "gpu_status", {"state", "message"});
  if (j["software"].is_object()) each(j["software"], "cuda_toolkits", "software", [](const json& t, const std::string& at) {
    require(t, at, {"path", "version"});
  });
  each(j, "gpus", "", [](const json& g, const std::string& at) { require(g, at, {"index", "name"}); });
  each(j, "benchmarks", "", [](const json& b, const std::string& at) {
    require(b, at, {"name", "status", "unit"});
    if (!b.is_object()) return;
    const auto s = b.find("status");
    // An ok row has a figure, except an imported one that records state rather than a figure (a
    // timeline's telemetry/under-load row, dcgmi's per-test results): it names its source (schema).
    if (s != b.end() && s->is_string() && *s == "ok" && !b.contains("source")) {
      require(b, at, {"summary"});
      if (b["summary"].is_null()) throw field_error(at + ".summary", "null, but the status is ok");
    }
    if (const auto sum = b.find("summary"); sum != b.end() && sum->is_object())
      require(*sum, at + ".summary", {"n", "median", "min", "max", "mean", "stddev", "cv"});
  });
  if (const auto a = j.find("assessment"); a != j.end() && a->is_object()) {
    require(*a, "assessment", {"headline", "findings"});
    each(*a, "findings", "assessment", [](const json& f, const std::string& at) { require(f, at, {"id", "confidence", "summary"}); });
  }
}

// "gpuaudit.result/1" or "gpuaudit.result/1.2": the major version, or -1 for anything else
// ("1garbage", "", "1.", "+1").
int schema_major(const std::string& version) {
  const auto dot = version.find('.');
  const std::string major = version.substr(0, dot);
  const std::string minor = dot == std::string::npos ? "1" : version.substr(dot + 1);
  auto digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 6 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits(major) || !digits(minor)) return -1;
  return std::stoi(major);
}

}  // namespace

json read_json_file(const fs::path& path) { return parse_json(slurp(path), path.string()); }

ResultDocument parse_result(const std::string& text, const std::string& origin) {
  if (text.size() > kMaxDocumentBytes) throw too_big(origin, mib(static_cast<double>(text.size())));
  json j = parse_json(text, origin);
  if (!j.is_object() || !j.contains("schema") || !j["schema"].is_string())
    throw input_error(origin + ": not a gpuaudit result document (no \"schema\" field)");
  const std::string schema = j["schema"].get<std::string>();
  const std::string prefix = "gpuaudit.result/";
  if (schema.rfind(prefix, 0) != 0)
    throw input_error(origin + ": not a gpuaudit result document (schema \"" + schema + "\")");
  const int major = schema_major(schema.substr(prefix.size()));
  if (major < 0) throw input_error(origin + ": unreadable schema version \"" + schema + "\"");
  if (major > kResultSchemaMajor)
    throw input_error(origin + ": written by a newer gpuaudit (" + schema + "); this build reads " +
                      kResultSchema + ", upgrade gpuaudit to read it");
  if (major < 1) throw input_error(origin + ": unknown schema version \"" + schema + "\"");
  try {
    check_required(j);
    return j.get<ResultDocument>();
  } catch (const field_error& e) {
    throw input_error(origin + ": malformed result document: " + e.path() + ": " + e.reason());
  } catch (const json::exception& e) {
    throw input_error(origin + ": malformed result document (" + plain(e) + ")");
  }
}

ResultDocument read_result(const fs::path& path) { return parse_result(slurp(path), path.string()); }

std::string read_document_text(const fs::path& path) { return slurp(path); }

// Invalid UTF-8 (a tag typed in Latin-1, a hostname from a broken DMI table) becomes U+FFFD
// instead of an exception that would lose the whole document.
std::string to_pretty_json(const ResultDocument& doc) {
  return json(doc).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string result_text_replacing(const std::string& original, const ResultDocument& doc,
                                  const std::vector<std::string>& members) {
  const json whole(doc);
  std::vector<std::pair<std::string, json>> values;
  for (const auto& m : members)
    if (const auto it = whole.find(m); it != whole.end()) values.emplace_back(m, *it);
  if (auto spliced = splice_members(original, values)) {
    try {
      // Compared without regard to member order: a member the text lacked is added at its end,
      // where the model would have put it among the known fields.
      auto unordered = [](const json& j) {
        return nlohmann::json::parse(j.dump(-1, ' ', false, json::error_handler_t::replace));
      };
      if (unordered(json(parse_result(*spliced, "spliced document"))) == unordered(whole)) return *spliced;
    } catch (const Error&) {  // falls through to the whole document
    }
  }
  return to_pretty_json(doc);
}

void write_result(const fs::path& path, const ResultDocument& doc) {
  write_file_atomic(path, to_pretty_json(doc));
}

}  // namespace gpuaudit
