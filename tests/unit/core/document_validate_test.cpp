// The whole-document checks of core/document_validate.cpp: every rule refuses what it names (the
// field in the error), every document gpuaudit keeps under tests/data and results/ passes, and a
// sensor's impossible reading is read as unknown with a note instead of refusing the document.
#include "core/document_io.hpp"
#include "core/document_validate.hpp"
#include "core/error.hpp"

#include <gtest/gtest.h>

#include <cfloat>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

using namespace gpuaudit;
namespace fs = std::filesystem;

namespace {

// The golden fixture, with an assessment of one finding (it has none of its own).
ResultDocument golden() {
  ResultDocument d = read_result(std::string(GPUAUDIT_TEST_DATA) + "/compare/golden-synthetic.json");
  Assessment a;
  a.scored_utc = "2026-01-10T08:05:00Z";
  a.headline = "healthy";
  Finding f;
  f.id = "healthy";
  f.gpu = 0;
  f.confidence = "high";
  f.summary = "healthy";
  a.findings.push_back(f);
  d.assessment = a;
  return d;
}

ResultDocument degraded() {
  return read_result(std::string(GPUAUDIT_TEST_DATA) + "/scenarios/memory-degraded.synthetic.json");
}

// The field the first broken rule names, or "" when the document passes.
std::string refused_field(ResultDocument d) {
  try {
    validate_document(d);
  } catch (const field_error& e) {
    return e.path();
  }
  return "";
}

std::string refused_field(const std::function<void(ResultDocument&)>& edit) {
  ResultDocument d = golden();
  edit(d);
  return refused_field(d);
}

}  // namespace

TEST(CoreDocumentValidate, TheGoldenDocumentPassesWithoutNotes) {
  ResultDocument d = golden();
  EXPECT_TRUE(validate_document(d).empty());
}

TEST(CoreDocumentValidate, EveryKeptDocumentPasses) {
  // The documents gpuaudit ships as fixtures and real results: a rule that refused one of them
  // would refuse what gpuaudit itself writes.
  int read = 0;
  for (const char* root : {GPUAUDIT_TEST_DATA, GPUAUDIT_SOURCE_DIR "/results"}) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->path().extension() != ".json" || !it->is_regular_file()) continue;
      std::ifstream in(it->path());
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (text.find("\"gpuaudit.result/") == std::string::npos || it->path().string().find("/fuzz/") != std::string::npos ||
          it->path().string().find("hostile") != std::string::npos)
        continue;
      try {
        parse_result(text, it->path().string());
        ++read;
      } catch (const Error& e) {
        const std::string m = e.what();
        // Fixtures built to be refused for their types are not this test's business.
        if (m.find("invalid result document") != std::string::npos) ADD_FAILURE() << m;
      }
    }
  }
  EXPECT_GT(read, 40);
}

TEST(CoreDocumentValidate, ABenchmarkRowOfAGpuTheDocumentDoesNotListIsRefused) {
  // The memory-degraded card's hbm rows moved to "GPU 3": dropped, they made the card healthy.
  ResultDocument d = degraded();
  for (auto& b : d.benchmarks)
    if (b.name.rfind("hbm/", 0) == 0) b.gpu = 3;
  EXPECT_EQ(refused_field(d), "benchmarks[4].gpu");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.assessment->findings.at(0).gpu = 9; }), "assessment.findings[0].gpu");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus.push_back(x.gpus[0]); }), "gpus[1].index");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.benchmarks[0].gpu.reset(); }), "");  // host-wide: fine
}

