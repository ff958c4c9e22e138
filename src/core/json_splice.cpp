#include "core/json_splice.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::size_t skip_space(const std::string& s, std::size_t i) {
  while (i < s.size() && is_space(s[i])) ++i;
  return i;
}

// s[i] is '"': the index just past the closing quote, or npos.
std::size_t skip_string(const std::string& s, std::size_t i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '\\') ++i;
    else if (s[i] == '"') return i + 1;
  }
  return std::string::npos;
}

// The index just past the value starting at s[i], or npos. Brackets are counted outside strings;
// a scalar (number, true, false, null) runs to the next delimiter.
std::size_t skip_value(const std::string& s, std::size_t i) {
  if (i >= s.size()) return std::string::npos;
  if (s[i] == '"') return skip_string(s, i);
  if (s[i] == '{' || s[i] == '[') {
    int depth = 0;
    while (i < s.size()) {
      const char c = s[i];
      if (c == '"') {
        i = skip_string(s, i);
        if (i == std::string::npos) return i;
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      else if (c == '}' || c == ']') {
        if (--depth == 0) return i + 1;
      }
      ++i;
    }
    return std::string::npos;
  }
  const std::size_t start = i;
  while (i < s.size() && !is_space(s[i]) && s[i] != ',' && s[i] != '}' && s[i] != ']') ++i;
  return i == start ? std::string::npos : i;
}

// The whitespace in front of position `at` on its line, when only whitespace precedes it there.
std::optional<std::string> line_indent(const std::string& s, std::size_t at) {
  std::size_t b = at;
  while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t')) --b;
  if (b == 0 || s[b - 1] != '\n') return std::nullopt;
  return s.substr(b, at - b);
}

std::string dump(const json& v, const std::optional<std::string>& indent) {
  if (!indent || indent->empty()) return v.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string text = v.dump(static_cast<int>(indent->size()), (*indent)[0], false, json::error_handler_t::replace);
  // Nested lines start at the member's own column.
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    out += c;
    if (c == '\n') out += *indent;
  }
  return out;
}

}  // namespace

std::optional<std::vector<MemberSpan>> top_level_members(const std::string& s) {
  std::vector<MemberSpan> out;
  std::size_t i = skip_space(s, 0);
  if (i >= s.size() || s[i] != '{') return std::nullopt;
  i = skip_space(s, i + 1);
  if (i < s.size() && s[i] == '}') return skip_space(s, i + 1) == s.size() ? std::optional(out) : std::nullopt;
  for (;;) {
    if (i >= s.size() || s[i] != '"') return std::nullopt;
    MemberSpan m;
    m.key_begin = i;
    const std::size_t key_end = skip_string(s, i);
    if (key_end == std::string::npos) return std::nullopt;
    try {
      m.key = json::parse(s.begin() + static_cast<std::ptrdiff_t>(i), s.begin() + static_cast<std::ptrdiff_t>(key_end))
                  .get<std::string>();
    } catch (const json::exception&) {
      return std::nullopt;
    }
    i = skip_space(s, key_end);
    if (i >= s.size() || s[i] != ':') return std::nullopt;
    m.value_begin = skip_space(s, i + 1);
    m.value_end = skip_value(s, m.value_begin);
    if (m.value_end == std::string::npos) return std::nullopt;
    out.push_back(std::move(m));
    i = skip_space(s, out.back().value_end);
    if (i < s.size() && s[i] == ',') {
      i = skip_space(s, i + 1);
      continue;
    }
    if (i < s.size() && s[i] == '}') return skip_space(s, i + 1) == s.size() ? std::optional(out) : std::nullopt;
    return std::nullopt;
  }
}

std::optional<std::string> splice_members(const std::string& text, const std::vector<std::pair<std::string, json>>& members) {
  const auto spans = top_level_members(text);
  if (!spans) return std::nullopt;
  // The file's style, from its first member: the indent of its line and what stands between key and value.
  std::optional<std::string> indent;
  std::string colon = ": ";
  if (!spans->empty()) {
    const MemberSpan& first = spans->front();
    indent = line_indent(text, first.key_begin);
    colon = text.substr(skip_string(text, first.key_begin), first.value_begin - skip_string(text, first.key_begin));
  } else {
    indent = std::string(2, ' ');
  }

  struct Edit {
    std::size_t begin, end;
    std::string with;
  };
  std::vector<Edit> edits;
  std::string appended;
  for (const auto& member : members) {
    // Not a structured binding: clang before 16 (the fuzz build's clang-14) cannot capture one.
    const auto& key = member.first;
    const auto& value = member.second;
    const auto same_key = [&key](const MemberSpan& m) { return m.key == key; };
    const auto n = std::count_if(spans->begin(), spans->end(), same_key);
    if (n > 1) return std::nullopt;
    const auto it = std::find_if(spans->begin(), spans->end(), same_key);
    if (it != spans->end()) {
      edits.push_back({it->value_begin, it->value_end, dump(value, line_indent(text, it->key_begin))});
      continue;
    }
    const std::string key_text = json(key).dump(-1, ' ', false, json::error_handler_t::replace);
    if (indent) appended += ",\n" + *indent + key_text + colon + dump(value, indent);
    else appended += "," + key_text + colon + dump(value, indent);
  }
  if (!appended.empty()) {
    if (spans->empty()) {
      // "{}": the new members go between the braces, without a leading comma.
      const std::size_t open = text.find('{');
      edits.push_back({open + 1, open + 1, appended.substr(1) + "\n"});
    } else {
      const std::size_t at = spans->back().value_end;
      edits.push_back({at, at, appended});
    }
  }
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  out.reserve(text.size() + 4096);
  std::size_t at = 0;
  for (const auto& e : edits) {
    out.append(text, at, e.begin - at);
    out += e.with;
    at = e.end;
  }
  out.append(text, at, std::string::npos);
  return out;
}

}  // namespace gpuaudit
