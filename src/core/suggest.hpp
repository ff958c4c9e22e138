// "Did you mean …?": the nearest of a set of names to a typo, for every place that refuses a name
// (subcommands, --only, --max-regression families, --group-by keys, currencies).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// Levenshtein distance, case-insensitive (ASCII).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `word`, when it is close enough to be the word meant: at most a third of
// its length (at least 1, at most 3 edits), or `word` is a prefix of exactly one candidate.
std::optional<std::string> nearest_name(std::string_view word, const std::vector<std::string>& candidates);

// "; did you mean 'info'?" or "" — to append to an error line.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace gpuaudit
