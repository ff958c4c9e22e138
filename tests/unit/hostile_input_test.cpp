// Inputs that crashed or misled: each is refused with one line naming the file (and the field),
// or made harmless on the way in or out. Before the fixes: SIGSEGV (deep nesting), "internal
// error" (1e400, symlink loops), silent 0 (summary as an array), accepted garbage (schema
// "1garbage", missing fields), undefined behaviour (1e300 in an int), ill-formed JUnit XML.
#include "core/document_io.hpp"
#include "core/error.hpp"
#include "text/escape.hpp"
#include "report/load_runs.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

using namespace gpuaudit;
namespace fs = std::filesystem;

namespace {

const std::string kGolden = std::string(GPUAUDIT_TEST_DATA) + "/compare/golden-synthetic.json";

std::string golden_text() {
  std::ifstream in(kGolden);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

json golden() { return json::parse(golden_text()); }

// The one-line refusal of parse_result, or "" when it was accepted.
std::string refusal(const std::string& text, const std::string& origin = "x.json") {
  try {
    parse_result(text, origin);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::usage) << e.what();
    const std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_EQ(m.rfind(origin + ": ", 0), 0u) << m;  // names the file first
    return m;
  }
  return "";
}

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "gpuaudit-hostile-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

}  // namespace

TEST(HostileInput, TheGoldenFixtureIsAccepted) { EXPECT_EQ(refusal(golden_text()), ""); }

TEST(HostileInput, DeepNestingIsRefusedNotAStackOverflow) {
  const std::string deep = std::string(90000, '[') + std::string(90000, ']');
  EXPECT_NE(refusal(deep).find("nested deeper than 64 levels"), std::string::npos);
  // Inside a document, in a field gpuaudit keeps without knowing (copied, then dump()ed on write).
  json j = golden();
  std::string nest = "0";
  for (int i = 0; i < 100; ++i) nest = "[" + nest + "]";
  std::string text = j.dump();
  text.insert(1, "\"future_field\":" + nest + ",");
  EXPECT_NE(refusal(text).find("nested deeper than 64 levels"), std::string::npos);
  // 60 levels are fine, and survive the round trip.
  std::string ok = "0";
  for (int i = 0; i < 60; ++i) ok = "[" + ok + "]";
  std::string text60 = j.dump();
  text60.insert(1, "\"future_field\":" + ok + ",");
  EXPECT_EQ(refusal(text60), "");
  EXPECT_EQ(refusal(to_pretty_json(parse_result(text60, "60.json"))), "");
}

TEST(HostileInput, ANumberOverflowNamesTheFileAndLine) {
  std::string text = golden().dump(2);
  const auto at = text.find("\"index\": 0");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 10, "\"index\": 1e400");
  const std::string m = refusal(text);
  EXPECT_NE(m.find("number overflow parsing '1e400'"), std::string::npos) << m;
  EXPECT_NE(m.find(" at line "), std::string::npos) << m;
}

TEST(HostileInput, OutOfRangeIntegersNameTheField) {
  for (const char* v : {"1e300", "123456789012345678901234567890", "-2147483649", "3.5", "\"0\"", "true"}) {
    json j = golden();
    std::string text = j.dump();
    const auto at = text.find("\"index\":0");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 9, std::string("\"index\":") + v);
    const std::string m = refusal(text);
    EXPECT_NE(m.find("gpus[0].index: "), std::string::npos) << v << ": " << m;
  }
  json j = golden();
  j["gpus"][0]["memory_total_bytes"] = -1;
  EXPECT_NE(refusal(j.dump()).find("gpus[0].memory_total_bytes: -1 is out of range"), std::string::npos);
}

TEST(HostileInput, WrongTypesAreRefusedNeverReadAsZero) {
  json j = golden();
  j["benchmarks"][0]["summary"] = json::array({1, 2});
  EXPECT_NE(refusal(j.dump()).find("benchmarks[0].summary: expected an object, got an array"), std::string::npos);
  j = golden();
  j["benchmarks"][1]["summary"]["median"] = "4400";
  EXPECT_NE(refusal(j.dump()).find("benchmarks[1].summary.median: expected a number, got a string"), std::string::npos);
  j = golden();
  j["benchmarks"][0]["samples"] = json::array({1.0, true});
  EXPECT_NE(refusal(j.dump()).find("benchmarks[0].samples[1]: expected a number, got a boolean"), std::string::npos);
  j = golden();
  j["tags"] = json::object({{"provider", 5}});
  EXPECT_NE(refusal(j.dump()).find("tags.provider: expected a string, got a number"), std::string::npos);
  j = golden();
  j["gpus"][0]["power"] = 700;
  EXPECT_NE(refusal(j.dump()).find("gpus[0].power: expected an object, got a number"), std::string::npos);
}

