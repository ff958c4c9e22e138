// The nvidia-smi pmon parser (src/import/formats/parse_nvidia_smi_pmon.cpp) on the real captures in
// tests/data/imports/nvidia-smi-pmon/ (values checked by format_registry_test.cpp) and on the
// layouts it does not show: -o DT date and time columns, -s um framebuffer, several GPUs, a GPU with
// no process, a cut line, dmon's header (not pmon's); and what scoring makes of a process list.
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::read_bytes;

ImportPart parse_pmon(const std::string& raw) { return import_test::parse_as("nvidia-smi-pmon", raw, "pmon.txt"); }

TEST(ImportNvidiaSmiPmon, DateTimeFramebufferAndTwoGpus) {
  // synthetic: `nvidia-smi pmon -s um -o DT` in its 535 layout (fb column, date and time), values made up.
  const std::string raw =
      "#Date       Time        gpu         pid   type     fb     sm    mem    enc    dec    command\n"
      "#YYYYMMDD   HH:MM:SS    Idx           #    C/G     MB      %      %      %      %    name\n"
      " 20261201   10:00:01      0      41234     C  32000     97     45      -      -    python\n"
      " 20261201   10:00:01      1          -     -      -      -      -      -      -    -\n"
      " 20261201   10:00:02      0      41234     C  32010     99     47      -      -    python\n"
      " 20261201   10:00:02      0      55120     C   1200      3      1      -      -    other_job\n"
      " 20261201   10:00:02      1          -     -\n";
  EXPECT_EQ(detected(raw), "nvidia-smi-pmon");
  const auto p = parse_pmon(raw);
  ASSERT_EQ(p.gpus.size(), 2u);
  ASSERT_EQ(p.gpus[0].processes.size(), 2u);
  const GpuProcess& py = p.gpus[0].processes[0];
  EXPECT_EQ(*py.pid, 41234);
  EXPECT_EQ(py.name, "python");
  EXPECT_EQ(*py.used_memory_bytes, 32010ull << 20);
  EXPECT_DOUBLE_EQ(py.extra["sm_pct"].get<double>(), 99);
  EXPECT_TRUE(p.gpus[1].processes.empty());  // a row of dashes: no process
  ASSERT_EQ(p.skipped.size(), 1u);            // the cut last line
  EXPECT_NE(p.skipped[0].find("line 7"), std::string::npos) << p.skipped[0];

  // An imported process list is listed, not judged as co-tenants (rule_sliced reads only the
  // inventory gpuaudit took itself): pmon cannot tell the user's own job from another's.
  const auto fs = import_and_score::findings_of_texts({{"pmon.txt", raw}});
  EXPECT_EQ(import_and_score::find_finding(fs, "sliced", 0), nullptr);
}

TEST(ImportNvidiaSmiPmon, DmonAndForeignTextAreNotClaimed) {
  const Format* f = find_format("nvidia-smi-pmon");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->detect("# gpu   pwr gtemp mtemp    sm   mem   enc   dec  mclk  pclk\n    0    32    49     -     1     1     0     0  4006   974\n"), 0);
  EXPECT_EQ(f->detect("nothing here\n"), 0);
  const auto p = parse_pmon("hello\n");
  EXPECT_TRUE(p.gpus.empty());
  ASSERT_FALSE(p.skipped.empty());
}

TEST(ImportNvidiaSmiPmon, CutAtEveryByteNeverCrashes) {
  const std::string raw = read_bytes(import_test::fixture_dir("nvidia-smi-pmon") / "exporter-capture-rtx4080-super-load-ffmpeg-kwin.txt");
  ASSERT_FALSE(raw.empty());
  for (std::size_t n = 0; n <= raw.size(); n += 3) (void)parse_pmon(raw.substr(0, n));
}

}  // namespace
}  // namespace gpuaudit::imports
