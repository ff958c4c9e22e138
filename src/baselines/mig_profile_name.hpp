// A MIG profile's name as NVIDIA writes it: "<g>g.<m>gb" and a variant suffix ("3g.40gb",
// "1g.10gb+me", "1g.20gb-me", "1g.24gb+gfx", "1g.10gb+me.all"; the MIG user guide's "Supported
// MIG Profiles" tables, docs.nvidia.com/datacenter/tesla/mig-user-guide). One parser for the
// baselines check, the slice share and the profile inference, linear in the name and without
// exceptions (std::regex overflowed the stack on a 30 KB name; std::stoi threw on 20 digits).
#pragma once

#include <optional>
#include <string_view>

namespace gpuaudit {

struct MigProfileName {
  int compute_slices = 0;        // the <g>
  double memory_gb = 0;          // the <m>
  std::string_view slices_text;  // as written ("3")
  std::string_view gb_text;      // as written ("40")
  std::string_view suffix;       // what follows "gb" ("+me", "" for a plain profile)
};

// The leading "<digits>g.<digits>gb" of `name`, else nullopt (also for numbers out of range).
std::optional<MigProfileName> parse_mig_profile_name(std::string_view name);

// A suffix of NVIDIA's tables: "", "+me", "+me.all", "+gfx", "-me".
bool known_mig_profile_suffix(std::string_view suffix);

}  // namespace gpuaudit
