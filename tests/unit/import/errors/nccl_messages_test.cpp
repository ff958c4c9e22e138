// import/errors/nccl_messages: NCCL's topology XML error and aws-ofi-nccl's missing provider, in the
// words of their sources (NCCL src/graph/xml.h xmlGetAttrStr; aws-ofi-nccl's fi_getinfo fallback),
// and lines that only look alike.
#include "import/errors/nccl_messages.hpp"

#include <gtest/gtest.h>

namespace gpuaudit::imports {
namespace {

TEST(NcclMessages, TopologyAttributeNotFoundOnlyOnNcclsLines) {
  const auto m = nccl_topology_unreadable("node1:1234:1290 [0] graph/xml.h:85 nccl warn attribute arch of node cpu not found");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->cls, kClassSoftware);
  EXPECT_EQ(m->kind, "nccl-topology-unreadable");
  EXPECT_FALSE(nccl_topology_unreadable("xmllint: attribute id of node item not found"));  // not NCCL's
  EXPECT_FALSE(nccl_topology_unreadable("nccl info attribute busid of node gpu set"));
}

TEST(NcclMessages, NoLibfabricProviderIsAFallbackToSockets) {
  const auto m = nccl_net_plugin_without_provider("ip-1:1:1 [0] nccl_net_ofi_create_plugin:756 nccl warn net/ofi couldn't find "
                                                  "any optimal provider");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->cls, kClassSoftware);
  EXPECT_EQ(m->confidence, "medium");  // NCCL goes on, over sockets
  EXPECT_FALSE(nccl_net_plugin_without_provider("nccl info net/ofi selected provider is efa"));
}

// Two ranks on one GPU (azureml-examples #675, FRESH-2026-12-68, as posted): the job's mapping.
TEST(NcclMessages, DuplicateGpuIsTheLaunchersMapping) {
  const auto m = nccl_duplicate_gpu(
      "c0e6b9b37ea64c1f9c4e8d6d2bcf0d1a000001:94:94 [1] init.cc:521 nccl warn duplicate gpu detected : rank 0 and rank 1 both on "
      "cuda device 100000");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->cls, kClassProgram);
  EXPECT_FALSE(nccl_duplicate_gpu("nccl info rank 0 on cuda device 100000"));
}

}  // namespace
}  // namespace gpuaudit::imports
