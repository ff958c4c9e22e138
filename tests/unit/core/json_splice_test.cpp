// score --write keeps a document byte for byte where it did not change (core/json_splice.hpp).
#include "core/document_io.hpp"
#include "core/json_splice.hpp"

#include <gtest/gtest.h>

using namespace gpuaudit;

namespace {

// A hand-formatted document the model would rewrite: 700 (a double field) would become 700.0, the
// 4-space indent 2 spaces, the unknown member and the missing final newline would move or change.
const char* kDocument = R"({
    "schema": "gpuaudit.result/1",
    "tool": {"name": "gpuaudit", "version": "0.1.0"},
    "created_utc": "2026-11-30T00:00:00Z",
    "host": {"hostname": "h"},
    "software": {},
    "gpu_status": {"state": "ok", "message": ""},
    "gpus": [{"index": 0, "name": "NVIDIA H100 80GB HBM3", "power": {"limit_w": 700}}],
    "written_by_a_newer_minor": [1, 2.50, "x}]\"{"],
    "benchmarks": [],
    "assessment": null
})";

Assessment sample_assessment() {
  Assessment a;
  a.headline = "NVIDIA H100 80GB HBM3 - healthy";
  a.delivered_fraction = 0.98;
  Finding f;
  f.id = "healthy";
  f.confidence = "high";
  f.summary = "as expected";
  f.figures["ratio"] = 1.0;
  a.findings.push_back(f);
  return a;
}

}  // namespace

TEST(JsonSplice, FindsTopLevelMembersPastNestedBracketsInStrings) {
  const std::string text = kDocument;
  const auto spans = top_level_members(text);
  ASSERT_TRUE(spans);
  ASSERT_EQ(spans->size(), 10u);
  EXPECT_EQ((*spans)[7].key, "written_by_a_newer_minor");
  const auto& m = (*spans)[7];
  EXPECT_EQ(text.substr(m.value_begin, m.value_end - m.value_begin), R"([1, 2.50, "x}]\"{"])");
  EXPECT_EQ(text.substr(spans->back().value_begin, 4), "null");
  EXPECT_FALSE(top_level_members("[1, 2]"));
  EXPECT_FALSE(top_level_members(R"({"a": 1)"));
  EXPECT_FALSE(top_level_members(R"({"a": 1} trailing)"));
  ASSERT_TRUE(top_level_members(" {} "));
  EXPECT_TRUE(top_level_members(" {} ")->empty());
}

TEST(JsonSplice, ReplacesOnlyTheAssessmentAndKeepsEveryOtherByte) {
  const std::string text = kDocument;
  ResultDocument doc = parse_result(text, "mem");
  doc.assessment = sample_assessment();
  const std::string out = result_text_replacing(text, doc, {"assessment"});
  const std::string head = text.substr(0, text.find("\"assessment\""));
  ASSERT_EQ(out.substr(0, head.size()), head);  // byte for byte up to the replaced member
  EXPECT_EQ(out.back(), '}');                    // no final newline added: there was none
  EXPECT_NE(out.find("\"limit_w\": 700}"), std::string::npos);
  EXPECT_NE(out.find("2.50"), std::string::npos);
  // The new member in the file's own 4-space indent, its nested lines under it.
  EXPECT_NE(out.find("    \"assessment\": {\n        \""), std::string::npos) << out;
  EXPECT_EQ(json(parse_result(out, "out")), json(doc));
}

TEST(JsonSplice, AddsAMissingMemberAfterTheLastOne) {
  std::string text = kDocument;
  text.replace(text.find(",\n    \"assessment\": null"), std::string(",\n    \"assessment\": null").size(), "");
  ResultDocument doc = parse_result(text, "mem");
  doc.assessment = sample_assessment();
  doc.price_per_hour = 2.5;
  const std::string out = result_text_replacing(text, doc, {"assessment", "price_per_hour"});
  const std::string head = text.substr(0, text.rfind(']') + 1);  // up to the last member's end
  ASSERT_EQ(out.substr(0, head.size()), head);
  EXPECT_NE(out.find(",\n    \"assessment\": {"), std::string::npos) << out;
  EXPECT_NE(out.find(",\n    \"price_per_hour\": 2.5"), std::string::npos) << out;
  const ResultDocument back = parse_result(out, "out");
  ASSERT_TRUE(back.assessment);
  EXPECT_EQ(back.assessment->headline, "NVIDIA H100 80GB HBM3 - healthy");
  EXPECT_EQ(back.price_per_hour, 2.5);
}

TEST(JsonSplice, OneLineDocumentGetsACompactMember) {
  const ResultDocument base = parse_result(kDocument, "mem");
  std::string text = json(base).dump();
  ResultDocument doc = parse_result(text, "mem");
  doc.assessment = sample_assessment();
  const std::string out = result_text_replacing(text, doc, {"assessment"});
  EXPECT_EQ(out.find('\n'), std::string::npos) << out;
  EXPECT_EQ(out.substr(0, text.find("\"assessment\"")), text.substr(0, text.find("\"assessment\"")));
  EXPECT_EQ(json(parse_result(out, "out")), json(doc));
}

TEST(JsonSplice, ChangesOutsideTheNamedMembersFallBackToTheWholeDocument) {
  const std::string text = kDocument;
  ResultDocument doc = parse_result(text, "mem");
  doc.assessment = sample_assessment();
  doc.gpus[0].name = "changed elsewhere";  // not what the splice owns: never silently dropped
  const std::string out = result_text_replacing(text, doc, {"assessment"});
  EXPECT_EQ(out, to_pretty_json(doc));
}

TEST(JsonSplice, DuplicateKeyIsNotSpliced) {
  EXPECT_FALSE(splice_members(R"({"a": 1, "a": 2})", {{"a", json(3)}}));
  const auto out = splice_members(R"({"a": 1, "b": 2})", {{"b", json(3)}});
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, R"({"a": 1, "b": 3})");  // compact: the member has no line of its own
}
