// core/session_stats: the encoder and FBC session counts kept in GpuInfo.extra read back; absent,
// malformed or negative entries are nothing (never 0 sessions), and a document without them is
// written as before.
#include "core/session_stats.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

TEST(CoreSessionStats, ReadsBackWhatWasKept) {
  GpuInfo g;
  g.extra = json::object();
  g.extra[kEncoderStatsKey] = SessionStats{2, 243.0, 3280335.0};
  const auto s = session_stats(g, kEncoderStatsKey);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->active_sessions, 2);
  EXPECT_EQ(s->average_fps.value_or(-1), 243.0);
  EXPECT_EQ(s->average_latency_us.value_or(-1), 3280335.0);
  EXPECT_FALSE(session_stats(g, kFbcStatsKey));
  // Through a document's JSON and back.
  const GpuInfo again = json(g).get<GpuInfo>();
  ASSERT_TRUE(session_stats(again, kEncoderStatsKey));
  EXPECT_EQ(session_stats(again, kEncoderStatsKey)->active_sessions, 2);
}

TEST(CoreSessionStats, MalformedOrNegativeIsNothing) {
  GpuInfo g;
  EXPECT_FALSE(session_stats(g, kEncoderStatsKey));  // extra not even an object
  g.extra = json::object();
  g.extra[kEncoderStatsKey] = json{{"active_sessions", "two"}};
  EXPECT_FALSE(session_stats(g, kEncoderStatsKey));
  g.extra[kEncoderStatsKey] = json{{"active_sessions", -1}};
  EXPECT_FALSE(session_stats(g, kEncoderStatsKey));
  g.extra[kEncoderStatsKey] = json::array();
  EXPECT_FALSE(session_stats(g, kEncoderStatsKey));
}

TEST(CoreSessionStats, ADocumentWithoutThemIsWrittenAsBefore) {
  GpuInfo g;
  g.name = "NVIDIA H100 80GB HBM3";
  const json j = g;
  EXPECT_FALSE(j.contains(kEncoderStatsKey));
  EXPECT_FALSE(j.contains(kFbcStatsKey));
}
