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
// Imported steal (vmstat, top, mpstat, iostat: host_rows.hpp) is the same share of the same /proc/stat ticks
//   and is judged alike; one report without an interval (since boot, top's first frame) is a
//   reading, not a run, so never high. Its busy share and iowait are notes: a busy CPU is the
//   machine's own work (contended, not starved), iowait does not say whose I/O.
// Contended, not judged: a CPU-bound figure (the all-core ratio, JPEG decode) taken while other
//   processes used more than contended_cpu_pct of the CPUs the check ran on (derived
//   foreign_cpu_pct: /proc/stat busy time less gpuaudit's own, host/cpu_contention.hpp) describes
//   the neighbours, not the machine: it gives a note "contended by other processes (N%)" and no
//   host-bound. Steal is counted apart and always judged: it is the hypervisor's, not a process's.
//   A CPU quota (cgroup cpu.max below the allowed vCPUs) explains a low ratio whatever the load.
// Not judged: host/steal's busy_pct (it counts gpuaudit's own checks, which load every core).
#include "text/format.hpp"
#include "core/finding_ids.hpp"
#include "score/evidence.hpp"
#include "score/families.hpp"
#include "score/rules.hpp"

#include <algorithm>

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

// Other processes' share of the CPUs while `b` was measured, when recorded.
std::optional<double> foreign_cpu_pct(const BenchmarkResult& b) {
  const auto it = b.derived.find("foreign_cpu_pct");
  if (it == b.derived.end()) return std::nullopt;
  return it->second;
}

// The CPU quota a container runs under, when below the vCPUs the check used.
std::optional<double> binding_quota(const BenchmarkResult& b) {
  if (!b.params.is_object()) return std::nullopt;
  const auto q = b.params.find("cgroup_cpu_limit");
  const auto n = b.params.find("vcpus");
  if (q == b.params.end() || n == b.params.end() || !q->is_number() || !n->is_number()) return std::nullopt;
  if (q->get<double>() > n->get<double>() - 0.5) return std::nullopt;
  return q->get<double>();
}

