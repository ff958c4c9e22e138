// The small string helpers every room used to write again: ASCII lower case, trimming and splitting.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuaudit {

// ASCII letters to lower case; every other byte (UTF-8 included) as it is.
std::string lower(std::string_view s);

// Without leading and trailing white space (std::isspace: space, \t, \n, \v, \f, \r).
std::string_view trim(std::string_view s);

// A command line as a POSIX shell would take it back: words of letters, digits and -_./=:,+@%
// as they are, every other word in single quotes ("sh -c 'echo hi'"; '' for an empty word).
std::string shell_words(const std::vector<std::string>& argv);

// The one value a set holds, or "mixed: a | b" when it holds several (a node's GPUs or CPUs that
// disagree on a setting); "" for an empty set.
std::string one_or_mixed(const std::set<std::string>& seen);

// The pieces between the separators, each trimmed: "a | b|" -> {"a", "b", ""}; "" -> {""}.
std::vector<std::string_view> split_trimmed(std::string_view s, char sep);

}  // namespace gpuaudit
