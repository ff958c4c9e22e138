// sliced: this GPU is a part of a card, or shares it.
//   MIG profile (high) | SM census below the model (high; the reported count alone: medium) |
//   vGPU virtualization mode | reported memory below the model's, or allocatable memory below the
//   reported (another process holds it) | co-tenant preemption gaps
//   at full SM count with throughput well below the model.
// Full-GPU passthrough ("passthrough") is a whole card in a VM: not a slice.
#include "report/format.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// What the card reports, against what the model reports (memory_mib_reported, exact where a real
// card was seen) or its label: a time-sliced vGPU profile shows a half or a quarter.
std::optional<double> reported_fraction(const GpuScoring& g, const Baseline& b, std::string& line) {
  if (!g.gpu->memory_total_bytes) return std::nullopt;
  const double gib = static_cast<double>(*g.gpu->memory_total_bytes) / kGiB;
  double ref = 0;
  std::string ref_text;
  if (b.memory_mib_reported && *b.memory_mib_reported > 0) {
    ref = *b.memory_mib_reported / 1024.0;
    ref_text = "; a full " + b.model + " reports " + fmt_num(ref, 1) + " GiB";
  } else if (b.memory_gib && *b.memory_gib > 0) {
    ref = *b.memory_gib;
    ref_text = "; a full " + b.model + " has " + fmt_num(ref, 0) + " GB";
  }
  if (ref <= 0) return std::nullopt;
  line = "the device reports " + fmt_num(gib, 1) + " GiB" + ref_text;
  return gib / ref;
}

// What could be allocated, against what the device reports: another process holding memory.
std::optional<double> allocatable_fraction(const GpuScoring& g, std::string& line) {
  const BenchmarkResult* b = g.bench("mem/allocatable");
  if (!b || !b->value()) return std::nullopt;
  // The benchmark's own fraction (of the total the runtime reported as it ran), else the inventory's.
  std::optional<double> frac;
  if (auto it = b->derived.find("fraction_of_reported"); it != b->derived.end() && it->second > 0) frac = it->second;
  else if (g.gpu->memory_total_bytes && *g.gpu->memory_total_bytes > 0)
    frac = *b->value() / (static_cast<double>(*g.gpu->memory_total_bytes) / kGiB);
  if (!frac) return std::nullopt;
  line = "mem/allocatable: " + fmt_num(*b->value(), 1) + " GiB, " + fmt_pct(*frac) + " of the memory the device reports";
  return frac;
}

// Compute throughput against the model: the lower of the tensor and vector groups.
std::optional<double> throughput_ratio(const GpuScoring& g) {
  const GroupView tensor = g.group(tensor_figures());
  const GroupView vec = g.group(vector_figures());
  if (tensor.present && vec.present) return std::min(tensor.ratio, vec.ratio);
  if (tensor.present) return tensor.ratio;
  if (vec.present) return vec.ratio;
  return std::nullopt;
}

}  // namespace

