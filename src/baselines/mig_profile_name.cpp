#include "baselines/mig_profile_name.hpp"

#include "core/parse_number.hpp"
#include "core/text_cursor.hpp"

namespace gpuaudit {

std::optional<MigProfileName> parse_mig_profile_name(std::string_view name) {
  TextCursor c(name);
  MigProfileName p;
  const auto g = c.digits();
  if (!g || !c.literal("g.")) return std::nullopt;
  const auto gb = c.digits();
  if (!gb || !c.literal("gb")) return std::nullopt;
  const auto slices = parse_integer<int>(*g);
  const auto memory = parse_finite(*gb);
  if (!slices || !memory) return std::nullopt;
  p.compute_slices = *slices;
  p.memory_gb = *memory;
  p.slices_text = *g;
  p.gb_text = *gb;
  p.suffix = c.rest();
  return p;
}

bool known_mig_profile_suffix(std::string_view suffix) {
  return suffix.empty() || suffix == "+me" || suffix == "+me.all" || suffix == "+gfx" || suffix == "-me";
}

}  // namespace gpuaudit
