#include "core/document_io.hpp"

#include "core/document_read_simd.hpp"
#include "core/document_rules.hpp"
#include "core/document_validate.hpp"
#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/json_splice.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace gpuaudit {
namespace fs = std::filesystem;

namespace {

Error too_big(const fs::path& path, const std::string& size) {
  return input_error(path.string() + ": " + size + ", over the " + std::to_string(kMaxDocumentBytes >> 20) +
                     " MiB a gpuaudit document may have (refused unread)");
}

// The whole file, refused before reading when it is over kMaxDocumentBytes: a 200 MB document
// took 2-3 GB of memory to parse, enough to kill a small CI runner. The padding spares simdjson a
// copy of the text (document_read_simd.cpp).
std::string slurp(const fs::path& path) {
  return read_input_file(path, {kMaxDocumentBytes, [&](const std::string& size) { return too_big(path, size); }},
                         kReadPadding);
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

// A file name in a note on stderr: its control characters shown as '?' (the note is printed here,
// not by the command's own error path, which escapes them itself).
std::string printable(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return out;
}

}  // namespace

void check_document(ResultDocument& doc, const std::string& origin) {
  try {
    for (const auto& note : validate_document(doc))
      std::fprintf(stderr, "gpuaudit: %s: note: %s\n", printable(origin).c_str(), note.c_str());
  } catch (const field_error& e) {
    throw input_error(origin + ": invalid result document: " + e.path() + ": " + e.reason());
  }
}

json read_json_file(const fs::path& path) { return parse_json(slurp(path), path.string()); }

ResultDocument parse_result(const std::string& text, const std::string& origin) {
  if (text.size() > kMaxDocumentBytes) throw too_big(origin, mib_text(static_cast<double>(text.size())));
  json j = parse_json(text, origin);
  if (!j.is_object() || !j.contains("schema") || !j["schema"].is_string())
    throw input_error(origin + ": not a gpuaudit result document (no \"schema\" field)");
  const std::string schema = j["schema"].get<std::string>();
  const std::string prefix = "gpuaudit.result/";
  if (schema.rfind(prefix, 0) != 0)
    throw input_error(origin + ": not a gpuaudit result document (schema \"" + schema + "\")");
  const int major = document_rules::schema_major(schema.substr(prefix.size()));
  if (major < 0) throw input_error(origin + ": unreadable schema version \"" + schema + "\"");
  if (major > kResultSchemaMajor)
    throw input_error(origin + ": written by a newer gpuaudit (" + schema + "); this build reads " +
                      kResultSchema + ", upgrade gpuaudit to read it");
  if (major < 1) throw input_error(origin + ": unknown schema version \"" + schema + "\"");
  ResultDocument doc;
  try {
    document_rules::check_required(document_rules::JsonView(j));
    doc = j.get<ResultDocument>();
  } catch (const field_error& e) {
    throw input_error(origin + ": malformed result document: " + e.path() + ": " + e.reason());
  } catch (const json::exception& e) {
    throw input_error(origin + ": malformed result document (" + plain(e) + ")");
  }
  check_document(doc, origin);
  return doc;
}

ResultDocument read_result(const fs::path& path) { return parse_result(slurp(path), path.string()); }

ResultDocument read_result_fast(const fs::path& path) {
  const std::string text = slurp(path);
  if (auto doc = parse_result_simd(text)) {
    check_document(*doc, path.string());
    return std::move(*doc);
  }
  return parse_result(text, path.string());  // names what is wrong, or reads what simdjson would not
}

std::string read_document_text(const fs::path& path) { return slurp(path); }

// Invalid UTF-8 (a tag typed in Latin-1, a hostname from a broken DMI table) becomes U+FFFD
// instead of an exception that would lose the whole document.
std::string to_pretty_json(const ResultDocument& doc) {
  return json(doc).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string readable_document_text(const ResultDocument& doc, std::uint64_t limit) {
  std::string pretty = to_pretty_json(doc);
  if (pretty.size() <= limit) return pretty;
  // Indentation costs more than the numbers in a long samples list (a 61 MB document grew to
  // 145 MB): without it the document may still be one gpuaudit reads.
  std::string compact = json(doc).dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  if (compact.size() <= limit) return compact;
  throw io_error("the document would be " + mib_text(static_cast<double>(compact.size())) + " even without indentation, over the " +
                 mib_text(static_cast<double>(limit)) + " gpuaudit reads back");
}

std::string result_text_replacing(const std::string& original, const ResultDocument& doc,
                                  const std::vector<std::string>& members, std::uint64_t limit) {
  const json whole(doc);
  std::vector<std::pair<std::string, json>> values;
  for (const auto& m : members)
    if (const auto it = whole.find(m); it != whole.end()) values.emplace_back(m, *it);
  if (auto spliced = splice_members(original, values); spliced && spliced->size() <= limit) {
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
  return readable_document_text(doc, limit);
}

void write_result(const fs::path& path, const ResultDocument& doc) {
  write_file_atomic(path, readable_document_text(doc));
}

}  // namespace gpuaudit
