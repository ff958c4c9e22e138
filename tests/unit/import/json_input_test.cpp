// scan_json() (src/import/json_input.cpp): whether a text is one JSON document and the text its
// strings quote, at any depth without recursion, never throwing on what is not JSON.
#include "import/json_input.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gpuaudit::imports {
namespace {

TEST(JsonInput, ADocumentAndTheLinesItsStringsQuote) {
  const JsonScan s = scan_json(R"(  {"alert": "GPU lost", "labels": {"node": "n1"}, "log": ["NVRM: Xid 79\nsecond line", 5]})");
  EXPECT_TRUE(s.document);
  EXPECT_EQ(s.quoted, "GPU lost\nn1\nNVRM: Xid 79\nsecond line\n");  // keys are not quoted text
}

TEST(JsonInput, WhatIsNotOneDocument) {
  EXPECT_FALSE(scan_json("NVRM: Xid 79").document);                  // a text
  EXPECT_FALSE(scan_json("{\"a\": 1}\n{\"a\": 2}\n").document);      // NDJSON (journalctl -o json)
  EXPECT_FALSE(scan_json("{\"schema\": \"gpuaudit.result/1\", \"gpus\": [").document);  // cut
  EXPECT_FALSE(scan_json("{\"x\": 1e400}").document);                // a number no double holds
  EXPECT_FALSE(scan_json("\"just a string\"").document);             // not an object or array
  EXPECT_TRUE(scan_json("{\"a\": 1e400}").quoted.empty());
}

TEST(JsonInput, AnyDepthWithoutRecursion) {
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  EXPECT_TRUE(scan_json(deep).document);
}

TEST(JsonInput, QuotedTextIsBounded) {
  std::string big = "[";
  const std::string item = "\"" + std::string(1 << 20, 'x') + "\",";
  for (int i = 0; i < 20; ++i) big += item;
  big += "\"end\"]";
  const JsonScan s = scan_json(big);
  EXPECT_TRUE(s.document);
  EXPECT_LE(s.quoted.size(), kMaxQuotedBytes);
}

}  // namespace
}  // namespace gpuaudit::imports
