// compare/compare: compare_runs and load_base: verdicts per figure, hardware refusals, and which runs of a base
// folder are read (the last K by created_utc, only those in full).
#include "compare/compare.hpp"
#include "compare/compare_render.hpp"
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "core/stats.hpp"
#include "unit/support/compare_files.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>

using namespace gpuaudit;

TEST(CompareRuns, TwentyPercentHbmDropIsTheOnlyRegression) {
  const auto c = compare_files("golden-synthetic.json", "hbm-drop-20pct-synthetic.json");
  EXPECT_TRUE(c.has_regression());
  EXPECT_EQ(figure(c, "hbm/copy").outcome, "regressed");
  EXPECT_EQ(c.count("regressed"), 1);
  EXPECT_EQ(c.count("same"), 4);
  ASSERT_EQ(c.software_differences.size(), 1u);
  EXPECT_EQ(c.software_differences[0].what, "driver");
  EXPECT_EQ(c.software_differences[0].next, "575.51.03");
}

TEST(CompareRuns, OnePercentDropWithinNoiseIsSame) {
  const auto c = compare_files("gemm-base-noisy-synthetic.json", "gemm-drop-1pct-synthetic.json");
  EXPECT_FALSE(c.has_regression());
  EXPECT_EQ(figure(c, "gemm/bf16").outcome, "same");
  EXPECT_EQ(c.count("same"), static_cast<int>(c.figures.size()));
}

TEST(CompareRuns, FasterEverywhereIsImproved) {
  const auto c = compare_files("golden-synthetic.json", "all-faster-synthetic.json");
  EXPECT_FALSE(c.has_regression());
  EXPECT_EQ(c.count("improved"), 5);
  EXPECT_EQ(figure(c, "sm/launch").outcome, "improved");  // lower is better there
}

TEST(CompareRuns, CorruptBaseIsAnInputErrorNamingTheFile) {
  std::string msg;
  EXPECT_EQ(error_code_of([] { base_file("corrupt-synthetic.json"); }, &msg), 2);
  EXPECT_NE(msg.find("corrupt-synthetic.json"), std::string::npos) << msg;
  EXPECT_EQ(error_code_of([] { base_file("no-such-file.json"); }, &msg), 2);
  EXPECT_EQ(error_code_of([] { load_base(kCompareData); }, &msg), 2);  // the folder holds the corrupt file
  EXPECT_NE(msg.find("corrupt-synthetic.json"), std::string::npos) << msg;
}

TEST(CompareRuns, FolderBaseKeepsTheLastKRunsByCreationTime) {
  const auto base = load_base(kCompareData + "history-synthetic", 2);
  ASSERT_EQ(base.docs.size(), 2u);
  EXPECT_EQ(base.docs[0].created_utc, "2026-01-02T08:00:00Z");
  EXPECT_EQ(base.docs[1].created_utc, "2026-01-03T08:00:00Z");
  const auto c = compare_runs(base, read_result(kCompareData + "golden-synthetic.json"), "golden", {});
  EXPECT_FALSE(c.has_regression());
  EXPECT_EQ(figure(c, "hbm/copy").base_runs, 2);
  // All three: the slow oldest run is outvoted by the median, but its samples widen the noise.
  const auto all = load_base(kCompareData + "history-synthetic", 3);
  const auto c3 = compare_runs(all, read_result(kCompareData + "golden-synthetic.json"), "golden", {});
  EXPECT_NEAR(*figure(c3, "hbm/copy").base_value, 3000, 30);
  EXPECT_GT(figure(c3, "hbm/copy").judgement->noise_pct, 20);
}

TEST(CompareRuns, FailedAndMissingFigures) {
  auto base = base_file("golden-synthetic.json");
  ResultDocument next = base.docs[0];
  next.benchmarks[0].status = "check-failed";  // hbm/copy
  next.benchmarks[0].message = "output mismatch at element 7";
  next.benchmarks.erase(next.benchmarks.begin() + 1);  // gemm/bf16 gone
  BenchmarkResult extra = next.benchmarks[0];
  extra.name = "hbm/triad";
  extra.status = "ok";
  next.benchmarks.push_back(extra);
  const auto c = compare_runs(base, next, "next", {});
  EXPECT_EQ(figure(c, "hbm/copy").outcome, "failed");
  EXPECT_NE(figure(c, "hbm/copy").reason.find("output mismatch"), std::string::npos);
  EXPECT_EQ(figure(c, "gemm/bf16").outcome, "missing");
  EXPECT_EQ(figure(c, "hbm/triad").outcome, "new");
  EXPECT_TRUE(c.has_regression());
}

