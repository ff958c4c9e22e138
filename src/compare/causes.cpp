#include "compare/causes.hpp"

#include "core/join.hpp"
#include "text/format.hpp"

#include <algorithm>
#include <cmath>

namespace gpuaudit {
namespace {

const GpuInfo* gpu_of(const ResultDocument& d, int index) {
  for (const auto& g : d.gpus)
    if (g.index == index) return &g;
  return nullptr;
}

const TelemetrySummary* telemetry_of(const ResultDocument& d, const std::string& name, std::optional<int> gpu) {
  for (const auto& b : d.benchmarks)
    if (b.name == name && b.gpu == gpu && b.telemetry && b.telemetry->samples > 0) return &*b.telemetry;
  return nullptr;
}

std::string num(double v) { return fmt_num(v, std::fabs(v - std::round(v)) < 0.05 ? 0 : 1); }

// "power limit 700 -> 350 W" when both are known and `apart` says they differ.
void add(std::vector<std::string>& out, const std::string& what, const std::optional<double>& b,
         const std::optional<double>& n, const std::string& unit, bool apart) {
  if (b && n && apart) out.push_back(what + " " + num(*b) + " -> " + num(*n) + unit);
}

bool relatively_apart(double a, double b, double fraction) { return std::fabs(a - b) > fraction * std::max(std::fabs(a), std::fabs(b)); }

std::optional<double> as_double(const std::optional<int>& v) { return v ? std::optional<double>(*v) : std::nullopt; }

// Reasons in one list and not the other, with the other side: "sw-power-cap (base: none)".
void add_reasons(std::vector<std::string>& out, const std::string& what, std::vector<std::string> b,
                 std::vector<std::string> n) {
  auto drop_idle = [](std::vector<std::string>& v) {
    v.erase(std::remove(v.begin(), v.end(), "gpu-idle"), v.end());
    std::sort(v.begin(), v.end());
  };
  drop_idle(b);
  drop_idle(n);
  if (b == n) return;
  out.push_back(what + " " + (b.empty() ? "none" : join(b, ", ")) + " -> " + (n.empty() ? "none" : join(n, ", ")));
}

std::string link(const std::optional<int>& gen, const std::optional<int>& width) {
  if (!gen && !width) return "";
  return (gen ? "Gen" + std::to_string(*gen) : std::string("Gen?")) + (width ? " x" + std::to_string(*width) : "");
}

}  // namespace

std::vector<std::string> gpu_state_changes(const GpuInfo* b, const GpuInfo* n) {
  std::vector<std::string> out;
  if (!b || !n) return out;
  const auto& bp = b->power;
  const auto& np = n->power;
  if (bp.limit_w && np.limit_w) add(out, "power limit", bp.limit_w, np.limit_w, " W", std::fabs(*bp.limit_w - *np.limit_w) >= 1);
  if (bp.default_limit_w && np.default_limit_w)
    add(out, "default power limit", bp.default_limit_w, np.default_limit_w, " W", std::fabs(*bp.default_limit_w - *np.default_limit_w) >= 1);
  if (b->clocks.sm_max_mhz && n->clocks.sm_max_mhz)
    add(out, "max SM clock", as_double(b->clocks.sm_max_mhz), as_double(n->clocks.sm_max_mhz), " MHz",
        *b->clocks.sm_max_mhz != *n->clocks.sm_max_mhz);
  const std::string bl = link(b->pcie.gen_max, b->pcie.width_max), nl = link(n->pcie.gen_max, n->pcie.width_max);
  if (!bl.empty() && !nl.empty() && bl != nl) out.push_back("PCIe link " + bl + " -> " + nl);
  const std::string bv = b->virtualization_mode.value_or(""), nv = n->virtualization_mode.value_or("");
  if (!bv.empty() && !nv.empty() && bv != nv) out.push_back("virtualization " + bv + " -> " + nv);
  if (b->temperature_c && n->temperature_c)
    add(out, "temperature at inventory", as_double(b->temperature_c), as_double(n->temperature_c), " C",
        std::abs(*b->temperature_c - *n->temperature_c) >= 10);
  add_reasons(out, "clock-event reasons at inventory", b->clock_event_reasons, n->clock_event_reasons);
  return out;
}

std::vector<std::string> telemetry_changes(const TelemetrySummary* b, const TelemetrySummary* n) {
  std::vector<std::string> out;
  if (!b || !n) return out;
  auto median = [](const std::optional<Range>& r) { return r ? std::optional<double>(r->median) : std::nullopt; };
  const auto bc = median(b->sm_clock_mhz), nc = median(n->sm_clock_mhz);
  add(out, "SM clock while it ran", bc, nc, " MHz", bc && nc && relatively_apart(*bc, *nc, 0.03));
  const auto bw = median(b->power_w), nw = median(n->power_w);
  add(out, "power while it ran", bw, nw, " W", bw && nw && relatively_apart(*bw, *nw, 0.03));
  const auto bt = median(b->temperature_c), nt = median(n->temperature_c);
  add(out, "temperature while it ran", bt, nt, " C", bt && nt && std::fabs(*bt - *nt) >= 5);
  add_reasons(out, "clock-event reasons while it ran", b->clock_event_reasons, n->clock_event_reasons);
  return out;
}

std::vector<std::string> figure_causes(const ResultDocument& base, const ResultDocument& next, const std::string& name,
                                       std::optional<int> gpu) {
  std::vector<std::string> out;
  if (gpu) out = gpu_state_changes(gpu_of(base, *gpu), gpu_of(next, *gpu));
  for (auto& t : telemetry_changes(telemetry_of(base, name, gpu), telemetry_of(next, name, gpu))) out.push_back(std::move(t));
  return out;
}

}  // namespace gpuaudit
