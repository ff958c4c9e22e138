// The node_exporter textfile: metric names in base units, label escaping, the run's time, and
// findings as labelled gauges; control characters in labels shown as text.
#include "report/prometheus.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

using namespace std::string_literals;

TEST(PrometheusNaming, FigureAndUnitBecomeBaseUnitNames) {
  EXPECT_EQ(prometheus_metric_name("hbm/copy", "GB/s"), "gpuaudit_hbm_copy_bytes_per_second");
  EXPECT_EQ(prometheus_metric_name("sm/launch", "us"), "gpuaudit_sm_launch_seconds");
  EXPECT_EQ(prometheus_metric_name("host/steal", "%"), "gpuaudit_host_steal_ratio");
  EXPECT_EQ(prometheus_metric_name("gemm/bf16", "TFLOP/s"), "gpuaudit_gemm_bf16_flop_per_second");
  EXPECT_EQ(prometheus_metric_name("sm/census", "count"), "gpuaudit_sm_census");
  EXPECT_EQ(prometheus_metric_name("mem/allocatable", "GiB"), "gpuaudit_mem_allocatable_bytes");
  EXPECT_EQ(prometheus_metric_name("nccl/all-reduce..x", "widgets/s"), "gpuaudit_nccl_all_reduce_x_widgets_per_second");
}

TEST(PrometheusNaming, ScalesToTheBaseUnit) {
  EXPECT_DOUBLE_EQ(prometheus_unit("GB/s").scale, 1e9);
  EXPECT_DOUBLE_EQ(prometheus_unit("us").scale, 1e-6);
  EXPECT_DOUBLE_EQ(prometheus_unit("%").scale, 0.01);
  EXPECT_DOUBLE_EQ(prometheus_unit("GiB").scale, 1073741824.0);
  EXPECT_DOUBLE_EQ(prometheus_unit("odd unit").scale, 1);
}

TEST(PrometheusEscaping, LabelValuesAndHelp) {
  EXPECT_EQ(prometheus_label_value("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
  EXPECT_EQ(prometheus_label_value("NVIDIA H100 80GB HBM3"), "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(prometheus_help_text("x\\y\nz \"q\""), "x\\\\y\\nz \"q\"");
}

TEST(PrometheusTime, ParsesUtc) {
  EXPECT_EQ(parse_utc_seconds("1970-01-01T00:00:00Z"), 0.0);
  EXPECT_EQ(parse_utc_seconds("2026-11-30T00:18:29Z"), 1795997909.0);
  EXPECT_EQ(parse_utc_seconds("2026-11-30T00:18:29.5Z"), 1795997909.5);
  EXPECT_FALSE(parse_utc_seconds("yesterday"));
  EXPECT_FALSE(parse_utc_seconds("2026-11-30T00:18:29+02:00"));
}

ResultDocument sample_doc() {
  ResultDocument d;
  d.created_utc = "2026-11-30T00:18:29Z";
  d.host.hostname = "node\"7\"\nx";
  GpuInfo g;
  g.index = 0;
  g.name = "NVIDIA H100 80GB HBM3";
  g.uuid = "GPU-1234";
  d.gpus.push_back(g);
  BenchmarkResult b;
  b.name = "hbm/copy";
  b.gpu = 0;
  b.unit = "GB/s";
  b.summary = Summary{};
  b.summary->median = 3000;
  d.benchmarks.push_back(b);
  BenchmarkResult dup = b;  // the same series twice: only the first may appear
  dup.summary->median = 1;
  d.benchmarks.push_back(dup);
  BenchmarkResult failed;
  failed.name = "gemm/bf16";
  failed.gpu = 0;
  failed.status = "check-failed";
  d.benchmarks.push_back(failed);
  Assessment a;
  a.scored_utc = "2026-11-30T00:20:00Z";
  a.delivered_fraction = 0.55;
  Finding f;
  f.id = "power-capped";
  f.gpu = 0;
  f.confidence = "high";
  a.findings.push_back(f);
  d.assessment = a;
  return d;
}

TEST(PrometheusTextfile, FiguresFindingsAndTime) {
  const std::string t = prometheus_textfile(sample_doc());
  const std::string labels = "host=\"node\\\"7\\\"\\nx\",gpu=\"0\",uuid=\"GPU-1234\",model=\"NVIDIA H100 80GB HBM3\"";
  EXPECT_NE(t.find("# TYPE gpuaudit_hbm_copy_bytes_per_second gauge\n"), std::string::npos) << t;
  EXPECT_NE(t.find("# HELP gpuaudit_hbm_copy_bytes_per_second "), std::string::npos) << t;
  EXPECT_NE(t.find("gpuaudit_hbm_copy_bytes_per_second{" + labels + "} 3000000000000\n"), std::string::npos) << t;
  EXPECT_EQ(t.find("} 1000000000\n"), std::string::npos) << "duplicate series written:\n" << t;
  EXPECT_NE(t.find("gpuaudit_finding{id=\"power-capped\"," + labels + ",confidence=\"high\"} 1\n"), std::string::npos) << t;
  EXPECT_NE(t.find("gpuaudit_run_timestamp_seconds{host=\"node\\\"7\\\"\\nx\"} 1795997909\n"), std::string::npos) << t;
  EXPECT_NE(t.find("gpuaudit_delivered_ratio{host=\"node\\\"7\\\"\\nx\"} 0.55\n"), std::string::npos) << t;
  EXPECT_NE(t.find("gpuaudit_healthy{host=\"node\\\"7\\\"\\nx\"} 0\n"), std::string::npos) << t;
  EXPECT_NE(t.find("gpuaudit_figure_failed{" + labels + ",figure=\"gemm/bf16\",status=\"check-failed\"} 1\n"),
            std::string::npos)
      << t;
  // One TYPE line per family.
  size_t types = 0;
  for (size_t p = 0; (p = t.find("# TYPE gpuaudit_hbm_copy_bytes_per_second", p)) != std::string::npos; ++p) ++types;
  EXPECT_EQ(types, 1u);
}

// Control characters in a label (issue #28): a raw ESC ] ... BEL from a tag would retitle the
// terminal of `score --prometheus -`; they are shown as text in the format's own syntax.
const std::string kHostile = "\x1B]0;owned\x07\x1B[2J\x7F" "evil\xC2\x9B" "31m\x00x"s;

bool has_raw_control(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (u < 0x20 || u == 0x7F) return true;
    if (u == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) <= 0x9F) return true;
  }
  return false;
}

TEST(ReportEscape, PrometheusLabelValuesShowControlCharactersAsText) {
  const std::string v = prometheus_label_value(kHostile);
  EXPECT_FALSE(has_raw_control(v)) << v;
  EXPECT_EQ(v, "\\\\x1B]0;owned\\\\x07\\\\x1B[2J\\\\x7Fevil\\\\u009B31m\\\\x00x");
  EXPECT_EQ(prometheus_label_value("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");  // the format's own escapes
  EXPECT_EQ(prometheus_help_text("x\x1B[2Jy"), "x\\\\x1B[2Jy");
  EXPECT_EQ(prometheus_label_value("bad \xFF utf-8"), "bad \xEF\xBF\xBD utf-8");
}

}  // namespace
}  // namespace gpuaudit
