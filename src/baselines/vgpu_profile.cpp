#include "baselines/vgpu_profile.hpp"

#include "core/parse_number.hpp"
#include "core/text_cursor.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace gpuaudit {

std::string VgpuProfile::type_words() const {
  switch (type) {
    case 'Q': return "virtual workstation";
    case 'C': return "compute";
    case 'B': return "virtual PC";
    case 'A': return "virtual applications";
    default: return "unknown type";
  }
}

namespace {

// A board code: letters and digits starting with a letter, words joined by single spaces
// (H100XM, A100DX, RTX6000, M60, the odd "RTX 6000"-style code).
bool board_code(std::string_view b) {
  if (b.empty() || !is_ascii_alpha(b.front()) || b.back() == ' ') return false;
  for (std::size_t i = 0; i < b.size(); ++i)
    if (!is_ascii_alnum(b[i]) && !(b[i] == ' ' && b[i + 1] != ' ')) return false;
  return true;
}

// "<board>-[<g>-]<gb><type>", the whole text. The board ends at the first '-' (it has none).
std::optional<VgpuProfile> profile_of(std::string_view s) {
  const auto dash = s.find('-');
  if (dash == std::string_view::npos || !board_code(s.substr(0, dash))) return std::nullopt;
  std::string_view tail = s.substr(dash + 1);
  std::string_view slices;
  if (tail.size() >= 2 && tail[0] >= '1' && tail[0] <= '8' && tail[1] == '-') {  // "1-10C": MIG-backed
    slices = tail.substr(0, 1);
    tail.remove_prefix(2);
  }
  if (tail.size() < 2 || tail.size() > 4 || std::string_view("QCABqcab").find(tail.back()) == std::string_view::npos)
    return std::nullopt;
  const std::string_view gb = tail.substr(0, tail.size() - 1);
  const auto gb_number = parse_integer<int>(gb);
  if (!gb_number || !std::all_of(gb.begin(), gb.end(), is_ascii_digit)) return std::nullopt;
  VgpuProfile p;
  p.board = std::string(s.substr(0, dash));
  p.memory_gb = *gb_number == 0 ? 0.5 : *gb_number;  // "M60-0Q": 512 MB
  p.type = static_cast<char>(std::toupper(static_cast<unsigned char>(tail.back())));
  if (!slices.empty()) {
    p.mig_compute_slices = slices[0] - '0';
    p.mig_profile = std::string(slices) + "g." + std::string(gb) + "gb";
    p.name = p.board + "-" + std::string(slices) + "-" + std::string(gb) + p.type;
  } else {
    p.name = p.board + "-" + std::string(gb) + p.type;
  }
  return p;
}

}  // namespace

std::optional<VgpuProfile> parse_vgpu_profile(std::string_view name) {
  // The whole name must be the profile, so "A100-SXM4-80GB" (no type letter) and "... MIG
  // 1g.10gb" never match. A "NVIDIA " or "GRID " before it is taken off when what follows is a
  // profile; otherwise it stays part of the board code ("NVIDIA 6000-8Q": board "NVIDIA 6000").
  // A hand parser, linear in the name: std::regex overflowed the stack on a 30 KB name.
  while (!name.empty() && is_regex_space(name.front())) name.remove_prefix(1);
  while (!name.empty() && is_regex_space(name.back())) name.remove_suffix(1);
  for (const std::string_view prefix : {std::string_view("NVIDIA"), std::string_view("GRID")}) {
    if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix || !is_regex_space(name[prefix.size()]))
      continue;
    std::string_view rest = name.substr(prefix.size());
    while (!rest.empty() && is_regex_space(rest.front())) rest.remove_prefix(1);
    if (auto p = profile_of(rest)) return p;
  }
  return profile_of(name);
}

std::string vgpu_board_baseline_id(std::string_view board) {
  // NVIDIA Virtual GPU Software user guide / vGPU types reference ("Hopper Architecture vGPU
  // Types"; Ampere and Volta tables for the A100 and V100 codes; docs/baselines.md, vGPU profile).
  static const std::pair<const char*, const char*> table[] = {
      {"H100", "h100-pcie-80gb"},      {"H100XM", "h100-sxm5-80gb"},  {"H100L", "h100-nvl-94gb"},
      {"H200X", "h200-sxm-141gb"},     {"H200", "h200-nvl-141gb"},    {"H800", "h800-pcie-80gb"},
      {"H800XM", "h800-sxm5-80gb"},    {"H20", "h20-96gb"},           {"H20X", "h20-141gb"},
      {"A100", "a100-pcie-40gb"},      {"A100X", "a100-sxm4-40gb"},   {"A100D", "a100-pcie-80gb"},
      {"A100DX", "a100-sxm4-80gb"},    {"A800D", "a800-pcie-80gb"},   {"A800DX", "a800-sxm4-80gb"},
      {"V100", "tesla-v100-pcie-16gb"}, {"V100X", "tesla-v100-sxm2-16gb"},
      {"V100D", "tesla-v100-pcie-32gb"}, {"V100DX", "tesla-v100-sxm2-32gb"},
      {"V100S", "tesla-v100s-pcie-32gb"}, {"P100", "tesla-p100-pcie-16gb"}, {"P100X", "tesla-p100-sxm2-16gb"},
      // Blackwell data-centre RTX: "NVIDIA RTX Pro 6000 Blackwell DC-48C" (the DC = Server Edition).
      {"RTX PRO 6000 BLACKWELL DC", "rtx-pro-6000-blackwell-server"}, {"DC", "rtx-pro-6000-blackwell-server"},
  };
  std::string up(board);
  for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const auto& [code, id] : table)
    if (up == code) return id;
  return "";
}

}  // namespace gpuaudit
