#include "score/assess.hpp"

#include "core/exit_codes.hpp"
#include "score/delivered.hpp"
#include "score/families.hpp"
#include "score/headline.hpp"
#include "score/rules.hpp"
#include "score/topology_expectation.hpp"
#include "score/wrong_results.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "; ") + l;
  return out;
}

// A dump cut to one section (nvidia-smi -q -d TEMPERATURE) names no model: say so, not 'matches ""'.
std::string no_match_line(const GpuInfo& gpu) {
  return gpu.name.empty() ? std::string("the document names no model for this GPU") : "no baseline matches \"" + gpu.name + "\"";
}

Verdict unknown_verdict(const GpuScoring& g) {
  const GpuInfo& gpu = *g.gpu;
  std::string id = gpu.pci_device_id ? " (PCI id " + *gpu.pci_device_id + ")" : "";
  if (g.ref.baseline) {
    const Baseline& b = *g.ref.baseline;
    Verdict v = make_verdict("unknown-gpu", gpu.index, "high", "",
                             "no baseline, estimated from " + (b.architecture.empty() ? std::string("its architecture") : b.architecture) +
                                 " per-SM figures");
    v.finding.evidence.push_back(no_match_line(gpu) + id);
    v.finding.evidence.push_back("expectations: " + b.model + " (" + b.id + "), " +
                                 (g.ref.note.empty() ? "scaled per SM from its architecture's reference" : g.ref.note));
    v.finding.summary = "This model has no baseline: it was judged against " +
                        (b.architecture.empty() ? std::string("its architecture's") : b.architecture) +
                        " per-SM expectations, an estimate with wider tolerances; a baseline for it would be exact";
    return v;
  }
  Verdict v = make_verdict("unknown-gpu", gpu.index, "high", "", "no baseline for this model");
  v.finding.evidence.push_back(no_match_line(gpu) + id +
                               (gpu.compute_capability ? ", compute capability " + *gpu.compute_capability : std::string()));
  if (!g.ref.note.empty()) v.finding.evidence.push_back(g.ref.note);
  v.finding.summary = gpu.name.empty() && !gpu.pci_device_id
                          ? "The document does not say which model this GPU is, so its figures are shown without a "
                            "verdict. Import a full `nvidia-smi -q` beside it."
                          : "This model has no baseline and no architecture reference: its figures are shown without a "
                            "verdict. Add a baseline for it.";
  return v;
}

json gpu_json(const GpuScoring& g) {
  json j = json::object();
  j["gpu"] = g.gpu->index;
  j["name"] = g.gpu->name;
  j["baseline"] = g.ref.baseline ? json(g.ref.baseline->id) : json(nullptr);
  j["model"] = g.ref.baseline ? json(g.ref.baseline->model) : json(nullptr);
  j["match"] = {{"method", g.ref.method}, {"note", g.ref.note}};
  json s = json::object();
  s["kind"] = g.slice.kind;
  if (!g.slice.profile.empty()) s["profile"] = g.slice.profile;
  s["sm_fraction"] = g.slice.sm_fraction;
  s["memory_fraction"] = g.slice.memory_fraction;
  s["slice_sms"] = g.slice.slice_sms;
  s["full_sms"] = g.slice.full_sms;
  if (!g.slice.note.empty()) s["note"] = g.slice.note;
  j["slice"] = s;
  j["delivered_fraction"] = g.delivered_fraction;
  json figs = json::array();
  for (const auto& f : g.figures) figs.push_back(figure_json(f));
  j["figures"] = figs;
  return j;
}

json thresholds_record(const Thresholds& t) {
  json j = json::object();
  j["origin"] = t.origin;
  if (!t.tolerances.empty()) j["tolerances"] = t.tolerances;
  const RuleThresholds defaults;
  json rules = json::object();
  for (const auto& r : rule_threshold_info())
    if (t.rules.*(r.field) != defaults.*(r.field)) rules[r.name] = t.rules.*(r.field);
  if (!rules.empty()) j["rules"] = rules;
  return j;
}

// "healthy" is the verdict of a GPU with nothing wrong; on a machine with a finding of its own (no
// peer access, the software stack, the host) a GPU whose own figures pass is said in a note, so no
// GPU of a machine that is not fine reads "healthy".
void healthy_gpus_of_a_sick_machine(std::vector<GpuScoring>& gpus, const std::vector<Verdict>& machine,
                                    std::vector<std::string>& notes) {
  const auto sick = std::find_if(machine.begin(), machine.end(), [](const Verdict& v) {
    return v.finding.id != "healthy" && v.finding.id != "inconclusive";
  });
  if (sick == machine.end()) return;
  for (auto& g : gpus)
    std::erase_if(g.verdicts, [&](const Verdict& v) {
      if (v.finding.id != "healthy") return false;
      notes.push_back("GPU " + std::to_string(g.gpu->index) + ": its own figures pass (" + v.finding.summary +
                      "); the machine's " + sick->finding.id + " finding stands");
      return true;
    });
}

}  // namespace

