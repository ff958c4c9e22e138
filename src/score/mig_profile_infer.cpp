#include "score/mig_profile_infer.hpp"

#include "baselines/mig_profile_name.hpp"
#include "text/format.hpp"

#include <cmath>
#include <vector>

namespace gpuaudit {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

bool is_media_twin(const std::string& name) { return name.size() > 3 && name.compare(name.size() - 3, 3, "+me") == 0; }

// "2g.20gb" -> 20 (the GB the name rounds to).
std::optional<double> named_gb(const std::string& name) {
  if (const auto m = parse_mig_profile_name(name)) return m->memory_gb;
  return std::nullopt;
}

// The profile's memory in GiB as -lgip prints it, from its own entry or (for "+me") its base's.
std::optional<double> lgip_gib(const Baseline& b, const MigProfile& p) {
  if (p.memory_gib) return p.memory_gib;
  if (!is_media_twin(p.name)) return std::nullopt;
  const std::string base = p.name.substr(0, p.name.size() - 3);
  for (const auto& q : b.mig_profiles)
    if (q.name == base) return q.memory_gib;
  return std::nullopt;
}

bool memory_fits(const Baseline& b, const MigProfile& p, double gib) {
  if (const auto l = lgip_gib(b, p)) return std::fabs(*l - gib) <= 0.25;
  if (const auto n = named_gb(p.name)) return std::fabs(*n - gib) <= 0.1 * *n;
  return false;
}

// The OFA count the slice reports: the table's shared engines ("ofa"), -q's "OFA Count".
std::optional<long long> ofa_of(const GpuInfo& gpu) {
  if (!gpu.mig.extra.is_object() || !gpu.mig.extra.contains("shared")) return std::nullopt;
  const json& sh = gpu.mig.extra["shared"];
  if (!sh.is_object()) return std::nullopt;
  for (const char* k : {"ofa", "ofa count"})
    if (const auto it = sh.find(k); it != sh.end() && it->is_number_integer()) return it->get<long long>();
  return std::nullopt;
}

}  // namespace

std::optional<InferredMigProfile> infer_mig_profile(const Baseline& b, const GpuInfo& gpu) {
  if (!gpu.mig.is_mig_device || (gpu.mig.profile && !gpu.mig.profile->empty())) return std::nullopt;
  if (!gpu.sm_count || !gpu.memory_total_bytes || *gpu.memory_total_bytes == 0) return std::nullopt;
  const double gib = static_cast<double>(*gpu.memory_total_bytes) / kGiB;
  std::vector<const MigProfile*> fits;
  for (const auto& p : b.mig_profiles)
    if (p.sm_count && *p.sm_count == *gpu.sm_count && memory_fits(b, p, gib)) fits.push_back(&p);
  std::string twin;  // how a profile was told from its +me twin
  if (fits.size() == 2 && is_media_twin(fits[0]->name) != is_media_twin(fits[1]->name)) {
    const MigProfile* plain = is_media_twin(fits[0]->name) ? fits[1] : fits[0];
    const MigProfile* media = is_media_twin(fits[0]->name) ? fits[0] : fits[1];
    if (media->name != plain->name + "+me") return std::nullopt;
    const auto ofa = ofa_of(gpu);
    if (!ofa) return std::nullopt;
    fits = {*ofa > 0 ? media : plain};
    twin = *ofa > 0 ? "; its OFA makes it the +me twin" : "; no OFA, so not its +me twin";
  }
  if (fits.size() != 1) return std::nullopt;
  return InferredMigProfile{fits.front(), "profile " + fits.front()->name + " inferred from " + std::to_string(*gpu.sm_count) +
                                              " SMs and " + fmt_num(gib, 2) + " GiB: the only one of the " + b.model +
                                              " MIG profile table with both" + twin};
}

}  // namespace gpuaudit
