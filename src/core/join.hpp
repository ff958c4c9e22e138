#pragma once
// One way to join a list for a message, a table cell or a CSV field, for every layer:
// join({"a", "b", "c"}) is "a, b, c"; join(ids, ";") is "a;b;c". Any range of strings (a vector,
// a set: in its own order).

#include <string>
#include <string_view>

namespace gpuaudit {

template <class Range>
std::string join(const Range& items, std::string_view sep = ", ") {
  std::string out;
  bool first = true;
  for (const auto& item : items) {
    if (!first) out += sep;
    out += item;
    first = false;
  }
  return out;
}

}  // namespace gpuaudit
