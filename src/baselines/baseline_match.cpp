// Which baseline a GPU is judged against.
//
// Why this order: the PCI device id is what the silicon says about itself, but one id can cover
// several boards (memory sizes, power variants), so the nvidia-smi name and the memory size break
// ties. Names alone are weaker (a VM may rename, old drivers print "Tesla ..."), and memory as
// nvidia-smi reports it is below the marketed size (MiB vs GB, ECC and driver reservations), so it
// is compared with a tolerance. A MIG slice reports only its own memory, so its profile name, not
// its memory, picks between boards. A vGPU profile ("NVIDIA A10-24Q") reports its framebuffer,
// not the board's, so it is matched like a slice: by PCI id or by its board code, never by memory.
#include "baselines/baseline_set.hpp"
#include "baselines/driver_gpu_names.hpp"
#include "baselines/gpu_family.hpp"
#include "baselines/gpu_name_key.hpp"
#include "core/parse_number.hpp"
#include "core/text_cursor.hpp"
#include "measure/arch_rates.hpp"
#include "probe/arch_features.hpp"
#include "text/strings.hpp"

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

std::string name_key(std::string_view name) { return gpu_name_key(name); }

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

std::string a_board(const std::string& model) {
  return (!model.empty() && std::string("AEFHILMNORSX8").find(model[0]) != std::string::npos ? "an " : "a ") + model;
}

std::string ids(const std::vector<const Baseline*>& list) {
  std::string out;
  for (const Baseline* b : list) out += (out.empty() ? "" : ", ") + b->id;
  return out;
}

