// The summary `watch` prints at the end (watch/watch_text.hpp): the command as a shell takes it,
// how the job ended, each diagnosis with its evidence, the unread GPUs and the cost, within the width.
#include "watch/watch_text.hpp"

#include "unit/support/golden_text.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace gpuaudit {
namespace {

WatchRecord ended() {
  WatchRecord r;
  r.command = {"python", "train.py", "--name", "run one"};
  r.finished = true;
  r.elapsed_s = 754;
  r.exit_code = 0;
  r.diagnoses.push_back({.id = "starved", .gpu = 0, .cause = "one-core",
                         .summary = "GPU 0 waited 60% of the run: the job ran on 1.0 of 16 CPUs",
                         .evidence = {"GPU 0 was busy 41% of the run"}});
  r.cost = WatchCost{.price_per_hour = 2.5, .currency = "USD", .unit = "tokens", .units_per_s = 1000,
                     .per_million_units = 0.69, .at_full_busy = 0.28};
  return r;
}

TEST(WatchText, SaysTheCommandTheEndTheDiagnosesAndTheCost) {
  const std::string t = watch_text(ended(), 200);
  EXPECT_NE(t.find("watch: `python train.py --name 'run one'` ran 12 min 34 s, exit 0"), std::string::npos) << t;
  EXPECT_NE(t.find("  starved (GPU 0, one-core): GPU 0 waited 60%"), std::string::npos) << t;
  EXPECT_NE(t.find("    - GPU 0 was busy 41% of the run"), std::string::npos) << t;
  EXPECT_NE(t.find("0.69 USD per 1M tokens; 0.28 USD had the GPUs been busy"), std::string::npos) << t;
}

TEST(WatchText, ASignalAndUnreadGpusAreSaid) {
  WatchRecord r = ended();
  r.exit_code = 143, r.signal = "SIGTERM";
  r.gpu_unread = "no NVIDIA driver found";
  const std::string t = watch_text(r, 100);
  EXPECT_NE(t.find("ended by SIGTERM (exit 143)"), std::string::npos) << t;
  EXPECT_NE(t.find("GPUs not read: no NVIDIA driver found"), std::string::npos) << t;
}

TEST(WatchText, FitsTheWidth) {
  std::istringstream lines(watch_text(ended(), 60));
  for (std::string line; std::getline(lines, line);)
    if (line.find('`') == std::string::npos) EXPECT_LE(line.size(), 60u) << line;
}

// A job that waited on one CPU core, with its cost, as a terminal of 80 and 120 columns shows it
// (GPUAUDIT_UPDATE_GOLDEN=1 rewrites tests/data/text-golden/watch-starved-synthetic-*.txt).
TEST(WatchText, GoldenAt80And120Columns) {
  WatchRecord r = ended();
  r.diagnoses.front().evidence.push_back("the job's process used 1.0 of 16 CPU cores (98% of one), the others idle 94% of the run");
  for (const std::size_t width : {80u, 120u})
    expect_golden_text(watch_text(r, width), "watch-starved-synthetic-" + std::to_string(width) + ".txt");
}

}  // namespace
}  // namespace gpuaudit
