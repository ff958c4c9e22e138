// import/errors/ibverbs_errors: the table against rdma-core's enum ibv_wc_status (tests/data/
// references/ibv-wc-status.tsv, both ways), and failed completions found in NCCL's and perftest's
// lines as posted (NVIDIA/nccl-tests #24, linux-rdma/perftest #140).
#include "import/errors/ibverbs_errors.hpp"
#include "import/errors/software_errors.hpp"

#include "unit/support/reference_codes.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(IbverbsErrors, TheTableIsTheHeadersStatusesBothWays) {
  test_support::expect_table_is_reference(ibverbs_wc_statuses(), "ibv-wc-status.tsv", 23);
}

std::optional<StatusError> in(const std::string& line) { return test_support::read_line(ibverbs_error, line); }

TEST(IbverbsErrors, NcclsAndPerftestsCompletionsAreTheNetworksNeverTheGpus) {
  const auto nccl = in("gpu5:6252:6325 [0] transport/net_ib.cu:788 NCCL WARN NET/IB : Got completion with error 4, opcode 1, "
                       "len 0, vendor err 81");
  ASSERT_TRUE(nccl);
  EXPECT_STREQ(nccl->code->name, "IBV_WC_LOC_PROT_ERR");
  EXPECT_EQ(nccl->meaning.cls, kClassUnknown);
  EXPECT_EQ(in("NCCL WARN NET/IB : Got completion from peer 10.1.1.2<42> with status=12 opcode=0 len=0 vendor err 129 (Recv)")
                ->meaning.kind,
            "rdma-transport-retry");
  EXPECT_EQ(in(" Failed status 4: wr_id 0 syndrom 0x51")->meaning.kind, "rdma-memory-access");
  EXPECT_EQ(in("poll_cq: IBV_WC_WR_FLUSH_ERR")->meaning.kind, "rdma-flushed");
  EXPECT_FALSE(in("Failed status 4 of 9 checks"));           // no work request
  EXPECT_FALSE(in("NET/IB : Got completion with error 99"));  // no such status
  EXPECT_FALSE(in("Got completion with error 4"));            // not NCCL's IB transport
  const auto found = find_software_errors(" Completion with error at client\n Failed status 4: wr_id 0 syndrom 0x51\n", "x");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].cls, kClassUnknown);
  EXPECT_NE(found[0].reference.find("verbs.h"), std::string::npos);
}

}  // namespace
}  // namespace gpuaudit::imports
