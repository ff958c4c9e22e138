// sliced: this GPU is a part of a card, or shares it.
//   MIG profile (high) | SM census below the model (high; the reported count alone: medium) |
//   reported memory below the model's, or allocatable memory below the reported (another process
//   holds it) | co-tenant preemption gaps at full SM count with throughput well below the model |
//   vGPU virtualization mode or a vGPU profile name ("NVIDIA A10-24Q", "GRID T4-8Q") | other
//   compute processes or utilisation above cotenant_util_pct in the inventory gpuaudit took
//   before its own work (co-tenants, medium; high when a figure shows the loss) | a vGPU host's
//   view of a physical board carrying vGPUs (`nvidia-smi vgpu`, extra.vgpus: medium; high with
//   two or more, the board then time-sliced between guests).
// State alone decides MIG, vGPU and co-tenants (no reference needed); a low figure raises the
// confidence. Full-GPU passthrough ("passthrough") is a whole card in a VM: not a slice.
#include "core/text_cursor.hpp"
#include "text/format.hpp"
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

// The vGPU profile in a device name: "NVIDIA A10-24Q" -> "A10-24Q", "GRID T4-8Q" -> "T4-8Q",
// "NVIDIA H100XM-40C" -> "H100XM-40C". vGPU guests see the profile as the device's name: a
// number of GB and a letter for the series (Q workstation, C compute, A app streaming, B
// desktop). No bare card's nvidia-smi name ends that way ("80GB" has no digit before its B); a
// "GRID" prefix alone is no sign (GRID K520 is a whole board).
std::string vgpu_profile(const std::string& name) {
  // The name's last word (after its last white space, none after it): <anything>-<digits><QCAB>.
  std::size_t start = name.size();
  while (start > 0 && !is_regex_space(name[start - 1])) --start;
  const std::string_view word = std::string_view(name).substr(start);
  if (word.size() < 4 || std::string_view("QCAB").find(word.back()) == std::string_view::npos) return "";
  std::size_t d = word.size() - 1;
  while (d > 0 && is_ascii_digit(word[d - 1])) --d;
  if (d == word.size() - 1 || d < 2 || word[d - 1] != '-') return "";
  return std::string(word);
}

struct CoTenants {
  std::string compute;   // "python3 (pid 4711, 20.0 GiB), ..." : compute processes not gpuaudit
  std::string graphics;  // graphics-only processes (Xorg, gnome-shell)
  int count = 0;
};

CoTenants co_tenants(const GpuInfo& gpu) {
  CoTenants c;
  for (const auto& p : gpu.processes) {
    if (p.name.find("gpuaudit") != std::string::npos) continue;
    std::string line = p.name.empty() ? std::string("a process") : p.name;
    std::string detail;
    if (p.pid) detail = "pid " + std::to_string(*p.pid);
    if (p.used_memory_bytes)
      detail += (detail.empty() ? "" : ", ") + fmt_num(static_cast<double>(*p.used_memory_bytes) / kGiB, 1) + " GiB";
    if (!detail.empty()) line += " (" + detail + ")";
    const bool graphics_only = p.type == "G";
    std::string& into = graphics_only ? c.graphics : c.compute;
    into += (into.empty() ? "" : ", ") + line;
    if (!graphics_only) ++c.count;
  }
  return c;
}

// The vGPUs a physical board carries, as the vGPU host lists them (nvidia-smi vgpu / vgpu -q,
// GpuInfo.extra["vgpus"]): "NVIDIA A40-24A for VM 'sss'".
std::vector<std::string> hosted_vgpus(const GpuInfo& gpu) {
  std::vector<std::string> out;
  if (!gpu.extra.is_object() || !gpu.extra.contains("vgpus") || !gpu.extra["vgpus"].is_array()) return out;
  for (const auto& v : gpu.extra["vgpus"]) {
    if (!v.is_object()) continue;
    std::string line = v.contains("profile") && v["profile"].is_string() ? v["profile"].get<std::string>() : "a vGPU";
    if (v.contains("vm_name") && v["vm_name"].is_string()) line += " for VM " + v["vm_name"].get<std::string>();
    out.push_back(std::move(line));
  }
  return out;
}

// GPU instances a MIG listing names on the board itself (mig.extra.gpu_instances), when no MIG
// device entry of it is in the document.
int listed_instances(const GpuInfo& gpu) {
  const json& e = gpu.mig.extra;
  if (!e.is_object() || !e.contains("gpu_instances") || !e["gpu_instances"].is_array()) return 0;
  return static_cast<int>(e["gpu_instances"].size());
}

}  // namespace

