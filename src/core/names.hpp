// One validation for the names a person types on the command line and a typo could silently
// void: figure families (--max-regression hbm=3%), group keys (--group-by provider,region) and
// currencies (--currency eur). A wrong name is refused with the nearest right one, never turned
// into a rule that matches nothing or a group called "unknown".
#pragma once

#include <string>
#include <vector>

namespace gpuaudit {

// Throws input_error("OPTION: \"hbmx\" is no figure family; did you mean 'hbm'? (families: …)")
// when the part of `prefix` before the first '/' is not a family.
void check_figure_prefix(const std::string& prefix, const std::string& option);

// The keys --group-by accepts without a tag: provider, region, instance, gpu, gpu_count.
const std::vector<std::string>& builtin_group_keys();

// Throws input_error when a key is neither built in nor a tag of any of the documents.
void check_group_keys(const std::vector<std::string>& keys, const std::vector<std::string>& tag_keys);

// "eur" -> "EUR"; anything but three ASCII letters is refused (ISO 4217 codes).
std::string normalize_currency(const std::string& text, const std::string& option);

}  // namespace gpuaudit
