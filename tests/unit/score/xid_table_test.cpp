// score/xid_table.cpp against NVIDIA's Xid catalogue as transcribed in tests/data/references/ (the
// Ampere+ "Xid Catalog" table and the Volta-and-older listing): every row is there, once, with
// NVIDIA's words and buckets; every row is classified, and each class follows its bucket as
// docs/scoring.md states. What each Xid means to a reader is in xid_catalogue_test.cpp.
#include "score/xid_catalogue.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace gpuaudit;

namespace {

std::vector<std::vector<std::string>> tsv(const std::string& name) {
  std::ifstream in(std::filesystem::path(GPUAUDIT_TEST_DATA) / "references" / name);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '\t')) cells.push_back(cell);
    if (!line.empty() && line.back() == '\t') cells.push_back("");
    rows.push_back(cells);
  }
  return rows;
}

KernelEvent xid(int n, const std::string& message = "") {
  KernelEvent e;
  e.kind = "xid";
  e.xid = n;
  e.message = message;
  return e;
}

}  // namespace

TEST(XidCatalogue, EveryRowOfNvidiasTableIsInTheTableWithItsWordsAndBuckets) {
  const auto rows = tsv("nvidia-xid-catalog.tsv");
  ASSERT_EQ(rows.size(), 172u);  // Xid 1 to 172 as read on the date in the file
  ASSERT_EQ(xid_catalogue().size(), rows.size());
  for (const auto& r : rows) {
    ASSERT_GE(r.size(), 6u);
    const int n = std::stoi(r[0]);
    const XidEntry* e = xid_entry(n);
    ASSERT_NE(e, nullptr) << "Xid " << n;
    EXPECT_EQ(e->xid, n);
    EXPECT_EQ(std::string(e->mnemonic), r[1]) << "Xid " << n;
    EXPECT_EQ(std::string(e->description), r[2]) << "Xid " << n;
    EXPECT_EQ(std::string(e->immediate), r[4]) << "Xid " << n;
    EXPECT_EQ(std::string(e->investigatory), r[5]) << "Xid " << n;
  }
}

TEST(XidCatalogue, TheOlderGpusListingIsBesideEveryRowItCovers) {
  const auto rows = tsv("nvidia-xid-archive.tsv");
  ASSERT_EQ(rows.size(), 143u);
  std::set<int> covered;
  for (const auto& r : rows) {
    const int n = std::stoi(r[0]);
    covered.insert(n);
    const XidEntry* e = xid_entry(n);
    ASSERT_NE(e, nullptr) << "Xid " << n;
    EXPECT_EQ(std::string(e->older), r[1]) << "Xid " << n;
  }
  for (const auto& e : xid_catalogue())
    if (!covered.count(e.xid)) EXPECT_STREQ(e.older, "") << "Xid " << e.xid << " is past the older listing";
}

TEST(XidCatalogue, NumbersAreUniqueInOrderAndNothingElseIsListed) {
  std::set<int> seen;
  int last = 0;
  for (const auto& e : xid_catalogue()) {
    EXPECT_TRUE(seen.insert(e.xid).second) << "Xid " << e.xid << " twice";
    EXPECT_EQ(e.xid, last + 1);
    last = e.xid;
  }
  EXPECT_EQ(xid_entry(0), nullptr);
  EXPECT_EQ(xid_entry(173), nullptr);
  EXPECT_EQ(xid_entry(-4), nullptr);
  EXPECT_EQ(xid_meaning(xid(200)).cls, XidClass::other);
  EXPECT_NE(xid_meaning(xid(200)).meaning.find("not in NVIDIA's Xid catalogue"), std::string::npos);
}

// docs/scoring.md §5: the class of an Xid follows NVIDIA's immediate action.
TEST(XidCatalogue, EveryRowIsClassifiedByItsBucket) {
  const std::set<int> memory{48, 57, 58, 63, 64, 92, 94, 95, 140, 168, 171};
  const std::set<int> nvlink{74, 136, 144, 145, 146, 147, 148, 149, 150, 155};
  for (const auto& e : xid_catalogue()) {
    SCOPED_TRACE("Xid " + std::to_string(e.xid) + " " + e.mnemonic);
    const std::string action = e.immediate;
    const bool card = e.cls == XidClass::memory || e.cls == XidClass::nvlink || e.cls == XidClass::gpu_fault;
    // A card class says how sure; a note does not.
    EXPECT_EQ(card, std::string(e.confidence) != "") << "confidence " << e.confidence;
    EXPECT_EQ(memory.count(e.xid) > 0, e.cls == XidClass::memory);
    EXPECT_EQ(nvlink.count(e.xid) > 0, e.cls == XidClass::nvlink);
    // The card must be reset or the machine restarted: never a note.
    if (action == "RESET_GPU" || action == "RESTART_BM") EXPECT_TRUE(card);
    if (action == "WORKFLOW_XID_48") EXPECT_EQ(e.cls, XidClass::memory);
    if (action == "WORKFLOW_NVLINK_ERR" || action == "WORKFLOW_NVLINK5_ERR") EXPECT_EQ(e.cls, XidClass::nvlink);
    // Restart the application: the work's, except where the catalogue's own text says otherwise
    // (94: a contained memory error; 32: PCIe quality, "generally not caused by user application actions").
    if (action == "RESTART_APP" && e.xid != 94 && e.xid != 32) EXPECT_EQ(e.cls, XidClass::application);
    if (action == "UPDATE_SWFW" || action == "RESTART_VM") EXPECT_EQ(e.cls, XidClass::software);
    // Unused on every current GPU: a note, unless the older GPUs' listing names a card fault.
    const bool unused = std::string(e.description) == "Unused" && std::string(e.investigatory) == "N/A; Unused";
    if (unused && !std::set<int>{33, 57, 58, 59, 61}.count(e.xid)) EXPECT_EQ(e.cls, XidClass::other);
    // Every row says something to a reader.
    EXPECT_FALSE(xid_meaning(e.xid).meaning.empty());
    if (card || e.cls == XidClass::software) EXPECT_FALSE(xid_meaning(e.xid).advice.empty());
  }
}
