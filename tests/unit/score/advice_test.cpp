// score/advice: every finding id a rule may give has advice for the renter (except healthy and
// inconclusive, whose summary says what settles it), written for the person who pays: no entry
// tells a renter to open the case or change firmware, and each fault a renter cannot fix asks for
// another instance or names the setting to ask the provider about.
#include "score/advice.hpp"

#include "core/finding_ids.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

TEST(AdviceFor, EveryFindingButHealthyAndInconclusiveHasRenterAdvice) {
  for (const auto id : finding_id::kAll) {
    const Advice* a = advice_for(id.text);
    if (id == finding_id::kHealthy || id == finding_id::kInconclusive) {
      EXPECT_EQ(a, nullptr) << id.text;
      continue;
    }
    ASSERT_NE(a, nullptr) << id.text;
    EXPECT_FALSE(a->renter.empty()) << id.text;
  }
  EXPECT_EQ(advice_for("no-such-finding"), nullptr);
}

TEST(AdviceFor, TheRenterIsNeverToldToDoTheOwnersWork) {
  for (const auto id : finding_id::kAll)
    if (const Advice* a = advice_for(id.text))
      for (const char* owner_only : {"reseat", "BIOS", "BMC", "fans", "riser", "nvidia-smi -pl", "-rgc", "firmware"})
        EXPECT_EQ(std::string(a->renter).find(owner_only), std::string::npos) << id.text << ": " << a->renter;
}

TEST(AdviceFor, FaultsARenterCannotFixAskForAnotherInstance) {
  for (const auto id : {finding_id::kWrongResults, finding_id::kGpuFault, finding_id::kMemoryDegraded,
                        finding_id::kThermalThrottled, finding_id::kPowerCapped, finding_id::kNvlinkDegraded})
    EXPECT_NE(std::string(advice_for(id.text)->renter).find("another instance"), std::string::npos) << id.text;
  EXPECT_NE(std::string(advice_for("software")->renter).find("`docker run --gpus all`"), std::string::npos);
}

TEST(SummarySaysWhatToAsk, ARulesOwnRequestIsNotSaidTwice) {
  EXPECT_TRUE(summary_says_what_to_ask("... stop work on this GPU; ask the provider for another instance."));
  EXPECT_TRUE(summary_says_what_to_ask("... scales well below the GPU count. Ask the provider for GPUs with peer access"));
  EXPECT_FALSE(summary_says_what_to_ask("The power limit is 350 W, 50% of the board's 700 W default"));
}

}  // namespace
}  // namespace gpuaudit
