// Unit tests of DCGM's reason messages read per GPU (src/import/rows/dcgm_reasons.cpp): throttling, row
// remaps, Xids, ECC, NVLink and persistence wordings.
#include "core/kernel_event.hpp"
#include "import/rows/dcgm_reasons.hpp"
#include "import/import.hpp"
#include "unit/support/import_and_score_support.hpp"
#include "unit/support/import_test_support.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

using import_test::dcgm_signs;

TEST(DcgmReasons, ThermalViolationsNameTheirGpu) {
  // DCGM_FR_THERMAL_VIOLATIONS_TS_MSG and DCGM_FR_THERMAL_VIOLATIONS_MSG, as the table prints them
  // ("GPU N " before the message, the suggestion after it).
  auto s = dcgm_signs("GPU 3 Thermal violations totaling 4.5 seconds started at 2.0 seconds into the test for GPU 3 Verify that ...");
  ASSERT_EQ(s.size(), 1u);
  ASSERT_TRUE(s.count(3));
  EXPECT_EQ(s[3].reasons, std::set<std::string>{"thermal-violation"});
  EXPECT_DOUBLE_EQ(*s[3].thermal_violation_s, 4.5);
  s = dcgm_signs("There were thermal violations totaling 2.0 seconds for GPU 1");
  ASSERT_TRUE(s.count(1));
  EXPECT_EQ(s[1].reasons.count("thermal-violation"), 1u);
  // DCGM fails the test on any nonzero counter; "0.0 seconds" (under 50 ms) is no throttling a job sees.
  EXPECT_TRUE(dcgm_signs("GPU 2 Thermal violations totaling 0.0 seconds started at 30.0 seconds into the test for GPU 2").empty());
}

TEST(DcgmReasons, ClockEventDetailsBecomeNvmlNames) {
  // DCGM_FR_THROTTLING_VIOLATION_MSG with DcgmRecorder's details, before and after the 3.3 rename.
  auto s = dcgm_signs("GPU 2 Clocks are being throttled for GPU 2 because of clock throttling starting 5.0 seconds into the test. "
                 "clocks_throttle_reason_sw_thermal_slowdown: the GPU or its memory have reached unsafe temperatures.");
  ASSERT_TRUE(s.count(2));
  EXPECT_EQ(s[2].reasons, std::set<std::string>{"sw-thermal"});
  s = dcgm_signs("Clocks are being throttled for GPU 0 because of clock throttling starting 1.0 seconds into the test. "
            "clocks_event_reason_hw_power_brake_slowdown: the power brake assertion has triggered.");
  EXPECT_EQ(s[0].reasons, std::set<std::string>{"hw-power-brake"});
  s = dcgm_signs("Clocks are being throttled for GPU 4 because of clock throttling starting 1.0 seconds into the test. "
            "clocks_throttle_reason_hw_slowdown: either the temperature is too high or there is a power supply problem");
  EXPECT_EQ(s[4].reasons, std::set<std::string>{"hw-slowdown"});
}

TEST(DcgmReasons, TemperatureOfTheGpuNotOfItsMemory) {
  // DCGM_FR_TEMP_VIOLATION_MSG: the GPU's form counts, the HBM form is the memory's temperature.
  auto s = dcgm_signs("GPU 5 Temperature 92 of GPU 5 exceeded user-specified maximum allowed temperature 87");
  ASSERT_TRUE(s.count(5));
  EXPECT_DOUBLE_EQ(*s[5].temperature_c, 92);
  EXPECT_TRUE(s[5].reasons.empty());
  EXPECT_TRUE(dcgm_signs("Temperature 99 of HBM Memory on GPU 5 exceeded user-specified maximum allowed temperature 95").empty());
}

TEST(DcgmReasons, RowRemapMessagesNameTheirGpu) {
  // DCGM_FR_PENDING_ROW_REMAP_MSG in its 4.x and 3.x wordings, DCGM_FR_ROW_REMAP_FAILURE_MSG.
  auto s = dcgm_signs("GPU 3 had memory errors and row remappings are pending");
  ASSERT_TRUE(s.count(3));
  EXPECT_TRUE(s[3].remap_pending);
  EXPECT_FALSE(s[3].remap_failure);
  EXPECT_TRUE(s[3].reasons.empty());  // memory rows say nothing of the clocks
  s = dcgm_signs("GPU 1 has uncorrectable memory errors and row remappings are pending Drain the GPU and reset it");
  EXPECT_TRUE(s[1].remap_pending);
  s = dcgm_signs("GPU 6 had uncorrectable memory errors and row remapping failed. Run a field diagnostic");
  EXPECT_TRUE(s[6].remap_failure);
  // DCGM_FR_UNCORRECTABLE_ROW_REMAP_MSG ("... and 2 rows were remapped") is history, not a pending state.
  EXPECT_TRUE(dcgm_signs("GPU 2 had uncorrectable memory errors and 2 rows were remapped").empty());
  EXPECT_TRUE(dcgm_signs("memory errors and row remappings are pending").empty());  // no GPU named
}

