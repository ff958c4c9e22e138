#include "score/slice.hpp"

#include "baselines/mig_profile_name.hpp"
#include "score/mig_profile_infer.hpp"

#include <algorithm>
#include <cmath>

namespace gpuaudit {

namespace {

std::optional<int> census_of(const ResultDocument& doc, const GpuInfo& gpu) {
  if (const BenchmarkResult* b = doc.find("sm/census", gpu.index))
    if (const auto v = b->value()) return static_cast<int>(std::lround(*v));
  return std::nullopt;
}

const MigProfile* profile_in(const Baseline& b, const std::string& name) {
  for (const auto& p : b.mig_profiles)
    if (p.name == name) return &p;
  return nullptr;
}

// "3g.40gb" -> compute slices 3, memory 40 GB; "1g.10gb+me" works too.
bool parse_profile(const std::string& name, int& gslices, double& gb) {
  const auto m = parse_mig_profile_name(name);
  if (!m) return false;
  gslices = m->compute_slices;
  gb = m->memory_gb;
  return true;
}

// A time-sliced vGPU: every SM of the board, shared in time; its framebuffer is the profile's.
// Kind stays "full": the card is whole as far as SMs go, and the rules read "full" on a sliced GPU
// as time-shared (clocks and memory are then not the cause of low figures).
SliceShare vgpu_share(const GpuInfo& gpu, const GpuReference& ref, const Baseline& b) {
  SliceShare s;
  if (b.sm_count > 0) s.full_sms = s.slice_sms = b.sm_count;
  s.sm_fraction = 1.0;
  const std::string shared = "time-sliced vGPU: all SMs, shared in time with the other vGPUs on the board";
  if (ref.vgpu_profile) {
    s.profile = s.vgpu_profile = ref.vgpu_profile->name;
    s.profile_memory_gib = ref.vgpu_profile->memory_gb;
    if (ref.vgpu_profile->memory_fraction) s.memory_fraction = *ref.vgpu_profile->memory_fraction;
    s.note = shared + "; memory share " + std::to_string(static_cast<int>(std::lround(s.memory_fraction * 100))) +
             "% = the profile's " + ref.vgpu_profile->name + " framebuffer over the board's";
    return s;
  }
  // vGPU mode without a profile name: the share from the memory the guest sees.
  s.note = shared + " (the name carries no profile)";
  if (gpu.memory_total_bytes && b.memory_gib && *b.memory_gib > 0) {
    const double gib = static_cast<double>(*gpu.memory_total_bytes) / (1024.0 * 1024.0 * 1024.0);
    s.memory_fraction = std::clamp(gib / *b.memory_gib, 0.0, 1.0);
    s.uncertain = true;
    s.note += "; memory share from the reported memory against the board's";
  }
  return s;
}

}  // namespace

SliceShare slice_share(const ResultDocument& doc, const GpuInfo& gpu, const GpuReference& ref) {
  SliceShare s;
  if (!ref.baseline) return s;
  const Baseline& b = *ref.baseline;
  const bool mig = gpu.mig.is_mig_device || ref.mig_profile.has_value() ||
                   (ref.vgpu_profile && ref.vgpu_profile->mig_backed());
  const bool vgpu = ref.vgpu_profile.has_value() || (gpu.virtualization_mode && *gpu.virtualization_mode == "vgpu");
  if (vgpu && !mig) return vgpu_share(gpu, ref, b);
  if (b.sm_count <= 0) {  // an estimate without an SM count: the share is unknown
    if (mig) s.kind = "mig";
    return s;
  }
  s.full_sms = b.sm_count;
  const std::optional<int> census = census_of(doc, gpu);

  if (mig) {
    s.kind = "mig";
    if (ref.vgpu_profile) s.vgpu_profile = ref.vgpu_profile->name;
    s.profile = ref.mig_profile ? ref.mig_profile->name
                                : gpu.mig.profile.value_or(ref.vgpu_profile ? ref.vgpu_profile->mig_profile : "");
    // A slice that names no profile (the table, -q before 590): its SMs and memory, where they
    // fit exactly one profile of the parent's table.
    std::string inferred_note;
    if (s.profile.empty())
      if (const auto inf = infer_mig_profile(b, gpu)) s.profile = inf->profile->name, inferred_note = inf->note;
    const MigProfile* p = ref.mig_profile ? &*ref.mig_profile : profile_in(b, s.profile);
    // SMs: the profile table first (from real `nvidia-smi mig -lgip` outputs), then what the
    // device itself reports, then the census; the compute-slice count of the name last.
    int gslices = 0;
    double gb = 0;
    const bool parsed = parse_profile(s.profile, gslices, gb);
    if (p && p->sm_count) {
      s.slice_sms = *p->sm_count;
      s.note = "SMs from the baseline's MIG profile table";
    } else if (gpu.sm_count) {
      s.slice_sms = *gpu.sm_count;
      s.note = "SMs as the slice reports them (the baseline does not list this profile's SMs)";
    } else if (census) {
      s.slice_sms = *census;
      s.note = "SMs from the census (the baseline does not list this profile's SMs)";
    } else if (parsed) {
      s.slice_sms = static_cast<int>(std::lround(b.sm_count * gslices / 7.0));
      s.uncertain = true;
      s.note = "SMs estimated as " + std::to_string(gslices) + "/7 of the card: the profile's SM count is unknown";
    }
    if (s.slice_sms) s.sm_fraction = std::min(1.0, static_cast<double>(*s.slice_sms) / b.sm_count);
    // Memory bandwidth follows the memory slices (of 8), not the SMs: 3g.40gb owns 4 of 8.
    if (p && p->memory_slices > 0) {
      s.memory_slices = p->memory_slices;
    } else if (parsed && b.memory_gib && *b.memory_gib > 0) {
      s.memory_slices = std::clamp(static_cast<int>(std::lround(8.0 * gb / *b.memory_gib)), 1, 8);
      s.uncertain = true;
      s.note += std::string(s.note.empty() ? "" : "; ") + "memory slices estimated from the profile's size";
    }
    if (!inferred_note.empty()) s.note = inferred_note + (s.note.empty() ? "" : "; " + s.note);
    if (s.memory_slices) s.memory_fraction = *s.memory_slices / 8.0;
    if (p && p->memory_gib) s.profile_memory_gib = p->memory_gib;
    else if (parsed) s.profile_memory_gib = gb;
    return s;
  }

  // Not MIG: fewer SMs than the model means part of the chip is fenced off (or a different
  // board). The census (SMs that actually ran work) beats the count the driver reports.
  const std::optional<int> seen = census ? census : gpu.sm_count;
  if (seen && *seen > 0 && *seen < b.sm_count) {
    s.kind = "census";
    s.slice_sms = *seen;
    s.sm_fraction = static_cast<double>(*seen) / b.sm_count;
    s.note = census ? "SMs that ran work in sm/census" : "SM count the device reports (no census ran)";
    s.uncertain = !census;
  }
  return s;
}

}  // namespace gpuaudit
