// cli/cmd_import: `gpuaudit import` lists its formats, turns a real nvidia-smi output of
// tests/data/imports (nvidia-smi -q of an A100 x8) into a gpuaudit document, and refuses a text that
// is no tool's output, naming the file.
#include "unit/support/run_gpuaudit.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace gpuaudit {
namespace {

TEST(CmdImport, ListFormats) {
  const auto r = run_gpuaudit({"import", "--list-formats"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "kernel-log")) << r.out;
  EXPECT_TRUE(contains(r.out, "nvidia-smi")) << r.out;
}

TEST(CmdImport, AnNvidiaSmiQBecomesADocumentAndShoppingIsRefused) {
  ScratchDir tmp("import");
  const auto r = run_gpuaudit({"import", test_data("imports/nvidia-smi-q/a100-sxm4-40gb-x8-host-max-gen3.txt"), "-o",
                               tmp.file("doc.json"), "--tag", "provider=example"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(tmp.file("doc.json"));
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(contains(doc, "gpuaudit.result/1")) << doc.substr(0, 200);
  EXPECT_TRUE(contains(doc, "\"provider\": \"example\"")) << doc.substr(0, 400);
  std::ofstream(tmp.file("shopping.txt")) << "milk\neggs\nbread\n";
  const auto bad = run_gpuaudit({"import", tmp.file("shopping.txt")});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "shopping.txt: not an output gpuaudit can import")) << bad.err;
}

}  // namespace
}  // namespace gpuaudit