TEST(DcgmReasons, SyntheticPendingRemapRowGivesTheGpuItsEccStateAndNoLoadRow) {
  // SYNTHETIC: the real excerpt's table layout with DCGM_FR_PENDING_ROW_REMAP_MSG in its Warning
  // row, sliced at 45 characters as dcgmi does (no real post of this message was found).
  const std::string raw =
      "| GPU Memory                | Pass - GPUs: 0, 1, 2, 4, 5, 6, 7               |\n"
      "|                           | Fail - GPU: 3                                  |\n"
      "| Warning                   | GPU 3 had memory errors and row remappings ar  |\n"
      "|                           | e pending                                      |\n";
  const ImportPart p = import_test::parse_as("dcgmi-diag", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 3);
  ASSERT_TRUE(p.gpus[0].ecc.remap_pending);
  EXPECT_TRUE(*p.gpus[0].ecc.remap_pending);
  for (const auto& b : p.benchmarks) EXPECT_NE(b.name, kUnderLoadRow);
}

TEST(DcgmReasons, OtherWordingIsNotRead) {
  EXPECT_TRUE(dcgm_signs("GPU 0 Error using CUDA API cuInit Check DCGM and system logs for errors.").empty());
  EXPECT_TRUE(dcgm_signs("Thermal violations totaling many seconds for GPU 0").empty());
  EXPECT_TRUE(dcgm_signs("Clocks are being throttled for GPU 0 because of clock throttling starting 1.0 seconds into the test. "
                    "clocks_throttle_reason_something_new: ?")[0]
                  .reasons.empty());
  EXPECT_TRUE(dcgm_signs("Thermal violations totaling 1.0 seconds started at 1.0 seconds into the test for GPU 99999").empty());
}

TEST(DcgmReasons, TheExcerptWithoutHeaderIsDetectedAndGivesGpu0ItsThermalRow) {
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("dcgmi-diag") / "r2-gpu0-thermal-violations-excerpt.txt");
  ASSERT_FALSE(raw.empty());
  EXPECT_EQ(import_test::detected(raw), "dcgmi-diag");
  const ImportPart p = import_test::parse_as("dcgmi-diag", raw);
  ASSERT_EQ(p.gpus.size(), 1u);
  EXPECT_EQ(p.gpus[0].index, 0);
  const BenchmarkResult* row = nullptr;
  for (const auto& b : p.benchmarks)
    if (b.name == kUnderLoadRow) row = &b;
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->gpu, 0);
  ASSERT_TRUE(row->telemetry);
  EXPECT_EQ(row->telemetry->clock_event_reasons, std::vector<std::string>{"thermal-violation"});
  EXPECT_DOUBLE_EQ(row->telemetry->extra.at("thermal_violation_s").get<double>(), 13.3);
  EXPECT_TRUE(p.skipped.empty());  // the last row's cut right border keeps its text
}

TEST(DcgmReasons, AFailureForAnotherReasonMakesNoLoadRow) {
  // The real 3.3.8 run: GPU Memory fails for cuInit, which says nothing of clocks or heat. Its
  // Persistence Mode Info row (cut by dcgmi at GPU 4's message) is the only state it gives a GPU.
  const std::string raw = import_test::read_bytes(import_test::fixture_dir("dcgmi-diag") / "h100-x8-r3-gpu-memory-fail-cuinit.txt");
  ASSERT_FALSE(raw.empty());
  const ImportPart p = import_test::parse_as("dcgmi-diag", raw);
  ASSERT_EQ(p.gpus.size(), 5u);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(p.gpus[static_cast<std::size_t>(i)].index, i);
    EXPECT_EQ(p.gpus[static_cast<std::size_t>(i)].persistence_mode, false);
    EXPECT_FALSE(p.gpus[static_cast<std::size_t>(i)].ecc.volatile_uncorrected);
  }
  for (const auto& b : p.benchmarks) EXPECT_NE(b.name, kUnderLoadRow);
}

}  // namespace
}  // namespace gpuaudit::imports

