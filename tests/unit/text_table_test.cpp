// The one text-table printer: columns padded by what a terminal shows (CJK 2, combining marks 0),
// numbers right-aligned, and the tables of run/report as golden text with Chinese and Japanese tags.
#include "core/stats.hpp"
#include "report/fleet.hpp"
#include "report/fleet_render.hpp"
#include "text/text_table.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gpuaudit {
namespace {

TEST(DisplayWidth, CountsWhatATerminalShows) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("H100 SXM"), 8u);
  EXPECT_EQ(display_width("上海"), 4u);                       // CJK ideographs: 2 each
  EXPECT_EQ(display_width("東京リージョン"), 14u);            // kanji and katakana, the long-vowel mark too
  EXPECT_EQ(display_width("서울"), 4u);                       // Hangul syllables
  EXPECT_EQ(display_width("ＧＰＵ"), 6u);                     // fullwidth Latin
  EXPECT_EQ(display_width("e\u0301te\u0301"), 3u);            // "été" with combining acute accents: 0 each
  EXPECT_EQ(display_width("\u00e9t\u00e9"), 3u);              // the same word precomposed
  EXPECT_EQ(display_width("\u30ab\u3099"), 2u);               // katakana KA + combining voicing mark
  EXPECT_EQ(display_width("a\u200bb"), 2u);                   // zero-width space
  EXPECT_EQ(display_width("\xff"), 1u);                       // invalid UTF-8: shown as one U+FFFD
}

TEST(TextTable, PadsByDisplayWidthAndRightAlignsNumbers) {
  TextTable t({{"region", "GB/s", "note"},
               {"上海", "3352", "华东"},
               {"東京リージョン", "48.5", ""},
               {"e\u0301te\u0301", "7", "combining"},
               {"us-east-1", "1024.0", "plain"}});
  t.align = {Align::left, Align::right, Align::left};
  EXPECT_EQ(render_table(t),
            "region            GB/s  note\n"
            "上海              3352  华东\n"
            "東京リージョン    48.5\n"
            "e\u0301te\u0301                  7  combining\n"
            "us-east-1       1024.0  plain\n");
}

TEST(TextTable, IndentsEscapesAndLeavesTheLastCellAlone) {
  TextTable t({{"figure", "value", "why"}, {"a\x1b[2Jb", "1", "free text that is long"}, {"b", "22", ""}});
  t.indent = "  ";
  t.align = {Align::left, Align::right};
  // The escape is measured as the four characters terminal_text prints for it; the free-text
  // last cell widens nothing, and no line ends in blanks.
  EXPECT_EQ(render_table(t),
            "  figure     value  why\n"
            "  a\\x1B[2Jb      1  free text that is long\n"
            "  b             22\n");
}

BenchmarkResult figure(const std::string& name, int gpu, double v, const std::string& unit) {
  BenchmarkResult b;
  b.name = name;
  b.gpu = gpu;
  b.unit = unit;
  b.samples = {v, v, v};
  b.summary = summarize(b.samples);
  return b;
}

ResultDocument priced(const std::string& provider, const std::string& region, double bf16, double price) {
  ResultDocument d;
  d.created_utc = "2026-01-01T00:00:00Z";
  d.tags["provider"] = provider;
  d.tags["region"] = region;
  GpuInfo g;
  g.index = 0;
  g.name = "NVIDIA H100 80GB HBM3";
  d.gpus.push_back(g);
  d.benchmarks.push_back(figure("gemm/bf16", 0, bf16, "TFLOP/s"));
  d.price_per_hour = price;
  d.currency = "USD";
  return d;
}

// `gpuaudit report` over runs tagged in Chinese and Japanese: the cost table's columns line up
// in a terminal (before, each CJK character pushed its row one column right).
TEST(TextTable, FleetCostTableWithChineseAndJapaneseTagsIsGolden) {
  std::vector<LoadedRun> runs{{"a.json", priced("阿里云", "华东1", 700, 3.0)},
                              {"b.json", priced("さくらのクラウド", "東京", 650, 2.5)},
                              {"c.json", priced("aws", "us-east-1", 720, 4.0)}};
  const std::string text = fleet_text(build_fleet_report(runs, parse_group_by("provider,region")));
  const std::string table = text.substr(text.find("== cheapest"));
  EXPECT_EQ(table,
            "== cheapest dense BF16 first (median cost per PFLOP/s-hour)\n"
            "  group                     price/h  per PFLOP/s-h  per TB/s-h  per GB/s-h\n"
            "  さくらのクラウド / 東京  2.50 USD       3.85 USD           -           -\n"
            "  阿里云 / 华东1           3.00 USD       4.29 USD           -           -\n"
            "  aws / us-east-1          4.00 USD       5.56 USD           -           -\n")
      << text;
}

}  // namespace
}  // namespace gpuaudit
