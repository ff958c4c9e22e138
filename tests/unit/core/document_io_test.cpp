#include "core/document_io.hpp"
#include "core/error.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <functional>

using namespace gpuaudit;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "gpuaudit-test-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

ResultDocument sample() {
  ResultDocument d;
  d.tool.version = "0.1.0";
  d.created_utc = "2026-11-30T00:00:00Z";
  d.tags["provider"] = "example";
  d.price_per_hour = 3.5;
  GpuInfo g;
  g.name = "NVIDIA H200";
  g.sm_count = 132;
  g.power.limit_w = 700;
  d.gpus.push_back(g);
  BenchmarkResult b;
  b.name = "hbm/copy";
  b.gpu = 0;
  b.unit = "GB/s";
  b.samples = {4400, 4410, 4390};
  b.summary = summarize(b.samples);
  b.derived["fraction_of_peak"] = 0.92;
  d.benchmarks.push_back(b);
  return d;
}

int code_of(const std::function<void()>& f, std::string* message = nullptr) {
  try {
    f();
  } catch (const Error& e) {
    if (message) *message = e.what();
    return e.code();
  }
  return 0;
}

}  // namespace

TEST(DocumentIo, RoundTripKeepsEveryField) {
  const ResultDocument d = sample();
  const ResultDocument back = parse_result(to_pretty_json(d), "mem");
  EXPECT_EQ(json(back), json(d));
  EXPECT_EQ(back.benchmarks.at(0).value(), 4400);
  EXPECT_EQ(back.find("hbm/copy", 0)->unit, "GB/s");
  EXPECT_EQ(back.find("hbm/copy", 1), nullptr);
}

TEST(DocumentIo, UnknownFieldsSurviveARoundTrip) {
  json j = sample();
  j["written_by_a_newer_minor"] = {{"x", 1}};
  j["gpus"][0]["future_gpu_field"] = "kept";
  j["benchmarks"][0]["future_benchmark_field"] = 42;
  const ResultDocument back = parse_result(j.dump(), "mem");
  const json again = back;
  EXPECT_EQ(again["written_by_a_newer_minor"]["x"], 1);
  EXPECT_EQ(again["gpus"][0]["future_gpu_field"], "kept");
  EXPECT_EQ(again["benchmarks"][0]["future_benchmark_field"], 42);
}

// `extra` keeps the unknown members and only a placeholder for the known ones: a copy of every
// level's whole object made reading a 40 kB document cost more than parsing it (docs/report.md).
TEST(DocumentIo, ExtraHoldsUnknownMembersInTheirPlaceNotCopiesOfKnownOnes) {
  json j = sample();
  json reordered = json::object();
  for (auto it = j.begin(); it != j.end(); ++it) {
    reordered[it.key()] = it.value();
    if (it.key() == "tags") reordered["written_by_a_newer_minor"] = {{"x", 1}};
  }
  reordered["benchmarks"][0]["future_benchmark_field"] = 42;
  const ResultDocument back = parse_result(reordered.dump(), "mem");
  EXPECT_TRUE(back.extra["benchmarks"].is_null());  // a placeholder, not a second copy of them
  EXPECT_TRUE(back.extra["gpus"].is_null());
  EXPECT_EQ(back.extra["written_by_a_newer_minor"]["x"], 1);
  EXPECT_TRUE(back.benchmarks.at(0).extra["samples"].is_null());
  EXPECT_EQ(back.benchmarks.at(0).extra["future_benchmark_field"], 42);
  // Written back, every member is where it was, the unknown ones too.
  EXPECT_EQ(json(back).dump(), reordered.dump());
}

TEST(DocumentIo, RefusesBadDocumentsWithOneLine) {
  std::string m;
  EXPECT_EQ(code_of([&] { parse_result("{not json", "a.json"); }, &m), exit_code::usage);
  EXPECT_NE(m.find("a.json: not valid JSON"), std::string::npos) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos);

  EXPECT_EQ(code_of([&] { parse_result(R"({"name":"x"})", "b.json"); }, &m), exit_code::usage);
  EXPECT_EQ(m, "b.json: not a gpuaudit result document (no \"schema\" field)");

  EXPECT_EQ(code_of([&] { parse_result(R"({"schema":"nvbench/1"})", "c.json"); }, &m), exit_code::usage);
  EXPECT_NE(m.find("not a gpuaudit result document (schema \"nvbench/1\")"), std::string::npos);

  EXPECT_EQ(code_of([&] { parse_result(R"({"schema":"gpuaudit.result/2"})", "d.json"); }, &m), exit_code::usage);
  EXPECT_NE(m.find("written by a newer gpuaudit (gpuaudit.result/2)"), std::string::npos) << m;

  EXPECT_EQ(code_of([&] { parse_result(R"({"schema":"gpuaudit.result/1","gpus":[{"sm_count":"many"}]})", "e.json"); }, &m),
            exit_code::usage);
  EXPECT_NE(m.find("e.json: malformed result document"), std::string::npos) << m;

  EXPECT_EQ(code_of([&] { parse_result("[1,2]", "f.json"); }, &m), exit_code::usage);
}

