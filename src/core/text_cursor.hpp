// A cursor over a line of text for the small hand parsers that replaced std::regex: libstdc++'s
// regex matcher recurses once per character, so a 30 KB GPU name overflowed the stack (SIGSEGV).
// Each call looks at the text ahead and consumes it only when it matches, so a parser is a
// sequence of calls that reads like the pattern it replaces and runs in time linear in the text,
// with no recursion. tests/unit/source_no_unbounded_regex_test.cpp keeps std::regex out of src/.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace gpuaudit {

// What std::regex's \s and \d match in the classic locale.
constexpr bool is_regex_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
constexpr bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_ascii_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool is_ascii_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_ascii_alpha(char c) { return is_ascii_lower(c) || is_ascii_upper(c); }
constexpr bool is_ascii_alnum(char c) { return is_ascii_alpha(c) || is_ascii_digit(c); }
constexpr bool is_hex_digit(char c) { return is_ascii_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

class TextCursor {
 public:
  explicit TextCursor(std::string_view text, std::size_t at = 0) : s_(text), i_(at < text.size() ? at : text.size()) {}

  std::size_t at() const { return i_; }
  bool done() const { return i_ >= s_.size(); }
  std::string_view rest() const { return s_.substr(i_); }
  char peek() const { return done() ? '\0' : s_[i_]; }

  // Consumes `word` when the text continues with it.
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    return true;
  }
  // Consumes one character in `set`.
  bool one_of(std::string_view set) {
    if (done() || set.find(s_[i_]) == std::string_view::npos) return false;
    ++i_;
    return true;
  }
  // Consumes the longest run (at most `most`) of characters `ok` accepts; returns it, or nullopt
  // (consuming nothing) when it is shorter than `least`. A run longer than `most` is cut at
  // `most`, as a bounded regex repetition ({1,3}) stops there; the caller checks what follows.
  template <class Pred>
  std::optional<std::string_view> run(Pred ok, std::size_t least = 1, std::size_t most = std::string_view::npos) {
    std::size_t j = i_;
    while (j < s_.size() && j - i_ < most && ok(s_[j])) ++j;
    if (j - i_ < least) return std::nullopt;
    const std::string_view r = s_.substr(i_, j - i_);
    i_ = j;
    return r;
  }
  std::optional<std::string_view> digits(std::size_t least = 1, std::size_t most = std::string_view::npos) {
    return run(is_ascii_digit, least, most);
  }
  // \s*: how many were skipped.
  std::size_t spaces() {
    const std::size_t from = i_;
    while (!done() && is_regex_space(s_[i_])) ++i_;
    return i_ - from;
  }

 private:
  std::string_view s_;
  std::size_t i_;
};

// A regex search for "word<more>": `match` gets a cursor just after each place `word` occurs in
// `text`, left to right, until it returns true (then so does this).
template <class Match>
bool match_after_any(std::string_view text, std::string_view word, Match match) {
  for (auto p = text.find(word); p != std::string_view::npos; p = text.find(word, p + 1)) {
    TextCursor c(text, p + word.size());
    if (match(c)) return true;
  }
  return false;
}

}  // namespace gpuaudit
