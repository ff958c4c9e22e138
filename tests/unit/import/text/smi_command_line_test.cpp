// Unit tests of reading an nvidia-smi command line typed above its output
// (src/import/text/smi_command_line.cpp).
#include "import/text/smi_command_line.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

using import_test::detected;
using import_test::parse_as;

TEST(SmiCommandLine, ReadsTheQueryFormatIdsAndLoopAfterAnyPrompt) {
  const auto c = smi::query_command(
      "/usr/bin/nvidia-smi -i 0a:00.0 --query-gpu=power.limit,name --format=csv,noheader,nounits");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->fields, (std::vector<std::string>{"power.limit", "name"}));
  EXPECT_TRUE(c->csv);
  EXPECT_TRUE(c->noheader);
  EXPECT_FALSE(c->loop);
  EXPECT_EQ(c->ids, std::vector<std::string>{"0a:00.0"});

  const auto w = smi::query_command(
      R"(`.\nvidia-smi.exe --format="noheader,nounits,csv" --query-gpu="fan.speed,memory.total"`)");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->fields, (std::vector<std::string>{"fan.speed", "memory.total"}));
  EXPECT_TRUE(w->noheader);

  const auto l = smi::query_command("$nvidia-smi -lms --query-gpu=timestamp,pstate --format=csv | tee gpu-log.csv ");
  ASSERT_TRUE(l);
  EXPECT_TRUE(l->loop);
  EXPECT_FALSE(l->noheader);
  EXPECT_FALSE(l->transformed);  // tee passes the text on unchanged

  const auto t = smi::query_command("$ nvidia-smi --format=csv --query-gpu=index,name | column -s, -t");
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->transformed);

  EXPECT_FALSE(smi::query_command("nvidia-smi -q -d PERFORMANCE"));  // not a query
  EXPECT_FALSE(smi::query_command("name, pci.bus_id"));
}

TEST(SmiCommandLine, PromptsAreToldFromRows) {
  EXPECT_TRUE(smi::looks_like_prompt("sh-4.2$"));
  EXPECT_TRUE(smi::looks_like_prompt("[root@minion ~]# dcgmi diag -r 2"));
  EXPECT_TRUE(smi::looks_like_prompt("user@GENOA-01:~/nccl-tests$ ./build/alltoall_perf"));
  EXPECT_TRUE(smi::looks_like_prompt("$ ls"));
  EXPECT_FALSE(smi::looks_like_prompt("1 %"));
  EXPECT_FALSE(smi::looks_like_prompt("# Output"));  // a comment, not root's prompt
  EXPECT_FALSE(smi::looks_like_prompt("Tesla T4"));
  EXPECT_FALSE(smi::looks_like_prompt("GeForce GTX 1080 Ti, 29 %, 11175 MiB"));
}

}  // namespace
}  // namespace gpuaudit::imports