// The tool an imported host row came from (params.tool: vmstat, top, mpstat, iostat), nullopt for gpuaudit's own.
std::optional<std::string> imported_tool(const BenchmarkResult& b) {
  if (!b.params.is_object()) return std::nullopt;
  const auto it = b.params.find("tool");
  if (it == b.params.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

// "12 windows of 1 s" / "12 windows": what an imported row's whole-run share covers.
std::string windows_text(const BenchmarkResult& b) {
  const double n = b.params.value("windows", 0.0);
  std::string s = fmt_num(n, 0) + (n == 1 ? " window" : " windows");
  if (b.params.contains("interval_s") && b.params["interval_s"].is_number())
    s += " of " + fmt_num(b.params["interval_s"].get<double>(), 0) + " s";
  return s;
}

std::string contended_note(const std::string& figure, double pct, const std::string& what, const Thresholds& t) {
  return figure + ": " + kContendedWords + " (" + fmt_num(pct, 0) + "% of the CPUs during the check, threshold " +
         fmt_num(t.rules.contended_cpu_pct, 0) + "%): " + what +
         " describes the neighbours, not this machine, so it is not judged host-bound; rerun when the machine is quiet";
}

}  // namespace

void rule_host(const DocScoring& d, const Thresholds& t, std::vector<Verdict>& out) {
  const ResultDocument& doc = *d.doc;
  Verdict v = make_verdict(finding_id::kHostBound, std::nullopt, "", "", "");
  Finding& f = v.finding;
  std::vector<std::string> shorts, why;
  auto raise = [&](const char* c) { f.confidence = stronger(f.confidence, c); };

  std::optional<double> steal;
  std::string steal_from;
  bool steal_snapshot = false;  // one imported report (since boot, top's first frame): not a run
  const BenchmarkResult* steal_row = host_bench(doc, "host/steal");
  if (const BenchmarkResult* b = steal_row; b && b->value()) {
    // The whole run's share, not the median 1 s window: steal comes in bursts, and a run whose
    // windows are mostly clean can still have lost a tenth of its CPU time.
    auto whole = b->derived.find("whole_run_pct");
    steal = whole != b->derived.end() ? whole->second : *b->value();
    steal_from = whole != b->derived.end() ? "host/steal over the whole run" : "host/steal";
    if (const auto tool = imported_tool(*b)) {  // vmstat, top, mpstat: the same /proc/stat shares
      steal_snapshot = b->params.value("snapshot", false);
      steal_from = "host/steal from " + *tool + " (" +
                   (steal_snapshot ? b->params.value("window", std::string("one report"))
                                   : windows_text(*b)) + ")";
    }
  } else if (doc.host.steal_pct) {
    steal = doc.host.steal_pct;
    steal_from = "CPU steal sampled at inventory";
  }
  if (steal && *steal > t.rules.steal_pct) {
    // One report is a reading, not a run: an uptime average or a refresh of a few seconds. It
    // shows the hypervisor takes time from this VM, but not how much over a job: never high.
    raise(*steal > 2 * t.rules.steal_pct && !steal_snapshot ? "high" : "medium");
    f.evidence.push_back(steal_from + ": " + fmt_num(*steal, 1) + "% (threshold " + fmt_num(t.rules.steal_pct, 0) + "%)");
    f.figures["steal_pct"] = *steal;
    shorts.push_back("CPU steal " + fmt_num(*steal, 0) + "%");
    why.push_back("the hypervisor takes " + fmt_num(*steal, 0) + "% of the CPU time");
  }

  std::vector<std::string> contended;  // notes: figures not judged because others used the CPUs
  double contended_max = 0;
  if (const BenchmarkResult* b = host_bench(doc, "host/cpu_all"); b && b->value()) {
    if (auto it = b->derived.find("all_core_ratio"); it != b->derived.end() && it->second < t.rules.all_core_ratio) {
      const auto foreign = foreign_cpu_pct(*b);
      const auto quota = binding_quota(*b);
      if (foreign && *foreign > t.rules.contended_cpu_pct && !quota) {
        contended.push_back(contended_note("host/cpu_all", *foreign, "its all-core ratio " + fmt_num(it->second, 2), t));
        contended_max = std::max(contended_max, *foreign);
      } else {
        raise("medium");
        std::string line = "host/cpu_all: all vCPUs together do " + fmt_num(it->second, 2) +
                           "x of one vCPU times their count (threshold " + fmt_num(t.rules.all_core_ratio, 2) + ")";
        if (foreign) line += "; other processes used " + fmt_num(*foreign, 1) + "% of the CPUs meanwhile";
        f.evidence.push_back(line);
        f.figures["all_core_ratio"] = it->second;
        if (foreign) f.figures["foreign_cpu_pct"] = *foreign;
        shorts.push_back("vCPUs scale to " + fmt_num(it->second, 2));
        if (quota) {
          f.evidence.push_back("host/cpu_all: a CPU quota (cgroup cpu.max) of " + fmt_num(*quota, 1) + " CPUs for " +
                               fmt_num(b->params["vcpus"].get<double>(), 0) + " vCPUs");
          why.push_back("a CPU quota of " + fmt_num(*quota, 1) + " CPUs caps the vCPUs");
        } else {
          why.push_back("the vCPUs do not scale (SMT siblings, a CPU quota or oversubscription)");
        }
      }
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
    const auto foreign = foreign_cpu_pct(*b);
    if (appetite > 0 && rate < appetite && foreign && *foreign > t.rules.contended_cpu_pct) {
      contended.push_back(contended_note("host/decode_all", *foreign,
                                         "its JPEG decode rate " + fmt_num(rate, 0) + " images/s (the GPUs' appetite about " +
                                             fmt_num(appetite, 0) + ")",
                                         t));
      contended_max = std::max(contended_max, *foreign);
    } else if (appetite > 0 && rate < appetite) {
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
  // Imported CPU accounting (vmstat, top, mpstat) says more than steal, and none of it is
  // host-bound: a busy CPU is busy with the machine's own work (the job, or a neighbour process:
  // contended, not slow), and iowait is idle time with I/O outstanding, whoever asked for it.
  // Both are notes; an idle reading says nothing either way.
  std::vector<std::string> readings;
  if (steal_row && steal_row->value() && imported_tool(*steal_row) && (!steal || *steal <= t.rules.steal_pct)) {
    if (auto busy = steal_row->derived.find("busy_pct"); busy != steal_row->derived.end() && busy->second > 90)
      readings.push_back("host/steal from " + *imported_tool(*steal_row) + ": the CPUs were " + fmt_num(busy->second, 0) +
                          "% busy and the hypervisor took " + fmt_num(steal ? *steal : 0, 1) +
                          "%: a busy host, not a starved one, so it is not judged host-bound");
  }
  if (const BenchmarkResult* b = host_bench(doc, "host/iowait"); b && b->value() && imported_tool(*b)) {
    const auto whole = b->derived.find("whole_run_pct");
    const double iowait = whole != b->derived.end() ? whole->second : *b->value();
    if (iowait > 5)
      readings.push_back("host/iowait from " + *imported_tool(*b) + ": " + fmt_num(iowait, 1) +
                          "% of the CPU time was idle with I/O outstanding; shown, not judged (it does not say whose I/O)");
  }
  if (d.notes) {
    for (const auto& n : contended) d.notes->push_back(n);
    for (const auto& n : readings) d.notes->push_back(n);
  }
  if (f.confidence.empty()) return;
  if (contended_max > 0)  // a qualifier: the verdict stands on steal, the disk or a quota, not on these
    f.evidence.push_back("not counted: " + std::to_string(contended.size()) + " figure(s) contended by other processes (up to " +
                         fmt_num(contended_max, 0) + "% of the CPUs)");
  if (const BenchmarkResult* b = host_bench(doc, "host/iowait"); b && b->value()) {
    // The whole run's share, as for steal (and as the host table shows it).
    const auto whole = b->derived.find("whole_run_pct");
    const double iowait = whole != b->derived.end() ? whole->second : *b->value();
    if (iowait > 5)
      f.evidence.push_back(std::string("host/iowait") + (whole != b->derived.end() ? " over the whole run" : "") + ": " +
                           fmt_num(iowait, 1) + "%");
  }
  std::string sh, sum;
  for (const auto& x : shorts) sh += (sh.empty() ? "" : ", ") + x;
  for (const auto& x : why) sum += (sum.empty() ? "" : "; ") + x;
  v.short_text = sh;
  f.summary = "The host will hold the GPU back: " + sum + ".";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