void rule_sliced(GpuScoring& g, const Thresholds& t) {
  const Baseline* b = g.baseline();
  if (!b) return;
  const GpuInfo& gpu = *g.gpu;
  const SliceShare& s = g.slice;
  Verdict v = make_verdict("sliced", gpu.index, "", "", "");
  Finding& f = v.finding;
  std::vector<std::string> shorts, summary;
  auto raise = [&](const char* c) { f.confidence = stronger(f.confidence, c); };
  const std::string full = std::to_string(b->sm_count);

  // Plain doubles, not optionals: GCC 12 misreads optional<double> here (-Wmaybe-uninitialized).
  double census_sms = -1;  // < 0: no census
  if (const BenchmarkResult* census = g.bench("sm/census"))
    if (const auto cv = census->value()) census_sms = *cv;
  const bool has_census = census_sms >= 0;

  if (s.kind == "mig") {
    raise("high");
    std::string sm = s.slice_sms ? std::to_string(*s.slice_sms) + " of " + full + " SMs" : "SMs unknown";
    shorts.push_back("MIG " + s.profile + ", " + sm);
    std::string line = "MIG slice " + s.profile + " of " + a_model(b->model) + ": " + sm;
    if (s.memory_slices) line += ", " + std::to_string(*s.memory_slices) + " of 8 memory slices";
    if (!s.note.empty()) line += " (" + s.note + ")";
    f.evidence.push_back(line);
    summary.push_back("This GPU is a MIG " + s.profile + " slice: " + sm +
                      (s.memory_slices ? " and " + std::to_string(*s.memory_slices) + "/8 of the memory bandwidth" : ""));
    if (has_census) f.evidence.push_back("sm/census: " + fmt_num(census_sms, 0) + " SMs ran work");
    if (s.slice_sms) f.figures["slice_sms"] = *s.slice_sms;
    f.figures["sm_fraction"] = s.sm_fraction;
    f.figures["memory_fraction"] = s.memory_fraction;
  } else if (s.kind == "census") {
    raise(has_census ? "high" : "medium");
    const std::string sm = std::to_string(*s.slice_sms) + " of " + full + " SMs";
    shorts.push_back(sm);
    f.evidence.push_back((has_census ? "sm/census: " + fmt_num(census_sms, 0) + " SMs ran work"
                                       : "the device reports " + std::to_string(*s.slice_sms) + " SMs (no census ran)") +
                         "; " + a_model(b->model) + " has " + full);
    summary.push_back("Only " + sm + " are available");
    f.figures["slice_sms"] = *s.slice_sms;
    f.figures["sm_fraction"] = s.sm_fraction;
  }

  // vGPU: the physical card belongs to a vGPU manager that time-slices it between VMs (unless
  // the vGPU is MIG-backed, which the MIG check above already said).
  const bool vgpu = gpu.virtualization_mode && *gpu.virtualization_mode == "vgpu";

  // Memory below the model's (not for MIG: a slice's memory is its profile's), or memory another
  // process holds.
  bool memory_low = false;
  std::string memory_short;
  if (s.kind != "mig") {
    std::string line;
    if (const auto frac = reported_fraction(g, *b, line); frac && *frac < t.rules.allocatable_fraction) {
      memory_low = true;
      f.evidence.push_back(line + " (" + fmt_pct(*frac) + "; threshold " + fmt_pct(t.rules.allocatable_fraction) + ")");
      f.figures["memory_fraction_of_model"] = *frac;
      const double gib = static_cast<double>(*gpu.memory_total_bytes) / kGiB;
      const double label = b->memory_gib.value_or(gib / *frac);
      summary.push_back("only " + fmt_num(gib, 0) + " of " + fmt_num(label, 0) + " GB of memory is visible");
      memory_short = fmt_num(gib, 0) + " of " + fmt_num(label, 0) + " GB memory";
    }
    if (const auto frac = allocatable_fraction(g, line); frac && *frac < t.rules.allocatable_fraction) {
      memory_low = true;
      f.evidence.push_back(line + " (threshold " + fmt_pct(t.rules.allocatable_fraction) + "): another process holds the rest");
      f.figures["allocatable_fraction"] = *frac;
      summary.push_back("another process holds " + fmt_pct(1.0 - *frac) + " of the memory");
      if (memory_short.empty()) memory_short = fmt_pct(*frac) + " of memory allocatable";
    }
  }

  // Co-tenants: long preemption gaps while every SM is ours and throughput is well below.
  bool shared = false;
  const BenchmarkResult* cont = g.bench("sm/contention");
  double gap_us = -1;  // < 0: not measured
  if (cont)
    if (const auto gv = cont->value()) gap_us = *gv;
  const std::optional<double> tp = throughput_ratio(g);
  const bool gaps = gap_us >= 0 && gap_us >= t.rules.contention_gap_us;
  if (gaps && s.kind == "full" && tp && *tp < t.rules.shared_throughput_max) {
    shared = true;
    std::string line = "sm/contention: kernels were stopped for up to " + fmt_num(gap_us / 1000.0, 1) + " ms";
    if (auto it = cont->derived.find("gaps_over_1ms"); it != cont->derived.end())
      line += " (" + fmt_num(it->second, 0) + " gaps over 1 ms)";
    line += " with all " + full + " SMs present; a dedicated GPU never pauses a kernel that long";
    f.evidence.push_back(line);
    f.figures["longest_gap_us"] = gap_us;
    f.figures["throughput_ratio"] = *tp;
    summary.push_back("kernels pause for up to " + fmt_num(gap_us / 1000.0, 1) + " ms while other work runs");
  }

  if (vgpu) {
    const bool time_sliced = s.kind != "mig";
    f.evidence.insert(f.evidence.begin(), std::string("virtualization mode vgpu: the card is run by the vGPU manager") +
                                              (time_sliced ? ", which time-slices it between VMs" : " (MIG-backed)"));
    if (time_sliced) {
      raise(memory_low || shared || (tp && *tp < t.rules.shared_throughput_max) ? "high" : "medium");
      shorts.insert(shorts.begin(), "time-sliced vGPU");
      summary.insert(summary.begin(), "This is a time-sliced vGPU");
    }
  }
  if (memory_low) {
    raise(vgpu ? "high" : "medium");
    shorts.push_back(memory_short);
  }
  if (shared) {
    raise("high");
    shorts.push_back("preemption gaps up to " + fmt_num(gap_us / 1000.0, 1) + " ms");
  }
  if (f.confidence.empty()) return;

  if (s.kind != "full") {
    // What the slice delivers against its share: a healthy slice sits near 100% here.
    for (const auto* names : {&tensor_figures(), &vector_figures(), &memory_figures()})
      if (const FigureScore* fs = g.first_scored(*names)) f.evidence.push_back(figure_evidence(*fs));
  }
  if (tp && s.kind == "full") {
    const GroupView tensor = g.group(tensor_figures());
    const GroupView vec = g.group(vector_figures());
    for (const GroupView* grp : {&tensor, &vec})
      if (grp->present) f.evidence.push_back(figure_evidence(*grp->figures.front()));
    shorts.push_back(fmt_pct(*tp) + " throughput");
  }
  std::string sum;
  for (const auto& x : summary) sum += (sum.empty() ? "" : "; ") + x;
  f.summary = sum + ".";
  std::string sh;
  for (const auto& x : shorts) sh += (sh.empty() ? "" : ", ") + x;
  v.short_text = sh;
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
