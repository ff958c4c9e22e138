#include "core/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit {

namespace {
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t subst = prev[j - 1] + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::optional<std::string> nearest_name(std::string_view word, const std::vector<std::string>& candidates) {
  if (word.empty() || candidates.empty()) return std::nullopt;
  const std::size_t allowed = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::optional<std::string> best;
  std::size_t best_d = allowed + 1;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_d) best_d = d, best = c;
  }
  if (best) return best;
  std::optional<std::string> prefixed;
  for (const auto& c : candidates) {
    if (c.size() > word.size() &&
        std::equal(word.begin(), word.end(), c.begin(), [](char x, char y) { return lower(x) == lower(y); })) {
      if (prefixed) return std::nullopt;  // ambiguous
      prefixed = c;
    }
  }
  return prefixed;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  const auto n = nearest_name(word, candidates);
  return n ? "; did you mean '" + *n + "'?" : std::string();
}

}  // namespace gpuaudit
