// import/errors/nvenc_errors: the table against nvEncodeAPI.h's NVENCSTATUS (tests/data/references/
// nvenc-status-codes.tsv, both ways), and statuses found by name or number in real lines.
#include "import/errors/nvenc_errors.hpp"
#include "import/errors/software_errors.hpp"

#include "unit/support/reference_codes.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(NvencErrors, TheTableIsTheHeadersStatusesBothWays) {
  test_support::expect_table_is_reference(nvenc_codes(), "nvenc-status-codes.tsv", 25);
}

std::optional<NvencError> in(const std::string& line) { return test_support::read_line(nvenc_error, line); }

// As posted: OBS (pastebin 1C6cekFN), FFmpeg under HandBrake (the same paste), VideoProcessingFramework
// #161, the Selkies base image (FRESH-2026-12-58).
TEST(NvencErrors, ASessionRefusedAtOpenIsTheSessionCapOrMemory) {
  for (const char* line : {"15:39:09.077: [jim-nvenc: 'recording_h264'] init_session: nv.nvEncOpenEncodeSessionEx(&params, "
                           "&enc->session) failed: 10 (NV_ENC_ERR_OUT_OF_MEMORY)",
                           "[hevc_nvenc @ 000001b599c49280] OpenEncodeSessionEx failed: out of memory (10)",
                           "RuntimeError: NvEncoder : m_nvenc.nvEncOpenEncodeSessionEx(&encodeSessionExParams, &hEncoder) "
                           "returned error 10"}) {
    const auto e = in(line);
    ASSERT_TRUE(e) << line;
    EXPECT_EQ(e->meaning.kind, "nvenc-session-refused") << line;
    EXPECT_EQ(e->meaning.cls, kClassUnknown);
  }
  const auto unsupported = in("NVENC_INIT_ERROR: nvEncOpenEncodeSessionEx (CUDA Path) FAILED: 2");
  ASSERT_TRUE(unsupported);
  EXPECT_STREQ(unsupported->code->name, "NV_ENC_ERR_UNSUPPORTED_DEVICE");
}

TEST(NvencErrors, VersionAndLicenceAreTheStackOthersTheProgram) {
  EXPECT_EQ(in("nvEncOpenEncodeSessionEx failed: 15 (NV_ENC_ERR_INVALID_VERSION)")->meaning.cls, kClassSoftware);
  EXPECT_EQ(in("NvEncInitializeEncoder returned NV_ENC_ERR_INCOMPATIBLE_CLIENT_KEY")->meaning.kind, "nvenc-licence");
  EXPECT_EQ(in("[h264_nvenc @ 0x1] InitializeEncoder failed: invalid param (8): Invalid Level.")->meaning.cls, kClassProgram);
  EXPECT_EQ(in("nvEncEncodePicture failed: 10 (NV_ENC_ERR_OUT_OF_MEMORY)")->meaning.kind, "out-of-memory");
}

TEST(NvencErrors, NoCodeWithoutTheEncodersWordsOrAKnownNumber) {
  EXPECT_FALSE(in("cudaMalloc failed: 10"));
  EXPECT_FALSE(in("[h264_nvenc @ 0x1] Loaded Nvenc version 12.1"));
  EXPECT_FALSE(in("nvenc: error 99"));
  EXPECT_FALSE(in("NV_ENC_SUCCESS"));
  EXPECT_FALSE(in("NV_ENC_ERR_"));
  EXPECT_FALSE(in(""));
}

// Through the software-error reader: its class and where the code came from.
TEST(NvencErrors, SoftwareErrorsReadsThem) {
  const auto found = find_software_errors("[hevc_nvenc @ 000001b599c49280] OpenEncodeSessionEx failed: out of memory (10)\n", "x");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].kind, "nvenc-session-refused");
  EXPECT_NE(found[0].reference.find("nvEncodeAPI.h"), std::string::npos);
}

}  // namespace
}  // namespace gpuaudit::imports
