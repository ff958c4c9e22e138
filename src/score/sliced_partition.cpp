// sliced, by partition: a MIG slice (high), a MIG device the reference cannot scale, a board whose
// MIG mode is on (state alone decides), or an SM census below the model (high; the reported
// count alone: medium).
#include "score/sliced_signs.hpp"

#include "text/format.hpp"
#include "score/evidence.hpp"

namespace gpuaudit::sliced {

namespace {

// GPU instances a MIG listing names on the board itself (mig.extra.gpu_instances), when no MIG
// device entry of it is in the document.
int listed_instances(const GpuInfo& gpu) {
  const json& e = gpu.mig.extra;
  if (!e.is_object() || !e.contains("gpu_instances") || !e["gpu_instances"].is_array()) return 0;
  return static_cast<int>(e["gpu_instances"].size());
}

}  // namespace

void judge_partition(const GpuScoring& g, SlicedFinding& out) {
  const Baseline* b = g.baseline();  // may be null: MIG needs no reference
  const GpuInfo& gpu = *g.gpu;
  const SliceShare& s = g.slice;
  Finding& f = out.f();
  auto& shorts = out.shorts;
  auto& summary = out.summary;
  auto raise = [&](const char* c) { out.raise(c); };
  const std::string full = b ? std::to_string(b->sm_count) : std::string("?");
  const std::string model = b ? a_model(b->model) : std::string("the card");

  // Plain doubles, not optionals: GCC 12 misreads optional<double> here (-Wmaybe-uninitialized).
  double census_sms = -1;  // < 0: no census
  if (const BenchmarkResult* census = g.bench("sm/census"))
    if (const auto cv = census->value()) census_sms = *cv;
  const bool has_census = census_sms >= 0;

  if (s.kind == "mig") {
    raise("high");
    std::string sm = s.slice_sms ? std::to_string(*s.slice_sms) + " of " + full + " SMs" : "SMs unknown";
    // An imported nvidia-smi table names no profile: say "a MIG slice", not "MIG  slice".
    const std::string named = s.profile.empty() ? std::string() : " " + s.profile;
    shorts.push_back("MIG" + (named.empty() ? std::string(" slice") : named) + ", " + sm);
    std::string line = "MIG slice" + named + " of " + model + ": " + sm;
    if (s.memory_slices) line += ", " + std::to_string(*s.memory_slices) + " of 8 memory slices";
    if (!s.note.empty()) line += " (" + s.note + ")";
    f.evidence.push_back(line);
    summary.push_back("This GPU is a MIG" + named + " slice: " + sm +
                      (s.memory_slices ? " and " + std::to_string(*s.memory_slices) + "/8 of the memory bandwidth" : ""));
    if (has_census) f.evidence.push_back("sm/census: " + fmt_num(census_sms, 0) + " SMs ran work");
    if (s.slice_sms) f.figures["slice_sms"] = *s.slice_sms;
    f.figures["sm_fraction"] = s.sm_fraction;
    f.figures["memory_fraction"] = s.memory_fraction;
  } else if (gpu.mig.is_mig_device) {
    // A MIG device the reference cannot scale (no baseline, or no profile table): still a slice.
    raise("high");
    const std::string profile = gpu.mig.profile.value_or("");
    shorts.push_back("MIG " + (profile.empty() ? std::string("slice") : profile));
    f.evidence.push_back("the device is a MIG slice" + (profile.empty() ? std::string() : " (profile " + profile + ")") +
                         (gpu.sm_count ? ", " + std::to_string(*gpu.sm_count) + " SMs" : std::string()));
    summary.push_back("This GPU is a MIG " + (profile.empty() ? std::string("slice") : profile + " slice") + " of a larger card");
  } else if (gpu.mig.mode_enabled.value_or(false)) {
    // The board itself, with MIG mode on: its SMs and memory are split into GPU instances, and a
    // process runs on one instance, never on the whole card (CUDA cannot use a MIG-mode board
    // that has none). State alone decides it, whatever the figures say.
    raise("high");
    int instances = 0;
    for (const auto& other : g.doc->gpus)
      if (other.mig.is_mig_device && (!other.mig.parent_uuid || gpu.uuid.empty() || *other.mig.parent_uuid == gpu.uuid))
        ++instances;
    if (instances == 0) instances = listed_instances(gpu);
    shorts.push_back("MIG mode enabled");
    f.evidence.push_back("MIG mode is enabled on " + model +
                         (instances > 0 ? " (" + std::to_string(instances) + " MIG device(s) listed)" : std::string()) +
                         ": work runs on a GPU instance, not on the whole card");
    summary.push_back("MIG mode is enabled: the card is partitioned into GPU instances");
  } else if (s.kind == "census") {
    raise(has_census ? "high" : "medium");
    const std::string sm = std::to_string(*s.slice_sms) + " of " + full + " SMs";
    shorts.push_back(sm);
    f.evidence.push_back((has_census ? "sm/census: " + fmt_num(census_sms, 0) + " SMs ran work"
                                       : "the device reports " + std::to_string(*s.slice_sms) + " SMs (no census ran)") +
                         "; " + model + " has " + full);
    summary.push_back("Only " + sm + " are available");
    f.figures["slice_sms"] = *s.slice_sms;
    f.figures["sm_fraction"] = s.sm_fraction;
  }
}

}  // namespace gpuaudit::sliced