TEST(HostileInput, SchemaVersionMustBeExact) {
  for (const char* s : {"gpuaudit.result/1garbage", "gpuaudit.result/", "gpuaudit.result/1.", "gpuaudit.result/+1",
                        "gpuaudit.result/1.x"}) {
    json j = golden();
    j["schema"] = s;
    EXPECT_NE(refusal(j.dump()).find("unreadable schema version"), std::string::npos) << s;
  }
  json j = golden();
  j["schema"] = "gpuaudit.result/1.3";  // a newer minor version: read
  EXPECT_EQ(refusal(j.dump()), "");
}

TEST(HostileInput, MissingRequiredFieldsAreRefused) {
  for (const char* field : {"tool", "created_utc", "host", "software", "gpu_status", "gpus", "benchmarks"}) {
    json j = golden();
    j.erase(field);
    EXPECT_NE(refusal(j.dump()).find(std::string(field) + ": missing (a required field)"), std::string::npos) << field;
  }
  json j = golden();
  j["benchmarks"][0].erase("unit");
  EXPECT_NE(refusal(j.dump()).find("benchmarks[0].unit: missing"), std::string::npos);
  j = golden();
  j["benchmarks"][0].erase("summary");  // status ok: the figure is the summary's median
  EXPECT_NE(refusal(j.dump()).find("benchmarks[0].summary: missing"), std::string::npos);
  j = golden();
  j["gpus"][0].erase("index");
  EXPECT_NE(refusal(j.dump()).find("gpus[0].index: missing"), std::string::npos);
}

TEST(HostileInput, OversizedFilesAreRefusedBeforeParsingWithTheLimit) {
  TempDir t;
  const fs::path p = t.path / "big.json";
  {
    std::ofstream out(p);
    out << "[";
    const std::string chunk(1 << 20, ' ');
    for (int i = 0; i < 65; ++i) out << chunk;
    out << "]";
  }
  try {
    read_result(p);
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::usage);
    EXPECT_NE(std::string(e.what()).find("over the 64 MiB"), std::string::npos) << e.what();
  }
}

TEST(HostileInput, ASymlinkLoopInAReportFolderIsNamedOrSkipped) {
  TempDir t;
  fs::copy_file(kGolden, t.path / "a.json");
  fs::create_symlink(t.path / "loop.json", t.path / "loop.json");
  try {
    load_runs({t.path.string()});
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::usage);
    EXPECT_NE(std::string(e.what()).find("loop.json"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("internal"), std::string::npos) << e.what();
  }
  EXPECT_EQ(load_runs({t.path.string()}, {.skip_invalid = true}).size(), 1u);
  EXPECT_EQ(load_runs({(t.path / "loop.json").string(), (t.path / "a.json").string()}, {.skip_invalid = true}).size(), 1u);
}

TEST(HostileInput, InvalidUtf8IsReplacedAndWritable) {
  EXPECT_EQ(valid_utf8("ok \xC3\xA9"), "ok \xC3\xA9");
  EXPECT_EQ(valid_utf8("caf\xE9"), "caf\xEF\xBF\xBD");                  // Latin-1 e-acute
  EXPECT_EQ(valid_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");        // overlong '/'
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
  EXPECT_EQ(valid_utf8("\xF4\x90\x80\x80").find('\xF4'), std::string::npos);       // past U+10FFFF
  ResultDocument d = parse_result(golden_text(), "g.json");
  d.host.hostname = "host\xFF";  // from a broken DMI table or a Latin-1 --tag: written, not thrown
  d.tags["site"] = "M\xFCnchen";
  const ResultDocument back = parse_result(to_pretty_json(d), "back.json");
  EXPECT_EQ(back.host.hostname, "host\xEF\xBF\xBD");
  EXPECT_EQ(back.tags.at("site"), "M\xEF\xBF\xBDnchen");
}

TEST(HostileInput, XmlHasNoNoncharactersNorInvalidUtf8) {
  const std::string x = xml_escape("a\xEF\xBF\xBE" "b\xEF\xBF\xBF" "c\xFF" "d\x01" "e");
  EXPECT_EQ(x.find("\xEF\xBF\xBE"), std::string::npos);
  EXPECT_EQ(x.find("\xEF\xBF\xBF"), std::string::npos);
  EXPECT_EQ(x.find('\xFF'), std::string::npos);
  EXPECT_EQ(x.find('\x01'), std::string::npos);
  EXPECT_EQ(x, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD" "de");
}

TEST(HostileInput, TerminalTextShowsControlCharactersInsteadOfSendingThem) {
  using namespace std::string_literals;
  const std::string t = terminal_text("x\x1B]0;pwned\x07y\x1B[2Jz\0w\rv\xC2\x9B" "1m\n\tend"s);
  for (char c : {'\x1B', '\x07', '\0', '\r'}) EXPECT_EQ(t.find(c), std::string::npos) << int(c) << " in " << t;
  EXPECT_EQ(t.find("\xC2\x9B"), std::string::npos);  // C1 CSI
  EXPECT_EQ(t, "x\\x1B]0;pwned\\x07y\\x1B[2Jz\\x00w\\x0Dv\\u009B1m\n\tend");
  EXPECT_EQ(terminal_text("NVIDIA H100 80GB HBM3 \xC3\xA9"), "NVIDIA H100 80GB HBM3 \xC3\xA9");  // untouched
}
