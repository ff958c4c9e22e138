// Reading the job's throughput from its output (watch/metric_scanner.hpp): a group, the number
// before a unit as tqdm prints it, bars redrawn with '\r', lines split across reads, a long line.
#include "watch/metric_scanner.hpp"

#include "core/error.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(MetricScanner, FirstGroupIsTheNumber) {
  MetricScanner m("([0-9.]+) tokens/s");
  EXPECT_EQ(m.value_of("step 10 | loss 2.31 | 15234.5 tokens/s"), 15234.5);
  EXPECT_FALSE(m.value_of("step 10 | loss 2.31"));
}

TEST(MetricScanner, WithoutAGroupTheNumberBeforeTheMatch) {
  MetricScanner m("it/s");
  // A tqdm bar as it prints it.
  EXPECT_EQ(m.value_of(" 45%|####5     | 450/1000 [00:45<00:55,  9.95it/s]"), 9.95);
  MetricScanner images("img/s");
  EXPECT_EQ(images.value_of("throughput 812.0 img/s"), 812.0);
}

TEST(MetricScanner, CarriageReturnsAndSplitReadsMakeLines) {
  MetricScanner m("it/s");
  m.feed(" 1%| | 1/100 [00:01, 1.00it/s]\r 2%| | 2/100 [00:0", 1.0);
  m.feed("2, 2.50it/s]\r", 2.0);
  m.feed("done", 3.0);
  m.finish(3.5);
  ASSERT_EQ(m.points().size(), 2u);
  EXPECT_EQ(m.points()[0].value, 1.0);
  EXPECT_EQ(m.points()[0].t_s, 1.0);
  EXPECT_EQ(m.points()[1].value, 2.5);
  EXPECT_EQ(m.points()[1].t_s, 2.0);
}

TEST(MetricScanner, ALongLineIsCutNotKept) {
  MetricScanner m("([0-9]+) it/s");
  m.feed(std::string(1 << 20, 'x') + " 5 it/s\n", 1);  // the number is past the first 4 KB
  EXPECT_TRUE(m.points().empty());
  m.feed("7 it/s\n", 2);
  ASSERT_EQ(m.points().size(), 1u);
  EXPECT_EQ(m.points()[0].value, 7);
}

TEST(MetricScanner, ABadRegexIsAnInputError) {
  try {
    MetricScanner m("([0-9");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::usage);
    EXPECT_NE(std::string(e.what()).find("--metric"), std::string::npos);
  }
}

TEST(MetricScanner, UnitNamedByTheRegex) {
  EXPECT_EQ(metric_unit("([0-9.]+) tokens/s"), "tokens");
  EXPECT_EQ(metric_unit("it/s"), "it");
  EXPECT_EQ(metric_unit("loss ([0-9.]+)"), "units");
}

}  // namespace
}  // namespace gpuaudit
