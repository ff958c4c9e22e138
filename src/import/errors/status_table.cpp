#include "import/errors/status_table.hpp"

#include <cctype>

namespace gpuaudit::imports {

namespace {

bool ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

const StatusCode* status_numbered(std::span<const StatusCode> table, long n) {
  for (const auto& c : table)
    if (c.number == n) return &c;
  return nullptr;
}

const StatusCode* status_first_numbered(std::span<const StatusCode> table, const std::vector<long>& numbers) {
  for (const long n : numbers)
    if (const StatusCode* c = status_numbered(table, n)) return c;
  return nullptr;
}

const StatusCode* status_named(std::span<const StatusCode> table, std::string_view line, std::string_view prefix) {
  if (prefix.empty()) return nullptr;
  for (std::size_t at = line.find(prefix); at != std::string_view::npos; at = line.find(prefix, at + 1)) {
    if (at > 0 && ident(line[at - 1])) continue;
    std::size_t end = at;
    while (end < line.size() && ident(line[end])) ++end;
    for (const auto& c : table)
      if (line.substr(at, end - at) == c.name) return &c;
  }
  return nullptr;
}

ErrorMeaning status_meaning(const StatusCode& code, std::string_view library) {
  return ErrorMeaning{code.cls, code.kind, code.confidence, std::string(library) + " " + code.name + ": " + code.meaning};
}

}  // namespace gpuaudit::imports