TEST(DocumentIo, MissingFileAndFolderAreInputErrors) {
  TempDir t;
  std::string m;
  EXPECT_EQ(code_of([&] { read_result(t.path / "nope.json"); }, &m), exit_code::usage);
  EXPECT_NE(m.find("nope.json: cannot open"), std::string::npos);
  EXPECT_EQ(code_of([&] { read_result(t.path); }, &m), exit_code::usage);
  EXPECT_NE(m.find("is a folder"), std::string::npos);
}

TEST(DocumentIo, AtomicWriteReplacesWholeAndLeavesNoTempFile) {
  TempDir t;
  const fs::path p = t.path / "r.json";
  write_result(p, sample());
  ResultDocument d2 = sample();
  d2.tags["provider"] = "second";
  write_result(p, d2);
  EXPECT_EQ(read_result(p).tags.at("provider"), "second");
  int files = 0;
  for (const auto& e : fs::directory_iterator(t.path)) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 1);
}

TEST(DocumentIo, UnwritableFolderIsAnIoErrorAndKeepsTheOldFile) {
  if (::geteuid() == 0) {
    // root ignores permissions; /proc refuses file creation for everyone.
    std::string m;
    EXPECT_EQ(code_of([&] { write_file_atomic("/proc/gpuaudit-test.json", "{}"); }, &m), exit_code::io_error);
    EXPECT_NE(m.find("cannot write /proc/gpuaudit-test.json"), std::string::npos) << m;
    return;
  }
  TempDir t;
  const fs::path p = t.path / "r.json";
  write_result(p, sample());
  fs::permissions(t.path, fs::perms::owner_read | fs::perms::owner_exec);
  std::string m;
  EXPECT_EQ(code_of([&] { write_file_atomic(p, "{}"); }, &m), exit_code::io_error);
  fs::permissions(t.path, fs::perms::owner_all);
  EXPECT_EQ(read_result(p).gpus.size(), 1u);
}

TEST(DocumentIo, FailedWriteMidFileKeepsTheOldFileAndLeavesNoTemp) {
  // A full disk fails write() part-way. RLIMIT_FSIZE does the same portably (EFBIG instead of
  // ENOSPC): the old document must stay intact and the temp file must be gone.
  TempDir t;
  const fs::path p = t.path / "r.json";
  write_result(p, sample());
  const std::string big(1 << 20, 'x');
  struct rlimit old {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  auto* old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = old;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string m;
  const int code = code_of([&] { write_file_atomic(p, big); }, &m);
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(code, exit_code::io_error);
  EXPECT_NE(m.find("cannot write " + p.string() + ": write:"), std::string::npos) << m;
  EXPECT_EQ(read_result(p).gpus.size(), 1u);
  int files = 0;
  for (const auto& e : fs::directory_iterator(t.path)) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 1);
}

// score --write made a 61 MB document 145 MB (pretty) and replaced the original with a file every
// reader refuses (issue #28). The text gpuaudit writes is one it reads: pretty, or compact when the
// pretty form would pass the limit, or nothing (Error io_error, the caller keeps the original).
TEST(DocumentIo, WrittenTextNeverPassesTheReadLimit) {
  ResultDocument d = sample();
  d.benchmarks[0].samples.assign(20000, 1234.5678);
  d.benchmarks[0].summary = summarize(d.benchmarks[0].samples);
  const std::string pretty = to_pretty_json(d);
  const std::string compact = json(d).dump(-1) + "\n";
  ASSERT_GT(pretty.size(), compact.size() * 3 / 2);
  EXPECT_EQ(readable_document_text(d, pretty.size()), pretty);
  const std::string fitted = readable_document_text(d, pretty.size() - 1);
  EXPECT_LE(fitted.size(), pretty.size() - 1);
  EXPECT_EQ(json(parse_result(fitted, "fitted.json")), json(d));
  try {
    readable_document_text(d, compact.size() / 2);
    FAIL() << "wrote a text over the limit";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::io_error);
    EXPECT_NE(std::string(e.what()).find("even without indentation"), std::string::npos) << e.what();
  }
  // score --write's splice: the assessment into the original (pretty) bytes, unless that passes
  // the limit; then the whole document, compact.
  d.assessment = Assessment{};
  d.assessment->headline = "healthy";
  const std::uint64_t limit = compact.size() + 1000;
  const std::string written = result_text_replacing(pretty, d, {"assessment"}, limit);
  EXPECT_LE(written.size(), limit);
  EXPECT_EQ(json(parse_result(written, "written.json")), json(d));
  EXPECT_GT(result_text_replacing(pretty, d, {"assessment"}).size(), pretty.size());  // the splice, under 64 MiB
}
