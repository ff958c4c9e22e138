// Unit tests of the top batch-mode parser (src/import/formats/parse_top.cpp).
#include "baselines/baseline_set.hpp"
#include "import/import.hpp"
#include "score/assess.hpp"
#include "score/baseline_lookup.hpp"
#include "score/thresholds.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

namespace gpuaudit::imports {
namespace {

using import_test::detected;

ImportPart parse_as(const char* format, const std::string& raw) { return import_test::parse_as(format, raw, "host.txt"); }

const BenchmarkResult* row(const ImportPart& p, const std::string& name) {
  for (const auto& b : p.benchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

TEST(ImportHostCpu, TopOldLayoutDecimalCommaAndFrames) {
  const std::string raw =
      "top - 09:44:56 up 16 days, 21:23,  1 user,  load average: 9.59, 4.75, 1.92\n"
      "Cpu(s): 60.0%us,  0.1%sy,  0.0%ni,  9.9%id,  0.0%wa,  0.0%hi,  0.0%si, 30.0%st\n"
      "Mem:   4147888k total,  2493092k used,  1654796k free,   158188k buffers\n"
      "\n"
      "top - 09:44:59 up 16 days, 21:23,  1 user,  load average: 9,60, 4,80, 1,95\n"
      "%Cpu(s): 59,5 us,  0,5 sy,  0,0 ni, 10,0 id,  2,0 wa,  0,0 hi,  0,0 si, 28,0 st\n"
      "top - 09:45:02 up 16 days, 21:23,  1 user,  load average: 9.61, 4.81, 1.96\n"
      "%Cpu(s): 58.0 us,  0.0 sy,  0.0 ni,  8.0 id,  0.0 wa,  0.0 hi,  0.0 si, 34.0 st\n";
  EXPECT_EQ(detected(raw), "top");
  const auto p = parse_as("top", raw);
  const auto* st = row(p, "host/steal");
  ASSERT_NE(st, nullptr);
  EXPECT_EQ(st->params["windows"], 2);  // the first frame is not a refresh interval
  EXPECT_DOUBLE_EQ(st->derived.at("whole_run_pct"), 31);
  EXPECT_DOUBLE_EQ(st->params["interval_s"].get<double>(), 3);
  EXPECT_EQ(p.host.memory_bytes, 4147888ull * 1024);
}

// Real: a VPS's `top` with 17% steal (altherneum's notes; fixture and sidecar): one frame, a snapshot.
TEST(ImportTop, ARealStolenVpsFrameIsASnapshot) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("top") / "altherneum-notes-top-vps-17-steal.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(detected(raw), "top");
  const auto p = parse_as("top", raw);
  ASSERT_NE(row(p, "host/steal"), nullptr);
  EXPECT_EQ(row(p, "host/steal")->params["snapshot"], true);
  EXPECT_NEAR(row(p, "host/steal")->value().value_or(-1), 17.0, 0.01);
  EXPECT_NEAR(row(p, "host/steal")->derived.at("busy_pct"), 5.7, 0.01);
  ASSERT_NE(row(p, "host/iowait"), nullptr);
  EXPECT_NEAR(row(p, "host/iowait")->value().value_or(-1), 0, 0.01);
  ASSERT_TRUE(p.host.memory_bytes);
  EXPECT_NEAR(static_cast<double>(*p.host.memory_bytes), 6222459699.2, 6222459699.2 * 1e-4);
  for (std::size_t n = 0; n < raw.size(); n += 41) (void)parse_as("top", raw.substr(0, n));
}

}  // namespace
}  // namespace gpuaudit::imports
