// The fast reader (simdjson) must read exactly what the reference reader (nlohmann) reads, and
// refuse (hand over) everything it refuses: report and export would otherwise say other things
// about a document than score and compare do.
#include "core/document_io.hpp"
#include "core/document_read_simd.hpp"
#include "core/error.hpp"
#include "core/result_fields.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace gpuaudit;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The whole model as text: every field, `extra` included, in order.
std::string model_text(const ResultDocument& d) { return json(d).dump(-1, ' ', false, json::error_handler_t::replace); }

std::optional<std::string> reference(const std::string& text) {
  try {
    return model_text(parse_result(text, "x.json"));
  } catch (const Error&) {
    return std::nullopt;
  }
}

// The fast reader may hand any document over, but what it accepts must be the reference's model.
void expect_same(const std::string& text, const std::string& what) {
  const auto fast = parse_result_simd(text);
  if (!fast) return;
  const auto ref = reference(text);
  ASSERT_TRUE(ref) << what << ": simdjson accepted what the reference refuses";
  EXPECT_EQ(model_text(*fast), *ref) << what;
}

json minimal() {
  return json::parse(R"({"schema":"gpuaudit.result/1","tool":{"name":"gpuaudit","version":"0.1"},
    "created_utc":"2026-12-01T00:00:00Z","host":{"hostname":"h"},"software":{},
    "gpu_status":{"state":"ok","message":""},
    "gpus":[{"index":0,"name":"NVIDIA H100 80GB HBM3","sm_count":132,"memory_total_bytes":85899345920,
             "mig":{"is_mig_device":false},"power":{"limit_w":700}}],
    "benchmarks":[{"name":"hbm/copy","gpu":0,"status":"ok","unit":"GB/s","params":{"dtype":"float","n":3},
                   "samples":[1,2,3],"summary":{"n":3,"median":2,"min":1,"max":3,"mean":2,"stddev":1,"cv":0.5},
                   "telemetry":{"samples":4,"power_w":{"min":1,"median":2,"max":3}}}],
    "assessment":{"headline":"ok","findings":[{"id":"healthy","confidence":"high","summary":"s","figures":{"a":1}}]}})");
}

}  // namespace

TEST(DocumentReadSimd, ReadsEveryDocumentUnderTestDataAsTheReferenceDoes) {
  size_t accepted = 0, documents = 0;
  for (const auto& e : fs::recursive_directory_iterator(GPUAUDIT_TEST_DATA)) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    const std::string text = slurp(e.path());
    const bool is_document = reference(text).has_value();
    documents += is_document;
    expect_same(text, e.path().string());
    if (is_document) {
      EXPECT_TRUE(parse_result_simd(text)) << e.path() << ": a readable document the fast reader hands over";
      accepted += parse_result_simd(text).has_value();
    }
  }
  EXPECT_GT(documents, 20u);
  EXPECT_EQ(accepted, documents);
}

TEST(DocumentReadSimd, KeepsUnknownMembersAndTheirPlaceAsTheReferenceDoes) {
  json j = minimal();
  j["extra_top"] = {{"nested", {1, -2, 3.5, "x", nullptr, true}}, {"big", 18446744073709551615ull}};
  j["gpus"][0]["newer_field"] = json::object({{"a", 1}});
  j["benchmarks"][0]["source"] = "imported";
  const std::string text = j.dump(2);
  ASSERT_TRUE(parse_result_simd(text));
  expect_same(text, "unknown members");
  // A member named twice: nlohmann keeps the last value in the first place; the fast reader hands
  // a known field named twice over, and reads a map's (tags) as nlohmann does.
  const std::string twice = R"({"mode":"quick","mode":"full",)" + text.substr(1);
  EXPECT_TRUE(reference(twice));
  EXPECT_FALSE(parse_result_simd(twice));
  EXPECT_FALSE(parse_result_simd(R"({"schema":"gpuaudit.result/1","schema":"gpuaudit.result/1"})"));
  const std::string tags_twice = R"({"tags":{"a":"1","a":"2"},)" + text.substr(1);
  ASSERT_TRUE(parse_result_simd(tags_twice));
  EXPECT_EQ(parse_result_simd(tags_twice)->tags.at("a"), "2");
  expect_same(tags_twice, "a tag twice");
}