// A board code of a vGPU profile against a baseline's names: "A10" is "NVIDIA A10", "T4" is
// "Tesla T4", "A6000" is "NVIDIA RTX A6000" (vendor and line words dropped, spaces ignored).
bool board_code_names(const Baseline& b, std::string_view board) {
  std::string code;
  for (char c : lower(board))
    if (!std::isspace(static_cast<unsigned char>(c))) code += c;
  for (const std::string& n : b.nvidia_smi_names) {
    std::string key = name_key(n);
    for (const char* word : {"tesla ", "geforce ", "quadro ", "rtx "})
      if (key.rfind(word, 0) == 0) key.erase(0, std::string(word).size());
    key.erase(std::remove_if(key.begin(), key.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
              key.end());
    if (key == code) return true;
  }
  return false;
}

// What we know about the card for matching.
struct Card {
  std::string name_key;
  std::string display_name;
  std::string pci;
  bool is_mig = false;
  std::string profile;          // MIG profile, "" when none or unknown
  std::optional<double> memory_gib;  // full card only (a slice's memory says nothing about the board)
  std::optional<VgpuProfile> vgpu;   // the name is a vGPU profile
  std::string vgpu_board_id;         // the baseline its board code stands for, "" when by name
  bool truncated = false;            // the name ends in "...": the plain table cut it (name_key is the prefix)
};

Card describe(const GpuInfo& gpu) {
  Card c;
  c.display_name = strip_mig_suffix(gpu.name);
  c.truncated = c.display_name.size() > 3 && c.display_name.compare(c.display_name.size() - 3, 3, "...") == 0;
  c.name_key = name_key(c.truncated ? c.display_name.substr(0, c.display_name.size() - 3) : c.display_name);
  c.pci = gpu.pci_device_id ? pci_key(*gpu.pci_device_id) : "";
  c.is_mig = gpu.mig.is_mig_device || gpu.name.find(" MIG ") != std::string::npos;
  if (gpu.mig.profile) c.profile = *gpu.mig.profile;
  else if (auto p = gpu.name.find(" MIG "); p != std::string::npos) c.profile = gpu.name.substr(p + 5);
  if (!c.is_mig) c.vgpu = parse_vgpu_profile(gpu.name);
  if (c.vgpu) {
    c.vgpu_board_id = vgpu_board_baseline_id(c.vgpu->board);
    // A MIG-backed vGPU is a MIG slice seen through the vGPU manager.
    if (c.vgpu->mig_backed()) {
      c.is_mig = true;
      if (c.profile.empty()) c.profile = c.vgpu->mig_profile;
    }
  }
  if (!c.is_mig && !c.vgpu && gpu.memory_total_bytes && *gpu.memory_total_bytes > 0)
    c.memory_gib = static_cast<double>(*gpu.memory_total_bytes) / (1024.0 * 1024.0 * 1024.0);
  return c;
}

// A size the name states ("NVIDIA T1000 8GB", "A100-SXM-64GB", "RTX A2000 12GB"): GB, nullopt when none.
std::optional<double> stated_gb(std::string_view key) {
  for (std::size_t at = key.find("gb"); at != std::string_view::npos; at = key.find("gb", at + 1)) {
    std::size_t b = at;
    while (b > 0 && std::isdigit(static_cast<unsigned char>(key[b - 1]))) --b;
    if (b < at && (at + 2 == key.size() || !std::isalnum(static_cast<unsigned char>(key[at + 2]))))
      return std::stod(std::string(key.substr(b, at - b)));
  }
  return std::nullopt;
}

// The names NVIDIA's driver prints (driver_gpu_names.hpp) that start with a cut name as the
// baseline `b` does but are another model the baselines do not describe (not a name of any baseline
// in `set`: those were weighed against the card's memory already, nor a name whose stated size does
// not fit the card's memory): a cut name is that baseline only when there is none.
std::vector<std::string> unbaselined_models_starting_with(const Card& card, const BaselineSet& set) {
  std::vector<std::string> out;
  for (std::string_view n : driver_gpu_names()) {
    const std::string k = name_key(n);
    if (k.size() <= card.name_key.size() || k.compare(0, card.name_key.size(), card.name_key) != 0 ||
        n.size() <= card.display_name.size())
      continue;
    if (std::any_of(set.models.begin(), set.models.end(), [&](const Baseline& b) { return has_name(b, k); })) continue;
    if (const auto gb = stated_gb(k); gb && card.memory_gib) {
      const double ratio = *card.memory_gib / (*gb * 1e9 / 1073741824.0);
      if (ratio < kMemoryRatioLow || ratio > kMemoryRatioHigh) continue;
    }
    out.emplace_back(n);
  }
  return out;
}

bool names_vgpu_board(const Baseline& b, const Card& card) {
  if (!card.vgpu) return false;
  return card.vgpu_board_id.empty() ? board_code_names(b, card.vgpu->board) : b.id == card.vgpu_board_id;
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

// One narrowing step: keeps the candidates `keep` accepts when that leaves some but not all of
// several, and then says in `why` what narrowed them.
template <class Keep>
void narrow_by(std::vector<const Baseline*>& cands, Keep keep, const std::string& what, std::string& why) {
  if (cands.size() <= 1) return;
  std::vector<const Baseline*> kept;
  for (const Baseline* b : cands)
    if (keep(*b)) kept.push_back(b);
  if (!kept.empty() && kept.size() < cands.size()) {
    cands = kept;
    why += "; " + what + " narrowed it";
  }
}

// Narrows `cands` step by step, keeping the previous list when a step would leave nothing, and
// says in `why` what decided.
std::vector<const Baseline*> narrow(std::vector<const Baseline*> cands, const Card& card, std::string& why) {
  if (card.vgpu)
    narrow_by(cands, [&](const Baseline& b) { return names_vgpu_board(b, card); }, "vGPU board code " + card.vgpu->board, why);
  if (!card.name_key.empty())
    narrow_by(cands, [&](const Baseline& b) { return has_name(b, card.name_key); }, "name \"" + card.display_name + "\"", why);
  if (card.is_mig && !card.profile.empty())
    narrow_by(cands, [&](const Baseline& b) { return find_profile(b, card.profile) != nullptr; }, "MIG profile " + card.profile, why);
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

// A vGPU profile: the board found, its share of the framebuffer, and what that means.
void attach_vgpu(BaselineMatch& m, const Card& card) {
  if (!card.vgpu) return;
  m.vgpu = card.vgpu;
  if (!m.matched()) return;
  const Baseline& board = m.effective();
  if (m.method != "architecture-fallback") m.method = "vgpu-profile";
  std::string share;
  if (board.memory_gib && *board.memory_gib > 0) {
    m.vgpu->memory_fraction = std::min(1.0, card.vgpu->memory_gb / *board.memory_gib);
    share = ", " + fmt(card.vgpu->memory_gb, card.vgpu->memory_gb < 1 ? 1 : 0) + " of the board's " +
            fmt(*board.memory_gib, 0) + " GB framebuffer";
  }
  m.note += "; vGPU profile " + card.vgpu->name + " (" + card.vgpu->type_words() + ") on " + a_board(board.model) +
            share;
  if (card.vgpu->mig_backed())
    m.note += "; MIG-backed: the vGPU owns the " + card.vgpu->mig_profile + " slice's SMs and memory";
  else
    m.note += "; time-sliced: it sees all " + (board.sm_count > 0 ? std::to_string(board.sm_count) + " " : std::string()) +
              "SMs but shares them in time with the other vGPUs on the board";
}

// The reference model for a compute capability: exact, else the nearest of the same major.
// "9.0" -> 90 (major and minor set); nullopt for anything else, or numbers past two digits (sscanf's
// %d had undefined behaviour past int: a document's compute capability can be any string).
std::optional<int> parse_cc(const std::string& cc, int& major, int& minor) {
  TextCursor c(cc);
  const auto ma = c.digits(1, 2);
  if (!ma || !c.literal(".")) return std::nullopt;
  const auto mi = c.digits(1, 2);
  if (!mi || !c.done()) return std::nullopt;
  major = parse_integer<int>(*ma).value_or(0);
  minor = parse_integer<int>(*mi).value_or(0);
  return major * 10 + minor;
}

const Baseline* architecture_reference(const BaselineSet& set, const std::string& cc) {
  int major = 0, minor = 0;
  if (!parse_cc(cc, major, minor)) return nullptr;
  const Baseline* best = nullptr;
  int best_gap = std::numeric_limits<int>::max();
  for (const Baseline& b : set.models) {
    if (!b.architecture_reference) continue;
    int bmaj = 0, bmin = 0;
    if (!parse_cc(b.compute_capability, bmaj, bmin) || bmaj != major) continue;
    const int gap = std::abs(bmin - minor);
    if (gap < best_gap) best_gap = gap, best = &b;
  }
  return best;
}

bool scales_with_sms(const std::string& family) {
  return family.rfind("sm/fp", 0) == 0 || family == "sm/int32" || family.rfind("tensor/", 0) == 0 ||
         family.rfind("gemm/", 0) == 0;
}

bool tensor_family(const std::string& family) {
  return (family.rfind("tensor/", 0) == 0 || family.rfind("gemm/", 0) == 0) && family.find("fp64") == std::string::npos &&
         family != "gemm/fp32";
}

// An estimate is wider than a measurement of the model: boards of one architecture differ in
// power cap (L4 at 72 W holds ~60% of its dense tensor peak, L40S at 350 W ~80%), in boost clock
// and in cooling, and the reference's own figure carries its measurement spread. +-30% on GEMM
// and tensor, +-25% on FMA rates still catches a card running at half its share (a slice, a
// hard power cap) without calling a healthy low-power board throttled.
constexpr double kEstimateTensorTolerance = 0.30;
constexpr double kEstimateRateTolerance = 0.25;

double estimate_tolerance(const std::string& family) {
  return family.rfind("sm/", 0) == 0 ? kEstimateRateTolerance : kEstimateTensorTolerance;
}

bool is_geforce(std::string_view name) { return lower(name).find("geforce") != std::string::npos; }

// GeForce runs FP16/BF16 (and FP8, TF32) tensor math with FP32 accumulate at half the rate of
// the professional boards of the same chip on Turing, Ampere GA10x, Ada and Blackwell GB20x
// (the tensor peaks of docs/baselines.md): scaling a professional reference to a GeForce card halves it.
bool geforce_half_rate(const std::string& cc) {
  return cc == "7.5" || cc == "8.6" || cc == "8.9" || cc == "12.0" || cc == "12.1";
}

std::optional<Sourced> scaled(const std::optional<Sourced>& v, double factor, const std::string& why) {
  if (!v) return std::nullopt;
  return Sourced{v->value * factor, why, true};
}


// What the fallback knows about an unknown card.
struct Estimate {
  std::string cc;
  std::string cc_from;             // "" (the document) or the family that gave it ("GeForce RTX 50")
  std::string architecture;
  std::optional<int> sms;          // from the document
  std::optional<int> clock_mhz;    // the document's max SM clock
};

// A baseline for a card we do not know, from the reference model of its architecture: its
// compute figures per SM, scaled by SM count and (when the document gives a lower max clock) by
// clock; GeForce/professional tensor rate class corrected. Memory, link and power figures are not
// guessed: they do not follow from SMs.
Baseline synthesize_from_reference(const Baseline& ref, const GpuInfo& gpu, const Estimate& e, std::string& how) {
  const int sms = e.sms.value_or(0);
  double f = sms > 0 ? static_cast<double>(sms) / ref.sm_count : 0.0;
  std::string why = "scaled from " + ref.id + " by SM count " + std::to_string(sms) + "/" + std::to_string(ref.sm_count);
  how = sms > 0 ? std::to_string(sms) + " SMs" : std::string("SM count unknown");
  // Max clocks above the reference's boost are GeForce headroom that a full load rarely holds, so
  // only a lower clock scales the estimate down.
  if (e.clock_mhz && ref.boost_clock_mhz && ref.boost_clock_mhz->value > 0) {
    how += " at " + std::to_string(*e.clock_mhz) + " MHz";
    const double c = *e.clock_mhz / ref.boost_clock_mhz->value;
    if (c < 1.0) {
      f *= c;
      why += " and clock " + std::to_string(*e.clock_mhz) + "/" + fmt(ref.boost_clock_mhz->value, 0) + " MHz";
    }
  }
  double tensor_f = f;
  const bool card_gf = is_geforce(gpu.name), ref_gf = is_geforce(ref.model);
  if (geforce_half_rate(e.cc) && card_gf != ref_gf) {
    tensor_f *= card_gf ? 0.5 : 2.0;
    why += card_gf ? "; tensor figures halved (GeForce: half-rate FP32 accumulate)"
                   : "; tensor figures doubled (the reference is a half-rate GeForce)";
  }
  Baseline b;
  b.id = "fallback-" + ref.id;
  b.architecture = ref.architecture;
  b.chip = ref.chip;
  b.sm_count = sms;
  if (sms > 0) {
    b.fp32_tflops = scaled(ref.fp32_tflops, f, why);
    b.fp64_tflops = scaled(ref.fp64_tflops, f, why);
    b.fp16_tensor_tflops = scaled(ref.fp16_tensor_tflops, tensor_f, why);
    b.bf16_tensor_tflops = scaled(ref.bf16_tensor_tflops, tensor_f, why);
    b.tf32_tensor_tflops = scaled(ref.tf32_tensor_tflops, tensor_f, why);
    b.fp8_tensor_tflops = scaled(ref.fp8_tensor_tflops, tensor_f, why);
    for (const auto& [family, x] : ref.expected) {
      if (!scales_with_sms(family)) continue;
      Expectation s = x;
      s.value = x.value * (tensor_family(family) ? tensor_f : f);
      s.source = why + " (reference: " + x.source + ")";
      s.uncertain = true;
      s.tolerance = std::max(x.tolerance.value_or(0.0), estimate_tolerance(family));
      b.expected[family] = s;
    }
  }
  b.sources = ref.sources;
  b.notes = "Estimated for an unknown card from " + ref.model + "'s per-SM figures (" + how +
            "); memory, link and power not modelled.";
  return b;
}

// No reference model of this architecture: the FMA rate from the programming guide's per-SM
// lanes, SMs and clock (src/measure/arch_rates.hpp); nothing else is predicted.
Baseline synthesize_from_rates(const Estimate& e, std::string& how) {
  int major = 0, minor = 0;
  parse_cc(e.cc, major, minor);
  const ArchLanes lanes = arch_lanes(major, minor);
  Baseline b;
  b.id = "fallback-sm" + std::to_string(major * 10 + minor);
  b.architecture = e.architecture;
  b.sm_count = e.sms.value_or(0);
  how = (e.sms ? std::to_string(*e.sms) + " SMs" : std::string("SM count unknown")) +
        (e.clock_mhz ? " at " + std::to_string(*e.clock_mhz) + " MHz" : std::string(", clock unknown"));
  const std::string why = "CUDA programming guide per-SM lanes for compute capability " + e.cc + " x " + how;
  if (e.sms && e.clock_mhz) {
    if (auto peak = peak_ops_per_second(*e.sms, lanes.fp32, *e.clock_mhz)) {
      b.fp32_tflops = Sourced{*peak / 1e12, why, true};
      b.expected["sm/fp32"] = Expectation{*peak / 1e12 * 0.90, "TFLOP/s",
                                          "peak " + fmt(*peak / 1e12, 2) + " TFLOP/s (" + why +
                                              ") x 0.9: an FMA loop under full load holds ~90% of max clock "
                                              "[inference]",
                                          true, kEstimateRateTolerance, ""};
    }
    if (auto peak = peak_ops_per_second(*e.sms, lanes.fp64, *e.clock_mhz)) b.fp64_tflops = Sourced{*peak / 1e12, why, true};
  }
  b.notes = "Estimated for an unknown card from " + e.architecture + " per-SM rates (" + how +
            "); no reference model of this architecture, so no tensor, memory, link or power figure.";
  return b;
}

BaselineMatch fallback(const BaselineSet& set, const GpuInfo& gpu, const Card& card) {
  BaselineMatch m;
  Estimate e;
  e.cc = gpu.compute_capability.value_or("");
  // The name of a vGPU is its profile: the family is read from its board code.
  const std::string family_name = card.vgpu ? card.vgpu->board : card.display_name;
  if (e.cc.empty()) {
    if (auto fam = family_from_name(family_name)) {
      e.cc = fam->compute_capability;
      e.cc_from = fam->family;
      e.architecture = fam->architecture;
    }
  }
  int major = 0, minor = 0;
  const bool cc_ok = parse_cc(e.cc, major, minor).has_value();
  if (e.architecture.empty() && cc_ok) e.architecture = architecture_name(major, minor);
  const Baseline* ref = cc_ok ? architecture_reference(set, e.cc) : nullptr;
  const bool rates = cc_ok && arch_lanes(major, minor).fp32.has_value();
  if (!ref && !rates) {
    m.note = (card.display_name.empty() ? std::string("unnamed GPU") : "unknown GPU \"" + card.display_name + "\"") + (e.cc.empty() ? "" : " (compute capability " + e.cc + ")") +
             ": no baseline for this model or its architecture" +
             (e.cc.empty() ? std::string(", and neither the document nor the name gives a compute capability") : "") +
             "; figures are reported without a verdict";
    return m;
  }
  if (gpu.sm_count && *gpu.sm_count > 0) e.sms = *gpu.sm_count;
  if (gpu.clocks.sm_max_mhz && *gpu.clocks.sm_max_mhz > 0) e.clock_mhz = *gpu.clocks.sm_max_mhz;

  std::string how;
  Baseline b = ref ? synthesize_from_reference(*ref, gpu, e, how) : synthesize_from_rates(e, how);
  b.model = card.display_name.empty() ? "unknown GPU" : card.display_name;
  b.nvidia_smi_names = {card.display_name};
  if (gpu.pci_device_id) b.pci_device_ids = {*gpu.pci_device_id};
  b.compute_capability = e.cc;
  if (e.clock_mhz)
    b.boost_clock_mhz = Sourced{static_cast<double>(*e.clock_mhz), "the document's max SM clock", true};
  else if (ref && ref->boost_clock_mhz)
    b.boost_clock_mhz = Sourced{ref->boost_clock_mhz->value, "the reference model's boost clock (" + ref->id + ")", true};
  if (e.sms)
    b.expected["sm/census"] = Expectation{static_cast<double>(*e.sms), "count",
                                          "the card's own reported SM count (no model to compare with)", true,
                                          std::nullopt, ""};
  m.baseline = ref;  // null without a reference model: the synthesized baseline is all there is
  m.method = "architecture-fallback";
  m.synthesized = std::move(b);

  const std::string cc_words =
      "compute capability " + e.cc + (e.cc_from.empty() ? "" : " (from the name: " + e.cc_from + " family)");
  m.note = "unknown GPU \"" + card.display_name + "\": no baseline for this model; ";
  if (ref)
    m.note += "expectations estimated from " + e.architecture + " per-SM rates of " + ref->model + ", " + how +
              (e.sms ? " (" + std::to_string(ref->sm_count) + " on the reference), scaled" : "") + ", " + cc_words +
              (ref->compute_capability != e.cc ? " (nearest reference: " + ref->compute_capability + ")" : "");
  else
    m.note += "expectations estimated from " + e.architecture + " per-SM rates, " + how + ", " + cc_words +
              " (no reference model of this architecture)";
  if (!e.sms) m.note += "; no SM count in the document, so compute is not predicted and only state is judged";
  m.note += "; tolerances widened to +-30% (GEMM, tensor) and +-25% (FMA) for an estimate; memory bandwidth, link "
            "and power are not predicted";
  if (card.is_mig) m.note += "; this is a MIG slice: the scaling used the slice's own SM count";
  return m;
}

// The set's models `keep` accepts, in the set's order.
template <class Keep>
std::vector<const Baseline*> models_where(const BaselineSet& set, Keep keep) {
  std::vector<const Baseline*> out;
  for (const Baseline& b : set.models)
    if (keep(b)) out.push_back(&b);
  return out;
}

}  // namespace

BaselineMatch match_baseline(const BaselineSet& set, const GpuInfo& gpu) {
  const Card card = describe(gpu);
  BaselineMatch m;

  if (!card.pci.empty()) {
    auto cands = models_where(set, [&](const Baseline& b) { return has_pci(b, card.pci); });
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
      m.model_ambiguous = cands.size() > 1;
      if (!card.vgpu && !card.name_key.empty() && !has_name(*m.baseline, card.name_key))
        m.note += "; nvidia-smi name \"" + card.display_name + "\" is not one the baseline lists";
      if (card.vgpu && !names_vgpu_board(*m.baseline, card))
        m.note += "; the vGPU board code " + card.vgpu->board + " does not name this board";
      if (card.memory_gib && std::isinf(memory_distance(*m.baseline, *card.memory_gib)))
        m.note += "; reported memory " + fmt(*card.memory_gib) + " GiB does not fit the model's " +
                  (m.baseline->memory_gib ? fmt(*m.baseline->memory_gib, 0) : std::string("?")) + " GB";
      attach_profile(m, card);
      attach_vgpu(m, card);
      return m;
    }
  }

  if (card.vgpu) {
    auto cands = models_where(set, [&](const Baseline& b) { return names_vgpu_board(b, card); });
    if (!cands.empty()) {
      std::string why;
      cands = narrow(cands, card, why);
      m.baseline = cands.front();
      m.note = "vGPU board code " + card.vgpu->board + " names " + m.baseline->model + why;
      if (cands.size() > 1) m.note += "; still ambiguous, took " + m.baseline->id;
      m.model_ambiguous = cands.size() > 1;
      if (!card.pci.empty()) m.note += "; its PCI device id " + card.pci + " is not in the baselines";
      attach_profile(m, card);
      attach_vgpu(m, card);
      return m;
    }
  }

  if (!card.name_key.empty() && !card.truncated) {  // a cut name is longer than what it shows
    auto cands = models_where(set, [&](const Baseline& b) { return has_name(b, card.name_key); });
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
      // A name that covers several models with memory that fits none of them is none of them for sure.
      m.model_ambiguous = cands.size() > 1 || (card.memory_gib && !memory_fits && named > 1);
      if (!card.pci.empty()) m.note += "; its PCI device id " + card.pci + " is not in the baselines";
      attach_profile(m, card);
      return m;
    }
  }

  // A name the plain nvidia-smi table cut to its column ("NVIDIA A100-SXM...", "Tesla V100-SXM2...",
  // "NVIDIA GeForce RTX 2080 ..."): the printed part is a prefix of the real name. Only a unique
  // answer counts: the models whose names start with it, narrowed by memory that fits the model;
  // one left is the match, several (or none) are no match at all, never the nearest guess, and no
  // architecture estimate either (the family would come from a cut name). nvidia-smi cuts only a
  // name longer than its column, and the cut text with its "..." fills that column (18 characters in
  // the old table, 27 since 525): a model whose name would have fitted ("NVIDIA GeForce RTX 4060 Ti",
  // 26) was printed whole, so it is not the board behind "NVIDIA GeForce RTX 4060 ..." (a "4060
  // Laptop GPU" of 8 GiB, microsoft/WSL#12584, which a memory fit alone would take for the Ti).
  if (card.truncated && !card.name_key.empty()) {
    const auto cands = models_where(set, [&](const Baseline& b) {
      return std::any_of(b.nvidia_smi_names.begin(), b.nvidia_smi_names.end(), [&](const std::string& n) {
        const std::string k = name_key(n);
        return k.size() > card.name_key.size() && k.compare(0, card.name_key.size(), card.name_key) == 0 &&
               n.size() > card.display_name.size();
      });
    });
    const std::string all = ids(cands);
    std::vector<const Baseline*> fit = cands;
    if (card.memory_gib) {
      fit.clear();
      for (const Baseline* b : cands)
        if (!std::isinf(memory_distance(*b, *card.memory_gib))) fit.push_back(b);
    }
    m.note = "nvidia-smi name \"" + gpu.name + "\" is cut by the table";
    const std::vector<std::string> rivals = fit.size() == 1 ? unbaselined_models_starting_with(card, set) : std::vector<std::string>{};
    if (fit.size() == 1 && !rivals.empty()) {
      m.method = "none";
      m.cut_name_ambiguous = true;
      m.note += "; of the baselines only " + fit.front()->id + " starts with it" +
                (card.memory_gib ? " and fits " + fmt(*card.memory_gib) + " GiB" : std::string()) + ", but the driver also prints \"" +
                rivals.front() + "\"" + (rivals.size() > 1 ? " and " + std::to_string(rivals.size() - 1) + " more names" : std::string()) +
                " that start with it and no baseline describes: none picked";
      return m;
    }
    if (fit.size() == 1) {
      m.baseline = fit.front();
      m.method = card.memory_gib ? "name-prefix+memory" : "name-prefix";
      m.note += "; the only model whose name starts with it" +
                (cands.size() > 1 ? " and whose memory fits " + fmt(*card.memory_gib) + " GiB (of " + all + ")" : std::string()) +
                " is " + m.baseline->id;
      attach_profile(m, card);
      return m;
    }
    m.method = "none";
    if (cands.empty()) m.note += "; no model in the baselines has a name starting with it";
    else if (fit.empty())
      m.note += "; " + all + (cands.size() == 1 ? " starts with it, but has not " : " start with it, but none has ") +
                fmt(*card.memory_gib) + " GiB";
    else {
      m.note += "; it fits several models (" + ids(fit) + "): none picked";
      m.cut_name_ambiguous = true;
    }
    return m;
  }

  BaselineMatch f = fallback(set, gpu, card);
  attach_vgpu(f, card);
  return f;
}

}  // namespace gpuaudit
