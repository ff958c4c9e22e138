#include "baselines/vgpu_profile.hpp"

#include <cctype>
#include <regex>
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

std::optional<VgpuProfile> parse_vgpu_profile(std::string_view name) {
  // Board codes are letters and digits (H100XM, A100DX, RTX6000, M60); a space inside is allowed
  // for the odd "RTX 6000"-style code. The whole name must be the profile, so "A100-SXM4-80GB"
  // (no type letter) and "... MIG 1g.10gb" never match.
  static const std::regex re(R"(^\s*(?:NVIDIA\s+|GRID\s+)?([A-Za-z][A-Za-z0-9]*(?: [A-Za-z0-9]+)*)-(?:([1-8])-)?(\d{1,3})([QCABqcab])\s*$)",
                             std::regex::ECMAScript | std::regex::optimize);
  const std::string s(name);
  std::smatch m;
  if (!std::regex_match(s, m, re)) return std::nullopt;
  VgpuProfile p;
  p.board = m[1].str();
  const int gb = std::stoi(m[3].str());
  p.memory_gb = gb == 0 ? 0.5 : gb;  // "M60-0Q": 512 MB
  p.type = static_cast<char>(std::toupper(static_cast<unsigned char>(m[4].str()[0])));
  if (m[2].matched) {
    p.mig_compute_slices = std::stoi(m[2].str());
    p.mig_profile = m[2].str() + "g." + m[3].str() + "gb";
    p.name = p.board + "-" + m[2].str() + "-" + m[3].str() + p.type;
  } else {
    p.name = p.board + "-" + m[3].str() + p.type;
  }
  return p;
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