TEST(DocumentReadSimd, HandsOverWhatTheReferenceRefusesOrReadsAlone) {
  auto with = [](const std::string& pointer, const json& value) {
    json j = minimal();
    j[json::json_pointer(pointer)] = value;
    return j.dump();
  };
  auto without = [](const std::string& parent, const std::string& key) {
    json j = minimal();
    j[json::json_pointer(parent)].erase(key);
    return j.dump();
  };
  const std::vector<std::pair<std::string, std::string>> cases{
      {"index 1e300", with("/gpus/0/index", 1e300)},
      {"index a string", with("/gpus/0/index", "0")},
      {"index 1.5", with("/gpus/0/index", 1.5)},
      {"index -1 in an unsigned", with("/gpus/0/memory_total_bytes", -1)},
      {"int over 32 bits", with("/gpus/0/sm_count", 4294967296ll)},
      {"bool for a number", with("/gpus/0/sm_count", true)},
      {"number for a bool", with("/synthetic", 1)},
      {"object for an array", with("/gpus", json::object())},
      {"array for an object", with("/host", json::array())},
      {"null for a string", with("/created_utc", nullptr)},
      {"string sample", with("/benchmarks/0/samples/1", "2")},
      {"summary null while ok", with("/benchmarks/0/summary", nullptr)},
      {"tag not a string", with("/tags", json{{"a", 1}})},
      {"finding figure a string", with("/assessment/findings/0/figures/a", "1")},
      {"schema 2", with("/schema", "gpuaudit.result/2")},
      {"schema 0", with("/schema", "gpuaudit.result/0")},
      {"schema garbage", with("/schema", "gpuaudit.result/1x")},
      {"foreign schema", with("/schema", "nvbench/1")},
      {"schema a number", with("/schema", 1)},
      {"no version", without("/tool", "version")},
      {"no gpus", without("", "gpus")},
      {"no benchmark unit", without("/benchmarks/0", "unit")},
      {"no summary median", without("/benchmarks/0/summary", "median")},
      {"no finding id", without("/assessment/findings/0", "id")},
      {"no gpu name", without("/gpus/0", "name")},
      {"not an object", "[1,2]"},
      {"truncated", minimal().dump().substr(0, 200)},
      {"not JSON", "{not json"},
      {"empty", ""},
      {"byte-order mark", "\xEF\xBB\xBF" + minimal().dump()},  // nlohmann reads it; simdjson does not
      {"lone surrogate", R"({"schema":"gpuaudit.result/1","x":"\ud800"})"},
      {"bad UTF-8", "{\"schema\":\"gpuaudit.result/1\",\"x\":\"\xC0\xAF\"}"},
      {"trailing text", minimal().dump() + " x"},
      {"1e400", R"({"schema":"gpuaudit.result/1","x":1e400})"},
  };
  for (const auto& [what, text] : cases) {
    SCOPED_TRACE(what);
    expect_same(text, what);
    if (!reference(text)) EXPECT_FALSE(parse_result_simd(text));
  }
  // Read alike where both accept: 3.0 in an integer field, an integer in a double one.
  const std::string whole = with("/gpus/0/sm_count", 132.0);
  ASSERT_TRUE(parse_result_simd(whole));
  expect_same(whole, "3.0 as an integer");
  std::string big = minimal().dump();
  big.insert(big.size() - 1, R"(,"big":100000000000000000000,"neg":-9223372036854775809)");
  EXPECT_TRUE(reference(big));  // nlohmann reads them as doubles, simdjson refuses: handed over
  EXPECT_FALSE(parse_result_simd(big));
}