Assessment assess(const ResultDocument& doc, const ReferenceLookup& lookup, const std::string& baselines_version,
                  const Thresholds& t, const std::vector<multigpu::TopologyBaseline>* topologies) {
  std::vector<GpuScoring> gpus;
  gpus.reserve(doc.gpus.size());
  std::vector<std::string> notes;
  // First every GPU's figures (the straggler rule compares a GPU with its peers), then the rules.
  for (const auto& gpu : doc.gpus) {
    GpuScoring g;
    g.doc = &doc;
    g.gpu = &gpu;
    g.ref = lookup ? lookup(gpu) : GpuReference{};
    g.slice = slice_share(doc, gpu, g.ref);
    g.figures = score_figures(doc, gpu.index, g.baseline(), g.slice, t);
    g.load = load_telemetry(doc, gpu, t.rules.load_util_pct);
    gpus.push_back(std::move(g));
  }
  const std::vector<WrongResult> wrong = find_wrong_results(doc);
  for (auto& g : gpus) {
    const GpuInfo& gpu = *g.gpu;
    // An unknown model with an architecture estimate is judged like any other, on that estimate
    // (wider tolerances, the headline says "estimated"): the note says so. With no reference at
    // all, unknown-gpu is the finding, and it means "could not judge the figures" (exit 6).
    if (g.ref.unknown_model()) {
      Verdict u = unknown_verdict(g);
      if (g.ref.baseline) notes.push_back("GPU " + std::to_string(gpu.index) + ": " + u.finding.summary + " (" +
                                          join_lines(u.finding.evidence) + ")");
      else g.verdicts.push_back(std::move(u));
    }
    rule_wrong_results(g, wrong, t);
    rule_gpu_fault(g, t);
    rule_sliced(g, t);
    rule_power(g, t);
    rule_thermal(g, t);
    rule_clock(g, t);
    rule_sustained(g, t);
    rule_memory(g, t);
    rule_numa(g, t);
    rule_pcie(g, t);
    rule_nvlink(g, t);
    rule_nvlink_errors(g, t);
    rule_unexplained(g, t);
    rule_straggler(g, gpus, t);
    rule_healthy(g, t);
    g.delivered_fraction = delivered_fraction(g, t);
  }

  DocScoring d;
  d.doc = &doc;
  d.notes = &notes;
  d.gpus = &gpus;
  d.shared = score_figures(doc, std::nullopt, gpus.empty() ? nullptr : gpus.front().baseline(), SliceShare{}, t);
  expect_from_topology(d.shared, gpus, topologies ? *topologies : default_topology_baselines(), t);
  std::vector<Verdict> doc_verdicts;
  rule_collectives(d, t, doc_verdicts);
  rule_machine_healthy(d, t, doc_verdicts);
  rule_host(d, t, doc_verdicts);
  rule_software(d, t, doc_verdicts);
  rule_reported_errors(d, t, doc_verdicts);
  rule_peer_access(d, t, doc_verdicts);
  rule_fabric(d, t, doc_verdicts);
  rule_kernel_notes(d, t, doc_verdicts);
  rule_stopped_rows(d, t, doc_verdicts);
  rule_inconclusive(d, t, doc_verdicts);  // last: it speaks only where nothing else could
  healthy_gpus_of_a_sick_machine(gpus, doc_verdicts, notes);

  Assessment a;
  a.scored_utc = utc_now_iso8601();
  a.baselines_version = baselines_version;
  double sum = 0;
  int n = 0;
  for (const auto& g : gpus)
    if (g.delivered_fraction) {
      sum += *g.delivered_fraction;
      ++n;
    }
  if (n > 0) a.delivered_fraction = sum / n;
  const GpuStatus& st = doc.gpu_status;
  a.headline = headline(gpus, doc_verdicts, a.delivered_fraction,
                        st.state == "ok" ? "" : st.state + (st.message.empty() ? "" : ": " + st.message));
  for (const auto& g : gpus)
    for (const auto& v : g.verdicts) a.findings.push_back(v.finding);
  for (const auto& v : doc_verdicts) a.findings.push_back(v.finding);

  // Serialization starts from `extra` and then fills the known fields; naming them first keeps
  // the headline and findings at the top of the JSON, before the per-figure data.
  json extra = json::object();
  for (const char* known : {"scored_utc", "baselines_version", "headline", "delivered_fraction", "findings"})
    extra[known] = nullptr;
  json per_gpu = json::array();
  for (const auto& g : gpus) per_gpu.push_back(gpu_json(g));
  extra["gpus"] = per_gpu;
  if (!d.shared.empty()) {
    json shared = json::array();
    for (const auto& f : d.shared) shared.push_back(figure_json(f));
    extra["shared_figures"] = shared;
  }
  int host_figures = 0;  // host checks that ran and gave a figure: "no finding" then means "checked, fine"
  for (const auto& b : doc.benchmarks) host_figures += b.name.rfind("host/", 0) == 0 && b.value() ? 1 : 0;
  int contended = 0;  // host figures rule_host saw but did not judge: other processes used the CPUs
  for (const auto& line : notes) contended += line.find(kContendedWords) != std::string::npos ? 1 : 0;
  if (host_figures - contended > 0) extra["host_figures_judged"] = host_figures - contended;
  if (contended > 0) extra["host_figures_contended"] = contended;
  if (!notes.empty()) extra["notes"] = notes;
  if (const auto c = cost_summary(doc, gpus)) extra["cost"] = cost_json(*c);
  extra["thresholds"] = thresholds_record(t);
  a.extra = extra;
  return a;
}

int score_document(ResultDocument& doc, const ReferenceLookup& lookup, const std::string& baselines_version,
                   const Thresholds& t, const std::vector<multigpu::TopologyBaseline>* topologies) {
  doc.assessment = assess(doc, lookup, baselines_version, t, topologies);
  return assessment_exit_code(*doc.assessment);
}

int assessment_exit_code(const Assessment& a) {
  bool inconclusive = false;
  for (const auto& f : a.findings) {
    // unknown-gpu is left only where no reference at all exists: "could not judge", like inconclusive.
    if (f.id == "inconclusive" || f.id == "unknown-gpu") inconclusive = true;
    else if (f.id != "healthy") return exit_code::finding;
  }
  return inconclusive ? exit_code::inconclusive : exit_code::ok;
}

}  // namespace gpuaudit
