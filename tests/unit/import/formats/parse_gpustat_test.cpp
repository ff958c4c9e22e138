// The gpustat parser (src/import/formats/parse_gpustat.cpp) on the real outputs in tests/data/imports/gpustat/
// (values checked by format_registry_test.cpp) and on the option fields they do not show (-F fan,
// -e encoder/decoder, -P power, -cpu user:command/pid), a repeated screen, foreign text.
#include "import/import.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

ImportPart parse_gpustat(const std::string& raw) { return import_test::parse_as("gpustat", raw, "gpustat.txt"); }

TEST(ImportGpustat, EveryOptionField) {
  // The line layouts of gpustat's own test (gpustat/test_gpustat.py), values as there: made up by gpustat's authors.
  const std::string raw =
      "server  Mon Dec  1 10:00:00 2026  550.54.15\n"
      "[0] GeForce GTX TITAN 0 | 80°C,  16 %,  76 % (E:  88 %  D:  67 %),  125 / 250 W |  8000 / 12287 MB | user1:python/48448(4000M) user2:python/153223(4000M)\n"
      "[1] GeForce GTX TITAN 1 | 36°C,  53 %,   0 % (E:   0 %  D:   0 %),   ?? / 250 W |  9000 / 12189 MB | user1:torch/192453(3000M)\n"
      "[2] GeForce RTX 2       | 71°C, 100 %,  ?? % (E:  ?? %  D:  ?? %),  250 /  ?? W |     0 / 12189 MB | (Not Supported)\n";
  EXPECT_EQ(detected(raw), "gpustat");
  const auto p = parse_gpustat(raw);
  ASSERT_EQ(p.gpus.size(), 3u);
  const GpuInfo& g = p.gpus[0];
  EXPECT_EQ(g.name, "GeForce GTX TITAN 0");
  EXPECT_EQ(*g.temperature_c, 80);
  EXPECT_DOUBLE_EQ(*g.utilization_pct, 76);  // with -F the fan speed comes first
  EXPECT_DOUBLE_EQ(g.extra["imported"]["fan_speed_pct"].get<double>(), 16);
  EXPECT_DOUBLE_EQ(*g.power.usage_w, 125);
  EXPECT_DOUBLE_EQ(*g.power.limit_w, 250);
  ASSERT_EQ(g.processes.size(), 2u);
  EXPECT_EQ(*g.processes[1].pid, 153223);
  EXPECT_EQ(g.processes[1].name, "python");
  EXPECT_EQ(g.processes[1].extra["user"], "user2");
  EXPECT_EQ(*g.processes[1].used_memory_bytes, 4000ull << 20);
  EXPECT_FALSE(p.gpus[1].power.usage_w.has_value());    // "??"
  EXPECT_FALSE(p.gpus[2].utilization_pct.has_value());  // "?? %"
  EXPECT_EQ(*p.software.driver_version, "550.54.15");
  EXPECT_EQ(p.host.hostname, "server");
}

TEST(ImportGpustat, RepeatedScreensAndForeignText) {
  const std::string line = "[0] Tesla T4 | 40'C,  10 % |   100 / 15360 MB |\n";
  const auto p = parse_gpustat(line + line);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.warnings.size(), 1u);
  const Format* f = find_format("gpustat");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detect("[0] some log line | with bars |\n"), 0);
  EXPECT_EQ(f->detect("|   0  Tesla T4   Off  | 00000000:00:1E.0 Off |  0 |\n"), 0);
  const std::string raw = read_bytes(import_test::fixture_dir("gpustat") / "gpustat-157-rtx4090-x8-users.txt");
  ASSERT_FALSE(raw.empty());
  for (std::size_t n = 0; n <= raw.size(); ++n) (void)parse_gpustat(raw.substr(0, n));
}

}  // namespace
}  // namespace gpuaudit::imports
