#include "score/ticket.hpp"

#include "core/finding_ids.hpp"
#include "score/advice.hpp"
#include "score/headline.hpp"
#include "text/escape.hpp"

#include <algorithm>
#include <set>

namespace gpuaudit {
namespace {

bool reported(const Finding& f) { return f.id != finding_id::kHealthy && f.id != finding_id::kInconclusive; }

std::string tag(const ResultDocument& d, const std::string& key, const std::string& fallback) {
  const auto t = d.tags.find(key);
  return t != d.tags.end() && !t->second.empty() ? t->second : fallback;
}

std::string machine_lines(const ResultDocument& d, const std::set<int>& gpus) {
  std::string o;
  const std::string provider = tag(d, "provider", d.host.provider_guess);
  const std::string instance = tag(d, "instance", d.host.product_name);
  if (!provider.empty() || !instance.empty())
    o += "Instance: " + (provider.empty() ? std::string("?") : provider) + (instance.empty() ? "" : ", " + instance) + "\n";
  if (!d.host.hostname.empty()) o += "Host: " + d.host.hostname + "\n";
  if (d.software.driver_version) o += "Driver: " + *d.software.driver_version + "\n";
  for (const auto& g : d.gpus) {
    if (!gpus.count(g.index)) continue;
    o += "GPU " + std::to_string(g.index) + ": " + (g.name.empty() ? std::string("model not named") : g.name);
    if (!g.uuid.empty()) o += ", " + g.uuid;
    if (!g.pci_bus_id.empty()) o += ", bus " + g.pci_bus_id;
    o += "\n";
  }
  return o;
}

}  // namespace

std::string support_ticket(const ResultDocument& doc) {
  if (!doc.assessment) return "gpuaudit: this document is not scored: nothing to report\n";
  const Assessment& a = *doc.assessment;
  std::vector<const Finding*> findings;
  for (const auto& f : a.findings)
    if (reported(f)) findings.push_back(&f);
  if (findings.empty()) return "gpuaudit found nothing to report to the provider: " + a.headline + "\n";
  std::stable_sort(findings.begin(), findings.end(),
                   [](const Finding* x, const Finding* y) { return finding_priority(x->id) < finding_priority(y->id); });

  std::set<int> gpus;
  for (const Finding* f : findings)
    if (f->gpu) gpus.insert(*f->gpu);
  std::string o = "Subject: " + a.headline + "\n\n";
  o += "The instance I rent does not deliver what it should. gpuaudit " + doc.tool.version + " measured it on " +
       doc.created_utc + " and judged it against NVIDIA's figures for the model (baselines " + a.baselines_version +
       "):\n\n";
  o += machine_lines(doc, gpus) + "\n";
  std::vector<std::string> asks;
  for (const Finding* f : findings) {
    o += "- " + f->id + (f->gpu ? " on GPU " + std::to_string(*f->gpu) : std::string()) +
         (f->confidence.empty() ? "" : " (" + f->confidence + " confidence)") + ": " + f->summary + "\n";
    for (const auto& e : f->evidence) o += "    " + e + "\n";
    if (const Advice* adv = advice_for(f->id); adv && !adv->ask.empty()) {
      std::string ask(adv->ask);
      if (f->gpu) ask += " (GPU " + std::to_string(*f->gpu) + ")";
      if (std::find(asks.begin(), asks.end(), ask) == asks.end()) asks.push_back(ask);
    }
  }
  if (!asks.empty()) {
    o += "\nPlease provide:\n";
    for (const auto& ask : asks) o += "- " + ask + "\n";
  }
  return terminal_text(o);
}

}  // namespace gpuaudit
