// The compute capability of a card from its name alone, by family ("GeForce RTX 50" -> 12.0,
// "H100" -> 9.0, "Tesla P40" -> 6.1). Used by the architecture fallback when a document names a
// card the baselines do not list and carries no compute capability (an imported nvidia-smi
// output has none), so an unknown card of a known family is still judged.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpuaudit {

struct GpuFamily {
  std::string compute_capability;  // "12.0"
  std::string architecture;        // "Blackwell"
  std::string family;              // what matched, for the note: "GeForce RTX 50"
};

// The first family whose pattern the name matches (case-insensitive, most specific first, so
// "RTX 5000 Ada Generation" is Ada and "Quadro RTX 4000" Turing); nullopt for a name of no known
// family.
std::optional<GpuFamily> family_from_name(std::string_view name);

}  // namespace gpuaudit
