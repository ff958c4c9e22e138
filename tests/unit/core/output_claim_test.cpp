// core/output_claim: default names claimed with O_EXCL, -o outputs locked for one run.
#include "core/error.hpp"
#include "core/output_claim.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

namespace fs = std::filesystem;
using namespace gpuaudit;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("gpuaudit-claim-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

}  // namespace

TEST(OutputClaim, DefaultNameHasMillisecondsAndASafeHost) {
  const std::string n = default_output_name("gpuaudit", "node 7/a.b");
  EXPECT_TRUE(std::regex_match(n, std::regex(R"(gpuaudit-node_7_a_b-\d{8}T\d{6}\.\d{3}Z\.json)"))) << n;
  EXPECT_EQ(default_output_name("x", "").rfind("x-host-", 0), 0u);
}

TEST(OutputClaim, EachClaimOfOneNameGetsItsOwnFile) {
  const fs::path d = fresh_dir("each");
  std::set<fs::path> taken;
  for (int i = 0; i < 5; ++i) taken.insert(claim_new_file(d / "gpuaudit-h-T.json"));
  EXPECT_EQ(taken.size(), 5u);
  EXPECT_TRUE(taken.count(d / "gpuaudit-h-T.json"));
  EXPECT_TRUE(taken.count(d / "gpuaudit-h-T-2.json"));
  EXPECT_TRUE(taken.count(d / "gpuaudit-h-T-5.json"));
  for (const auto& p : taken) EXPECT_EQ(fs::file_size(p), 0u);
  fs::remove_all(d);
}

TEST(OutputClaim, AnExistingFileIsNeverTakenOver) {
  const fs::path d = fresh_dir("existing");
  { std::ofstream(d / "r.json") << "earlier run"; }
  EXPECT_EQ(claim_new_file(d / "r.json"), d / "r-2.json");
  std::ifstream in(d / "r.json");
  std::string s;
  std::getline(in, s);
  EXPECT_EQ(s, "earlier run");
  fs::remove_all(d);
}

TEST(OutputClaim, AFolderThatRefusesIsAnIoErrorNamingThePath) {
  try {
    claim_new_file("/nonexistent-gpuaudit-dir/r.json");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-gpuaudit-dir/r.json"), std::string::npos) << e.what();
  }
}

TEST(OutputLock, ASecondWriterOfTheSameFileIsRefusedNamingTheHolder) {
  const fs::path d = fresh_dir("lock");
  OutputLock first(d / "r.json");
  ASSERT_TRUE(first.held());
  EXPECT_TRUE(fs::exists(d / ".r.json.lock"));
  try {
    OutputLock second(d / "r.json");
    FAIL() << "second lock taken";
  } catch (const Error& e) {
    const std::string w = e.what();
    EXPECT_NE(w.find("pid " + std::to_string(::getpid())), std::string::npos) << w;
    EXPECT_NE(w.find("r.json"), std::string::npos) << w;
  }
  OutputLock other(d / "s.json");  // another file of the folder is free
  EXPECT_TRUE(other.held());
  fs::remove_all(d);
}

TEST(OutputLock, ReleasedAndRemovedAtTheEndSoTheNextRunGoesOn) {
  const fs::path d = fresh_dir("release");
  { OutputLock first(d / "r.json"); }
  EXPECT_FALSE(fs::exists(d / ".r.json.lock"));
  OutputLock next(d / "r.json");
  EXPECT_TRUE(next.held());
  fs::remove_all(d);
}

TEST(OutputLock, ALockFileLeftByAKilledRunStopsNobody) {
  const fs::path d = fresh_dir("stale");
  { std::ofstream(d / ".r.json.lock") << "pid 1 on gone"; }
  OutputLock lock(d / "r.json");
  EXPECT_TRUE(lock.held());
  fs::remove_all(d);
}

TEST(OutputLock, ASymlinkAndItsTargetShareOneLock) {
  const fs::path d = fresh_dir("link");
  { std::ofstream(d / "r.json") << "{}"; }
  fs::create_symlink(d / "r.json", d / "link.json");
  OutputLock first(d / "r.json");
  EXPECT_THROW(OutputLock(d / "link.json"), Error);
  fs::remove_all(d);
}

TEST(OutputLock, AFolderWithoutWriteAccessIsLeftToTheWriteToRefuse) {
  OutputLock lock("/proc/gpuaudit-no-such/r.json");
  EXPECT_FALSE(lock.held());
}
