// sliced, by memory: the card shows less memory than the model (a time-sliced vGPU profile shows a
// half or a quarter), or another process holds part of it. Not for MIG: a slice's memory is its
// profile's.
#include "score/sliced_signs.hpp"

#include "score/evidence.hpp"
#include "text/format.hpp"

namespace gpuaudit::sliced {

namespace {

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

}  // namespace

std::optional<std::string> judge_memory(const GpuScoring& g, const Thresholds& t, SlicedFinding& out) {
  const Baseline* b = g.baseline();
  const GpuInfo& gpu = *g.gpu;
  const SliceShare& s = g.slice;
  Finding& f = out.f();
  auto& summary = out.summary;
  // Memory below the model's (not for MIG: a slice's memory is its profile's), or memory another
  // process holds.
  bool memory_low = false;
  std::string memory_short;
  if (s.kind != "mig" && !gpu.mig.is_mig_device) {
    std::string line;
    // Not against a model the card's name and memory do not tell apart from others (model_ambiguous):
    // which one's memory it falls short of is not known.
    const bool known_model = b && !g.ref.model_ambiguous;
    if (const auto frac = known_model ? reported_fraction(g, *b, line) : std::nullopt; frac && *frac < t.rules.allocatable_fraction) {
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

  if (!memory_low) return std::nullopt;
  return memory_short;
}

}  // namespace gpuaudit::sliced
