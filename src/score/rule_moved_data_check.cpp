// wrong-results (machine, gpu null) from a tool's own check of the data the GPUs moved, where the
//   row names no GPU: nvbandwidth 0.4+ fills every copy's source with a pattern and checks the
//   destination ("Invalid value when checking the pattern": the bytes that arrived differ from those
//   sent; src/import/rows/nvbandwidth_rows.cpp), and nccl-tests checks each collective's result
//   against the expected values (its #wrong column, or out-of-bounds values: the reduced data is
//   wrong; src/import/formats/parse_nccl_tests.cpp). Both compare outputs directly, as every
//   wrong-results source does; the copy or collective spans several GPUs and their links, so which
//   GPU (or link) corrupted it is not known: medium, for the machine, with per-GPU checks as the way
//   to find it. A row that names its GPU is rule_wrong_results's; a failed dcgmi diag, a host check
//   or a failed call are not output comparisons of GPU data and are not taken here.
#include "core/finding_ids.hpp"
#include "score/rules.hpp"
#include "text/format.hpp"

namespace gpuaudit {

namespace {

bool checks_moved_data(const BenchmarkResult& b) {
  return b.status == "check-failed" && !b.gpu && (b.name.rfind("nvbandwidth/", 0) == 0 || b.name.rfind("nccl/", 0) == 0);
}

}  // namespace

void rule_moved_data_check(const DocScoring& d, const Thresholds& /*t*/, std::vector<Verdict>& out) {
  std::vector<const BenchmarkResult*> failed;
  for (const auto& b : d.doc->benchmarks)
    if (checks_moved_data(b)) failed.push_back(&b);
  if (failed.empty()) return;
  Verdict v = make_verdict(finding_id::kWrongResults, std::nullopt, "medium", "", "");
  std::string sources;
  for (const BenchmarkResult* b : failed) {
    if (v.finding.evidence.size() < 8)
      v.finding.evidence.push_back(b->name + ": " + (b->message.empty() ? std::string("its data check failed") : clipped(b->message, 240)));
    if (sources.find(b->name) == std::string::npos) sources += (sources.empty() ? "" : ", ") + b->name;
  }
  v.finding.evidence.push_back("the check spans several GPUs and their links, so which one corrupted the data is not "
                               "named: run gpuaudit run on each GPU (its GEMM and copy rows check every output)");
  v.finding.figures["wrong_result_sources"] = static_cast<double>(failed.size());
  v.short_text = "WRONG DATA in " + sources;
  v.finding.summary = "a tool's own check of the data the GPUs moved failed (" + sources +
                      "): what arrived differs from what was sent, so a GPU or a link of this machine corrupts data; do "
                      "not run work on it until the GPU or link is found.";
  out.push_back(std::move(v));
}

}  // namespace gpuaudit
