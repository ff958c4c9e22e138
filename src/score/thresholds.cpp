#include "score/thresholds.hpp"

#include "core/document_io.hpp"
#include "core/error.hpp"
#include "score/families.hpp"

namespace gpuaudit {

const std::vector<RuleThresholdInfo>& rule_threshold_info() {
  static const std::vector<RuleThresholdInfo> info{
      {"power_limit_fraction", &RuleThresholds::power_limit_fraction, 0.1, 1.0,
       "providers lower limits in big steps (700 -> 350-500 W); 5% below the default is already a "
       "deliberate change, not rounding"},
      {"clock_fraction", &RuleThresholds::clock_fraction, 0.1, 1.0,
       "a healthy card sustains its max SM clock, or close to it, on an FMA loop; 10% below with "
       "no power or heat reason means locked application clocks or a low clock ceiling"},
      {"contention_gap_us", &RuleThresholds::contention_gap_us, 10, 1e6,
       "a dedicated GPU never stops a running kernel for a millisecond; vGPU and CUDA time-slicing "
       "schedulers hand the GPU over in slices of one to tens of milliseconds"},
      {"shared_throughput_max", &RuleThresholds::shared_throughput_max, 0.1, 1.0,
       "gaps alone can be a one-off; with throughput 20% short as well, someone else's work ran"},
      {"allocatable_fraction", &RuleThresholds::allocatable_fraction, 0.1, 1.0,
       "ECC on GDDR hides 1/16 (a 16 GB T4 shows 15 GiB) and the driver and a CUDA context take up "
       "to ~0.7 GiB more (T4: 14.3 of 16); a time-sliced vGPU profile shows a half or a quarter, a "
       "co-tenant's process holds whatever it allocated"},
      {"steal_pct", &RuleThresholds::steal_pct, 0, 100,
       "a few % of steal is normal on shared hosts; above 5% a data loader or launch thread "
       "visibly waits for the hypervisor"},
      {"all_core_ratio", &RuleThresholds::all_core_ratio, 0, 1.0,
       "healthy hosts give 0.8-1.0 (turbo only); SMT siblings sold as vCPUs, CPU quotas and "
       "oversubscription fall to 0.5 or below"},
      {"disk_mbps_per_tflops", &RuleThresholds::disk_mbps_per_tflops, 0, 1e6,
       "assumption: a job that streams its dataset reads about 1 MB/s per dense TFLOP/s it runs "
       "(ResNet-50 on an A100: ~2,800 images/s x ~110 KB = ~300 MB/s for ~270 TFLOP/s)"},
      {"numa_remote_faster", &RuleThresholds::numa_remote_faster, 1.0, 10,
       "copies from the GPU's own NUMA node must not be slower than from the far one"},
      {"numa_remote_slower", &RuleThresholds::numa_remote_slower, 0, 1.0,
       "a crossing of the socket link costing 30% means placement matters on this host"},
      {"pcie_link_efficiency", &RuleThresholds::pcie_link_efficiency, 0, 1.0,
       "pinned copies reach 78-88% of the link's raw rate (Gen4 x16: 24-26 of 31.5 GB/s); under 60% "
       "the path (IOMMU, switch, riser, host memory) loses bandwidth"},
      {"delivered_cap", &RuleThresholds::delivered_cap, 1.0, 2.0,
       "one figure far above its reference (a GeForce boosting) must not hide another far below"},
      {"power_at_limit_fraction", &RuleThresholds::power_at_limit_fraction, 0.5, 1.0,
       "NVML power readings are ~1 s averages and a card held by its limit sits within a few % of it; "
       "below 95% of the limit the limit is not what holds the clock"},
      {"load_util_pct", &RuleThresholds::load_util_pct, 1, 100,
       "the importer's criterion for a timeline sample under load (utilisation >= 50%); an idle card "
       "reads 0%, one running a job 90-100%"},
      {"cotenant_util_pct", &RuleThresholds::cotenant_util_pct, 1, 100,
       "an idle card reads 0% and a desktop compositor or monitoring agent a few %; someone else's "
       "kernels running before gpuaudit starts read tens of %"},
      {"decode_images_per_tflops", &RuleThresholds::decode_images_per_tflops, 0, 1e6,
       "assumption: a job that decodes its JPEGs on the CPU consumes about 10 images/s per dense "
       "TFLOP/s (ResNet-50 training on an A100: ~2,800 images/s for ~270 TFLOP/s of BF16 GEMM)"},
      {"contended_cpu_pct", &RuleThresholds::contended_cpu_pct, 0, 100,
       "an idle machine's daemons, agents and kernel threads take 1-3% of its CPU time; above 10% other "
       "processes compete for the cores a host check runs on, and its figure (a ratio of two phases "
       "time-sliced unequally) describes the neighbours, not the machine. A share of the CPUs the "
       "check may use, so it means the same on 2 vCPUs and on 224"},
      {"straggler_margin", &RuleThresholds::straggler_margin, 0.01, 0.9,
       "healthy GPUs of one node spread by up to ~5% (public reports; silicon and cooling position); "
       "gpu-fryer fails a GPU 10% below the node's best; against the peers' median, 10% is twice the "
       "healthy spread and ten times a --quick figure's 1% CV"},
      {"sustained_drop_fraction", &RuleThresholds::sustained_drop_fraction, 0.01, 0.9,
       "a healthy card holds its clock within ~10% of max under continuous load (clock_fraction), and a "
       "power-bound GEMM's rate follows the clock; a larger drop after the soak window is heat, power "
       "or a failing board"},
      {"peer_path_fraction", &RuleThresholds::peer_path_fraction, 0.01, 1.0,
       "a peer copy crosses the link once and a staged one twice through host memory, pipelined to about one link's "
       "rate: healthy PCIe peers copy at 0.9-1.3x the staged rate and NVLink peers many times it; a peer path at under "
       "half of staging is throttled on its way (ACS, IOMMU, a socket crossing), not measured noise"},
  };
  return info;
}

double Thresholds::tolerance_for(const std::string& benchmark, const std::optional<double>& baseline_tolerance) const {
  if (auto it = tolerances.find(benchmark); it != tolerances.end()) return it->second;
  const Family& f = family_of(benchmark);
  if (auto it = tolerances.find(f.id); it != tolerances.end()) return it->second;
  if (baseline_tolerance) return *baseline_tolerance;
  return f.default_tolerance;
}

namespace {

bool known_tolerance_key(const std::string& key) {
  for (const auto& f : all_families())
    if (f.id == key) return true;
  // A benchmark name: "family/name" whose family is a known one.
  return key.find('/') != std::string::npos && family_of(key).id != "other";
}

double number_in(const json& v, double lo, double hi, const std::string& where) {
  if (!v.is_number()) throw input_error(where + " must be a number");
  const double x = v.get<double>();
  if (!(x >= lo && x <= hi))
    throw input_error(where + " must be between " + json(lo).dump() + " and " + json(hi).dump());
  return x;
}

}  // namespace

Thresholds parse_thresholds(const json& j, const std::string& origin) {
  Thresholds t;
  t.origin = origin;
  if (!j.is_object()) throw input_error(origin + ": a thresholds file must be a JSON object");
  for (const auto& [key, value] : j.items()) {
    if (key == "tolerances") {
      if (!value.is_object()) throw input_error(origin + ": \"tolerances\" must be an object");
      for (const auto& [name, tol] : value.items()) {
        if (!known_tolerance_key(name))
          throw input_error(origin + ": tolerances: unknown family or benchmark \"" + name + "\"");
        t.tolerances[name] = number_in(tol, 0, 10, origin + ": tolerances." + name);
      }
    } else if (key == "rules") {
      if (!value.is_object()) throw input_error(origin + ": \"rules\" must be an object");
      for (const auto& [name, v] : value.items()) {
        const RuleThresholdInfo* info = nullptr;
        for (const auto& r : rule_threshold_info())
          if (name == r.name) info = &r;
        if (!info) throw input_error(origin + ": rules: unknown threshold \"" + name + "\"");
        t.rules.*(info->field) = number_in(v, info->min, info->max, origin + ": rules." + name);
      }
    } else if (key != "comment" && key != "$schema") {
      throw input_error(origin + ": unknown key \"" + key + "\" (expected \"tolerances\" and \"rules\")");
    }
  }
  return t;
}

Thresholds load_thresholds(const std::filesystem::path& path) {
  return parse_thresholds(read_json_file(path), path.string());
}

json thresholds_json(const Thresholds& t) {
  json j = json::object();
  j["origin"] = t.origin;
  json tol = json::object();
  for (const auto& f : all_families()) {
    const auto it = t.tolerances.find(f.id);
    tol[f.id] = it != t.tolerances.end() ? it->second : f.default_tolerance;
  }
  for (const auto& [k, v] : t.tolerances) tol[k] = v;  // benchmark-level overrides
  j["tolerances"] = tol;
  json rules = json::object();
  for (const auto& r : rule_threshold_info()) rules[r.name] = t.rules.*(r.field);
  j["rules"] = rules;
  return j;
}

}  // namespace gpuaudit
