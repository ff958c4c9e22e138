// straggler: a GPU well below its peers of the same model in the same document. A job spread over
//   the GPUs of a node runs at its slowest GPU's pace, so one slow card costs the whole node.
//   Peers: the other GPUs of the document with the same name, the same slice (a MIG slice is no
//   peer of a full card) and the same SM count. For every key figure (families.hpp: tensor, GEMM,
//   SM rates, memory bandwidth, pinned copies) measured on this GPU and on at least one peer, the
//   peers' median is the reference; a figure more than straggler_margin worse than it (ratio
//   below 1 - margin, the ratio inverted for lower-is-better figures) counts. Rows measured with
//   every GPU copying over a shared host link (params.concurrency all-gpus on pcie/*) are left out:
//   there the slowest GPU is the one the switch served last, not a slow card.
//   Judged without a baseline (the peers are the reference), so it holds for an unknown model.
//   Confidence: high with two or more peers (a median of others: one fast card cannot make the
//   rest look slow) and two or more figures low, or one figure below twice the margin; medium
//   with two or more peers otherwise; low with a single peer (a two-GPU document: which of the two
//   is off is not known from the pair alone; the evidence says so). In a pair a figure that is
//   within tolerance of a baseline is not counted: the baseline decides between the two.
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"
#include "core/stats.hpp"

#include <algorithm>

namespace gpuaudit {

namespace {

bool same_model(const GpuScoring& a, const GpuScoring& b) {
  return a.gpu->name == b.gpu->name && a.slice.kind == b.slice.kind && a.slice.profile == b.slice.profile &&
         a.gpu->sm_count == b.gpu->sm_count;
}

bool comparable(const FigureScore& f) {
  if (!family_of(f.name).key) return false;
  if (f.bench && f.family.rfind("pcie", 0) == 0 && f.bench->params.is_object() &&
      f.bench->params.value("concurrency", std::string()) == "all-gpus")
    return false;
  return f.value > 0;
}

}  // namespace

void rule_straggler(GpuScoring& g, const std::vector<GpuScoring>& all, const Thresholds& t) {
  std::vector<const GpuScoring*> peers;
  for (const auto& o : all)
    if (o.gpu != g.gpu && same_model(g, o)) peers.push_back(&o);
  if (peers.empty()) return;
  const double margin = t.rules.straggler_margin;

  struct Low {
    const FigureScore* f;
    double median, ratio;
    int peers;
  };
  std::vector<Low> low;
  int compared = 0;
  for (const auto& f : g.figures) {
    if (!comparable(f)) continue;
    // A pair: the baseline decides when there is one (the lower of two healthy cards is no straggler).
    if (peers.size() == 1 && f.ratio && !f.low()) continue;
    std::vector<double> values;
    for (const GpuScoring* p : peers)
      for (const auto& pf : p->figures)
        if (pf.name == f.name && comparable(pf)) {
          values.push_back(pf.value);
          break;
        }
    if (values.empty()) continue;
    ++compared;
    const double med = median_of(values);
    const double ratio = f.higher_is_better ? f.value / med : med / f.value;
    if (ratio < 1.0 - margin) low.push_back({&f, med, ratio, static_cast<int>(values.size())});
  }
  if (low.empty()) return;

  const int n_peers = static_cast<int>(peers.size());
  double worst = 1.0;
  for (const auto& l : low) worst = std::min(worst, l.ratio);
  std::string conf = "low";
  if (n_peers >= 2) conf = (low.size() >= 2 || worst < 1.0 - 2 * margin) ? "high" : "medium";

  Verdict v = make_verdict(finding_id::kStraggler, g.index(), conf, "", "");
  Finding& f = v.finding;
  for (const auto& l : low) {
    f.evidence.push_back(l.f->name + " " + fmt_value(l.f->value, l.f->unit) + "; peer median " + fmt_value(l.median, l.f->unit) +
                         " over " + std::to_string(l.peers) + (l.peers == 1 ? " other GPU" : " other GPUs") + " of the same model: " +
                         fmt_pct(l.ratio) + ", " + fmt_pct(1.0 - l.ratio) + " below (margin " + fmt_pct(margin) + ")");
    f.figures[l.f->name + "_peer_ratio"] = l.ratio;
  }
  if (n_peers == 1)
    f.evidence.push_back("only two GPUs of this model in the document: which one is off is not known from the pair alone; "
                         "the baseline comparison decides");
  f.figures["peers"] = n_peers;
  f.figures["figures_low"] = static_cast<double>(low.size());
  f.figures["figures_compared"] = compared;
  f.figures["worst_peer_ratio"] = worst;
  const FigureScore* w = low.front().f;
  for (const auto& l : low)
    if (l.ratio == worst) w = l.f;
  v.short_text = w->name + " " + fmt_pct(worst) + " of its peers";
  f.summary = "GPU " + std::to_string(g.index()) + " is slower than the other " + g.gpu->name + " GPUs of this machine: " + w->name +
              " at " + fmt_pct(worst) + " of their median. A job spread over the node runs at its slowest GPU's pace.";
  g.verdicts.push_back(std::move(v));
}

}  // namespace gpuaudit