TEST(CoreDocumentValidate, MigParentsAreBoardsAndSlicesSitOnMigModeBoards) {
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].mig.parent_uuid = "GPU-board"; }), "gpus[0].mig.parent_uuid");
  EXPECT_EQ(refused_field([](ResultDocument& x) {
              x.gpus[0].mig.is_mig_device = true;
              x.gpus[0].mig.mode_enabled = false;
            }),
            "gpus[0].mig.is_mig_device");
  // A slice naming another slice as its parent.
  EXPECT_EQ(refused_field([](ResultDocument& x) {
              GpuInfo slice = x.gpus[0];
              slice.index = 1;
              slice.uuid = "MIG-b";
              slice.mig = MigInfo{true, true, "3g.40gb", "MIG-a", 1, json()};
              x.gpus[0].uuid = "MIG-a";
              x.gpus[0].mig = MigInfo{true, true, "3g.40gb", "GPU-board", 2, json()};
              x.gpus.push_back(slice);
            }),
            "gpus[0].uuid");
  // The real shapes pass: a slice under its board's UUID, and one that kept the board's UUID.
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].mig = MigInfo{true, true, "3g.40gb", "GPU-board", 2, json()}; }), "");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].mig = MigInfo{true, true, "3g.40gb", x.gpus[0].uuid, 2, json()}; }), "");
}

TEST(CoreDocumentValidate, EnumerationsHoldOnlyTheirWords) {
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.benchmarks[0].status = "fine"; }), "benchmarks[0].status");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.mode = "turbo"; }), "mode");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpu_status.state = "great"; }), "gpu_status.state");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].virtualization_mode = "cloud"; }), "gpus[0].virtualization_mode");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].compute_mode = "turbo"; }), "gpus[0].compute_mode");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.assessment->findings.at(0).confidence = "sure"; }),
            "assessment.findings[0].confidence");
  // What probe/nvml_inventory.cpp writes for an NVML value newer than the build.
  EXPECT_EQ(refused_field([](ResultDocument& x) {
              x.gpus[0].virtualization_mode = "unknown";
              x.gpus[0].compute_mode = "unknown";
            }),
            "");
  for (const char* mode : {"", "info", "quick", "full", "quick+only", "full+only", "custom", "imported"})
    EXPECT_EQ(refused_field([&](ResultDocument& x) { x.mode = mode; }), "") << mode;
  for (const char* status : {"ok", "check-failed", "error", "skipped", "not-applicable", "interrupted"})
    EXPECT_EQ(refused_field([&](ResultDocument& x) {
                x.benchmarks[0].status = status;
              }),
              "")
        << status;
}

TEST(CoreDocumentValidate, DatesAreRfc3339) {
  for (const char* ok : {"2026-11-30T00:18:29Z", "2026-11-30t00:18:29z", "2026-11-30 00:18:29Z", "2024-02-29T23:59:60Z",
                         "2026-11-30T00:18:29.123456Z", "2026-03-01T12:41:30.123+01:00", "2026-03-01T12:41:30-08:00"})
    EXPECT_TRUE(is_rfc3339_date_time(ok)) << ok;
  for (const char* bad : {"", "yesterday", "2026-11-30", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
                          "2026-11-31T00:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T00:60:00Z", "2026-11-30T00:00:00",
                          "2026-11-30T00:00:00.Z", "2026-11-30T00:00:00+0100", "2026-11-30T00:00:00Zjunk",
                          "9999-99-99T99:99:99Z", "\xff\xfe"})
    EXPECT_FALSE(is_rfc3339_date_time(bad)) << bad;
  // "~" sorted after every date and became compare's newest base run.
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.created_utc = "~"; }), "created_utc");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.assessment->scored_utc = "later"; }), "assessment.scored_utc");
}

