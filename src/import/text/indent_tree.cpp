#include "import/text/indent_tree.hpp"

#include "import/text/smi_values.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit::imports {

namespace {

bool same_key(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

// A deeper outline than nvidia-smi ever prints (it nests 6 levels) is not a dump: it is cut there so a
// hostile input cannot recurse without bound.
constexpr std::size_t kMaxDepth = 32;

}  // namespace

const IndentNode* IndentNode::child(std::initializer_list<std::string_view> keys) const {
  for (const auto& c : children)
    for (auto k : keys)
      if (same_key(c.key, k)) return &c;
  return nullptr;
}

std::optional<std::string> IndentNode::get(std::initializer_list<std::string_view> keys) const {
  const IndentNode* c = child(keys);
  if (!c || !c->value) return std::nullopt;
  return c->value;
}

int IndentNode::last_line() const {
  const IndentNode* n = this;
  while (!n->children.empty()) n = &n->children.back();
  return n->line;
}

IndentNode build_indent_tree(std::string_view text) {
  IndentNode root;
  root.indent = -1;
  std::vector<IndentNode*> stack{&root};
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;
    ++line_no;
    int indent = 0;
    std::size_t i = 0;
    for (; i < line.size() && (line[i] == ' ' || line[i] == '\t'); ++i) indent += line[i] == '\t' ? 4 : 1;
    std::string_view body = smi::trim(line.substr(i));
    if (body.empty()) {
      if (eol == text.size()) break;
      continue;
    }
    IndentNode n;
    n.line = line_no;
    n.indent = indent;
    // "Key      : value": the separator is the first colon followed by a space or the line's end
    // ("GPU 00000000:18:00.0" and "08:14:15" have colons followed by digits). A header has none.
    std::size_t sep = std::string_view::npos;
    for (std::size_t k = 0; k < body.size(); ++k)
      if (body[k] == ':' && (k + 1 == body.size() || body[k + 1] == ' ' || body[k + 1] == '\t')) {
        sep = k;
        break;
      }
    if (sep != std::string_view::npos && sep > 0) {
      n.key = std::string(smi::trim(body.substr(0, sep)));
      n.value = std::string(smi::trim(body.substr(sep + 1)));
    } else {
      n.key = std::string(body);
    }
    while (stack.size() > 1 && stack.back()->indent >= indent) stack.pop_back();
    if (stack.size() > kMaxDepth) stack.resize(kMaxDepth);
    IndentNode* parent = stack.back();
    parent->children.push_back(std::move(n));
    stack.push_back(&parent->children.back());
    if (eol == text.size()) break;
  }
  return root;
}

}  // namespace gpuaudit::imports
