// The GPU inventory read through NVML (nvml_inventory.hpp) on scripted machines (tests/fakes'
// fake NVML; synthetic boards): the driver's versions, each board's figures, MIG slices replacing
// their board, indices in CUDA's order, and the states when NVML cannot start or sees no GPU.
// (`gpuaudit info` end to end over the same fake: tests/unit/probe/inventory_test.cpp.)
#include "core/session_stats.hpp"
#include "fakes/fake_nvml.hpp"
#include "probe/nvml_inventory.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(NvmlInventory, ReadsTheDriverAndEveryBoardInOrder) {
  fake::FakeSystem sys;
  sys.devices = {fake::h100_sxm(), fake::l40s_gen3_x8()};
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  EXPECT_EQ(inv.status.state, "ok");
  EXPECT_EQ(inv.software.driver_version, "570.124.06");
  EXPECT_EQ(inv.software.cuda_driver_version, 12080);
  EXPECT_EQ(inv.software.nvml_version, "12.570.124.06");
  ASSERT_EQ(inv.gpus.size(), 2u);
  EXPECT_EQ(inv.gpus[0].index, 0);
  EXPECT_EQ(inv.gpus[1].index, 1);
  EXPECT_EQ(inv.gpus[0].name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(inv.gpus[1].name, "NVIDIA L40S");
  EXPECT_EQ(inv.gpus[0].compute_capability, "9.0");
  EXPECT_EQ(inv.gpus[1].compute_capability, "8.9");
  EXPECT_EQ(inv.gpus[0].pci_device_id, "10de:2330");  // vendor:device from NVML's packed word
  EXPECT_EQ(inv.gpus[0].memory_total_bytes, 85520809984ull);
  EXPECT_DOUBLE_EQ(*inv.gpus[0].power.limit_w, 700.0);
  EXPECT_EQ(inv.gpus[0].clock_event_reasons, std::vector<std::string>{"gpu-idle"});
  EXPECT_EQ(inv.gpus[1].pcie.gen_now, 3);
  EXPECT_EQ(inv.gpus[1].pcie.width_now, 8);
  EXPECT_EQ(sys.init_calls, 1);
}

// The firmware and application clocks a fleet should share (drift's fields), under the keys an
// imported nvidia-smi -q keeps them; a driver that refuses one leaves it out.
TEST(NvmlInventory, FirmwareAndApplicationClocksAreRead) {
  fake::FakeSystem sys;
  sys.devices.push_back(fake::h100_sxm());
  sys.devices.push_back(fake::h100_sxm());
  sys.devices[1].gsp_firmware = "";
  sys.devices[1].app_clock_graphics_mhz = 0;
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  ASSERT_EQ(inv.gpus.size(), 2u);
  const GpuInfo& a = inv.gpus[0];
  EXPECT_EQ(a.extra.at("vbios_version"), "96.00.89.00.01");
  EXPECT_EQ(a.extra.at("inforom_image_version"), "G520.0200.00.05");
  EXPECT_EQ(a.extra.at("gsp_firmware_version"), "570.124.06");
  EXPECT_EQ(a.clocks.extra.at("applications_graphics_mhz"), 1980);
  EXPECT_EQ(a.clocks.extra.at("applications_memory_mhz"), 2619);
  EXPECT_FALSE(inv.gpus[1].extra.contains("gsp_firmware_version"));
  EXPECT_FALSE(inv.gpus[1].clocks.extra.contains("applications_graphics_mhz"));
}

TEST(NvmlInventory, AMigSliceReplacesItsBoard) {
  fake::FakeSystem sys;
  sys.devices = {fake::a100_mig_1g10gb(), fake::h100_sxm()};
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  ASSERT_EQ(inv.gpus.size(), 2u);
  const GpuInfo& slice = inv.gpus[0];
  EXPECT_TRUE(slice.mig.is_mig_device);
  EXPECT_EQ(slice.mig.profile, "1g.10gb");
  EXPECT_EQ(slice.mig.parent_uuid, sys.devices[0].uuid);
  EXPECT_EQ(slice.uuid, "MIG-11111111-2222-3333-4444-555555555555");
  EXPECT_EQ(inv.gpus[1].index, 1);
  EXPECT_FALSE(inv.gpus[1].mig.is_mig_device);
}

