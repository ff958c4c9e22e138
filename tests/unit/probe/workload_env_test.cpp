// probe/workload_env.cpp: only the allow-listed job-steering variables are kept, never a name that
// reads like a secret, values cut at 512 bytes; drift compares them as environment fields.
#include "probe/workload_env.hpp"

#include "drift/node_fields.hpp"

#include <gtest/gtest.h>

namespace gpuaudit {
namespace {

TEST(WorkloadEnv, OnlyTheAllowListAndNeverASecret) {
  const json env = workload_environment({"NCCL_IB_HCA=mlx5_0,mlx5_1", "CUDA_VISIBLE_DEVICES=0,1", "LD_LIBRARY_PATH=/usr/lib",
                                         "OMP_NUM_THREADS=8", "FI_PROVIDER=efa", "HOME=/root", "AWS_SECRET_ACCESS_KEY=x",
                                         "NCCL_API_KEY=y", "NVIDIA_TOKEN=z", "HF_TOKEN=w", "=bad", "NOEQUALS",
                                         "UCX_TLS=" + std::string(600, 'a')});
  EXPECT_EQ(env.size(), 6u) << env.dump();
  EXPECT_EQ(env["NCCL_IB_HCA"], "mlx5_0,mlx5_1");
  EXPECT_EQ(env["FI_PROVIDER"], "efa");
  EXPECT_FALSE(env.contains("HOME"));
  EXPECT_FALSE(env.contains("NCCL_API_KEY"));
  EXPECT_FALSE(env.contains("NVIDIA_TOKEN"));
  EXPECT_EQ(env["UCX_TLS"].get<std::string>().size(), 512u);
}

TEST(WorkloadEnv, DriftComparesThemAsEnvironmentFields) {
  ResultDocument doc;
  doc.extra["workload_env"] = {{"NCCL_IB_HCA", "mlx5_0"}};
  bool found = false;
  for (const auto& f : node_fields(doc))
    if (f.name == "env:NCCL_IB_HCA") found = f.klass == "environment" && f.value == "mlx5_0";
  EXPECT_TRUE(found);
  EXPECT_EQ(field_class("env:NCCL_SOCKET_IFNAME"), "environment");
}

}  // namespace
}  // namespace gpuaudit
