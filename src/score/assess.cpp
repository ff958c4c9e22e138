#include "score/assess.hpp"
#include "core/finding_ids.hpp"

#include "core/exit_codes.hpp"
#include "score/delivered.hpp"
#include "score/families.hpp"
#include "score/headline.hpp"
#include "score/rule_table.hpp"
#include "score/topology_expectation.hpp"
#include "score/wrong_results.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

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
    return v.finding.id != finding_id::kHealthy && v.finding.id != finding_id::kInconclusive;
  });
  if (sick == machine.end()) return;
  for (auto& g : gpus)
    std::erase_if(g.verdicts, [&](const Verdict& v) {
      if (v.finding.id != finding_id::kHealthy) return false;
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
    const GpuRuleContext context{gpus, wrong, t, notes};
    for (const GpuRule& rule : gpu_rules()) rule.run(g, context);
    g.delivered_fraction = delivered_fraction(g, t);
  }

  DocScoring d;
  d.doc = &doc;
  d.notes = &notes;
  d.gpus = &gpus;
  d.shared = score_figures(doc, std::nullopt, gpus.empty() ? nullptr : gpus.front().baseline(), SliceShare{}, t);
  expect_from_topology(d.shared, gpus, topologies ? *topologies : default_topology_baselines(), t);
  std::vector<Verdict> doc_verdicts;
  for (const DocRule& rule : doc_rules()) rule.run(d, t, doc_verdicts);
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

int confidence_rank(const std::string& confidence) {
  if (confidence == "low") return 0;
  if (confidence == "medium") return 1;
  return 2;
}

int assessment_exit_code(const Assessment& a, const std::string& fail_on) {
  bool inconclusive = false;
  for (const auto& f : a.findings) {
    // unknown-gpu is left only where no reference at all exists: "could not judge", like inconclusive.
    if (f.id == finding_id::kInconclusive || f.id == finding_id::kUnknownGpu) inconclusive = true;
    else if (f.id != finding_id::kHealthy && confidence_rank(f.confidence) >= confidence_rank(fail_on))
      return exit_code::finding;
  }
  return inconclusive ? exit_code::inconclusive : exit_code::ok;
}

}  // namespace gpuaudit
