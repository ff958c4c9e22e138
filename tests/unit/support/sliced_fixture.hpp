// One GPU scored by hand for the sliced rule's judgements (src/score/sliced_*.cpp): a document
// with a single synthetic GPU whose inventory gpuaudit took, and the finding they fill.
#pragma once

#include "core/finding_ids.hpp"
#include "core/stats.hpp"
#include "score/sliced_signs.hpp"

#include <string>
#include <vector>

namespace gpuaudit::sliced_fixture {

struct OneGpu {
  ResultDocument doc;
  GpuScoring g;
  sliced::SlicedFinding out{make_verdict(finding_id::kSliced, 0, "", "", ""), {}, {}};

  explicit OneGpu(const std::string& name) {
    doc.synthetic = true;
    doc.synthetic_source = "tests/unit/support/sliced_fixture.hpp";
    GpuInfo gpu;
    gpu.index = 0;
    gpu.name = name;
    doc.gpus.push_back(gpu);
  }
  // Call after the document is complete: the scoring points into it.
  GpuScoring& scoring() {
    g.doc = &doc;
    g.gpu = &doc.gpus.front();
    return g;
  }
  void add_row(const std::string& bench, const std::string& unit, double value) {
    BenchmarkResult b;
    b.name = bench;
    b.unit = unit;
    b.gpu = 0;
    b.status = "ok";
    b.samples = {value, value, value};
    b.summary = summarize(b.samples);
    doc.benchmarks.push_back(b);
  }
  const Finding& f() { return out.f(); }
};

inline bool has_line(const std::vector<std::string>& lines, const std::string& part) {
  for (const auto& l : lines)
    if (l.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace gpuaudit::sliced_fixture
