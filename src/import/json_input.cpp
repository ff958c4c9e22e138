// scan_json(): is the text one JSON document, and what do its strings quote (json_input.hpp).
#include "import/json_input.hpp"

#include "core/json.hpp"

namespace gpuaudit::imports {
namespace {

// nlohmann's SAX interface: the parser is iterative, and nothing is built but the quoted text.
class QuotedStrings {
 public:
  explicit QuotedStrings(std::string& out) : out_(out) {}
  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(json::number_integer_t) { return true; }
  bool number_unsigned(json::number_unsigned_t) { return true; }
  bool number_float(json::number_float_t, const std::string&) { return true; }
  bool string(std::string& s) {
    if (out_.size() + s.size() + 1 <= kMaxQuotedBytes) out_.append(s).push_back('\n');
    return true;
  }
  bool binary(json::binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool key(std::string&) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception&) {
    return false;
  }

 private:
  std::string& out_;
};

}  // namespace

JsonScan scan_json(std::string_view text) {
  JsonScan scan;
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || (text[first] != '{' && text[first] != '[')) return scan;
  QuotedStrings sax(scan.quoted);
  try {
    scan.document = json::sax_parse(text.begin(), text.end(), &sax, nlohmann::detail::input_format_t::json, true);
  } catch (const std::exception&) {
    scan.document = false;
  }
  if (!scan.document) scan.quoted.clear();
  return scan;
}

}  // namespace gpuaudit::imports