TEST(CompareRuns, AnInterruptedFigureIsLeftOutNotARegression) {
  auto base = base_file("golden-synthetic.json");
  ResultDocument next = base.docs[0];
  next.benchmarks[0].status = "interrupted";  // hbm/copy, cut short by SIGTERM
  next.benchmarks[0].message = "interrupted after 1 of 5 samples";
  next.benchmarks[0].summary.reset();
  const auto c = compare_runs(base, next, "next", {});
  const auto& f = figure(c, "hbm/copy");
  EXPECT_EQ(f.outcome, "skipped");
  EXPECT_NE(f.reason.find("interrupted in the new run"), std::string::npos) << f.reason;
  EXPECT_FALSE(f.is_regression());
  EXPECT_FALSE(c.has_regression());
  // As a base figure, an interrupted one counts for nothing either.
  BaseRuns interrupted_base = base;
  interrupted_base.docs[0].benchmarks[0] = next.benchmarks[0];
  const auto c2 = compare_runs(interrupted_base, base.docs[0], "next", {});
  EXPECT_EQ(figure(c2, "hbm/copy").outcome, "new");
  EXPECT_FALSE(c2.has_regression());
}

TEST(CompareRuns, ASymlinkLoopInTheBaseFolderIsNamedNotAnInternalError) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("gpuaudit-loop-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::copy_file(kCompareData + "golden-synthetic.json", dir / "a.json");
  fs::create_symlink(dir / "loop.json", dir / "loop.json");
  std::string m;
  EXPECT_EQ(error_code_of([&] { load_base(dir); }, &m), exit_code::usage);
  EXPECT_NE(m.find("loop.json"), std::string::npos) << m;
  fs::remove_all(dir);
}

namespace {

namespace fs = std::filesystem;

std::string text_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The golden document's text with another created_utc (and any other edit), written to dir/name.
void write_run(const fs::path& dir, const std::string& name, const std::string& created,
               const std::pair<std::string, std::string>& edit = {}) {
  std::string text = text_of(kCompareData + "golden-synthetic.json");
  const std::string old = "\"created_utc\": \"2026-01-10T08:00:00Z\"";
  text.replace(text.find(old), old.size(), "\"created_utc\": \"" + created + "\"");
  if (!edit.first.empty()) text.replace(text.find(edit.first), edit.first.size(), edit.second);
  std::ofstream(dir / name, std::ios::binary) << text;
}

// What load_base chose before it scanned: every document read in full, sorted by (created_utc, path).
std::vector<std::string> last_k_read_in_full(const fs::path& dir, size_t k) {
  std::vector<std::pair<std::string, std::string>> runs;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json" && fs::is_regular_file(e.path()))
      runs.emplace_back(read_result(e.path()).created_utc, e.path().string());
  std::sort(runs.begin(), runs.end());
  std::vector<std::string> names;
  for (size_t i = runs.size() - std::min(k, runs.size()); i < runs.size(); ++i) names.push_back(runs[i].second);
  return names;
}

struct BaseFolder {
  fs::path dir = fs::temp_directory_path() / ("gpuaudit-base-" + std::to_string(::getpid()));
  // Dates shuffled against the names, two runs at the same time (the path breaks the tie), and
  // one document compact on a single line.
  BaseFolder() {
    fs::remove_all(dir);
    fs::create_directories(dir);
    write_run(dir, "a.json", "2026-03-05T00:00:00Z");
    write_run(dir, "b.json", "2026-03-01T00:00:00Z");
    write_run(dir, "c.json", "2026-03-09T00:00:00Z");
    write_run(dir, "d.json", "2026-03-03T00:00:00Z");
    write_run(dir, "e.json", "2026-03-09T00:00:00Z");
    write_run(dir, "f.json", "2026-02-27T00:00:00Z");
    std::ofstream(dir / "g.json") << read_json_file(dir / "d.json").dump();  // compact, same date as d
    fs::create_symlink(dir / "gone.json", dir / "dangling.json");  // no document, as before
  }
  ~BaseFolder() { fs::remove_all(dir); }
};

}  // namespace

