// The import formats' registry, provenance records and text normalisation (import.hpp).
#include "import/import.hpp"
#include "text/escape.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::imports {

json source_json(const SourceRef& s) {
  json j = json::object();
  j["tool"] = s.tool;
  if (!s.version.empty()) j["version"] = s.version;
  j["file"] = s.file;
  if (s.line > 0) j["line"] = s.line;
  return j;
}

bool ImportPart::empty() const {
  return gpus.empty() && benchmarks.empty() && timelines.empty() && topology.is_null() &&
         (imported.is_null() || imported.empty()) && !software.driver_version && !software.cuda_driver_version &&
         !software.nccl_version && software.cuda_toolkits.empty() && !host.vcpus && host.cpu_model.empty() && !host.numa_nodes && !host.hypervisor &&
         (!host.extra.is_object() || host.extra.empty());
}

std::vector<Format>& format_registry() {
  static std::vector<Format> formats;
  return formats;
}

const Format* find_format(std::string_view name) {
  const auto& r = format_registry();
  auto it = std::find_if(r.begin(), r.end(), [&](const Format& f) { return f.name == name; });
  return it == r.end() ? nullptr : &*it;
}

namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is not valid.
std::size_t utf8_sequence(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned cp = 0;
  if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const auto d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3F);
  }
  if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
    return 0;
  return n;
}

// A paste quoted as a markdown block quote (GitHub "Quote reply", or "> " typed before each line):
// every non-blank line starts with '>'. The quote marks go, one level, and so does the backslash
// markdown needs before a '#' that starts a line ("> \# gpu   pwr" is dmon's "# gpu   pwr"), so
// the text reads as the tool printed it. Line numbers stay those of the paste.
std::string unquote_markdown(std::string text) {
  bool quoted = false;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    const std::size_t first = text.find_first_not_of(" \t", pos);
    if (first < eol) {
      if (text[first] != '>') return text;
      quoted = true;
    }
    pos = eol + 1;
  }
  if (!quoted) return text;
  std::string out;
  out.reserve(text.size());
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    std::string_view line(text.data() + pos, eol - pos);
    if (const std::size_t first = line.find_first_not_of(" \t"); first != std::string_view::npos) {
      line.remove_prefix(first + 1);  // the '>'
      if (!line.empty() && line.front() == ' ') line.remove_prefix(1);
      if (line.size() >= 2 && line[0] == '\\' && line[1] == '#') line.remove_prefix(1);
    }
    out.append(line);
    if (eol < text.size()) out += '\n';
    pos = eol + 1;
  }
  return out;
}

// A paste that went through HTML (an e-mail reply to a GitHub thread, a web page's source) has its
// markup escaped: "<gpu&gt;", "&nbsp; &nbsp; <timestamp&gt;". No tool writes either: &nbsp; is no
// XML entity (an XML document cannot hold it undeclared) and a tag is never closed by an entity,
// while a real document's values may hold an escaped &amp; or &lt;, which must stay escaped. So
// the text is unescaped only when it holds an &nbsp; or a line opens a tag that "&gt;" closes.
bool escaped_markup(std::string_view text) {
  if (text.find("&nbsp;") != std::string_view::npos) return true;
  for (std::size_t gt = text.find("&gt;"); gt != std::string_view::npos; gt = text.find("&gt;", gt + 4)) {
    const std::size_t line = text.rfind('\n', gt) + 1;  // npos + 1 == 0: the first line
    const std::size_t lt = text.rfind('<', gt);
    if (lt == std::string_view::npos || lt < line || lt + 1 >= gt) continue;
    const char c = text[lt + 1];
    if ((std::isalpha(static_cast<unsigned char>(c)) || c == '?' || c == '!' || c == '/') &&
        text.substr(lt, gt - lt).find('>') == std::string_view::npos)
      return true;
  }
  return false;
}

}  // namespace

std::string normalize_text(std::string_view raw) {
  if (raw.substr(0, 3) == "\xEF\xBB\xBF") raw.remove_prefix(3);
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size();) {
    const char c = raw[i];
    if (c == '\0') {
      ++i;
    } else if (c == '\x1b') {
      // A terminal's colour and cursor codes (nvidia-smi topo -m bolds its header on a tty; pastes
      // from a coloured log keep them): ESC [ parameters final-byte, or ESC and one character.
      std::size_t j = i + 1;
      if (j < raw.size() && raw[j] == '[') {
        ++j;
        while (j < raw.size() && static_cast<unsigned char>(raw[j]) >= 0x20 && static_cast<unsigned char>(raw[j]) <= 0x3F) ++j;
        while (j < raw.size() && static_cast<unsigned char>(raw[j]) >= 0x20 && static_cast<unsigned char>(raw[j]) <= 0x2F) ++j;
        if (j < raw.size()) ++j;  // the final byte
      } else if (j < raw.size()) {
        ++j;
      }
      i = j;
    } else if (c == '\r') {
      out += '\n';
      i += (i + 1 < raw.size() && raw[i + 1] == '\n') ? 2 : 1;
    } else if (const std::size_t n = utf8_sequence(raw, i); n > 0) {
      out.append(raw.substr(i, n));
      i += n;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
    }
  }
  out = unquote_markdown(std::move(out));
  return escaped_markup(out) ? html_unescape(out) : out;
}

}  // namespace gpuaudit::imports
