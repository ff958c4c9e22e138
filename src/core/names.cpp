#include "core/names.hpp"

#include "core/error.hpp"
#include "core/figure_catalogue.hpp"
#include "core/join.hpp"
#include "core/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace gpuaudit {

void check_figure_prefix(const std::string& prefix, const std::string& option) {
  const std::string family = prefix.substr(0, prefix.find('/'));
  const auto& f = figure_families();
  if (std::find(f.begin(), f.end(), family) != f.end()) return;
  throw input_error(option + ": \"" + family + "\" is no figure family" + did_you_mean(family, f) +
                    " (families: " + join(f) + ")");
}

const std::vector<std::string>& builtin_group_keys() {
  static const std::vector<std::string> k{"provider", "region", "instance", "gpu", "gpu_count"};
  return k;
}

void check_group_keys(const std::vector<std::string>& keys, const std::vector<std::string>& tag_keys) {
  std::vector<std::string> known = builtin_group_keys();
  for (const auto& t : tag_keys)
    if (std::find(known.begin(), known.end(), t) == known.end()) known.push_back(t);
  for (const auto& k : keys)
    if (std::find(known.begin(), known.end(), k) == known.end())
      throw input_error("--group-by: \"" + k + "\" is neither a built-in key nor a tag of any document" +
                        did_you_mean(k, known) + " (keys: " + join(known) + ")");
}

std::string normalize_currency(const std::string& text, const std::string& option) {
  std::string c;
  for (char ch : text) c += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  const bool ok = c.size() == 3 && std::all_of(c.begin(), c.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; });
  if (!ok) throw input_error(option + ": \"" + text + "\" is not a three-letter currency code (USD, EUR, JPY, ...)");
  return c;
}

}  // namespace gpuaudit