void rule_sliced(GpuScoring& g, const Thresholds& t) {
  const Baseline* b = g.baseline();  // may be null: MIG, vGPU and co-tenants need no reference
  const GpuInfo& gpu = *g.gpu;
  const SliceShare& s = g.slice;
  Verdict v = make_verdict("sliced", gpu.index, "", "", "");
  Finding& f = v.finding;
  std::vector<std::string> shorts, summary;
  auto raise = [&](const char* c) { f.confidence = stronger(f.confidence, c); };
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

  // vGPU: the physical card belongs to a vGPU manager that time-slices it between VMs (unless
  // the vGPU is MIG-backed, which the MIG check above already said). The guest sees it either
  // in the virtualization mode or in the profile name the driver gives the device.
  const std::string profile = vgpu_profile(gpu.name);
  const bool vgpu_mode = gpu.virtualization_mode && *gpu.virtualization_mode == "vgpu";
  const bool vgpu = vgpu_mode || !profile.empty();

  // Memory below the model's (not for MIG: a slice's memory is its profile's), or memory another
  // process holds.
  bool memory_low = false;
  std::string memory_short;
  if (s.kind != "mig" && !gpu.mig.is_mig_device) {
    std::string line;
    if (const auto frac = b ? reported_fraction(g, *b, line) : std::nullopt; frac && *frac < t.rules.allocatable_fraction) {
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

  // Co-tenants seen in the inventory gpuaudit took before its own work: other compute processes
  // on the GPU, or the GPU already busy. (An imported nvidia-smi snapshot lists the user's own
  // job, so it says nothing about co-tenants.)
  bool cotenant = false;
  if (g.inventory_by_gpuaudit() && !gpu.mig.is_mig_device) {
    const CoTenants c = co_tenants(gpu);
    if (!c.compute.empty()) {
      cotenant = true;
      f.evidence.push_back("other processes on the GPU before gpuaudit started: " + c.compute);
      f.figures["other_processes"] = c.count;
      summary.push_back("other processes use this GPU (" + c.compute + ")");
    }
    if (gpu.utilization_pct && *gpu.utilization_pct > t.rules.cotenant_util_pct) {
      cotenant = true;
      f.evidence.push_back("GPU utilisation " + fmt_num(*gpu.utilization_pct, 0) + "% before gpuaudit's own work (threshold " +
                           fmt_num(t.rules.cotenant_util_pct, 0) + "%): someone else's kernels were running");
      f.figures["utilization_before_pct"] = *gpu.utilization_pct;
      summary.push_back("the GPU was " + fmt_num(*gpu.utilization_pct, 0) + "% busy before gpuaudit started");
    }
    if (!c.graphics.empty())
      f.evidence.push_back("graphics processes (a desktop's display server, not judged): " + c.graphics);
  }

  if (vgpu) {
    const bool time_sliced = s.kind != "mig" && !gpu.mig.is_mig_device;
    std::string why = vgpu_mode ? "virtualization mode vgpu" : "the device name \"" + gpu.name + "\" is a vGPU profile";
    if (vgpu_mode && !profile.empty()) why += " (profile " + profile + ")";
    f.evidence.insert(f.evidence.begin(), why + ": the card is run by the vGPU manager" +
                                              (time_sliced ? std::string(", which time-slices it between VMs") : std::string(" (MIG-backed)")));
    if (time_sliced) {
      raise(memory_low || shared || cotenant || (tp && *tp < t.rules.shared_throughput_max) ? "high" : "medium");
      shorts.insert(shorts.begin(), "time-sliced vGPU" + (profile.empty() ? std::string() : " " + profile));
      summary.insert(summary.begin(), "This is a time-sliced vGPU" + (profile.empty() ? std::string() : " (" + profile + ")"));
    }
  }
  // The host's view of a board that carries vGPUs: the vGPU manager shares it between their VMs.
  const std::vector<std::string> hosted = hosted_vgpus(gpu);
  if (!hosted.empty()) {
    raise(hosted.size() > 1 ? "high" : "medium");
    std::string list;
    for (const auto& h : hosted) list += (list.empty() ? "" : ", ") + h;
    f.evidence.push_back("the vGPU host lists " + std::to_string(hosted.size()) + " vGPU(s) on this board: " + list +
                         "; the vGPU manager shares the board between them");
    shorts.push_back(std::to_string(hosted.size()) + " vGPU(s) on the board");
    summary.push_back("This board is shared: the vGPU host runs " + std::to_string(hosted.size()) + " vGPU(s) on it (" + list + ")");
    f.figures["hosted_vgpus"] = static_cast<double>(hosted.size());
  }
  if (memory_low) {
    raise(vgpu ? "high" : "medium");
    shorts.push_back(memory_short);
  }
  if (shared) {
    raise("high");
    shorts.push_back("preemption gaps up to " + fmt_num(gap_us / 1000.0, 1) + " ms");
  }
  if (cotenant) {
    // Seen, not measured: high only when a figure shows the loss as well.
    raise(shared || (tp && *tp < t.rules.shared_throughput_max) ? "high" : "medium");
    shorts.push_back("co-tenants on the GPU");
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
  v.short_text = join(shorts);
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
