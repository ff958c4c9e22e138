// Semantic checks of the baseline set: what the JSON schema cannot see (sources present, values
// consistent with each other and with the datasheet, models distinguishable from each other).
#include "baselines/baseline_set.hpp"
#include "baselines/mig_profile_name.hpp"
#include "core/figure_catalogue.hpp"
#include "core/text_cursor.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace gpuaudit {
namespace {

// The figure a baseline may expect per model (core/figure_catalogue.cpp says which), and its
// unit: an expectation under any other name would never be used, and a wrong unit would compare
// apples with oranges.
const FigureSpec* expectable(const std::string& name) {
  for (const CatalogueEntry& e : figure_catalogue())
    if (e.name == name && e.spec.expected_per_model) return &e.spec;
  return nullptr;
}

// The datasheet peak an expectation may not exceed without a note (GeForce boost, measured above a
// conservative spec): the baseline's field the catalogue names for the figure.
const std::optional<Sourced>* peak_for(const Baseline& b, const FigureSpec& spec) {
  static const std::map<std::string_view, std::optional<Sourced> Baseline::*> fields = {
      {"memory_bandwidth_gbs", &Baseline::memory_bandwidth_gbs}, {"fp32_tflops", &Baseline::fp32_tflops},
      {"fp64_tflops", &Baseline::fp64_tflops},                   {"fp16_tensor_tflops", &Baseline::fp16_tensor_tflops},
      {"bf16_tensor_tflops", &Baseline::bf16_tensor_tflops},     {"tf32_tensor_tflops", &Baseline::tf32_tensor_tflops},
      {"fp8_tensor_tflops", &Baseline::fp8_tensor_tflops},
  };
  const auto it = fields.find(spec.datasheet_peak);
  return it == fields.end() ? nullptr : &(b.*(it->second));
}

// 80 -> "80", 312.5 -> "312.5": messages a person reads.
std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// "h100-sxm5-80gb": lower-case words of letters and digits joined by single '-'.
bool id_words(std::string_view id) {
  if (id.empty() || id.front() == '-' || id.back() == '-') return false;
  for (std::size_t i = 0; i < id.size(); ++i)
    if (!is_ascii_lower(id[i]) && !is_ascii_digit(id[i]) && !(id[i] == '-' && id[i + 1] != '-')) return false;
  return true;
}

// "10de:2330": NVIDIA's vendor id and four lower-case hex digits.
bool pci_id(std::string_view p) {
  if (p.size() != 9 || p.substr(0, 5) != "10de:") return false;
  for (const char c : p.substr(5))
    if (!is_ascii_digit(c) && !(c >= 'a' && c <= 'f')) return false;
  return true;
}

// "9.0": digits, a dot, digits.
bool compute_capability_text(std::string_view cc) {
  TextCursor c(cc);
  return c.digits() && c.literal(".") && c.digits() && c.done();
}

// Shown in a message: a name cut to 80 characters, so a 30 KB field is not printed back whole.
std::string shown(const std::string& s) { return s.size() <= 80 ? s : s.substr(0, 77) + "..."; }

struct Checker {
  std::vector<std::string>& out;
  const Baseline& b;

  void problem(const std::string& what) { out.push_back(b.id + ": " + what); }

  void sourced(const char* field, const std::optional<Sourced>& v) {
    if (!v) return;
    if (!std::isfinite(v->value) || v->value <= 0) problem(std::string(field) + " must be a positive number");
    if (v->source.empty()) problem(std::string(field) + " has no source");
  }

  void identity() {
    if (!id_words(b.id)) problem("id must be lower-case words joined by '-'");
    if (b.model.empty()) problem("no model name");
    if (b.nvidia_smi_names.empty()) problem("no nvidia_smi_names: the card could only be matched by PCI id");
    for (const auto& p : b.pci_device_ids)
      if (!pci_id(p)) problem("PCI device id \"" + shown(p) + "\" is not of the form 10de:abcd");
    if (b.pci_device_ids.empty()) problem("no pci_device_ids");
    if (b.sm_count <= 0) problem("sm_count must be positive");
    if (b.architecture.empty()) problem("no architecture");
    if (!compute_capability_text(b.compute_capability)) problem("compute_capability must look like \"9.0\"");
    if (!b.memory_gib || *b.memory_gib <= 0) problem("memory_gib must be positive (it splits same-name boards)");
    if (b.memory_gib && b.memory_mib_reported) {
      const double ratio = *b.memory_mib_reported / 1024.0 / *b.memory_gib;
      if (ratio < 0.85 || ratio > 1.08) problem("memory_mib_reported does not fit memory_gib");
    }
    if (b.sources.empty()) problem("no sources");
  }