TEST(CompareRuns, AFolderBaseChoosesTheSameLastKAsReadingEveryDocument) {
  const BaseFolder f;
  for (int k : {1, 3, 4, 7, 20}) {
    const auto base = load_base(f.dir, k);
    EXPECT_EQ(base.names, last_k_read_in_full(f.dir, static_cast<size_t>(k))) << "k=" << k;
    ASSERT_EQ(base.docs.size(), base.names.size());
    for (size_t i = 0; i < base.docs.size(); ++i)
      EXPECT_EQ(base.docs[i].created_utc, read_result(base.names[i]).created_utc);
  }
  const auto three = load_base(f.dir, 3);
  EXPECT_EQ(three.names, (std::vector<std::string>{(f.dir / "a.json").string(), (f.dir / "c.json").string(),
                                                   (f.dir / "e.json").string()}));
}

// Only the chosen documents are read in full: an older one whose date a scan of its text finds
// does not stop the comparison, however broken the rest of it is; chosen, it is refused.
TEST(CompareRuns, ABrokenDocumentOutsideTheLastKIsNotReadWhenItsDateIsFound) {
  const BaseFolder f;
  write_run(f.dir, "broken.json", "2026-01-01T00:00:00Z", {"\"synthetic\": true", "\"synthetic\": tru"});
  std::string m;
  EXPECT_EQ(error_code_of([&] { read_result(f.dir / "broken.json"); }, &m), exit_code::usage);  // invalid JSON
  const auto base = load_base(f.dir, 3);
  EXPECT_EQ(base.names.back(), (f.dir / "e.json").string());
  EXPECT_EQ(error_code_of([&] { load_base(f.dir, 20); }, &m), exit_code::usage);  // now among the last K
  EXPECT_NE(m.find("broken.json"), std::string::npos) << m;

  write_run(f.dir, "broken.json", "2026-12-31T00:00:00Z", {"\"synthetic\": true", "\"synthetic\": tru"});
  EXPECT_EQ(error_code_of([&] { load_base(f.dir, 3); }, &m), exit_code::usage);  // the newest
  EXPECT_NE(m.find("broken.json"), std::string::npos) << m;
}

TEST(CompareRuns, ADocumentWhoseDateAScanCannotFindIsReadInFullAndRefused) {
  const BaseFolder f;
  std::string m;
  // Cut short: the scan cannot tell its date, so it is read, and refused naming the file.
  const std::string golden = text_of(kCompareData + "golden-synthetic.json");
  std::ofstream(f.dir / "cut.json") << golden.substr(0, golden.size() / 2);
  EXPECT_EQ(error_code_of([&] { load_base(f.dir, 1); }, &m), exit_code::usage);
  EXPECT_NE(m.find("cut.json"), std::string::npos) << m;
  fs::remove(f.dir / "cut.json");
  // No created_utc, or one that is no string: the full read names the field.
  write_run(f.dir, "nodate.json", "x", {"\"created_utc\": \"x\",", ""});
  EXPECT_EQ(error_code_of([&] { load_base(f.dir, 1); }, &m), exit_code::usage);
  EXPECT_NE(m.find("nodate.json"), std::string::npos) << m;
  EXPECT_NE(m.find("created_utc"), std::string::npos) << m;
  fs::remove(f.dir / "nodate.json");
  write_run(f.dir, "number.json", "x", {"\"created_utc\": \"x\"", "\"created_utc\": 20260101"});
  EXPECT_EQ(error_code_of([&] { load_base(f.dir, 1); }, &m), exit_code::usage);
  EXPECT_NE(m.find("number.json"), std::string::npos) << m;
  EXPECT_NE(m.find("created_utc"), std::string::npos) << m;
  fs::remove(f.dir / "number.json");
  // A file that cannot be read at all is named too.
  std::ofstream(f.dir / "unreadable.json") << "{}";
  ::chmod((f.dir / "unreadable.json").c_str(), 0);
  if (::access((f.dir / "unreadable.json").c_str(), R_OK) != 0) {  // root reads it anyway
    EXPECT_EQ(error_code_of([&] { load_base(f.dir, 1); }, &m), exit_code::usage);
    EXPECT_NE(m.find("unreadable.json"), std::string::npos) << m;
  }
}