// The video encoder's and FBC's open sessions, as NVML counts them (core/session_stats.hpp); a
// driver that refuses the calls leaves them out, never 0 sessions.
TEST(NvmlInventory, OpenEncoderSessionsAreRead) {
  fake::FakeSystem sys;
  fake::FakeDevice busy = fake::l40s_gen3_x8();
  busy.encoder_sessions = 2;
  busy.encoder_fps = 243;
  busy.encoder_latency_us = 3280;
  fake::FakeDevice refused = fake::h100_sxm();
  refused.has_session_stats = false;
  sys.devices = {busy, refused};
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  ASSERT_EQ(inv.gpus.size(), 2u);
  const auto enc = session_stats(inv.gpus[0], kEncoderStatsKey);
  ASSERT_TRUE(enc);
  EXPECT_EQ(enc->active_sessions, 2);
  EXPECT_EQ(enc->average_fps.value_or(-1), 243.0);
  EXPECT_EQ(enc->average_latency_us.value_or(-1), 3280.0);
  ASSERT_TRUE(session_stats(inv.gpus[0], kFbcStatsKey));
  EXPECT_EQ(session_stats(inv.gpus[0], kFbcStatsKey)->active_sessions, 0);
  EXPECT_FALSE(session_stats(inv.gpus[1], kEncoderStatsKey));
  EXPECT_FALSE(session_stats(inv.gpus[1], kFbcStatsKey));
}

// A MIG slice carries its own engines (nvmlDeviceGetAttributes), under -q's names; the board's
// sessions are not repeated on it. The A100 80GB's 1g.10gb has none of the video engines.
TEST(NvmlInventory, AMigSliceCarriesItsOwnEngines) {
  fake::FakeSystem sys;
  fake::FakeDevice a100 = fake::a100_mig_1g10gb();
  a100.encoder_sessions = 1;
  sys.devices = {a100};
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  ASSERT_EQ(inv.gpus.size(), 1u);
  ASSERT_TRUE(inv.gpus[0].mig.extra.is_object() && inv.gpus[0].mig.extra.contains("shared"));
  const json& shared = inv.gpus[0].mig.extra.at("shared");
  EXPECT_EQ(shared.value("decoder count", -1), 0);
  EXPECT_EQ(shared.value("encoder count", -1), 0);
  EXPECT_EQ(shared.value("jpg count", -1), 0);
  EXPECT_EQ(shared.value("ofa count", -1), 0);
  EXPECT_FALSE(session_stats(inv.gpus[0], kEncoderStatsKey));
}

TEST(NvmlInventory, NvmlThatCannotStartSaysWhy) {
  fake::FakeSystem sys;
  sys.init_result = NVML_ERROR_DRIVER_NOT_LOADED;
  NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  EXPECT_EQ(inv.status.state, "driver-not-loaded");
  EXPECT_NE(inv.status.message.find("kernel driver is not loaded"), std::string::npos) << inv.status.message;
  EXPECT_TRUE(inv.gpus.empty());
  sys.init_result = NVML_ERROR_UNKNOWN;
  inv = read_nvml_inventory(fake::install(sys));
  EXPECT_EQ(inv.status.state, "nvml-error");
  EXPECT_EQ(inv.status.message.rfind("NVML failed to start: ", 0), 0u) << inv.status.message;
  EXPECT_FALSE(inv.software.driver_version.has_value());
}

TEST(NvmlInventory, ATableWithoutInitIsAnNvmlError) {
  NvmlApi api;  // nothing resolved
  const NvmlInventory inv = read_nvml_inventory(api);
  EXPECT_EQ(inv.status.state, "nvml-error");
  EXPECT_NE(inv.status.message.find("NVML error"), std::string::npos) << inv.status.message;
}

TEST(NvmlInventory, ADriverWithoutGpusIsNoDevice) {
  fake::FakeSystem sys;
  const NvmlInventory inv = read_nvml_inventory(fake::install(sys));
  EXPECT_EQ(inv.status.state, "no-device");
  EXPECT_NE(inv.status.message.find("570.124.06"), std::string::npos) << inv.status.message;
  EXPECT_EQ(inv.software.driver_version, "570.124.06");
  EXPECT_TRUE(inv.gpus.empty());
}

TEST(NvmlInventory, MigProfileFromTheSlicesName) {
  EXPECT_EQ(mig_profile_from_name("NVIDIA A100-SXM4-80GB MIG 1g.10gb"), "1g.10gb");
  EXPECT_EQ(mig_profile_from_name("NVIDIA H100 80GB HBM3 MIG 3g.40gb extra"), "3g.40gb");
  EXPECT_EQ(mig_profile_from_name("NVIDIA H100 80GB HBM3"), "");
}

}  // namespace
}  // namespace gpuaudit
