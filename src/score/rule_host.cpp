// host-bound: the host around the GPU will hold work back.
//   CPU steal above steal_pct (host/steal's whole-run share, else the inventory's sampled steal): the hypervisor
//   takes CPU time from this VM (high above twice the threshold, else medium).
//   host/cpu_all's all_core_ratio below all_core_ratio: the vCPUs do not scale (SMT siblings,
//   quotas, oversubscription) (medium).
//   host/disk_seq_read below the GPUs' appetite, taken as disk_mbps_per_tflops MB/s per dense
//   TFLOP/s the GPUs run (measured, else expected): an ASSUMPTION about a job that streams its
//   dataset from this disk, so low confidence. Only judged when --disk measured a disk.
//   host/decode_all's feeds_images_per_s (JPEG decode on every allowed core) below the GPUs'
//   appetite, taken as decode_images_per_tflops images/s per dense TFLOP/s: an ASSUMPTION about a
//   job that decodes its images on the CPU (ResNet-class training), so low confidence.
// Not judged: host/steal's busy_pct (it counts gpuaudit's own checks, which load every core) and
// the inventory's load, which no document records apart from gpuaudit's own work.
#include "report/format.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

namespace gpuaudit {

namespace {

const BenchmarkResult* host_bench(const ResultDocument& doc, const char* name) {
  return doc.find(name, std::nullopt);
}

// Dense TFLOP/s the GPUs of the document run: measured where we can, else the reference.
double dense_tflops(const DocScoring& d) {
  double sum = 0;
  for (const auto& g : *d.gpus) {
    const FigureScore* f = g.first_scored(tensor_figures());
    if (f && f->unit == "TFLOP/s") {
      sum += f->value;
    } else if (const Baseline* b = g.baseline()) {
      if (auto it = b->expected.find("gemm/bf16"); it != b->expected.end()) sum += it->second.value * g.slice.sm_fraction;
    }
  }
  return sum;
}

}  // namespace

void rule_host(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out) {
  const ResultDocument& doc = *d.doc;
  Verdict v = make_verdict("host-bound", std::nullopt, "", "", "");
  Finding& f = v.finding;
  std::vector<std::string> shorts, why;
  auto raise = [&](const char* c) { f.confidence = stronger(f.confidence, c); };

  std::optional<double> steal;
  std::string steal_from;
  if (const BenchmarkResult* b = host_bench(doc, "host/steal"); b && b->value()) {
    // The whole run's share, not the median 1 s window: steal comes in bursts, and a run whose
    // windows are mostly clean can still have lost a tenth of its CPU time.
    auto whole = b->derived.find("whole_run_pct");
    steal = whole != b->derived.end() ? whole->second : *b->value();
    steal_from = whole != b->derived.end() ? "host/steal over the whole run" : "host/steal";
  } else if (doc.host.steal_pct) {
    steal = doc.host.steal_pct;
    steal_from = "CPU steal sampled at inventory";
  }
  if (steal && *steal > t.rules.steal_pct) {
    raise(*steal > 2 * t.rules.steal_pct ? "high" : "medium");
    f.evidence.push_back(steal_from + ": " + fmt_num(*steal, 1) + "% (threshold " + fmt_num(t.rules.steal_pct, 0) + "%)");
    f.figures["steal_pct"] = *steal;
    shorts.push_back("CPU steal " + fmt_num(*steal, 0) + "%");
    why.push_back("the hypervisor takes " + fmt_num(*steal, 0) + "% of the CPU time");
  }

  if (const BenchmarkResult* b = host_bench(doc, "host/cpu_all"); b && b->value()) {
    if (auto it = b->derived.find("all_core_ratio"); it != b->derived.end() && it->second < t.rules.all_core_ratio) {
      raise("medium");
      f.evidence.push_back("host/cpu_all: all vCPUs together do " + fmt_num(it->second, 2) +
                           "x of one vCPU times their count (threshold " + fmt_num(t.rules.all_core_ratio, 2) + ")");
      f.figures["all_core_ratio"] = it->second;
      shorts.push_back("vCPUs scale to " + fmt_num(it->second, 2));
      why.push_back("the vCPUs do not scale (SMT siblings, a CPU quota or oversubscription)");
    }
  }

  if (const BenchmarkResult* b = host_bench(doc, "host/disk_seq_read"); b && b->value()) {
    const double appetite = t.rules.disk_mbps_per_tflops * dense_tflops(d);
    if (appetite > 0 && *b->value() < appetite) {
      raise("low");
      f.evidence.push_back("host/disk_seq_read: " + fmt_value(*b->value(), b->unit) + "; the GPUs' appetite is about " +
                           fmt_num(appetite, 0) + " MB/s (assumed " + fmt_num(t.rules.disk_mbps_per_tflops, 1) +
                           " MB/s per dense TFLOP/s, for a job that streams its dataset from this disk)");
      f.figures["disk_mbps"] = *b->value();
      f.figures["disk_appetite_mbps"] = appetite;
      shorts.push_back("disk " + fmt_num(*b->value(), 0) + " MB/s");
      why.push_back("the disk reads slower than the GPUs can consume data");
    }
  }
  if (const BenchmarkResult* b = host_bench(doc, "host/decode_all"); b && b->value()) {
    const auto feeds = b->derived.find("feeds_images_per_s");
    const double rate = feeds != b->derived.end() ? feeds->second : *b->value();
    const double appetite = t.rules.decode_images_per_tflops * dense_tflops(d);
    if (appetite > 0 && rate < appetite) {
      raise("low");
      f.evidence.push_back("host/decode_all: the CPUs decode " + fmt_num(rate, 0) + " JPEG images/s; the GPUs' appetite is about " +
                           fmt_num(appetite, 0) + " images/s (assumed " + fmt_num(t.rules.decode_images_per_tflops, 0) +
                           " images/s per dense TFLOP/s, for a job that decodes its images on the CPU)");
      f.figures["decode_images_per_s"] = rate;
      f.figures["decode_appetite_images_per_s"] = appetite;
      shorts.push_back("JPEG decode " + fmt_num(rate, 0) + " images/s");
      why.push_back("the CPUs decode images slower than the GPUs can train on them (decode on the GPU, e.g. DALI, or "
                    "pre-decoded data avoids it)");
    }
  }
  if (f.confidence.empty()) return;
  if (const BenchmarkResult* b = host_bench(doc, "host/iowait"); b && b->value() && *b->value() > 5)
    f.evidence.push_back("host/iowait: " + fmt_num(*b->value(), 1) + "%");
  std::string sh, sum;
  for (const auto& x : shorts) sh += (sh.empty() ? "" : ", ") + x;
  for (const auto& x : why) sum += (sum.empty() ? "" : "; ") + x;
  v.short_text = sh;
  f.summary = "The host will hold the GPU back: " + sum + ".";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