TEST(CompareRuns, NcclVariantsAreSeparateFigures) {
  // Four allreduce rows share a name and gpu null: float / bf16, out of place / in place. Each is
  // compared with its own base; pooled, bf16's lower figure would make float look improved.
  auto with_nccl = [](ResultDocument doc, double scale) {
    for (const char* dtype : {"float", "bf16"})
      for (bool in_place : {false, true}) {
        BenchmarkResult r;
        r.name = "nccl/allreduce";
        r.unit = "GB/s";
        r.status = "ok";
        const double v = (dtype == std::string("float") ? 360.0 : 180.0) - 10.0 * in_place;
        r.samples = {v * scale, v * scale * 1.001, v * scale * 0.999};
        r.summary = summarize(r.samples);
        r.params = {{"gpus", 8}, {"dtype", dtype}, {"in_place", in_place}};
        doc.benchmarks.push_back(r);
      }
    return doc;
  };
  const ResultDocument golden = read_result(kCompareData + "golden-synthetic.json");
  BaseRuns base;
  base.docs.push_back(with_nccl(golden, 1.0));
  base.names.push_back("base.json");
  const auto same = compare_runs(base, with_nccl(golden, 1.0), "new.json", {});
  EXPECT_FALSE(same.has_regression());
  EXPECT_EQ(figure(same, "nccl/allreduce float x8", std::nullopt).outcome, "same");
  EXPECT_EQ(figure(same, "nccl/allreduce bf16 in-place x8", std::nullopt).outcome, "same");
  EXPECT_EQ(same.count("improved"), 0);

  const auto slower = compare_runs(base, with_nccl(golden, 0.8), "new.json", {});
  EXPECT_EQ(figure(slower, "nccl/allreduce float in-place x8", std::nullopt).outcome, "regressed");
  EXPECT_EQ(figure(slower, "nccl/allreduce bf16 x8", std::nullopt).outcome, "regressed");
}

TEST(CompareRuns, TheDirectionIsGpuauditsNotTheNewDocuments) {
  // A NEW run whose hbm/copy is 20% down and says "higher_is_better": false (read from a file,
  // the validator refuses it; built in memory, compare itself must not believe it).
  const BaseRuns base = base_file("golden-synthetic.json");
  ResultDocument next = read_result(kCompareData + "hbm-drop-20pct-synthetic.json");
  for (auto& b : next.benchmarks)
    if (b.name == "hbm/copy") b.higher_is_better = false;
  const auto c = compare_runs(base, next, "next.json", {});
  EXPECT_EQ(figure(c, "hbm/copy").outcome, "regressed");
  EXPECT_TRUE(figure(c, "hbm/copy").higher_is_better);
}

TEST(CompareRuns, AFigureGpuauditDoesNotKnowNeedsBothRunsToAgreeOnItsDirection) {
  BaseRuns base = base_file("golden-synthetic.json");
  ResultDocument next = read_result(kCompareData + "golden-synthetic.json");
  auto rename = [](ResultDocument& d, bool higher) {
    for (auto& b : d.benchmarks)
      if (b.name == "hbm/copy") {
        b.name = "tool/score";
        b.unit = "points";
        b.higher_is_better = higher;
      }
  };
  rename(base.docs.back(), true);
  rename(next, false);
  auto c = compare_runs(base, next, "next.json", {});
  EXPECT_EQ(figure(c, "tool/score").outcome, "skipped");
  EXPECT_NE(figure(c, "tool/score").reason.find("disagree on whether higher is better"), std::string::npos);
  for (auto& b : next.benchmarks)
    if (b.name == "tool/score") b.higher_is_better = true;
  c = compare_runs(base, next, "next.json", {});
  EXPECT_EQ(figure(c, "tool/score").outcome, "same");
}