  void peaks() {
    sourced("boost_clock_mhz", b.boost_clock_mhz);
    sourced("memory_bandwidth_gbs", b.memory_bandwidth_gbs);
    sourced("fp32_tflops", b.fp32_tflops);
    sourced("fp64_tflops", b.fp64_tflops);
    sourced("fp16_tensor_tflops", b.fp16_tensor_tflops);
    sourced("bf16_tensor_tflops", b.bf16_tensor_tflops);
    sourced("tf32_tensor_tflops", b.tf32_tensor_tflops);
    sourced("fp8_tensor_tflops", b.fp8_tensor_tflops);
    sourced("tdp_w", b.tdp_w);
    sourced("l2_mb", b.l2_mb);
    sourced("nvlink_gbs", b.nvlink_gbs);
    if (!b.memory_bandwidth_gbs) problem("no memory_bandwidth_gbs");
    if (!b.fp32_tflops) problem("no fp32_tflops");
    if (b.pcie_gen && (*b.pcie_gen < 1 || *b.pcie_gen > 6)) problem("pcie_gen must be 1..6");
    if (b.pcie_width && !(*b.pcie_width == 1 || *b.pcie_width == 2 || *b.pcie_width == 4 ||
                          *b.pcie_width == 8 || *b.pcie_width == 16))
      problem("pcie_width must be 1, 2, 4, 8 or 16");
  }

  // The model's die-temperature thresholds: sourced, in degrees a die can reach, and in the order
  // NVIDIA's firmware puts them (max operating <= slowdown < shutdown), so a typo or a swapped
  // pair cannot pass as a threshold the thermal rule then trusts.
  void thermal() {
    sourced("temperature_slowdown_c", b.temperature_slowdown_c);
    sourced("temperature_shutdown_c", b.temperature_shutdown_c);
    sourced("temperature_max_operating_c", b.temperature_max_operating_c);
    for (const auto* v : {&b.temperature_slowdown_c, &b.temperature_shutdown_c, &b.temperature_max_operating_c})
      if (*v && ((*v)->value < 40 || (*v)->value > 130)) problem("a temperature threshold outside 40-130 C");
    const auto& slow = b.temperature_slowdown_c;
    const auto& shut = b.temperature_shutdown_c;
    const auto& maxop = b.temperature_max_operating_c;
    if (slow && shut && shut->value <= slow->value) problem("temperature_shutdown_c must be above temperature_slowdown_c");
    if (slow && maxop && maxop->value > slow->value)
      problem("temperature_max_operating_c must not be above temperature_slowdown_c");
  }

  void expectations() {
    for (const auto& [family, e] : b.expected) {
      const FigureSpec* spec = expectable(family);
      if (!spec) {
        problem("expected \"" + family + "\" is not a benchmark name");
        continue;
      }
      if (e.unit != spec->unit) problem("expected " + family + " unit \"" + e.unit + "\", should be \"" + std::string(spec->unit) + "\"");
      if (!std::isfinite(e.value) || e.value <= 0) problem("expected " + family + " must be positive");
      if (e.source.empty()) problem("expected " + family + " has no source");
      if (e.tolerance && (*e.tolerance <= 0 || *e.tolerance >= 1))
        problem("expected " + family + " tolerance must be between 0 and 1");
      if (const auto* peak = peak_for(b, *spec); peak && *peak && e.value > (*peak)->value * 1.005 && e.note.empty())
        problem("expected " + family + " (" + num(e.value) + ") is above the datasheet peak (" +
                num((*peak)->value) + ") without a note saying why");
      // A GEMM figure on a card without that tensor path (BF16 emulated on V100/T4) must say so.
      if (const auto* peak = peak_for(b, *spec); peak && !*peak && family.rfind("gemm/", 0) == 0 && e.note.empty())
        problem("expected " + family + " has no datasheet peak to compare with and no note saying why");
    }
    if (auto c = b.expected.find("sm/census"); c != b.expected.end() && c->second.value != b.sm_count)
      problem("expected sm/census must equal sm_count");
  }

  void video() {
    if (b.video_engines)
      for (const std::string& p : video_engine_problems(*b.video_engines)) problem(p);
  }