TEST(CoreDocumentValidate, AFigureKeepsTheUnitAndDirectionGpuauditGivesIt) {
  // hbm/copy 20% down with "higher_is_better": false read as "improved" in compare.
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.benchmarks[0].higher_is_better = false; }), "benchmarks[0].higher_is_better");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.benchmarks[0].unit = "MB/s"; }), "benchmarks[0].unit");
  // A figure gpuaudit does not know: its unit still says which way is better.
  EXPECT_EQ(refused_field([](ResultDocument& x) {
              x.benchmarks[0].name = "nvbandwidth/device_local_copy_latency";
              x.benchmarks[0].unit = "ns";
            }),
            "benchmarks[0].higher_is_better");
  EXPECT_EQ(refused_field([](ResultDocument& x) {
              x.benchmarks[0].name = "tool/score";
              x.benchmarks[0].unit = "points";
              x.benchmarks[0].higher_is_better = false;
            }),
            "");
  // A row without a figure (an error) may leave its unit empty.
  EXPECT_EQ(refused_field([](ResultDocument& x) {
              x.benchmarks[0].status = "error";
              x.benchmarks[0].summary.reset();
              x.benchmarks[0].samples.clear();
              x.benchmarks[0].unit = "";
            }),
            "");
}

TEST(CoreDocumentValidate, ImpossibleValuesAreRefused) {
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.benchmarks[0].summary->median = -5; }), "benchmarks[0].summary.median");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.benchmarks[0].samples.at(0) = -1; }), "benchmarks[0].samples[0]");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].power.default_limit_w = 1e12; }), "gpus[0].power.default_limit_w");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].power.limit_w = -1; }), "gpus[0].power.limit_w");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].temperature_slowdown_c = 1000; }), "gpus[0].temperature_slowdown_c");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.price_per_hour = 1e308; }), "price_per_hour");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.price_per_hour = -2; }), "price_per_hour");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.host.steal_pct = 250; }), "host.steal_pct");
  EXPECT_EQ(refused_field([](ResultDocument& x) { x.gpus[0].clocks.sm_max_mhz = -1980; }), "gpus[0].clocks");
  // At the bounds: accepted.
  EXPECT_EQ(refused_field([](ResultDocument& x) {
              x.gpus[0].power.default_limit_w = kMaxGpuPowerW;
              x.gpus[0].temperature_shutdown_c = static_cast<int>(kMaxTemperatureC);
              x.price_per_hour = 0;
            }),
            "");
}

TEST(CoreDocumentValidate, ASensorsImpossibleReadingIsReadAsUnknownWithANote) {
  ResultDocument d = golden();
  d.gpus[0].temperature_c = 1000000;
  d.gpus[0].power.usage_w = -3;
  TelemetrySummary t;
  t.samples = 3;
  t.temperature_c = Range{40, 41, 5000};
  t.power_w = Range{300, 310, 320};
  d.benchmarks[0].telemetry = t;
  const auto notes = validate_document(d);
  ASSERT_EQ(notes.size(), 3u);
  EXPECT_EQ(notes[0], "gpus[0].temperature_c: 1e+06 C is outside -40..150 C (a sensor misread): read as unknown");
  EXPECT_FALSE(d.gpus[0].temperature_c);
  EXPECT_FALSE(d.gpus[0].power.usage_w);
  EXPECT_FALSE(d.benchmarks[0].telemetry->temperature_c);
  EXPECT_TRUE(d.benchmarks[0].telemetry->power_w);  // in bounds: kept
}

TEST(CoreDocumentValidate, TheReaderNamesTheFileAndTheField) {
  json j = json::parse(to_pretty_json(golden()));
  j["benchmarks"][0]["gpu"] = 7;
  try {
    parse_result(j.dump(), "r.json");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), exit_code::usage);
    EXPECT_EQ(std::string(e.what()).rfind("r.json: invalid result document: benchmarks[0].gpu: GPU 7 is not in gpus[]", 0), 0u)
        << e.what();
  }
}

TEST(CoreDocumentValidate, ALongValueIsQuotedCut) {
  ResultDocument d = golden();
  d.benchmarks[0].status = std::string(30000, 'x');
  try {
    validate_document(d);
    FAIL() << "accepted";
  } catch (const field_error& e) {
    EXPECT_LT(e.reason().size(), 300u);
  }
}
