// score/rule_stopped_rows.cpp: a measurement that stopped with an error or was interrupted is a
// note saying which figure is missing and why (with the file and line it was read from), never a
// finding; a document whose rows all have figures has no such note. The document is the healthy
// H100 scenario (synthetic) with a failed row added here.
#include "unit/support/score_scenarios.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gpuaudit;
using namespace gpuaudit::score_scenarios;

namespace {

std::vector<std::string> notes_of(const Assessment& a) {
  std::vector<std::string> out;
  if (auto n = a.extra.find("notes"); n != a.extra.end())
    for (const auto& x : *n) out.push_back(x.get<std::string>());
  return out;
}

bool any_has(const std::vector<std::string>& lines, const std::string& what) {
  for (const auto& l : lines)
    if (l.find(what) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(RuleStoppedRows, ARowThatStoppedWithAnErrorIsANote) {
  ResultDocument doc = scenario("h100-sxm-healthy");
  BenchmarkResult r;
  r.name = "nccl/allreduce";
  r.status = "error";
  r.message = "Test NCCL failure common.cu:1005 'unhandled cuda error'";
  r.extra = {{"source", {{"file", "nccl.txt"}, {"line", 12}}}};
  doc.benchmarks.push_back(r);
  BenchmarkResult i;
  i.name = "hbm/triad";
  i.gpu = 0;
  i.status = "interrupted";
  doc.benchmarks.push_back(i);
  const Assessment a = score(doc);
  const std::vector<std::string> notes = notes_of(a);
  EXPECT_TRUE(any_has(notes, "nccl/allreduce has no figure: it stopped with an error (nccl.txt line 12): Test NCCL failure"))
      << a.headline;
  EXPECT_TRUE(any_has(notes, "GPU 0: hbm/triad has no figure: it was interrupted"));
}

TEST(RuleStoppedRows, RowsWithFiguresGiveNoNote) {
  EXPECT_FALSE(any_has(notes_of(score(scenario("h100-sxm-healthy"))), "has no figure"));
}
