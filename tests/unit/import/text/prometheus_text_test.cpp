// Unit tests of the Prometheus text exposition grammar (src/import/text/prometheus_text.cpp).
#include "core/kernel_event.hpp"
#include "import/import.hpp"
#include "import/text/prometheus_text.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

TEST(ImportPrometheusText, SampleGrammar) {
  auto s = prom::parse_sample(R"(DCGM_FI_DEV_XID_ERRORS{gpu="0",err_msg="Graphics Engine Exception, \"bad\"",UUID="GPU-1"} 13 1700000000000)");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->name, "DCGM_FI_DEV_XID_ERRORS");
  EXPECT_EQ(prom::label(*s, "err_msg"), "Graphics Engine Exception, \"bad\"");
  EXPECT_DOUBLE_EQ(s->value, 13);
  EXPECT_TRUE(prom::parse_sample("nvidia_smi_temperature_gpu 41").has_value());
  EXPECT_DOUBLE_EQ(prom::parse_sample("x{a=\"1\"} 8.5520809984e+10")->value, 8.5520809984e+10);
  EXPECT_FALSE(prom::parse_sample("# HELP DCGM_FI_DEV_SM_CLOCK SM clock frequency (in MHz).").has_value());
  EXPECT_FALSE(prom::parse_sample("DCGM_FI_DEV_SM_CLOCK, gauge, SM clock frequency (in MHz).").has_value());  // the counters CSV
  EXPECT_FALSE(prom::parse_sample("DCGM_FI_DEV_SM_CLOCK{gpu=\"0\",UUID=\"GPU-2d20").has_value());           // cut inside a label
  EXPECT_FALSE(prom::parse_sample("x{a=\"1\"} NaN").has_value());
}

}  // namespace
}  // namespace gpuaudit::imports
