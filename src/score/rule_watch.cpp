// host-bound from `gpuaudit watch`: a GPU the renter's own job used but left waiting
//   (watch/diagnose.hpp "starved": busy less than 85% of the run) is host-bound, with the host's
//   cause the watch named (steal, swap, iowait, the network at its link's rate, every CPU busy, one
//   core) at medium confidence; with no cause the counters show ("unseen": the network below or at
//   an unknown rate, locks, the job's own pauses) at low.
//   sliced from the watch's `shared` diagnosis when another process held a compute context on the GPU
//   before the job began (watch/gpu_tenants.hpp: a co-tenant time-slicing the card), medium; one that
//   appeared during the run outside the job's tree may be the job's own through a launcher: a note.
//   The watch's other diagnoses are notes: a busy GPU, GPUs left idle, a job that slowed down, the
//   host summary. Throttling under the job is not said here: the watch's timelines are the
//   `telemetry/under-load` rows the power, thermal and clock rules judge (watch/under_load_rows.hpp).
#include "core/finding_ids.hpp"
#include "score/rules.hpp"
#include "watch/watch_document.hpp"

namespace gpuaudit {

void rule_watch(const DocScoring& d, const Thresholds&, std::vector<Verdict>& out) {
  const auto w = read_watch(*d.doc);
  if (!w) return;
  const std::string job = "while `gpuaudit watch` ran the job (" + std::to_string(static_cast<long>(w->elapsed_s)) + " s)";
  for (const auto& diag : w->diagnoses) {
    if (diag.id == "throttled") continue;  // the under-load rows carry it to the power and thermal rules
    if (diag.id == "shared" && diag.cause == "before-the-job") {
      Verdict v = make_verdict(finding_id::kSliced, diag.gpu, "medium", diag.summary, "another process on it");
      v.finding.evidence = diag.evidence;
      v.finding.evidence.push_back(job);
      v.finding.figures["shared_share"] = diag.share;
      out.push_back(std::move(v));
      continue;
    }
    if (diag.id != "starved") {
      if (d.notes) d.notes->push_back("watch: " + diag.summary);
      continue;
    }
    Verdict v = make_verdict(finding_id::kHostBound, diag.gpu, diag.cause == "unseen" ? "low" : "medium",
                             diag.summary, "waited for the host (" + diag.cause + ")");
    v.finding.evidence = diag.evidence;
    v.finding.evidence.push_back(job);
    v.finding.figures["waiting_share"] = diag.share;
    out.push_back(std::move(v));
  }
}

}  // namespace gpuaudit
