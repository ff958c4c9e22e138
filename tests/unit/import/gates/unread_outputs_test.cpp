// DCGM outputs gpuaudit does not import, named in the one-line error (src/import/gates/unread_outputs.cpp):
// the real `dcgmi discovery -l` and `dcgmi dmon` pastes in tests/data/imports/ (their sidecars hold
// the error), DCGM's own header lines, and what must not be taken for them.
#include "core/error.hpp"
#include "import/import.hpp"
#include "import/importer.hpp"
#include "import/gates/unread_outputs.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(UnreadOutputs, RealDcgmiPastesAreNamedAndNotClaimedByAFormat) {
  for (const auto& [dir, file] : std::vector<std::pair<std::string, std::string>>{
           {"nvidia-smi-list", "dcgmi-discovery-h100-sxm-null-names-cut.txt"},
           {"nvidia-smi-list", "dcgmi-discovery-h100-x8-uuid-masked-elided.txt"},
           {"nvidia-smi-dmon", "dcgmi-dmon-gb200-nvlink-fields-all-na-cut.txt"}}) {
    const std::string raw = import_test::read_bytes(import_test::fixture_dir(dir) / file);
    ASSERT_FALSE(raw.empty()) << file;
    EXPECT_EQ(import_test::detected(raw), "") << file;  // no parser reads it as its own
    const auto why = unread_output(normalize_text(raw));
    ASSERT_TRUE(why.has_value()) << file;
    EXPECT_EQ(why->find('\n'), std::string::npos);  // one line
    try {
      (void)detect_format(normalize_text(raw), file);
      ADD_FAILURE() << file << " was detected";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(*why), std::string::npos) << e.what();
    }
  }
}

TEST(UnreadOutputs, DcgmHealthHeaderIsNamed) {
  // dcgmi/Health.cpp's header ("Health Monitor Report") in dcgmi's box; no verbatim real paste was found.
  const auto why = unread_output("+------+\n| Health Monitor Report        |\n+======+\n| Overall Health | Healthy |\n");
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(why->rfind("dcgmi health", 0), 0u);
}

TEST(UnreadOutputs, OtherTextIsNotNamed) {
  EXPECT_FALSE(unread_output("# gpu   pwr  gtemp\n# Idx     W      C\n    0    67     35\n"));  // nvidia-smi dmon
  EXPECT_FALSE(unread_output("#Entity is a word in a comment\nand more text\n"));
  EXPECT_FALSE(unread_output("| GPU ID | 0 |\n"));
  EXPECT_FALSE(unread_output(""));
}

}  // namespace
}  // namespace gpuaudit::imports
