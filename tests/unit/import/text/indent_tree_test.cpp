// Unit tests of the indentation outline of an nvidia-smi -q dump (src/import/text/indent_tree.cpp):
// nesting by relative indentation, values after " : ", case-insensitive lookups, line numbers.
#include "import/import.hpp"
#include "import/text/indent_tree.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

// Synthetic: the shape of an nvidia-smi -q GPU section, two sections deep.
const char* kDump =
    "GPU 00000000:18:00.0\n"
    "    Product Name                          : NVIDIA A100-SXM4-80GB\n"
    "    PCI\n"
    "        GPU Link Info\n"
    "            PCIe Generation\n"
    "                Max                       : 4\n"
    "                Current                   : 1\n"
    "\n"
    "            Link Width\n"
    "                Max                       : 16x\n"
    "    Power Readings\n"
    "        Power Limit                       : 400.00 W\n";

TEST(IndentTree, SectionsNestByIndentAndKeepTheirLines) {
  const IndentNode root = build_indent_tree(kDump);
  EXPECT_EQ(root.key, "");
  EXPECT_EQ(root.indent, -1);
  ASSERT_EQ(root.children.size(), 1u);
  const IndentNode& gpu = root.children[0];
  EXPECT_EQ(gpu.key, "GPU 00000000:18:00.0");
  EXPECT_FALSE(gpu.value);
  EXPECT_EQ(gpu.line, 1);
  EXPECT_EQ(gpu.get({"product name"}).value_or(""), "NVIDIA A100-SXM4-80GB");
  const IndentNode* link = gpu.child({"PCI"})->child({"GPU Link Info"});
  ASSERT_NE(link, nullptr);
  // "Max" under PCIe Generation and under Link Width are different values.
  EXPECT_EQ(link->child({"PCIe Generation"})->get({"Max"}).value_or(""), "4");
  EXPECT_EQ(link->child({"PCIe Generation"})->get({"Current"}).value_or(""), "1");
  EXPECT_EQ(link->child({"Link Width"})->get({"Max"}).value_or(""), "16x");
  EXPECT_EQ(link->child({"Link Width"})->line, 9);  // the blank line is skipped, not renumbered
  EXPECT_EQ(gpu.last_line(), 12);
  EXPECT_EQ(gpu.child({"Power Readings"})->get({"Draw", "Power Limit"}).value_or(""), "400.00 W");
}

TEST(IndentTree, AbsentKeysAndHeadersHaveNoValue) {
  const IndentNode root = build_indent_tree(kDump);
  const IndentNode& gpu = root.children[0];
  EXPECT_EQ(gpu.child({"Clocks"}), nullptr);
  EXPECT_FALSE(gpu.get({"Clocks"}));
  EXPECT_FALSE(gpu.get({"PCI"}));  // a header, not a value
}

TEST(IndentTree, OnlyRelativeIndentationMatters) {
  std::string quoted;
  for (std::size_t a = 0, b; a < std::string(kDump).size(); a = b + 1) {
    b = std::string(kDump).find('\n', a);
    quoted += "\t  " + std::string(kDump).substr(a, b - a) + "\n";
  }
  const IndentNode root = build_indent_tree(quoted);
  ASSERT_EQ(root.children.size(), 1u);
  EXPECT_EQ(root.children[0].child({"PCI"})->child({"GPU Link Info"})->child({"Link Width"})->get({"Max"}).value_or(""),
            "16x");
}

TEST(IndentTree, ARealDumpAndGarbage) {
  // A real nvidia-smi -a of eight A100s (fixture): the banner lines and eight GPU sections at the top.
  const std::string raw =
      import_test::read_bytes(import_test::fixture_dir("nvidia-smi-q") / "a100-sxm4-40gb-x8-host-max-gen3.txt");
  ASSERT_FALSE(raw.empty());
  const IndentNode root = build_indent_tree(normalize_text(raw));
  EXPECT_EQ(root.get({"Driver Version"}).value_or(""), "535.129.03");
  EXPECT_EQ(root.get({"Attached GPUs"}).value_or(""), "8");
  int gpus = 0;
  for (const auto& c : root.children)
    if (c.key.rfind("GPU 0000", 0) == 0) ++gpus;
  EXPECT_EQ(gpus, 8);
  const IndentNode* second = nullptr;
  for (const auto& c : root.children)
    if (c.key == "GPU 00000000:35:00.0") second = &c;
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->line, 205);
  EXPECT_EQ(second->get({"Product Name"}).value_or(""), "NVIDIA A100-SXM4-40GB");
  for (const char* junk : {"", "\n\n", " : \n:::\n        x\n  y : z\n", "\t\t\t\t\t\t\t\t\t\t\ta : b\nc\n"}) {
    const IndentNode r = build_indent_tree(junk);
    EXPECT_EQ(r.indent, -1) << junk;
  }
}

}  // namespace
}  // namespace gpuaudit::imports