namespace gpuaudit::imports {
namespace {

using import_test::dcgm_signs;

TEST(DcgmState, XidsNameTheirGpu) {
  // DCGM_FR_XID_ERROR_MSG with dcgmi's "GPU N " before it and DCGM_FR_XID_ERROR_NEXT after it.
  auto s = dcgm_signs("GPU 2 Detected XID 79 for GPU 2 Please consult the documentation for details of this XID.");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[2].xids, std::set<int>{79});
  EXPECT_TRUE(s[2].reasons.empty());
  // Two GPUs' messages joined in one row, as dcgmi joins them with ", ".
  s = dcgm_signs("GPU 0 Detected XID 48 for GPU 0 Please consult ..., GPU 5 Detected XID 74 for GPU 5 Please consult ...");
  EXPECT_EQ(s[0].xids, std::set<int>{48});
  EXPECT_EQ(s[5].xids, std::set<int>{74});
  // DCGM_FR_UNCONTAINED_ERROR_MSG / DCGM_FR_CONTAINED_ERROR_MSG name no GPU: dcgmi's prefix does,
  // with or without the space DCGM 2.4 leaves out.
  s = dcgm_signs("GPU 3 GPU had an uncontained error (XID 95) Drain the GPU and reset it or reboot the node.");
  EXPECT_EQ(s[3].xids, std::set<int>{95});
  s = dcgm_signs("GPU 1GPU had a contained error. Restart the application");
  EXPECT_EQ(s[1].xids, std::set<int>{94});
  EXPECT_TRUE(dcgm_signs("GPU had an uncontained error (XID 95)").empty());  // no GPU named
  EXPECT_TRUE(dcgm_signs("Detected XID 79 for GPU").empty());
  EXPECT_TRUE(dcgm_signs("Detected XID 79 for GPU 99999").empty());
}

TEST(DcgmState, EccCountersAreTheVolatileCounts) {
  // DCGM_FR_DBE_VIOLATION_MSG / DCGM_FR_SBE_VIOLATION_MSG with DCGM's field tags, their threshold
  // forms, DCGM_FR_VOLATILE_DBE_DETECTED_MSG and DCGM_FR_VOLATILE_SBE_DETECTED_MSG.
  auto s = dcgm_signs("GPU 1 Detected 3 ecc_dbe_volatile_total for GPU 1 Run a field diagnostic on the GPU.");
  ASSERT_TRUE(s[1].dbe_volatile);
  EXPECT_EQ(*s[1].dbe_volatile, 3u);
  EXPECT_FALSE(s[1].sbe_volatile);
  s = dcgm_signs("Detected 120 ecc_sbe_volatile_total for GPU 4 which is above the threshold 100");
  EXPECT_EQ(*s[4].sbe_volatile, 120u);
  s = dcgm_signs("Detected 2 volatile double-bit ECC error(s) in GPU 6.");
  EXPECT_EQ(*s[6].dbe_volatile, 2u);
  s = dcgm_signs("More than 10 single-bit ECC error(s) detected in GPU 0 Volatile SBEs: 37");
  EXPECT_EQ(*s[0].sbe_volatile, 37u);
  EXPECT_FALSE(s[0].dbe_volatile);
  // Another field's count ("pcie_replay_counter") is no ECC state.
  s = dcgm_signs("Detected 12 pcie_replay_counter for GPU 2");
  EXPECT_FALSE(s[2].dbe_volatile);
  EXPECT_FALSE(s[2].sbe_volatile);
}

TEST(DcgmState, NvlinkErrorCountsKeepTheirField) {
  // DCGM_FR_NVLINK_ERROR_CRITICAL_MSG, DCGM_FR_NVLINK_ERROR_THRESHOLD_MSG, DCGM_FR_NVLINK_CRC_ERROR_THRESHOLD_MSG.
  auto s = dcgm_signs("Detected 5 nvlink_replay_error_count_total NvLink errors on GPU 3's NVLink (should be 0)");
  ASSERT_EQ(s[3].nvlink_errors.size(), 1u);
  EXPECT_EQ(s[3].nvlink_errors[0].field, "nvlink_replay_error_count_total");
  EXPECT_DOUBLE_EQ(s[3].nvlink_errors[0].count, 5);
  EXPECT_FALSE(s[3].nvlink_errors[0].per_second);
  s = dcgm_signs("Detected 250 nvlink_crc_flit_error_count_total NvLink errors on GPU 0's NVLink which exceeds threshold of 100");
  EXPECT_DOUBLE_EQ(s[0].nvlink_errors.at(0).count, 250);
  s = dcgm_signs("GPU 7 120.5 nvlink_crc_data_error_count_total NvLink errors found occuring per second on GPU 7, exceeding the limit of 100 per second.");
  ASSERT_EQ(s[7].nvlink_errors.size(), 1u);
  EXPECT_EQ(s[7].nvlink_errors[0].field, "nvlink_crc_data_error_count_total");
  EXPECT_DOUBLE_EQ(s[7].nvlink_errors[0].count, 120.5);
  EXPECT_TRUE(s[7].nvlink_errors[0].per_second);
  // The health watch puts the field's name, not its tag, in the same sentence (DcgmHealthWatch.cpp).
  s = dcgm_signs("Detected 1 datalink layer CRC error counter NvLink errors on GPU 7's NVLink (should be 0)");
  ASSERT_EQ(s[7].nvlink_errors.size(), 1u);
  EXPECT_EQ(s[7].nvlink_errors[0].field, "datalink layer CRC error counter");
  EXPECT_DOUBLE_EQ(s[7].nvlink_errors[0].count, 1);
  // Not DCGM's sentence: a number that is no count of the field, a sentence between them.
  EXPECT_TRUE(dcgm_signs("Detected 2 problems. See the NvLink errors on GPU 1's NVLink").empty());
  EXPECT_TRUE(dcgm_signs("GPU 7 120 nvlink_crc_data_error_count_total NvLink errors found occuring per second on GPU 7").empty());
}

}  // namespace
}  // namespace gpuaudit::imports
