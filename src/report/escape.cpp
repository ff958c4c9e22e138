#include "report/escape.hpp"

namespace gpuaudit {

std::string xml_escape(std::string_view s) {
  std::string o;
  o.reserve(s.size() + s.size() / 8);
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&#39;"; break;
      default: {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 && c != '\t' && c != '\n' && c != '\r') break;  // not allowed in XML 1.0
        if (u == 0x7f) break;
        o += c;
      }
    }
  }
  return o;
}

std::string markdown_escape(std::string_view s) {
  // Markdown first, entities second: the '#' of "&#39;" must not be backslash-escaped.
  std::string o;
  for (char c : s) {
    switch (c) {
      case '\n':
      case '\r':
      case '\t': o += ' '; break;
      case '\\': case '|': case '`': case '*': case '_': case '[': case ']': case '~':
        o += '\\';
        o += c;
        break;
      default: o += c;
    }
  }
  return xml_escape(o);
}

std::string csv_text(std::string_view s) {
  std::string v(s);
  if (!v.empty() && (v[0] == '=' || v[0] == '+' || v[0] == '-' || v[0] == '@' || v[0] == '\t' || v[0] == '\r'))
    v.insert(v.begin(), '\'');
  if (v.find_first_of(",\"\r\n") == std::string::npos) return v;
  std::string o = "\"";
  for (char c : v) {
    if (c == '"') o += '"';
    o += c;
  }
  return o + "\"";
}

}  // namespace gpuaudit
