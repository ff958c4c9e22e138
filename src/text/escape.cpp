#include "text/escape.hpp"

#include <string>
#include <utility>

namespace gpuaudit {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the well-formed UTF-8 sequence at s[i] (RFC 3629: no overlong forms, no surrogates,
// nothing past U+10FFFF), or 0.
size_t utf8_length(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const auto cont = [&](size_t k) { return i + k < s.size() && (b(k) & 0xC0) == 0x80; };
  const unsigned char c = b(0);
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (!cont(1) || !cont(2)) return 0;
    if (c == 0xE0 && b(1) < 0xA0) return 0;  // overlong
    if (c == 0xED && b(1) > 0x9F) return 0;  // UTF-16 surrogates
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (c == 0xF0 && b(1) < 0x90) return 0;  // overlong
    if (c == 0xF4 && b(1) > 0x8F) return 0;  // past U+10FFFF
    return 4;
  }
  return 0;
}

}  // namespace

std::string valid_utf8(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8_length(s, i);
    if (n == 0) {
      o += kReplacement;
      ++i;
      continue;
    }
    o.append(s, i, n);
    i += n;
  }
  return o;
}

namespace {

// `s` with its control characters written as `show` spells them. `show(code, c1)` gets each
// ASCII byte (c1 false) and each C1 control U+0080-U+009F in its two-byte UTF-8 form C2 80-9F
// (c1 true; U+009B is a one-byte CSI on many terminals) and returns its text, or "" to keep it.
template <class Show>
std::string with_controls_shown(const std::string& s, Show show) {
  std::string o;
  o.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    const bool c1 = u == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) <= 0x9F;
    const std::string text = c1 ? show(static_cast<unsigned char>(s[i + 1]), true) : u < 0x80 ? show(u, false) : std::string();
    if (text.empty()) {
      o += s[i];
      continue;
    }
    o += text;
    if (c1) ++i;
  }
  return o;
}

// `prefix` and the code in `digits` hex digits: ("\\x", 0x1B, 2, upper) -> \x1B.
std::string hex_escape(std::string_view prefix, unsigned code, int digits, bool upper) {
  const char* hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string o(prefix);
  for (int k = digits - 1; k >= 0; --k) o += hex[(code >> (4 * k)) & 0xFu];
  return o;
}

// `s` (valid UTF-8) with every control character but those `keep` accepts shown as text: C0 and
// DEL as \x1B, the C1 controls as \u009B.
template <class Keep>
std::string controls_shown(const std::string& s, Keep keep) {
  return with_controls_shown(s, [&](unsigned code, bool c1) {
    if (c1) return hex_escape("\\u", code, 4, true);
    if ((code < 0x20 && !keep(static_cast<char>(code))) || code == 0x7F) return hex_escape("\\x", code, 2, true);  // ESC, BEL, NUL, CR, ...
    return std::string();
  });
}

}  // namespace

std::string terminal_text(std::string_view text) {
  return controls_shown(valid_utf8(text), [](char c) { return c == '\n' || c == '\t'; });
}

std::string html_unescape(std::string_view s) {
  static constexpr std::pair<std::string_view, char> kEntities[] = {
      {"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&#39;", '\''}, {"&apos;", '\''}, {"&nbsp;", ' '}};
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    bool replaced = false;
    if (s[i] == '&')
      for (const auto& [entity, c] : kEntities)
        if (s.compare(i, entity.size(), entity) == 0) {
          out += c;
          i += entity.size() - 1;
          replaced = true;
          break;
        }
    if (!replaced) out += s[i];
  }
  return out;
}

std::string xml_escape(std::string_view text) {
  // XML 1.0 text is well-formed UTF-8 without U+FFFE, U+FFFF and most C0 controls: any of them
  // makes the whole JUnit file unreadable to Jenkins or GitLab.
  const std::string s = valid_utf8(text);
  std::string o;
  o.reserve(s.size() + s.size() / 8);
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (static_cast<unsigned char>(c) == 0xEF && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xBF &&
        (static_cast<unsigned char>(s[i + 2]) == 0xBE || static_cast<unsigned char>(s[i + 2]) == 0xBF)) {
      o += kReplacement;
      i += 2;
      continue;
    }
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
  // A control character (ESC, BEL, CR) is shown as \x1B: CSV goes to terminals (export's stdout,
  // report --csv -), and a field's raw ESC ] ... BEL would retitle the window or hide rows.
  std::string v = controls_shown(valid_utf8(s), [](char c) { return c == '\n' || c == '\t'; });
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

std::string ndjson_line(const json& j) {
  // nlohmann escapes C0 controls; DEL and the C1 controls it writes raw. Both are one byte (0x7F)
  // or the two-byte UTF-8 form C2 80-9F in its output, which holds no other such bytes (after
  // `replace`, its text is valid UTF-8; 0x7F and 0xC2 occur only inside strings).
  const std::string raw = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return with_controls_shown(raw, [](unsigned code, bool c1) {
    if (c1) return hex_escape("\\u", code, 4, false);
    return code == 0x7F ? std::string("\\u007f") : std::string();
  });
}

std::string prometheus_text(std::string_view s, bool label) {
  // The exposition format escapes \\, \" (label values) and \n, and takes anything else as
  // written: a control character is written as the text \x1B (its backslash escaped, so the file
  // holds \\x1B), which a scrape or a `cat` of the file shows and never runs. Invalid UTF-8 would
  // fail the scrape: U+FFFD.
  return with_controls_shown(valid_utf8(s), [label](unsigned code, bool c1) {
    if (c1) return hex_escape("\\\\u", code, 4, true);
    if (code == '\\') return std::string("\\\\");
    if (code == '"' && label) return std::string("\\\"");
    if (code == '\n') return std::string("\\n");
    if (code < 0x20 || code == 0x7F) return hex_escape("\\\\x", code, 2, true);
    return std::string();
  });
}

}  // namespace gpuaudit
