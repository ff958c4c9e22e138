// Which baseline a GPU is judged against.
//
// Why this order: the PCI device id is what the silicon says about itself, but one id can cover
// several boards (memory sizes, power variants), so the nvidia-smi name and the memory size break
// ties. Names alone are weaker (a VM may rename, old drivers print "Tesla ..."), and memory as
// nvidia-smi reports it is below the marketed size (MiB vs GB, ECC and driver reservations), so it
// is compared with a tolerance. A MIG slice reports only its own memory, so its profile name, not
// its memory, picks between boards.
#include "baselines/baseline_set.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>

namespace gpuaudit {
namespace {

// Reported/marketed memory: an 80 GB card shows 80 GiB, a 48 GB A40 45 GiB, a 16 GB T4 15 GiB,
// a 141 GB H200 140.4 GiB. Below 0.88 or above 1.08 it is another board.
constexpr double kMemoryRatioLow = 0.88;
constexpr double kMemoryRatioHigh = 1.08;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Case-insensitive, spaces collapsed, "nvidia " prefix dropped: old drivers print "Tesla T4",
// new ones "NVIDIA T4"-style names, and VMs sometimes drop the vendor.
std::string name_key(std::string_view name) {
  std::string out;
  bool space = false;
  for (char c : lower(name)) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  if (out.rfind("nvidia ", 0) == 0) out.erase(0, 7);
  return out;
}

std::string pci_key(std::string_view id) {
  std::string s = lower(id);
  if (s.rfind("0x", 0) == 0) s.erase(0, 2);
  return s;
}

bool has_name(const Baseline& b, const std::string& key) {
  return std::any_of(b.nvidia_smi_names.begin(), b.nvidia_smi_names.end(),
                     [&](const std::string& n) { return name_key(n) == key; });
}

bool has_pci(const Baseline& b, const std::string& key) {
  return std::any_of(b.pci_device_ids.begin(), b.pci_device_ids.end(),
                     [&](const std::string& p) { return pci_key(p) == key; });
}

const MigProfile* find_profile(const Baseline& b, std::string_view profile) {
  const std::string key = lower(profile);
  for (const MigProfile& p : b.mig_profiles)
    if (lower(p.name) == key) return &p;
  return nullptr;
}

std::string fmt(double v, int decimals = 1) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string ids(const std::vector<const Baseline*>& list) {
  std::string out;
  for (const Baseline* b : list) out += (out.empty() ? "" : ", ") + b->id;
  return out;
}

// What we know about the card for matching.
struct Card {
  std::string name_key;
  std::string display_name;
  std::string pci;
  bool is_mig = false;
  std::string profile;          // MIG profile, "" when none or unknown
  std::optional<double> memory_gib;  // full card only (a slice's memory says nothing about the board)
};

Card describe(const GpuInfo& gpu) {
  Card c;
  c.display_name = strip_mig_suffix(gpu.name);
  c.name_key = name_key(c.display_name);
  c.pci = gpu.pci_device_id ? pci_key(*gpu.pci_device_id) : "";
  c.is_mig = gpu.mig.is_mig_device || gpu.name.find(" MIG ") != std::string::npos;
  if (gpu.mig.profile) c.profile = *gpu.mig.profile;
  else if (auto p = gpu.name.find(" MIG "); p != std::string::npos) c.profile = gpu.name.substr(p + 5);
  if (!c.is_mig && gpu.memory_total_bytes && *gpu.memory_total_bytes > 0)
    c.memory_gib = static_cast<double>(*gpu.memory_total_bytes) / (1024.0 * 1024.0 * 1024.0);
  return c;
}

// How far the reported memory is from the model's, as |log ratio|; infinity when out of tolerance.
double memory_distance(const Baseline& b, double reported_gib) {
  if (!b.memory_gib || *b.memory_gib <= 0) return std::numeric_limits<double>::infinity();
  double ratio = reported_gib / *b.memory_gib;
  if (b.memory_mib_reported && *b.memory_mib_reported > 0)  // exact figure seen on a real card
    ratio = reported_gib * 1024.0 / *b.memory_mib_reported;
  if (ratio < kMemoryRatioLow || ratio > kMemoryRatioHigh) return std::numeric_limits<double>::infinity();
  return std::fabs(std::log(ratio));
}

// Narrows `cands` step by step, keeping the previous list when a step would leave nothing, and
// says in `why` what decided.
std::vector<const Baseline*> narrow(std::vector<const Baseline*> cands, const Card& card, std::string& why) {
  if (cands.size() > 1 && !card.name_key.empty()) {
    std::vector<const Baseline*> by_name;
    for (const Baseline* b : cands)
      if (has_name(*b, card.name_key)) by_name.push_back(b);
    if (!by_name.empty() && by_name.size() < cands.size()) {
      cands = by_name;
      why += "; name \"" + card.display_name + "\" narrowed it";
    }
  }
  if (cands.size() > 1 && card.is_mig && !card.profile.empty()) {
    std::vector<const Baseline*> by_profile;
    for (const Baseline* b : cands)
      if (find_profile(*b, card.profile)) by_profile.push_back(b);
    if (!by_profile.empty() && by_profile.size() < cands.size()) {
      cands = by_profile;
      why += "; MIG profile " + card.profile + " narrowed it";
    }
  }
  if (cands.size() > 1 && card.memory_gib) {
    const Baseline* best = nullptr;
    double best_d = std::numeric_limits<double>::infinity();
    for (const Baseline* b : cands)
      if (double d = memory_distance(*b, *card.memory_gib); d < best_d) best_d = d, best = b;
    if (best) {
      cands = {best};
      why += "; memory " + fmt(*card.memory_gib) + " GiB picked it";
    }
  }
  return cands;
}

// A MIG slice's profile, or a note on why there is none.
void attach_profile(BaselineMatch& m, const Card& card) {
  if (!card.is_mig) return;
  if (card.profile.empty()) {
    m.note += "; MIG slice of unknown profile: judge it by its own SM count";
    return;
  }
  m.mig_profile = find_profile(*m.baseline, card.profile);
  if (!m.mig_profile) {
    m.note += "; MIG profile " + card.profile + " is not in the baseline for " + m.baseline->model;
  } else if (auto f = mig_sm_fraction(*m.baseline, *m.mig_profile)) {
    m.note += "; MIG " + m.mig_profile->name + ": " + std::to_string(*m.mig_profile->sm_count) + " of " +
              std::to_string(m.baseline->sm_count) + " SMs, " + std::to_string(m.mig_profile->memory_slices) +
              " of 8 memory slices";
  } else {
    m.note += "; MIG " + m.mig_profile->name + ": SMs per slice unknown for this model";
  }
}

// The reference model for a compute capability: exact, else the nearest of the same major.
const Baseline* architecture_reference(const BaselineSet& set, const std::string& cc) {
  int major = 0, minor = 0;
  if (std::sscanf(cc.c_str(), "%d.%d", &major, &minor) != 2) return nullptr;
  const Baseline* best = nullptr;
  int best_gap = std::numeric_limits<int>::max();
  for (const Baseline& b : set.models) {
    if (!b.architecture_reference) continue;
    int bmaj = 0, bmin = 0;
    if (std::sscanf(b.compute_capability.c_str(), "%d.%d", &bmaj, &bmin) != 2 || bmaj != major) continue;
    const int gap = std::abs(bmin - minor);
    if (gap < best_gap) best_gap = gap, best = &b;
  }
  return best;
}

bool scales_with_sms(const std::string& family) {
  return family.rfind("sm/fp", 0) == 0 || family == "sm/int32" || family.rfind("tensor/", 0) == 0 ||
         family.rfind("gemm/", 0) == 0;
}

std::optional<Sourced> scaled(const std::optional<Sourced>& v, double factor, const std::string& why) {
  if (!v) return std::nullopt;
  return Sourced{v->value * factor, why, true};
}

// A baseline for a card we do not know: the reference model's compute figures scaled by SM count;
// memory, link and power figures are not guessed (they do not follow from SMs).
Baseline synthesize(const Baseline& ref, const GpuInfo& gpu, int sms) {
  const double f = static_cast<double>(sms) / ref.sm_count;
  const std::string why = "scaled from " + ref.id + " by SM count " + std::to_string(sms) + "/" +
                          std::to_string(ref.sm_count);
  Baseline b;
  b.id = "fallback-" + ref.id;
  b.model = strip_mig_suffix(gpu.name).empty() ? "unknown GPU" : strip_mig_suffix(gpu.name);
  b.nvidia_smi_names = {strip_mig_suffix(gpu.name)};
  if (gpu.pci_device_id) b.pci_device_ids = {*gpu.pci_device_id};
  b.architecture = ref.architecture;
  b.compute_capability = gpu.compute_capability.value_or(ref.compute_capability);
  b.sm_count = sms;
  b.fp32_tflops = scaled(ref.fp32_tflops, f, why);
  b.fp64_tflops = scaled(ref.fp64_tflops, f, why);
  b.fp16_tensor_tflops = scaled(ref.fp16_tensor_tflops, f, why);
  b.bf16_tensor_tflops = scaled(ref.bf16_tensor_tflops, f, why);
  b.tf32_tensor_tflops = scaled(ref.tf32_tensor_tflops, f, why);
  b.fp8_tensor_tflops = scaled(ref.fp8_tensor_tflops, f, why);
  for (const auto& [family, e] : ref.expected) {
    if (!scales_with_sms(family)) continue;
    Expectation s = e;
    s.value = e.value * f;
    s.source = why + " (reference: " + e.source + ")";
    s.uncertain = true;
    b.expected[family] = s;
  }
  b.expected["sm/census"] = Expectation{static_cast<double>(sms), "count",
                                        "the card's own reported SM count (no model to compare with)",
                                        true, std::nullopt, ""};
  b.sources = ref.sources;
  b.notes = "Synthesized for an unknown card from " + ref.model + "; clock, memory, link and power not modelled.";
  return b;
}

BaselineMatch fallback(const BaselineSet& set, const GpuInfo& gpu, const Card& card) {
  BaselineMatch m;
  const std::string cc = gpu.compute_capability.value_or("");
  const Baseline* ref = cc.empty() ? nullptr : architecture_reference(set, cc);
  if (!ref) {
    m.note = "unknown GPU \"" + card.display_name + "\"" + (cc.empty() ? "" : " (compute capability " + cc + ")") +
             ": no baseline for this model or its architecture; figures are reported without a verdict";
    return m;
  }
  if (!gpu.sm_count || *gpu.sm_count <= 0) {
    m.note = "unknown GPU \"" + card.display_name + "\" with no SM count: cannot scale the " + ref->architecture +
             " reference";
    return m;
  }
  m.baseline = ref;
  m.method = "architecture-fallback";
  m.synthesized = synthesize(*ref, gpu, *gpu.sm_count);
  m.note = "unknown GPU \"" + card.display_name + "\": no baseline for this model; expectations are " +
           ref->model + "'s per-SM figures scaled to " + std::to_string(*gpu.sm_count) + " SMs (" +
           std::to_string(ref->sm_count) + " on the reference), compute capability " + cc +
           (ref->compute_capability != cc ? " (nearest reference: " + ref->compute_capability + ")" : "") +
           "; memory bandwidth, link and power are not predicted";
  if (card.is_mig) m.note += "; this is a MIG slice: the scaling used the slice's own SM count";
  return m;
}

}  // namespace

BaselineMatch match_baseline(const BaselineSet& set, const GpuInfo& gpu) {
  const Card card = describe(gpu);
  BaselineMatch m;

  if (!card.pci.empty()) {
    std::vector<const Baseline*> cands;
    for (const Baseline& b : set.models)
      if (has_pci(b, card.pci)) cands.push_back(&b);
    if (!cands.empty()) {
      std::string why;
      const std::size_t shared = cands.size();
      const std::string all = ids(cands);
      cands = narrow(cands, card, why);
      m.baseline = cands.front();
      m.method = "pci-id";
      m.note = "PCI device id " + card.pci;
      if (shared > 1) m.note += " is shared by " + all + why;
      if (cands.size() > 1) m.note += "; still ambiguous, took " + m.baseline->id;
      if (!card.name_key.empty() && !has_name(*m.baseline, card.name_key))
        m.note += "; nvidia-smi name \"" + card.display_name + "\" is not one the baseline lists";
      if (card.memory_gib && std::isinf(memory_distance(*m.baseline, *card.memory_gib)))
        m.note += "; reported memory " + fmt(*card.memory_gib) + " GiB does not fit the model's " +
                  (m.baseline->memory_gib ? fmt(*m.baseline->memory_gib, 0) : std::string("?")) + " GB";
      attach_profile(m, card);
      return m;
    }
  }

  if (!card.name_key.empty()) {
    std::vector<const Baseline*> cands;
    for (const Baseline& b : set.models)
      if (has_name(b, card.name_key)) cands.push_back(&b);
    if (!cands.empty()) {
      std::string why;
      const std::size_t named = cands.size();
      cands = narrow(cands, card, why);
      m.baseline = cands.front();
      const bool memory_fits = card.memory_gib && !std::isinf(memory_distance(*m.baseline, *card.memory_gib));
      m.method = memory_fits ? "name+memory" : "name";
      m.note = "nvidia-smi name \"" + card.display_name + "\"";
      if (named > 1) m.note += " covers several models" + why;
      if (memory_fits && named == 1) m.note += " and memory " + fmt(*card.memory_gib) + " GiB";
      if (card.memory_gib && !memory_fits)
        m.note += "; reported memory " + fmt(*card.memory_gib) + " GiB does not fit the model's " +
                  (m.baseline->memory_gib ? fmt(*m.baseline->memory_gib, 0) : std::string("?")) +
                  " GB (a modified or different board?)";
      if (cands.size() > 1) m.note += "; still ambiguous, took " + m.baseline->id;
      if (!card.pci.empty()) m.note += "; its PCI device id " + card.pci + " is not in the baselines";
      attach_profile(m, card);
      return m;
    }
  }

  return fallback(set, gpu, card);
}

}  // namespace gpuaudit
