// The indentation outline of a `nvidia-smi -q` dump, built before anything is read from it.
//
// nvidia-smi prints "Key<padding>: value" lines and value-less section headers, nesting by four
// spaces. Reading the outline first (rather than grepping lines) is what lets one parser take every
// driver version: "Power Limit" means different things under "Power Readings" and "Module Power
// Readings", "Max"/"Current" mean different things under "PCIe Generation" and "Link Width", and a
// missing section simply has no node. Only relative indentation matters, so a paste indented as a
// whole (a Markdown quote, a code block) reads the same.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit::imports {

struct IndentNode {
  std::string key;                   // "Product Name", "GPU 00000000:18:00.0", "PCIe Generation"
  std::optional<std::string> value;  // after the " : "; nullopt for a section header
  int line = 0;                      // 1-based
  int indent = 0;                    // columns of leading white space (a tab counts 4)
  std::vector<IndentNode> children;

  // First child whose key matches one of `keys`, case-insensitively; nullptr when none.
  const IndentNode* child(std::initializer_list<std::string_view> keys) const;
  // Its value, or nullopt when the child is absent or is a header.
  std::optional<std::string> get(std::initializer_list<std::string_view> keys) const;
  int last_line() const;  // the last line inside this node
};

// The whole text as a tree under a root (key "", indent -1). Blank lines are skipped.
IndentNode build_indent_tree(std::string_view text);

}  // namespace gpuaudit::imports