  void mig() {
    std::set<std::string> seen;
    std::map<int, int> sms_by_g;  // slices (g) -> largest SM count seen
    for (const MigProfile& p : b.mig_profiles) {
      // "<1-7>g.<m>gb" and a suffix of NVIDIA's tables
      const auto m = parse_mig_profile_name(p.name);
      if (!m || m->slices_text.size() != 1 || m->compute_slices < 1 || m->compute_slices > 7 ||
          !known_mig_profile_suffix(m->suffix)) {
        problem("MIG profile \"" + shown(p.name) + "\" is not of the form <n>g.<m>gb");
        continue;
      }
      if (!seen.insert(p.name).second) problem("MIG profile " + p.name + " listed twice");
      if (p.source.empty()) problem("MIG profile " + p.name + " has no source");
      const int g = m->compute_slices;
      const double gb = m->memory_gb;
      if (p.memory_slices < 1 || p.memory_slices > 8) problem("MIG profile " + p.name + " memory_slices must be 1..8");
      if (p.sm_count) {
        if (*p.sm_count <= 0 || *p.sm_count > b.sm_count)
          problem("MIG profile " + p.name + " has " + std::to_string(*p.sm_count) + " SMs, the model " +
                  std::to_string(b.sm_count));
        sms_by_g[g] = std::max(sms_by_g[g], *p.sm_count);
      }
      if (p.max_instances && (*p.max_instances < 1 || *p.max_instances * g > 7))
        problem("MIG profile " + p.name + " max_instances does not fit 7 compute slices");
      if (b.memory_gib && p.memory_slices >= 1) {
        // The name's GB is the slice's share of the marketed memory, rounded: 1g.10gb on 80 GB.
        const double share = *b.memory_gib * p.memory_slices / 8.0;
        if (gb < share * 0.8 || gb > share * 1.2)
          problem("MIG profile " + p.name + ": " + std::to_string(p.memory_slices) + " of 8 memory slices of " +
                  num(*b.memory_gib) + " GB do not give ~" + std::string(m->gb_text) + " GB");
      }
      if (p.memory_gib && b.memory_gib && *p.memory_gib > *b.memory_gib)
        problem("MIG profile " + p.name + " memory_gib above the card's");
    }
    // More compute slices never means fewer SMs.
    int prev = 0;
    for (const auto& [g, sms] : sms_by_g) {
      if (sms < prev) problem("MIG profiles: " + std::to_string(g) + "g has fewer SMs than a smaller profile");
      prev = sms;
    }
  }
};

}  // namespace

std::vector<std::string> check_baselines(const BaselineSet& set) {
  std::vector<std::string> out;
  if (set.models.empty()) out.push_back("the set has no models");
  std::map<std::string, std::string> ids;
  std::map<std::string, std::vector<const Baseline*>> by_pci;
  std::map<std::string, std::vector<const Baseline*>> by_cc_reference;
  std::set<std::string> ccs;
  for (const Baseline& b : set.models) {
    if (auto [it, fresh] = ids.emplace(b.id, b.model); !fresh) out.push_back(b.id + ": duplicate id");
    Checker c{out, b};
    c.identity();
    c.peaks();
    c.thermal();
    c.expectations();
    c.mig();
    c.video();
    for (const auto& p : b.pci_device_ids) by_pci[p].push_back(&b);
    ccs.insert(b.compute_capability);
    if (b.architecture_reference) by_cc_reference[b.compute_capability].push_back(&b);
  }
  // One PCI id may cover several boards, but then name or memory must tell them apart.
  for (const auto& [pci, list] : by_pci) {
    for (std::size_t i = 0; i < list.size(); ++i)
      for (std::size_t j = i + 1; j < list.size(); ++j) {
        const Baseline& a = *list[i];
        const Baseline& c = *list[j];
        if (a.id == c.id) {
          out.push_back(a.id + ": PCI device id " + pci + " listed twice");
          continue;
        }
        const bool same_memory = a.memory_gib && c.memory_gib && std::fabs(*a.memory_gib - *c.memory_gib) < 0.5;
        const bool shared_name = std::any_of(a.nvidia_smi_names.begin(), a.nvidia_smi_names.end(), [&](const auto& n) {
          return std::find(c.nvidia_smi_names.begin(), c.nvidia_smi_names.end(), n) != c.nvidia_smi_names.end();
        });
        const bool different_names = !shared_name;
        if (same_memory && !different_names)
          out.push_back(a.id + ": shares PCI device id " + pci + ", a name and the memory size with " + c.id +
                        ": the two cannot be told apart");
      }
  }
  for (const std::string& cc : ccs) {
    const auto it = by_cc_reference.find(cc);
    if (it == by_cc_reference.end())
      out.push_back("compute capability " + cc + ": no model has architecture_reference (unknown cards of it get no expectations)");
    else if (it->second.size() > 1)
      out.push_back("compute capability " + cc + ": several architecture_reference models (" + it->second[0]->id +
                    ", " + it->second[1]->id + ")");
  }
  return out;
}

}  // namespace gpuaudit