TEST(DocumentReadSimd, DepthLimitIsTheReferencesOwn) {
  for (int levels : {kMaxJsonDepth - 2, kMaxJsonDepth - 1, kMaxJsonDepth, kMaxJsonDepth + 1}) {
    std::string text = minimal().dump();
    // The document is one level; its member `deep` adds `levels - 1` nested arrays.
    text.insert(text.size() - 1, ",\"deep\":" + std::string(static_cast<size_t>(levels - 1), '[') +
                                     std::string(static_cast<size_t>(levels - 1), ']'));
    SCOPED_TRACE(levels);
    const bool ref = reference(text).has_value();
    EXPECT_EQ(ref, levels <= kMaxJsonDepth);
    EXPECT_EQ(parse_result_simd(text).has_value(), ref);
    expect_same(text, "depth");
  }
}

TEST(DocumentReadSimd, ReadResultFastRefusesWithTheReferencesLine) {
  const fs::path dir = fs::temp_directory_path() / ("gpuaudit-simd-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  json wrong = minimal();
  wrong["gpus"][0]["index"] = 1e300;
  const std::vector<std::string> texts{"{not json", minimal().dump().substr(0, 300), wrong.dump(),
                                       R"({"schema":"gpuaudit.result/2"})", R"({"name":"x"})", "[]"};
  int n = 0;
  for (const auto& t : texts) {
    const fs::path p = dir / ("bad-" + std::to_string(n++) + ".json");
    std::ofstream(p, std::ios::binary) << t;
    std::string ref, fast;
    int ref_code = 0, fast_code = 0;
    try {
      read_result(p);
    } catch (const Error& e) {
      ref = e.what();
      ref_code = e.code();
    }
    try {
      read_result_fast(p);
    } catch (const Error& e) {
      fast = e.what();
      fast_code = e.code();
    }
    EXPECT_FALSE(ref.empty()) << t;
    EXPECT_EQ(fast, ref);
    EXPECT_EQ(fast_code, ref_code);
  }
  const fs::path good = dir / "good.json";
  std::ofstream(good) << minimal().dump(2);
  EXPECT_EQ(model_text(read_result_fast(good)), model_text(read_result(good)));
  fs::remove_all(dir);
}

// result_fields.hpp repeats the field lists of GA_JSON_TYPE/GA_JSON_VALUE: each must name exactly
// the fields to_json writes, in its order, or the fast reader would put a new field in `extra`.
template <class T> void expect_fields_of_to_json(const char* type) {
  T t{};
  std::vector<std::string> listed, written;
  json_fields(t, [&](const char* name, auto&) { listed.push_back(name); });
  const json j(t);
  for (auto it = j.begin(); it != j.end(); ++it) written.push_back(it.key());
  EXPECT_EQ(listed, written) << type << ": core/result_fields.hpp differs from its GA_JSON_TYPE list";
}

TEST(DocumentReadSimd, ResultFieldsListEveryFieldToJsonWrites) {
#define GA_EXPECT_FIELDS(T) expect_fields_of_to_json<T>(#T)
  GA_EXPECT_FIELDS(ToolInfo);
  GA_EXPECT_FIELDS(HostInfo);
  GA_EXPECT_FIELDS(CudaToolkit);
  GA_EXPECT_FIELDS(SoftwareInfo);
  GA_EXPECT_FIELDS(MigInfo);
  GA_EXPECT_FIELDS(PowerInfo);
  GA_EXPECT_FIELDS(ClockInfo);
  GA_EXPECT_FIELDS(PcieInfo);
  GA_EXPECT_FIELDS(NvlinkInfo);
  GA_EXPECT_FIELDS(EccInfo);
  GA_EXPECT_FIELDS(GpuProcess);
  GA_EXPECT_FIELDS(GpuInfo);
  GA_EXPECT_FIELDS(GpuStatus);
  GA_EXPECT_FIELDS(Range);
  GA_EXPECT_FIELDS(TelemetrySummary);
  GA_EXPECT_FIELDS(BenchmarkResult);
  GA_EXPECT_FIELDS(Finding);
  GA_EXPECT_FIELDS(Assessment);
  GA_EXPECT_FIELDS(ResultDocument);
  GA_EXPECT_FIELDS(Summary);
#undef GA_EXPECT_FIELDS
}
