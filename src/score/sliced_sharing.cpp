// sliced, by co-tenants: long preemption gaps while every SM is ours and throughput is well below
// (someone else's work ran), or other compute processes / utilisation in the inventory gpuaudit
// took before its own work. An imported nvidia-smi snapshot lists the user's own job, so its
// processes say nothing about co-tenants and are not judged.
#include "score/sliced_signs.hpp"

#include "score/evidence.hpp"
#include "text/format.hpp"
#include "score/families.hpp"

namespace gpuaudit::sliced {

namespace {

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
    if (p.type == "E") detail += std::string(detail.empty() ? "" : ", ") + "a video encoder session";  // probe/gpu_processes.hpp
    if (!detail.empty()) line += " (" + detail + ")";
    const bool graphics_only = p.type == "G";
    std::string& into = graphics_only ? c.graphics : c.compute;
    into += (into.empty() ? "" : ", ") + line;
    if (!graphics_only) ++c.count;
  }
  return c;
}

}  // namespace

// Compute throughput against the model: the lower of the tensor and vector groups.
std::optional<double> throughput_ratio(const GpuScoring& g) {
  const GroupView tensor = g.group(tensor_figures());
  const GroupView vec = g.group(vector_figures());
  if (tensor.present && vec.present) return std::min(tensor.ratio, vec.ratio);
  if (tensor.present) return tensor.ratio;
  if (vec.present) return vec.ratio;
  return std::nullopt;
}

std::optional<double> judge_preemption(const GpuScoring& g, const Thresholds& t, std::optional<double> tp, SlicedFinding& out) {
  const SliceShare& s = g.slice;
  const Baseline* b = g.baseline();
  const std::string full = b ? std::to_string(b->sm_count) : std::string("?");
  Finding& f = out.f();
  auto& summary = out.summary;
  // Co-tenants: long preemption gaps while every SM is ours and throughput is well below.
  bool shared = false;
  const BenchmarkResult* cont = g.bench("sm/contention");
  double gap_us = -1;  // < 0: not measured
  if (cont)
    if (const auto gv = cont->value()) gap_us = *gv;
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

  if (!shared) return std::nullopt;
  return gap_us;
}

bool judge_inventory_cotenants(const GpuScoring& g, const Thresholds& t, SlicedFinding& out) {
  const GpuInfo& gpu = *g.gpu;
  Finding& f = out.f();
  auto& summary = out.summary;
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

  return cotenant;
}

}  // namespace gpuaudit::sliced
