// core/kernel_event: the kernel-log events kept in GpuInfo.extra read back in the log's order, an
// entry that does not read as an event left out, a GPU without any giving none; and the events of a
// real journalctl excerpt (tests/data/imports/kernel-log/, Xid 120 then 154) imported and read back.
#include "core/kernel_event.hpp"
#include "import/import.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit {
namespace {

TEST(KernelEvent, ReadBackInOrderMalformedEntriesLeftOut) {
  GpuInfo g;
  EXPECT_TRUE(kernel_events(g).empty());  // no extra at all
  g.extra = json::object();
  g.extra[kKernelEventsKey] = json::parse(R"([
      {"kind": "xid", "xid": 79, "time": "Mar 29 15:38:59", "message": "GPU has fallen off the bus.", "line": 3},
      "not an event",
      {"kind": "xid", "xid": "seventy-nine"},
      {"kind": "fallen-off-bus", "uptime_s": 12.5, "line": 9}])");
  const auto ev = kernel_events(g);
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev[0].kind, "xid");
  EXPECT_EQ(ev[0].xid, 79);
  EXPECT_EQ(ev[0].time, "Mar 29 15:38:59");
  EXPECT_EQ(ev[0].line, 3);
  EXPECT_EQ(ev[1].kind, "fallen-off-bus");
  EXPECT_FALSE(ev[1].xid);
  EXPECT_DOUBLE_EQ(ev[1].uptime_s.value_or(0), 12.5);
  g.extra[kKernelEventsKey] = "not a list";
  EXPECT_TRUE(kernel_events(g).empty());
}

TEST(KernelEvent, RoundTripThroughJson) {
  KernelEvent e;
  e.kind = "xid";
  e.xid = 48;
  e.pid = 4242;
  e.process = "python3";
  e.message = "An uncorrectable double bit error";
  e.line = 7;
  GpuInfo g;
  g.extra = json::object();
  g.extra[kKernelEventsKey] = json::array({json(e)});
  const auto back = kernel_events(g);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].pid, 4242);
  EXPECT_EQ(back[0].process, "python3");
  EXPECT_EQ(back[0].message, e.message);
}

TEST(KernelEvent, EventsOfARealJournalctlExcerpt) {
  const std::string log = std::string(GPUAUDIT_TEST_DATA) + "/imports/kernel-log/journalctl-xid120-xid154-gpu-burn.txt";
  imports::ImportOptions opt;
  const ResultDocument doc = imports::import_files({log}, opt, nullptr);
  std::vector<int> xids;
  for (const auto& g : doc.gpus)
    for (const auto& e : kernel_events(g))
      if (e.kind == "xid" && e.xid) xids.push_back(*e.xid);
  ASSERT_GE(xids.size(), 2u);
  EXPECT_EQ(xids[0], 120);
  EXPECT_EQ(xids[1], 154);
}

}  // namespace
}  // namespace gpuaudit
