#include "score/headline.hpp"
#include "core/finding_ids.hpp"

#include "score/evidence.hpp"

#include <algorithm>

namespace gpuaudit {

int finding_priority(const std::string& id) {
  for (std::size_t i = 0; i < finding_id::kBySeverity.size(); ++i)
    if (id == finding_id::kBySeverity[i]) return static_cast<int>(i);
  return 100;
}

namespace {

// "NVIDIA A100-SXM4-80GB MIG 1g.10gb" -> "NVIDIA A100-SXM4-80GB": the slice is said by the verdict.
std::string card_name(const std::string& name) {
  const auto p = name.find(" MIG ");
  return p == std::string::npos ? name : name.substr(0, p);
}

// The faults "delivers N%" does not measure (it is compute and memory throughput: delivered.cpp):
// a link, a host, the software, memory errors. Said beside it, so 99% never reads as "no problem".
std::string not_in_delivered(const std::vector<const Verdict*>& problems) {
  static const std::vector<std::string> in_it{finding_id::kSliced.str(),           finding_id::kPowerCapped.str(),
                                              finding_id::kThermalThrottled.str(), finding_id::kClockLimited.str(),
                                              finding_id::kSustainedDrop.str(),    finding_id::kStraggler.str(),
                                              finding_id::kUnknownGpu.str(),       finding_id::kInconclusive.str()};
  std::vector<std::string> out;
  for (const Verdict* v : problems)
    if (std::find(in_it.begin(), in_it.end(), v->finding.id) == in_it.end() &&
        std::find(out.begin(), out.end(), v->finding.id) == out.end())
      out.push_back(v->finding.id);
  std::string o;
  for (const auto& id : out) o += (o.empty() ? "" : ", ") + id;
  return o;
}

// "2x NVIDIA A10, 2x Tesla T4" for a machine of a few models (in the order listed); "8 GPUs of 5
// models" past three, which no longer reads as a name.
std::string mixed_cards(const std::vector<GpuScoring>& gpus, bool boards_only) {
  std::vector<std::pair<std::string, int>> models;
  int total = 0;
  for (const auto& g : gpus) {
    if (boards_only && g.gpu->mig.is_mig_device) continue;
    std::string name = card_name(g.gpu->name);
    if (name.empty()) name = "unnamed GPU";
    auto it = std::find_if(models.begin(), models.end(), [&](const auto& m) { return m.first == name; });
    if (it == models.end()) models.emplace_back(name, 1);
    else ++it->second;
    ++total;
  }
  if (models.size() > 3) return std::to_string(total) + " GPUs of " + std::to_string(models.size()) + " models";
  std::string out;
  for (const auto& [name, count] : models) out += (out.empty() ? "" : ", ") + (count > 1 ? std::to_string(count) + "x " : "") + name;
  return out;
}

}  // namespace

std::string headline(const std::vector<GpuScoring>& gpus, const std::vector<Verdict>& doc_verdicts,
                     std::optional<double> delivered, const std::string& gpu_state) {
  const size_t n = gpus.size();
  std::string head;
  if (n == 0) {
    head = "no GPU in this document" + (gpu_state.empty() ? std::string() : " (" + gpu_state + ")");
    if (doc_verdicts.empty()) return head;
  } else {
    std::string name = card_name(gpus.front().gpu->name);
    bool same = true;
    for (const auto& g : gpus) same &= card_name(g.gpu->name) == name;
    // An excerpt without its name line, whose PCI device id names the model: "GeForce GTX 1070 (by
    // its PCI id)". A kernel log or lspci names the GPU only by its address: "GPU at 0000:01:00.0".
    const GpuReference& ref = gpus.front().ref;
    const bool one_model = std::all_of(gpus.begin(), gpus.end(), [&](const GpuScoring& g) {
      return g.ref.method == "pci-id" && g.ref.baseline && ref.baseline && g.ref.baseline->id == ref.baseline->id;
    });
    if (name.empty() && same && one_model) name = ref.baseline->model + " (by its PCI id)";
    if (name.empty()) {
      const std::string& bus = gpus.front().gpu->pci_bus_id;
      name = n == 1 && !bus.empty() ? "GPU at " + bus + " (model not named)" : "unnamed GPU";
    }
    // MIG devices are listed beside their card: one H100 with 4 slices is one card, not "5x".
    const size_t slices = static_cast<size_t>(
        std::count_if(gpus.begin(), gpus.end(), [](const GpuScoring& g) { return g.gpu->mig.is_mig_device; }));
    const size_t cards = n - slices;
    const size_t shown = cards > 0 ? cards : n;
    head = shown == 1 ? name : same ? std::to_string(shown) + "x " + name : mixed_cards(gpus, cards > 0);
    if (cards > 0 && slices > 0) head += " with " + std::to_string(slices) + " MIG device" + (slices > 1 ? "s" : "");
  }

  std::vector<const Verdict*> problems;
  bool any_healthy = false;
  for (const auto& g : gpus)
    for (const auto& v : g.verdicts) {
      if (v.finding.id == finding_id::kHealthy) any_healthy = true;
      else problems.push_back(&v);
    }
  for (const auto& v : doc_verdicts) {
    if (v.finding.id == finding_id::kHealthy) any_healthy = true;  // the machine, on its multi-GPU figures
    else problems.push_back(&v);
  }
  std::stable_sort(problems.begin(), problems.end(), [](const Verdict* a, const Verdict* b) {
    return finding_priority(a->finding.id) < finding_priority(b->finding.id);
  });

  std::string verdict;
  if (problems.empty()) {
    verdict = any_healthy ? "healthy" : "nothing judged";
  } else {
    const Verdict& p = *problems.front();
    verdict = p.finding.id;
    // Said of several GPUs, the short text must be true of each: where they differ, the first
    // GPU's is named as its own.
    bool same_text = true;
    for (const Verdict* v : problems)
      if (v->finding.id == p.finding.id && v->finding.gpu) same_text &= v->short_text == p.short_text;
    const bool own_texts = !same_text && p.finding.gpu && !p.short_text.empty();
    if (!p.short_text.empty() && !own_texts) verdict += ": " + p.short_text;
    if (n > 1 && p.finding.gpu) {
      std::vector<int> on;
      for (const Verdict* v : problems)
        if (v->finding.id == p.finding.id && v->finding.gpu) on.push_back(*v->finding.gpu);
      if (on.size() == n) {
        verdict += " on every GPU";
      } else if (on.size() > 1) {
        std::string list;
        for (int i : on) list += (list.empty() ? "" : ", ") + std::to_string(i);
        verdict += " on GPUs " + list;
      } else {
        verdict += " on GPU " + std::to_string(*p.finding.gpu);
      }
    }
    if (own_texts) verdict += " (GPU " + std::to_string(*p.finding.gpu) + ": " + p.short_text + "; the others their own, -v)";
    std::vector<std::string> others;
    for (size_t i = 1; i < problems.size(); ++i) {
      const std::string& id = problems[i]->finding.id;
      if (id != p.finding.id && std::find(others.begin(), others.end(), id) == others.end()) others.push_back(id);
    }
    if (!others.empty()) {
      std::string also;
      for (const auto& o : others) also += (also.empty() ? "" : ", ") + o;
      verdict += "; also " + also;
    }
  }
  std::string line = head + " \u2014 " + verdict;
  if (delivered) {
    line += "; delivers " + fmt_pct(*delivered) + " of a full card's compute and memory" +
            (n == 1 ? "" : " (mean of " + std::to_string(n) + ")");
    bool estimated = false;
    for (const auto& g : gpus) estimated |= g.ref.unknown_model();
    if (estimated) line += " (estimated)";
    if (const std::string outside = not_in_delivered(problems); !outside.empty()) line += "; " + outside + " not in that figure";
  }
  return line;
}

}  // namespace gpuaudit
